"""Orcus Rulebook v1.1 (seed 004, shared/rules/orcus.md): staggered value, negative HP, death saves.

How the log records what the text needs: CONTRACT §1's events and fields, plus one optional field
added for Orcus (DamageDealt `on_miss`, default false) and the shared TemporaryHitPointsLost; no
new event types.
- Persistent damage: ConditionApplied with `value` (the amount per tick) and `damage_type`,
  usually `{"save_ends": true}`; it ticks at the start of each of the target's turns (L1073,
  L998-999), each instance separately with resistance applied to each (A11), and ends on a
  SavingThrowRolled `against` its name or position at the end of the target's turn (L1122).
  Other value-carrying effects: `regeneration` (heals `value`), `resist …` and `vulnerable …`
  (e.g. Reactive Resistance: `resist` with value 5, damage_type fire); petrified resists all 20.
- Saves: every recorded `total` (save-ends and death saves alike) is the d20 plus every bonus
  the table added (L1127 "If specified, add other bonuses"), an elite's +2 and a boss's +5
  (L1595, L1602) included: `save_succeeds` sees only the roll and the options, not who rolled,
  so it cannot add a bonus by rank; `Stats.save_bonus` gives the number for tools.
- Death saves: SavingThrowRolled save `death`, due at the start of the turn (A1, option: the
  end) after regeneration and persistent damage (A13). First Aid: CheckRolled `heal` (or
  `first_aid`) by an ally with `target`, DC 15.
- Knocking out (L1470-1471): the blow's DamageDealt has `nonlethal: true`. Damage citing an
  attack that missed is that power's Miss: damage and applies (L979-982; the table marks it
  `on_miss`, which a log may also say itself), as does `source: "miss"` without `attack`; a
  mook ignores either (L1589). Coup de Grace (L1344-1346): `source: "coup de grace"`. Falling
  or other non-attack damage that an incorporeal creature takes in full: `source` `falling`,
  `hazard` or `persistent`.
- Attacks: the recorded `total` is the d20 plus the attacker's own modifiers. What the target's
  conditions give is derived: its defense modifiers and, option `combat_advantage` (default
  derived), +2 when they grant combat advantage (L1164; surprised, L1548); the attacker's own
  condition penalties (prone, rattled, restrained −2) come off it (option `attack_penalties`).
- Recoveries: HealingApplied kind `recovery` / `rally` / `second wind` spends one (A17).
  Temporary HP never add (L1476): the higher pool stays (option: the newest gain replaces it).
- Rank from `role` ("mook"/"minion", "standard", "elite …", "boss"/"solo"): a mook has 1 HP and
  dies at 0; monsters (kind npc) die at 0 HP unless `death_saves: true`. Elite ×2 and boss ×4 HP
  only with option `rank_hp: multiply` (default: max_hp as the stat block gives it).
- Ties: the higher initiative modifier, then the GM's coin flip as InitiativeTieBroken (L1071).

Gaps, and what this module does about them:
- Natural 20/1 on saves (A3) is the default; `natural_saves: total_only` counts only the total,
  for save-ends and death saves alike. Aftereffects and First Failed Save are new
  ConditionApplied facts.
- Where the turn order departs from the shared one (orcus_procedure.traits): a delay is taken
  within its round or wasted (L1376-1381, A7 b), and ends the delayer's beneficial effects that
  end with its turn (L1380); a delay declared as the turn starts takes the start back, so
  start-of-turn processing comes with the delayed turn (A7 a); the surprised take their
  surprise-round turn with no actions (L1067, A2: option `surprised_first_turn`); a new mark
  supersedes the old and marks end when the marker falls (L1515-1516); a weakened attacker's
  damage is halved (L1559, option `weakened_damage`). A marked attacker takes −2 attacking
  anyone but its marker (L1514), judged one AttackMade at a time: a burst's facts against other
  targets count as not including the marker (option `attack_penalties: in_total` keeps the
  announced totals). Ready details (A8) and joining mid-fight (A9) follow the shared rules.
- Prone after waking (L1462) and the target's position-dependent modifiers (prone vs ranged,
  cover) are not derived: the ruleset sees no positions and no action types. Action points
  (A15, A21; elites 1, bosses 2: `Stats.action_points`), refresh rolls, maintained powers and
  stances have no facts in the log; orcus_actions.py lists the actions with their types.
"""

from __future__ import annotations

from typing import Any

from domain.events import (
    AttackMade,
    CheckRolled,
    DamageDealt,
    Fact,
    HealingApplied,
    RestTaken,
    SavingThrowRolled,
    TemporaryHitPointsGained,
    TemporaryHitPointsLost,
)
from domain.rulesets import orcus_catalog as described
from domain.rulesets import orcus_conditions as conditions
from domain.rulesets import orcus_procedure
from domain.rulesets import orcus_track as track
from domain.rulesets.base import Ctx, Outcome, Ruleset, ruling
from domain.rulesets.orcus_options import MOOK_HP, RANK_HP, Options, Stats, monster_recoveries
from domain.rulesets.orcus_track import Vitality
from domain.rulesets.terms import AttackTerms, Catalog, Prompt

SAVE_DC = 10  # 004 "Saving Throws" L1127: "If the result is 10 or higher, the save succeeds"
NOT_ATTACKS = ("falling", "hazard", "persistent")  # incorporeal halves attacks only (L1674)
FIRST_AID = ("heal", "first_aid", "first aid")


class OrcusRuleset:
    """The Orcus hit point track behind the Ruleset protocol."""

    name = "orcus"
    round_hooks = False
    places_by_count = False
    options_model = Options
    stats_model = Stats
    traits = staticmethod(orcus_procedure.traits)

    def new_body(self, ctx: Ctx) -> Vitality:
        stats: Stats = ctx.stats
        rank, monster = stats.rank, ctx.kind == "npc"
        multiplier = RANK_HP.get(rank, 1) if ctx.options.rank_hp == "multiply" else 1
        max_hp = MOOK_HP if rank == "mook" else stats.max_hp * multiplier
        recoveries = stats.recoveries
        if recoveries is None and monster:
            recoveries = monster_recoveries(stats.level)
        by_rank = monster and ctx.options.monsters_die_at_zero and stats.death_saves is None
        dies = rank == "mook" or stats.death_saves is False or by_rank
        return Vitality(hp=max_hp, max_hp=max_hp, recoveries=recoveries,
                        recoveries_max=recoveries, mook=rank == "mook",
                        dies_at_zero=dies)  # fmt: skip

    def take(self, body: Vitality, fact: Fact, ctx: Ctx) -> Vitality:
        options: Options = ctx.options
        match fact:
            case DamageDealt():
                return self._damage(body, fact, ctx)
            case HealingApplied():
                return track.healing(body, fact)
            case TemporaryHitPointsGained():
                return track.gain_temp(body, fact.amount, options)
            case TemporaryHitPointsLost():
                return body._replace(temp_hp=0)
            case SavingThrowRolled(save=save) if save.lower() == "death":
                return track.death_save(body, fact, options)
            case CheckRolled(check=check) if check.lower() in FIRST_AID:
                return self._first_aid(body, fact)
            case RestTaken(kind=kind):
                return track.rest(body, kind.lower())
            case _:
                return body

    def _damage(self, body: Vitality, fact: DamageDealt, ctx: Ctx) -> Vitality:
        source = (fact.source or "").lower().replace("_", " ")
        if body.dead or (body.mook and (source == "miss" or fact.on_miss)):
            return body
        amount = fact.amount
        if ctx.stats.incorporeal and source not in NOT_ATTACKS:
            amount //= 2  # 004 "Incorporeal" L1674 (A12: before resistance)
        dealt = self.mitigate(amount, fact.damage_type, ctx)
        body, loss = track.absorb(body, dealt)
        body = track.lose_hp(body, loss, ctx.options, knock_out=fact.nonlethal)
        if source == "coup de grace":
            body = track.coup_de_grace(body, fact, dealt, ctx.options)
        return body

    def mitigate(self, amount: int, damage_type: str | None, ctx: Ctx) -> int:
        """A12, target side: the highest applicable resistance and vulnerability (L1237-1239)."""
        options: Options = ctx.options
        types = conditions.kinds(damage_type)
        resist = conditions.protections(ctx.stats.resist, ctx.conditions, "resist")
        vulnerable = conditions.protections(ctx.stats.vulnerable, ctx.conditions, "vulnerab")
        resisted = conditions.resistance(types, resist, options.two_types == "all_types")
        return track.mitigated(amount, resisted, conditions.vulnerability(types, vulnerable),
                               options)  # fmt: skip

    def _first_aid(self, body: Vitality, fact: CheckRolled) -> Vitality:
        """Treat Ally › First Aid (Heal DC 15): a dying ally becomes stable (digest §5, §11.6)."""
        if not body.dying or fact.target in (None, fact.combatant):
            return body
        if ruling(fact.outcome, 0, fact.total, fact.dc or track.FIRST_AID_DC):
            return body._replace(stable=True, death_save_due=False)
        return body

    def turn_started(self, body: Vitality, ctx: Ctx) -> Vitality:
        """A13: regeneration and persistent damage (either order), then the death save (A1)."""
        if body.dead:
            return body
        body = body._replace(saved_this_turn=False)
        steps = (self._regenerate, self._persistent)
        if ctx.options.start_of_turn_order == "persistent_first":
            steps = steps[::-1]
        for step in steps:
            body = step(body, ctx)
        if ctx.options.death_save_timing == "start" and body.dying:
            body = body._replace(death_save_due=True)
        return body

    def _regenerate(self, body: Vitality, ctx: Ctx) -> Vitality:
        """004 "Regeneration" L1479-1481, L1660-1662: the highest value, unless dead."""
        stats: Stats = ctx.stats
        applies = stats.regeneration_while == "always" or (
            (stats.regeneration_while == "staggered") == body.staggered
        )
        own = stats.regeneration if applies else 0
        return track.heal(body, max(own, conditions.regeneration(ctx.conditions)))

    def _persistent(self, body: Vitality, ctx: Ctx) -> Vitality:
        """004 "Your Turn" L1073: take every persistent damage, resisted instance by instance."""
        per_type = ctx.options.persistent_stacking == "highest_per_type"
        for tick in conditions.persistent(ctx.conditions, per_type):
            dealt = self.mitigate(tick.value or 0, tick.damage_type, ctx)
            body, loss = track.absorb(body, dealt)
            body = track.lose_hp(body, loss, ctx.options)
        return body

    def turn_ended(self, body: Vitality, ctx: Ctx) -> Vitality:
        """A1 option `end`: the death save falls due as the turn ends (Conditions › Dying)."""
        due = ctx.options.death_save_timing == "end" and body.dying and not body.saved_this_turn
        return body._replace(death_save_due=True) if due else body

    def round_started(self, body: Vitality, ctx: Ctx) -> Vitality:
        return body

    def in_force(self, body: Vitality, ctx: Ctx) -> tuple[str, ...]:
        """Conditions in force, applied or implied (a creature at 0 HP is unconscious, L1458)."""
        names = [c.name for c in ctx.conditions]
        return conditions.in_force(names, body.down, ctx.options.unconscious_helpless)

    def statuses(self, body: Vitality, ctx: Ctx) -> tuple[str, ...]:
        if body.dead:
            return ("dead",)
        found = ["staggered"] if body.staggered else []
        if body.down:
            found.append("dying" if body.dying else "stable" if body.stable else "knocked_out")
        applied = {c.name.lower() for c in ctx.conditions}
        in_force = self.in_force(body, ctx)
        found += [name for name in in_force if name not in applied]
        if conditions.combat_advantage(in_force, ctx.surprised):
            found.append("grants_combat_advantage")
        return tuple(found) or ("healthy",)

    def vitals(self, body: Vitality, ctx: Ctx) -> dict[str, int]:
        """CONTRACT §2: hp (may be negative), max_hp, temp_hp, death_save_failures, recoveries."""
        shown = {"hp": body.hp, "max_hp": body.max_hp, "temp_hp": body.temp_hp,
                 "death_save_failures": body.failures}  # fmt: skip
        if body.recoveries is not None:
            shown["recoveries"] = body.recoveries
        return shown

    def track_value(self, body: Vitality, ctx: Ctx) -> int:
        return body.hp

    def descriptor(self, body: Vitality, ctx: Ctx) -> str:
        if body.dead:
            return "dead"
        if body.down:
            return "dying" if body.dying else "unconscious"
        if body.staggered:
            return "staggered"
        return "healthy" if body.hp >= body.max_hp else "hurt"

    def warnings(self, body: Vitality, name: str) -> tuple[str, ...]:
        if not body.death_save_due or not body.dying:
            return ()
        return (f"{name} is dying: roll a death saving throw (10+ succeeds, 20+ spends a "
                f"recovery; {body.failures} of {track.DEATH_SAVE_FAILURES} failures)",)  # fmt: skip

    catalog: Catalog = described.CATALOG

    def prompts(self, body: Vitality, ctx: Ctx, combatant: str, name: str) -> tuple[Prompt, ...]:
        return described.prompts(body, combatant, name)

    def attack_terms(
        self,
        attack: AttackMade,
        body: Vitality,
        ctx: Ctx,
        attacker: tuple[Vitality, Ctx] | None = None,
    ) -> AttackTerms:
        """What `attack_outcome` compares: the total with combat advantage and the attacker's
        penalties as the options derive them, against the defense with its modifiers."""
        name = attack.defense or "ac"
        base = ctx.stats.defenses.get(name)
        in_force = self.in_force(body, ctx)
        grants = ctx.options.combat_advantage == "derived" and conditions.combat_advantage(
            in_force, ctx.surprised
        )
        total = attack.total + (conditions.COMBAT_ADVANTAGE if grants else 0)
        if attacker is not None and ctx.options.attack_penalties == "derived":
            total -= conditions.attack_penalty(self.in_force(*attacker))
        value = None if base is None else base + conditions.defense_modifier(in_force)
        return AttackTerms(name, value, total)

    def takes_turn(self, body: Vitality) -> bool:
        return not body.dead

    def tie_breaker(self, stats: Any, modifier: int) -> int | None:
        """004 "Initiative" L1071: the higher initiative modifier; then a coin (the GM's)."""
        return modifier

    def attack_outcome(
        self,
        attack: AttackMade,
        body: Vitality,
        ctx: Ctx,
        attacker: tuple[Vitality, Ctx] | None = None,
    ) -> Outcome | None:
        """004 "Rolling 1 or 20" L1167-1168: 1 misses, 20 hits (a critical only if the total
        hits anyway); else the total, +2 for combat advantage the target grants (L1164), less
        the attacker's own condition penalties (prone, rattled, restrained: −2 each, L1529,
        L1533, L1536; marked, attacking anyone but its marker: −2, L1514), against the
        defense with condition modifiers (−5 while unconscious, L1556; +2 under Total Defense
        or Rally). Options `combat_advantage` and `attack_penalties` say when the table's
        total already has them (`in_total`)."""
        if attack.outcome is not None:
            return attack.outcome
        if attack.natural == 1:
            return "miss"
        defense = ctx.stats.defenses.get(attack.defense or "ac")
        if defense is None:
            return "hit" if attack.natural == 20 else None
        in_force = self.in_force(body, ctx)
        derived = ctx.options.combat_advantage == "derived"
        grants = derived and conditions.combat_advantage(in_force, ctx.surprised)
        total = attack.total + (conditions.COMBAT_ADVANTAGE if grants else 0)
        if attacker is not None and ctx.options.attack_penalties == "derived":
            total -= conditions.attack_penalty(self.in_force(*attacker))
            total -= conditions.mark_penalty(attacker[1].conditions, attack.target)
        hits = total >= defense + conditions.defense_modifier(in_force)
        if attack.natural == 20:
            return "critical" if hits else "hit"
        return "hit" if hits else "miss"

    def save_succeeds(self, save: SavingThrowRolled, options: Any) -> bool | None:
        """004 "Saving Throws" L1127: a total of 10 or higher, the rank's +2/+5 included (this
        sees no stats); natural 20 succeeds and natural 1 fails unless `natural_saves` is
        `total_only` (A3: the text only implies it for saves)."""
        if options.natural_saves == "total_only" and save.outcome is None:
            return save.total >= (save.dc or SAVE_DC)
        return ruling(save.outcome, save.natural, save.total, save.dc or SAVE_DC)


RULESET: Ruleset[Vitality] = OrcusRuleset()
