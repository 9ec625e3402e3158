"""Orcus behind the Ruleset protocol; how the log records the rules text: see __init__.py."""

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
from domain.rulesets.attacks import Critical, DamageRoll, natural_twenty
from domain.rulesets.base import Outcome, Ruleset, ruling
from domain.rulesets.orcus import catalog as described
from domain.rulesets.orcus import conditions, procedure, track
from domain.rulesets.orcus.attacks import Power, critical_damage
from domain.rulesets.orcus.options import MOOK_HP, RANK_HP, Ctx, Options, Stats, monster_recoveries
from domain.rulesets.orcus.track import Vitality
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
    attack_model = Power
    traits = staticmethod(procedure.traits)

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
        stats: Stats = ctx.stats
        if not (ctx.conditions or stats.resist or stats.vulnerable):
            return track.mitigated(amount, 0, 0, options)  # nothing resists, nothing is weak
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
        body = body._replace(saved_this_turn=False) if body.saved_this_turn else body
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
        granted = conditions.regeneration(ctx.conditions) if ctx.conditions else 0
        return track.heal(body, max(own, granted))

    def _persistent(self, body: Vitality, ctx: Ctx) -> Vitality:
        """004 "Your Turn" L1073: take every persistent damage, resisted instance by instance."""
        if not ctx.conditions:
            return body
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
        names = [c.name for c in ctx.conditions]  # none and not down: () at once, below
        return conditions.in_force(names, body.down, ctx.options.unconscious_helpless)

    def statuses(self, body: Vitality, ctx: Ctx) -> tuple[str, ...]:
        if body.dead:
            return ("dead",)
        found = ["staggered"] if body.staggered else []
        if body.down:
            found.append("dying" if body.dying else "stable" if body.stable else "knocked_out")
        in_force = self.in_force(body, ctx)
        if in_force:
            applied = {c.name.lower() for c in ctx.conditions}
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
        penalties (its mark's too) as the options derive them, against the defense with its
        modifiers."""
        name = attack.defense or "ac"
        base = ctx.stats.defenses.get(name)
        in_force = self.in_force(body, ctx)
        grants = ctx.options.combat_advantage == "derived" and conditions.combat_advantage(
            in_force, ctx.surprised
        )
        total = attack.total + (conditions.COMBAT_ADVANTAGE if grants else 0)
        if attacker is not None and ctx.options.attack_penalties == "derived":
            total -= conditions.attack_penalty(self.in_force(*attacker))
            total -= conditions.mark_penalty(attacker[1].conditions, attack.target)
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
        terms = self.attack_terms(attack, body, ctx, attacker)  # one reckoning for both
        if terms.defense_value is None:
            return "hit" if attack.natural == 20 else None
        hits = terms.total_used >= terms.defense_value
        if attack.natural == 20:
            return "critical" if hits else "hit"
        return "hit" if hits else "miss"

    def critical(self, attack: AttackMade, outcome: str | None) -> Critical:
        """004 L1167: a natural 20 that would have hit anyway crits; no confirmation roll."""
        return natural_twenty(attack, outcome)

    def critical_damage(self, attack: Power, confirmed: bool) -> tuple[DamageRoll, ...]:
        return critical_damage(attack, confirmed)

    def save_succeeds(self, save: SavingThrowRolled, options: Any) -> bool | None:
        """004 "Saving Throws" L1127: a total of 10 or higher, the rank's +2/+5 included (this
        sees no stats); natural 20 succeeds and natural 1 fails unless `natural_saves` is
        `total_only` (A3: the text only implies it for saves)."""
        if options.natural_saves == "total_only" and save.outcome is None:
            return save.total >= (save.dc or SAVE_DC)
        return ruling(save.outcome, save.natural, save.total, save.dc or SAVE_DC)


RULESET: Ruleset[Vitality, Options, Stats] = OrcusRuleset()
