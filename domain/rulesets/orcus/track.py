"""The Orcus hit point track: negative HP, the staggered value, temporary HP, death saves."""

from __future__ import annotations

from typing import NamedTuple

from domain.events import DamageDealt, HealingApplied, SavingThrowRolled
from domain.rulesets.orcus.options import Options

DEATH_SAVE_DC = 10  # 004 "Death Saving Throws" L1461: "If the roll is 10 or higher, you succeed"
DEATH_SAVE_RECOVERY = 20  # 004 L1462: "roll 20 or higher": spend a recovery (A20: the total)
DEATH_SAVE_FAILURES = 3  # 004 L1461: "until your third failure, whereupon you die"
RECOVERY_SHARE = 4  # 004 "Recoveries" L1447: recovery value = one-quarter maximum HP (A5)
FIRST_AID_DC = 15  # digest §5 Treat Ally › First Aid (Heal DC 15): the dying become stable
RECOVERY_KINDS = ("recovery", "rally", "second wind")  # healing that spends a recovery (A17)


class Vitality(NamedTuple):
    """One combatant's Orcus track: raw numbers and recorded facts; states are derived."""

    hp: int
    max_hp: int
    temp_hp: int = 0
    failures: int = 0
    recoveries: int | None = None  # left; None: not tracked (a PC whose stats give none)
    recoveries_max: int | None = None
    killed_by: str | None = None
    stable: bool = False
    knocked_out: bool = False
    dies_at_zero: bool = False
    mook: bool = False
    death_save_due: bool = False
    saved_this_turn: bool = False

    @property
    def dead(self) -> bool:
        return self.killed_by is not None

    @property
    def down(self) -> bool:
        """At 0 HP or below and alive: unconscious, dying, stable or knocked out."""
        return self.hp <= 0 and not self.dead

    @property
    def dying(self) -> bool:
        return self.down and not self.stable and not self.knocked_out

    @property
    def staggered(self) -> bool:
        """004 "Staggered" L1449: half maximum HP or fewer (temporary HP never count)."""
        return 2 * self.hp <= self.max_hp and not self.dead

    @property
    def recovery_value(self) -> int:
        return self.max_hp // RECOVERY_SHARE


def at_or_past_staggered(amount: int, max_hp: int, options: Options) -> bool:
    """Whether `amount` reaches the staggered value (A5: floor(max/2), or exactly max/2)."""
    if options.staggered_value == "exact":
        return 2 * amount >= max_hp
    return amount >= max_hp // 2


def lose_hp(body: Vitality, loss: int, options: Options, knock_out: bool = False) -> Vitality:
    """HP loss after temporary HP: instant death, death at 0 for monsters, dying or knocked out
    (004 "Dropping to 0 Hit Points or Below" L1450-1471)."""
    if body.dead or loss <= 0:
        return body
    before, after = body.hp, body.hp - loss
    if options.no_negative_hp:  # 004 L1467-1469: a single attack reaching −(staggered) kills
        if after < 0 and at_or_past_staggered(-after, body.max_hp, options):
            return body._replace(hp=0, killed_by="instant death")
        after = max(0, after)
    elif after < 0 and at_or_past_staggered(-after, body.max_hp, options):
        return body._replace(hp=after, killed_by="instant death")  # 004 "Instant Death" L1456
    body = body._replace(hp=after)
    if after > 0:
        return body
    if knock_out and (before > 0 or body.knocked_out):  # 004 L1470-1471 (A18)
        return body._replace(knocked_out=True, hp=0 if options.knockout_hp == "zero" else after)
    if body.dies_at_zero:
        return body._replace(killed_by="0 hp")  # 004 "Monsters and Death" L1465
    if body.stable and options.stable_when_damaged == "stays_stable":
        return body  # A14
    return body._replace(stable=False, knocked_out=False)


def absorb(body: Vitality, amount: int) -> tuple[Vitality, int]:
    """004 "Temporary Hit Points" L1474: temporary HP are lost first; the rest carries over."""
    absorbed = min(body.temp_hp, amount)
    if absorbed == 0:
        return body, amount  # no temporary HP (most hits)
    return body._replace(temp_hp=body.temp_hp - absorbed), amount - absorbed


def mitigated(amount: int, resist: int, vulnerable: int, options: Options) -> int:
    """A12, target side: minus the highest resistance, plus the highest vulnerability, then the
    floor (A4: 0 by default, 1 by option) for any damage that was dealt at all."""
    if amount <= 0:
        return 0
    return max(options.min_damage, amount - resist + vulnerable)


def coup_de_grace(body: Vitality, fact: DamageDealt, dealt: int, options: Options) -> Vitality:
    """004 "Coup de Grace" L1346: damage at or past the staggered value kills."""
    if body.dead or not at_or_past_staggered(dealt, body.max_hp, options):
        return body
    return body._replace(killed_by="coup de grace")


def heal(body: Vitality, amount: int) -> Vitality:
    """004 "Healing" L1441, "Healing on Negative HP" L1452-1454: up to max HP, counting from 0
    when negative; regaining any HP ends unconsciousness (L1458). The dead cannot be healed."""
    if body.dead or amount <= 0:
        return body
    healed = min(body.max_hp, max(body.hp, 0) + amount)
    if healed <= body.hp:
        return body
    return body._replace(hp=healed, stable=False, knocked_out=False, death_save_due=False)


def spend_recovery(body: Vitality) -> tuple[Vitality, bool]:
    """One recovery spent; False when none was left (tracked and at 0)."""
    if body.recoveries is None:
        return body, True
    if body.recoveries <= 0:
        return body, False
    return body._replace(recoveries=body.recoveries - 1), True


def healing(body: Vitality, fact: HealingApplied) -> Vitality:
    """Healing as recorded; a recovery-kind heal spends one, and a dying creature with none left
    is set to 1 HP instead (004 "Healing with no recoveries" L1463)."""
    if body.dead or (fact.kind or "").lower() not in RECOVERY_KINDS:
        return heal(body, fact.amount)
    body, spent = spend_recovery(body)
    if spent:
        return heal(body, fact.amount)
    return heal(body, 1 - max(body.hp, 0)) if body.dying else body


def gain_temp(body: Vitality, amount: int, options: Options) -> Vitality:
    """004 L1476: temporary HP never add together; keep the higher pool (or the newest)."""
    if options.temp_hp_choice == "newest":
        return body._replace(temp_hp=amount)
    return body._replace(temp_hp=max(body.temp_hp, amount))


def death_save(body: Vitality, fact: SavingThrowRolled, options: Options) -> Vitality:
    """004 "Death Saving Throws" L1459-1463: 10+ succeeds; the third failure kills; 20 or more
    sets HP to the recovery value (1 with no recoveries left) and the creature wakes, prone.
    The total is as recorded, an elite's or boss's save bonus included (L1460, L1595, L1602)."""
    if not body.dying:
        return body
    body = body._replace(death_save_due=False, saved_this_turn=True)
    if fact.outcome is not None:
        success = fact.outcome == "success"
    else:
        success = fact.total >= DEATH_SAVE_DC
        if options.natural_saves == "automatic":  # A3
            success = fact.natural != 1 and (fact.natural == 20 or success)
    rolled = fact.natural if options.death_save_twenty == "natural" else fact.total
    if success and (fact.natural == 20 or rolled >= DEATH_SAVE_RECOVERY):
        body, spent = spend_recovery(body)
        return body._replace(hp=max(1, body.recovery_value) if spent else 1, stable=False)
    if success:
        return body
    failures = body.failures + 1
    killed = "death saves" if failures >= DEATH_SAVE_FAILURES else None
    return body._replace(failures=failures, killed_by=killed)


def rest(body: Vitality, kind: str) -> Vitality:
    """004 L1460, L1471, L1477, digest §18: a short rest ends temporary HP and resets death-save
    failures (a knocked-out creature heals 1 HP); a long rest also restores HP and recoveries."""
    if body.dead or kind not in ("short", "long"):
        return body
    body = body._replace(temp_hp=0, failures=0, death_save_due=False)
    if kind == "long":
        return body._replace(hp=body.max_hp, recoveries=body.recoveries_max, stable=False,
                             knocked_out=False)  # fmt: skip
    if body.knocked_out:
        return body._replace(hp=max(body.hp, 1), knocked_out=False)
    return body
