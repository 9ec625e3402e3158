"""True20 attack rolls against Defense (seed 001 L98-113, L236-321): the defender's side.

An attack's `defense` may say `melee` or `ranged` (both read the stats' `defense`); without it
the rules do not know which, so where the two differ (helpless, prone, kneeling) an attack
between them is the GM's to rule. Grappling costs the dodge bonus only against those outside
the grapple, so that too is a range. The attacker's own modifiers (prone, shaken, sickened,
invisible, aiming, charging +2 …) are in the total the table announced.
"""

from __future__ import annotations

from domain.events import AttackMade
from domain.rulesets.attacks import in_threat_range
from domain.rulesets.base import Outcome
from domain.rulesets.true20.conditions import NOTHING, key, said, statuses_of
from domain.rulesets.true20.options import Ctx, Options
from domain.rulesets.true20.track import Track

KINDS = ("melee", "ranged")
HELPLESS = (-9, -5)  # 001 "Regular Attack" L256: −9 against adjacent attackers, −5 ranged (A18)
HELPLESS_DEFENSE = 5  # 001 "Helpless" L372, "Paralyzed" L379: Defense 5
TOTAL_DEFENSE = 4  # 001 "Total Defense" L219: +4 to the dodge or parry bonus
MODIFIERS = {
    "cover": (4, 4), "behind cover": (4, 4),  # 001 "Cover" L238, table L304
    "improved cover": (8, 8),  # 001 "Varying Degrees of Cover" L242
    "blinded": (-2, -2), "entangled": (-2, -2), "pinned": (-4, -4), "stunned": (-2, -2),
    "surprised": (-2, -2),  # 001 Combat Modifiers Table L305-316, "Surprise attacks" L292
    "prone": (-4, 4),  # 001 "Trip" L222, "Prone" L381, table L314
    "kneeling": (-2, 2), "sitting": (-2, 2),  # 001 table L311
    "slowed": (-1, -1),  # 001 "Slowed" L384
    "charging": (-2, -2),  # 001 "Charge" L176: −2 Defense until its next action
}  # fmt: skip  # (melee, ranged)
NO_DODGE = ("stunned", "blinded", "pinned", "helpless", "paralyzed", "flat footed", "surprised",
            "moving all out", "aiming")  # fmt: skip  # 001 table "Dodge Bonus? No", L164, L312
DODGE_AGAINST_SOME = ("grappling", "grappled")  # 001 L197, L371: lost against non-grapplers
CANNOT_BE_ATTACKED = ("total cover",)  # 001 "Total Cover" L241
MISS_CHANCE = ("invisible", "concealed", "concealment", "total concealment")  # 001 L246-248, L375


def attack_outcome(attack: AttackMade, track: Track, ctx: Ctx, flat_footed: bool) -> Outcome | None:
    """001 L98, L106, L119-120: natural 1 misses, 20 hits, else total ≥ Defense; a confirmed
    threat crits.
    A hit on a concealed or invisible defender still faces its miss chance, rolled at the table."""
    if attack.outcome is not None:
        return attack.outcome
    names = said(ctx.conditions).applied
    if attack.natural == 1 or not names.isdisjoint(CANNOT_BE_ATTACKED):
        return "miss"
    outcome = _against(attack, _defense(attack, track, ctx, flat_footed))
    return None if outcome != "miss" and not names.isdisjoint(MISS_CHANCE) else outcome


def defense_range(
    attack: AttackMade, track: Track, ctx: Ctx, flat_footed: bool
) -> tuple[int, int] | None:
    """The Defense values an attack faces (see `_defense`), None when the stats give none."""
    return _defense(attack, track, ctx, flat_footed)


def _against(attack: AttackMade, defense: tuple[int, int] | None) -> Outcome | None:
    if defense is None:
        return "hit" if attack.natural == 20 else None
    if attack.natural != 20 and attack.total < defense[0]:
        return "miss" if attack.total < defense[1] else None
    if not in_threat_range(attack) or attack.confirm_natural in (None, 1):
        return "hit"  # 001 L120: a threat is a hit at or above `threat`; L106: a 1 misses
    confirmed = attack.confirm_natural == 20 or (attack.confirm_total or 0) >= defense[0]
    return "critical" if confirmed else "hit"


def _defense(
    attack: AttackMade, track: Track, ctx: Ctx, flat_footed: bool
) -> tuple[int, int] | None:
    """The Defense that surely holds and the one below which it surely fails (equal when the
    attack's kind and the defender's state leave one value)."""
    kind = attack.defense if attack.defense in KINDS else None
    base = ctx.stats.defenses.get("defense" if kind else attack.defense or "defense")
    if base is None:
        return None
    states = _states(track, ctx, flat_footed)
    if track.lost and track.lost_defense:
        states.add("stunned")  # 001 "Staggered" L339: no dodge, −2 Defense while the round is lost
    options: Options = ctx.options
    if "helpless" in states and options.helpless_defense == "glossary":
        return HELPLESS_DEFENSE, HELPLESS_DEFENSE
    values = [value for lost in _dodge_cases(states, options)
              for value in _by_kind(base, states, ctx, lost, flat_footed, kind)]  # fmt: skip
    return max(values), min(values)


def _states(track: Track, ctx: Ctx, flat_footed: bool) -> set[str]:
    """The statuses, named as conditions are, and the conditions applied."""
    words = said(ctx.conditions)
    if words is NOTHING and not (any(track.marks) or track.stun or track.lost or track.fatigue):
        # most defenders: no condition, no box, no fatigue, so no status but the tallies (hurt,
        # bruised, healthy), which no Defense rule reads
        return {"flat footed"} if flat_footed else set()
    shown = ("dead",) if track.dead else statuses_of(track, words, ctx.options, flat_footed)
    return {key(s) for s in shown} | words.applied


def _dodge_cases(states: set[str], options: Options) -> tuple[bool, ...]:
    """Whether the dodge bonus is lost: surely, surely not, or either (grappling)."""
    lost = not states.isdisjoint(NO_DODGE) or (
        "entangled" in states and options.entangled_loses_dodge
    )
    if lost:
        return (True,)
    return (False,) if states.isdisjoint(DODGE_AGAINST_SOME) else (False, True)


def _by_kind(
    base: int, states: set[str], ctx: Ctx, dodge_lost: bool, flat_footed: bool, kind: str | None
) -> list[int]:
    """Defense against melee and ranged attacks (only the attack's kind when it is known)."""
    stats, options = ctx.stats, ctx.options
    helpless = "helpless" in states
    parry_lost = helpless or (flat_footed and options.flat_footed_loses_parry)
    value = base - (stats.dodge if dodge_lost else 0) - (stats.parry if parry_lost else 0)
    if "total defense" in states and not (dodge_lost and (parry_lost or not stats.parry)):
        value += TOTAL_DEFENSE  # 001 L219, table L317: dodge kept, so the bonus stays
    found = []
    shifts = [MODIFIERS[s] for s in states if s in MODIFIERS]
    for n, name in enumerate(KINDS):
        if kind in (None, name):
            shift = sum(m[n] for m in shifts) if shifts else 0
            shift += HELPLESS[n] if helpless else 0
            found.append(value + shift)
    if "paralyzed" in states:  # 001 "Paralyzed" L379: Defense 5; the most severe applies (L354)
        found = [min(v, HELPLESS_DEFENSE) for v in found]
    return found
