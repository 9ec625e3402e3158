"""Starfinder (seed 002, shared/rules/starfinder.md): temporary HP → Stamina → Hit Points → Resolve.

How the log records what the text needs (CONTRACT §1; no new event type):
- Damage: DamageDealt `amount` as announced (criticals already rolled twice). The target's
  stats `dr` {amount, overcome_by} and `resist` {type: n} take their share first, per attack
  (L1183-1207, starfinder_resist.py): DR from bludgeoning, piercing and slashing damage unless
  the fact's `overcomes` tags overcome it, resistance from its energy `damage_type`; a mixed
  attack is one DamageDealt per type citing the same `attack`. The rest comes off temporary HP,
  then SP, then HP (L567, L672); HP stop at 0 and the overflow past 0 is massive damage when
  ≥ max HP (L581). `nonlethal` leaves the creature at exactly 0 HP and stable (L682).
- Dying (L587-595): RP lost at the end of its own turns (not the turn it dropped on), on the
  first HP damage each round and on a later single source of more than half max HP; death when
  an RP is due and none is left; the 0-RP grace lasts to the end of its turn in the next round.
- ResolveSpent: `purpose` `stabilize` (¼ max RP, 1-3, on its own turn), `stay_in_the_fight`
  (1 RP → 1 HP, at 0 HP and stable, not in the round it stabilized), `stamina` (1 RP and ten
  minutes' rest → all SP); another purpose is a plain spend (a spell's cost). Without a purpose:
  stabilize when dying, stay in the fight when stable. A spend the rules cannot take is not
  applied and the warnings say why.
- HealingApplied restores HP only and stabilizes (L613, L662); kind `stamina` restores SP.
  CheckRolled `medicine` (or `first_aid`) for a dying `target`: DC 15 stabilizes (L609); for a
  stable one it is the medic's hourly check. CheckRolled `constitution` is the hourly
  long-term-stability check (L629-635). RestTaken `long`: all SP, 1 HP per `level` (L650-656).
- Monsters (L601-603): an NPC, or a creature with no RP, dies at 0 HP unless the last damage
  was nonlethal; stats `dying_rules` true gives it the dying rules (the GM's per-creature choice).
- Ties: the higher initiative modifier, then the GM's InitiativeTieBroken (the roll-off, L25).
- Attacks: `defense` `eac` or `kac` (`maneuver`: KAC + 8); a natural 20 is a critical only if
  the total reaches that AC (L343-347); flat-footed (−2) and the cover and defense conditions.

Policies (digest §14): P1-P5, P16, P17 are options (starfinder_options.py); P9 is CommonOptions'
`duration_key` and P10 (the surprise round is round 0) is how projections/clock.py counts.
P6, P7, P8, P12, P14, P15 are the order rules of CONTRACT §2, shared by every ruleset (delayers
placed after the turn that ended, readiers before the combatant they interrupt, the count moving
only when a readied action is taken, newcomers acting this round if their slot is ahead), and
match the digest's defaults; P13 (a roll-off ties again) is the GM's InitiativeTieBroken.

Gaps (digest §0), and what this module does about them:
- No Conditions chapter: the conditions the text names are in starfinder_conditions.py with
  the few mechanics it gives; any other name is tracked and timed with no mechanics.
- No critical hit effects: a critical is reported; its effect is the GM's ConditionApplied.
- No Resolve Points section: max RP is the `max_resolve` stat, and no rest restores RP.
- No vehicles or starships: not modelled.
Not tracked (no fact carries them): ability damage and drain (P11), negative levels, incorporeal
halving, prone's melee/ranged AC split, reactions and attacks of opportunity.
"""

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
from domain.rulesets import starfinder_care as care
from domain.rulesets import starfinder_catalog as described
from domain.rulesets import starfinder_conditions as conditions
from domain.rulesets import starfinder_track as track
from domain.rulesets.base import Ctx, Outcome, Ruleset, ruling
from domain.rulesets.starfinder_options import Options, Stats
from domain.rulesets.starfinder_track import Track
from domain.rulesets.terms import AttackTerms, Catalog, Prompt


class StarfinderRuleset:
    """Stamina, Hit Points and Resolve behind the Ruleset protocol."""

    name = "starfinder"
    round_hooks = True  # the surprise round marks who starts flat-footed (L41)
    places_by_count = False
    options_model = Options
    stats_model = Stats

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

    def save_succeeds(self, save: SavingThrowRolled, options: Any) -> bool | None:
        """002 "Saving Throws" L143: natural 1 fails, natural 20 succeeds, else total ≥ DC."""
        return ruling(save.outcome, save.natural, save.total, save.dc)


def _first_action(ctx: Ctx) -> bool:
    return bool(ctx.options.flat_footed_until == "first_action")


RULESET: Ruleset[Track] = StarfinderRuleset()
