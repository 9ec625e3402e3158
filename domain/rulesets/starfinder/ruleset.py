"""Starfinder behind the Ruleset protocol; how the log records the rules text: see __init__.py."""

from __future__ import annotations

from typing import Any

from domain.events import (
    AttackMade,
    CheckRolled,
    DamageDealt,
    Fact,
    HealingApplied,
    ResolveSpent,
    RestTaken,
    SavingThrowRolled,
    TemporaryHitPointsGained,
    TemporaryHitPointsLost,
)
from domain.rulesets.attacks import Critical, DamageRoll, natural_twenty
from domain.rulesets.base import Outcome, Ruleset, ruling
from domain.rulesets.starfinder import care, conditions, track
from domain.rulesets.starfinder import catalog as described
from domain.rulesets.starfinder.attacks import Attack, critical_damage
from domain.rulesets.starfinder.options import Ctx, Options, Stats
from domain.rulesets.starfinder.track import Track
from domain.rulesets.terms import AttackTerms, Catalog, Prompt


class StarfinderRuleset:
    """Stamina, Hit Points and Resolve behind the Ruleset protocol."""

    name = "starfinder"
    round_hooks = True  # the surprise round marks who starts flat-footed (L41)
    places_by_count = False
    options_model = Options
    stats_model = Stats
    attack_model = Attack

    def new_body(self, ctx: Ctx) -> Track:
        stats: Stats = ctx.stats
        dying_rules = stats.dying_rules
        if dying_rules is None:
            dying_rules = ctx.kind == "pc" and stats.max_resolve > 0  # L601
        return Track(
            hp=stats.max_hp, max_hp=stats.max_hp, stamina=stats.max_stamina,
            max_stamina=stats.max_stamina, resolve=stats.max_resolve,
            max_resolve=stats.max_resolve, mortal=not dying_rules,
        )  # fmt: skip

    def take(self, body: Track, fact: Fact, ctx: Ctx) -> Track:
        match fact:
            case DamageDealt():
                return track.take_damage(body, fact, ctx)
            case HealingApplied():
                return care.heal(body, fact)
            case TemporaryHitPointsGained():
                return body._replace(temp_hp=body.temp_hp + fact.amount)
            case TemporaryHitPointsLost():
                return body._replace(temp_hp=0)
            case ResolveSpent():
                return care.spend(body, fact, ctx)
            case CheckRolled():
                return self._check(body, fact)
            case RestTaken():
                return care.rest(body, fact, ctx.stats.level)
            case _:
                return body

    def _check(self, body: Track, fact: CheckRolled) -> Track:
        kind = conditions.key(fact.check)
        if kind in care.FIRST_AID:
            return care.first_aid(body, fact)
        if kind in care.CONSTITUTION:
            return care.constitution(body, fact)
        return body

    def damage_stopped(self, body: Track, fact: DamageDealt, ctx: Ctx) -> int:
        """How much of this damage the target's DR and energy resistance stop (L1183-1207)."""
        return track.stopped(body, fact, ctx)[0]

    def turn_started(self, body: Track, ctx: Ctx) -> Track:
        """A turn in the surprise round means the creature was aware: not flat-footed (L41);
        option first_action: a surprised creature stops being flat-footed as it first acts."""
        if body.surprised and (ctx.phase == "surprise" or _first_action(ctx)):
            body = body._replace(surprised=False)
        return track.start_of_turn(body, ctx)

    def turn_ended(self, body: Track, ctx: Ctx) -> Track:
        """L589: the dying lose RP; L41: once it has acted, no longer flat-footed from surprise
        (the digest's reading: at the end of its first turn)."""
        if body.surprised:
            body = body._replace(surprised=False)
        return track.end_of_turn(body, ctx)

    def round_started(self, body: Track, ctx: Ctx) -> Track:
        """A surprise round starts: those not aware are marked flat-footed ("Who Is
        Surprised?" L41: only combatants surprised at the start of battle), until they act."""
        if ctx.surprised and not ctx.acted and not body.surprised:
            return body._replace(surprised=True)
        return body

    def statuses(self, body: Track, ctx: Ctx) -> tuple[str, ...]:
        return conditions.statuses(body, ctx)

    def vitals(self, body: Track, ctx: Ctx) -> dict[str, int]:
        """CONTRACT §2: stamina, max_stamina, hp, max_hp, resolve, max_resolve, temp_hp; and
        `damage_stopped` when DR or resistance stopped some of the latest damage it took."""
        return {
            "stamina": body.stamina, "max_stamina": body.max_stamina, "hp": body.hp,
            "max_hp": body.max_hp, "resolve": body.resolve, "max_resolve": body.max_resolve,
            "temp_hp": body.temp_hp,
        } | ({"damage_stopped": body.stopped} if body.stopped else {})  # fmt: skip

    def track_value(self, body: Track, ctx: Ctx) -> int:
        return body.hp

    def descriptor(self, body: Track, ctx: Ctx) -> str:
        return conditions.descriptor(body, ctx)

    def warnings(self, body: Track, name: str) -> tuple[str, ...]:
        return conditions.warnings(body, name, care.stabilize_cost(body.max_resolve))

    catalog: Catalog = described.CATALOG

    def prompts(self, body: Track, ctx: Ctx, combatant: str, name: str) -> tuple[Prompt, ...]:
        return described.prompts(body, ctx, combatant, name)

    def attack_terms(
        self, attack: AttackMade, body: Track, ctx: Ctx, attacker: tuple[Track, Ctx] | None = None
    ) -> AttackTerms:
        return described.attack_terms(attack, body, ctx)

    def takes_turn(self, body: Track) -> bool:
        """The dead keep no turn; the dying keep theirs, since RP are lost as it ends (L589)."""
        return not body.dead

    def tie_breaker(self, stats: Any, modifier: int) -> int | None:
        """002 "Initiative" L25: ties go to the higher total initiative modifier."""
        return modifier

    def attack_outcome(
        self, attack: AttackMade, body: Track, ctx: Ctx, attacker: tuple[Track, Ctx] | None = None
    ) -> Outcome | None:
        return conditions.attack_outcome(attack, body, ctx)

    def critical(self, attack: AttackMade, outcome: str | None) -> Critical:
        """002 L75, L345-347: a natural 20 crits if its total reaches the AC; no confirmation."""
        return natural_twenty(attack, outcome)

    def critical_damage(self, attack: Attack, confirmed: bool) -> tuple[DamageRoll, ...]:
        return critical_damage(attack, confirmed)

    def save_succeeds(self, save: SavingThrowRolled, options: Any) -> bool | None:
        """002 "Saving Throws" L143: natural 1 fails, natural 20 succeeds, else total ≥ DC."""
        return ruling(save.outcome, save.natural, save.total, save.dc)


def _first_action(ctx: Ctx) -> bool:
    return bool(ctx.options.flat_footed_until == "first_action")


RULESET: Ruleset[Track, Options, Stats] = StarfinderRuleset()
