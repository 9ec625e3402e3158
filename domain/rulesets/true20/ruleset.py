"""True20 behind the Ruleset protocol; how the log records the rules text: see __init__.py."""

from __future__ import annotations

from typing import Any

from domain.events import (
    AttackMade,
    CheckRolled,
    ConvictionSpent,
    DamageDealt,
    Fact,
    HealingApplied,
    RestTaken,
    SavingThrowRolled,
)
from domain.rulesets.attacks import Critical, DamageRoll, confirmed_threat
from domain.rulesets.base import Outcome, Ruleset, Traits
from domain.rulesets.terms import AttackTerms, Catalog, Prompt
from domain.rulesets.true20 import care, conditions, defense, delay
from domain.rulesets.true20 import catalog as described
from domain.rulesets.true20.attacks import Attack, critical_damage
from domain.rulesets.true20.options import Ctx, Options, Stats
from domain.rulesets.true20.track import Track, hit, penalty

FORTITUDE = ("fortitude", "fort")
TRAITS = Traits(attacking_strains=True)  # 001 L342, L362: attacking is strenuous when disabled


class True20Ruleset:
    """The Toughness damage track behind the Ruleset protocol."""

    name = "true20"
    round_hooks = True
    places_by_count = True  # 001 L141, L208-209: a count taken is the count acted on
    options_model = Options
    stats_model = Stats
    attack_model = Attack

    def traits(self, options: Options) -> Traits:
        return TRAITS

    def new_body(self, ctx: Ctx) -> Track:
        return Track()

    def take(self, body: Track, fact: Fact, ctx: Ctx) -> Track:
        if body.dead:
            return body
        words = conditions.said(ctx.conditions)
        looked = self._looks(body, ctx, words)
        return self._relooks(self._take(looked, fact, ctx), looked, ctx, words)

    def _looks(self, body: Track, ctx: Ctx, words: conditions.Said) -> Track:
        """Keep what the conditions in force imply; a dying condition calls for its check."""
        looks = conditions.looks(body, words, ctx.options)
        if looks == body.seen:
            return body
        if ("dying" in looks) != ("dying" in body.seen) and not body.has("dying"):
            was = "dying" in body.seen  # 001 L361: debilitated Con is dying (or is no longer)
            body = body._replace(dying_due=False) if was else care.becomes_dying(body, ctx.options)
        return body._replace(seen=looks)

    def _relooks(self, body: Track, looked: Track, ctx: Ctx, words: conditions.Said) -> Track:
        """`_looks` once more after a step from `looked`: what the conditions imply depends on
        the body only through its fatigue, so while that is as it was, `seen` still holds."""
        return body if body.fatigue is looked.fatigue else self._looks(body, ctx, words)

    def _take(self, body: Track, fact: Fact, ctx: Ctx) -> Track:
        options: Options = ctx.options
        match fact:
            case DamageDealt():
                return self._hit(body, fact, ctx)
            case AttackMade():
                return care.collapse(body, options)  # 001 L342, L362: attacking is strenuous
            case CheckRolled():
                return self._check(body, fact, ctx)
            case SavingThrowRolled(save=save, against="dying") if save.lower() in FORTITUDE:
                due = conditions.dying(body, body.seen) and options.dying_procedure == "hourly_fort"
                return care.dying_save(body, fact) if due else body
            case HealingApplied():
                return care.stabilize(body)  # 001 "Dying" L364: the Cure power
            case RestTaken(kind=kind) if kind in care.REST_ROUNDS:
                body = care.elapse(body, care.REST_ROUNDS[kind], options)
                return care.with_fatigue(body, ctx.position, "rested") if kind == "long" else body
            case ConvictionSpent():
                return care.conviction(body, fact.purpose, ctx.position)
            case _:
                return body

    def _hit(self, body: Track, fact: DamageDealt, ctx: Ctx) -> Track:
        options: Options = ctx.options
        if fact.save is None:
            return body._replace(unsaved=ctx.position)
        was_dying = body.has("dying")
        shaken = conditions.shaken(body, body.seen)  # the same as vitals shows
        body = body if body.unsaved is None else body._replace(unsaved=None)
        body, new = hit(body, fact, options, shaken, ctx.stats.toughness)
        window = 1 if ctx.own_turn and options.lost_action == "one_round" else 2
        if "wounded" in new:
            body = body._replace(stun=window)  # 001 "Wounded" L341: stunned for one round
        if "dazed" in new or "staggered" in new:  # 001 L338-339: one full-round action lost
            body = body._replace(lost=window, lost_defense=body.lost_defense or "staggered" in new)
        if "dazed" in new:
            body = body._replace(dazed_age=0)
        if body.has("dying") and not was_dying:
            body = care.becomes_dying(body, options)
        if "disabled" in new:  # 001 L342: only what it does once disabled can knock it out
            body = care.spent(body, conditions.said(ctx.conditions).strenuous)
        return body

    def _check(self, body: Track, fact: CheckRolled, ctx: Ctx) -> Track:
        options: Options = ctx.options
        own = fact.target is None or fact.target == fact.combatant
        kind = fact.check.lower()
        penalty = conditions.check_penalty(body, body.seen)
        total = care.check_total(fact, ctx.stats.constitution, penalty)
        dying = conditions.dying(body, body.seen) and options.dying_procedure == "per_round_con"
        if kind in ("constitution", "dying") and own and dying and fact.against in (None, "dying"):
            return care.dying_check(body, fact, total)
        if kind == "heal" and not own:
            return care.heal_check(body, fact)
        if kind == "recovery" and own:
            return care.recovery(body, fact, total, ctx.position, options)
        return body

    def turn_started(self, body: Track, ctx: Ctx) -> Track:
        words = conditions.said(ctx.conditions)
        looked = self._looks(body, ctx, words)
        body = delay.turn_begins(looked)
        if ctx.options.round_start_hooks == "own_turn" and ctx.phase != "setup":
            body = care.round_begins(body, ctx, words.efforts)
        if body.stun == 2 or body.lost == 2:
            body = body._replace(stun=min(body.stun, 1), lost=min(body.lost, 1))
        return self._relooks(body, looked, ctx, words)

    def turn_ended(self, body: Track, ctx: Ctx) -> Track:
        words = conditions.said(ctx.conditions)
        looked = self._looks(body, ctx, words)
        body = care.exert(delay.turn_ends(looked), ctx, words.strenuous)
        if body.stun == 1 or body.lost == 1:
            lost = 0 if body.lost == 1 else body.lost
            body = body._replace(stun=0 if body.stun == 1 else body.stun, lost=lost,
                                 lost_defense=body.lost_defense and lost > 0)  # fmt: skip
        return self._relooks(body, looked, ctx, words)

    def round_started(self, body: Track, ctx: Ctx) -> Track:
        if body.dead:
            return body
        words = conditions.said(ctx.conditions)
        looked = self._looks(body, ctx, words)
        body = delay.round_begins(looked, ctx.stats, ctx.round)
        body = care.elapse(body, 1, ctx.options)  # 001 L148: ten rounds are a minute
        if ctx.options.round_start_hooks == "top_of_round":
            body = care.round_begins(body, ctx, words.efforts)
        return self._relooks(body, looked, ctx, words)

    def flat_footed(self, ctx: Ctx) -> bool:
        """001 "Flat-Footed" L139: until the first regular turn (A1 option: first action)."""
        if ctx.phase == "ended":
            return False
        if ctx.options.flat_footed_until == "first_action":
            return not ctx.acted
        return ctx.regular_turns == 0

    def statuses(self, body: Track, ctx: Ctx) -> tuple[str, ...]:
        return conditions.statuses(body, ctx, self.flat_footed(ctx))

    def vitals(self, body: Track, ctx: Ctx) -> dict[str, int]:
        """CONTRACT §2: the tallies and the Toughness save penalties against each kind, with
        the conditions in force now (the same as a hit now would apply)."""
        options = ctx.options
        shaken = conditions.shaken(body, conditions.seen(body, ctx.conditions, options))
        return {
            "bruised": body.bruised,
            "hurt": body.hurt,
            "lethal_save_penalty": penalty(body, False, options, shaken),
            "nonlethal_save_penalty": penalty(body, True, options, shaken),
        }

    def track_value(self, body: Track, ctx: Ctx) -> int:
        """No hit points: how far down the track is, as the lethal save penalty (001 L328)."""
        shaken = conditions.shaken(body, conditions.seen(body, ctx.conditions, ctx.options))
        return penalty(body, False, ctx.options, shaken)

    def descriptor(self, body: Track, ctx: Ctx) -> str:
        return conditions.descriptor(body)

    def warnings(self, body: Track, name: str) -> tuple[str, ...]:
        found = []
        if body.unsaved is not None and not body.dead:
            found.append(f"{name} took damage with no Toughness save (line {body.unsaved}); "
                         "no mark was made")  # fmt: skip
        if body.dying_due and not body.dead:
            found.append(f"{name} is dying: roll the dying check (Constitution or Fortitude, "
                         f"Difficulty {care.DYING_DIFFICULTY + body.dying_saves})")  # fmt: skip
        forfeited = delay.warning(body, name)
        return (*found, forfeited) if forfeited and not body.dead else tuple(found)

    catalog: Catalog = described.CATALOG

    def prompts(self, body: Track, ctx: Ctx, combatant: str, name: str) -> tuple[Prompt, ...]:
        return described.prompts(body, ctx, combatant, name)

    def attack_terms(
        self, attack: AttackMade, body: Track, ctx: Ctx, attacker: tuple[Track, Ctx] | None = None
    ) -> AttackTerms:
        """The Defense that surely holds (defense.py), as the outcome compares it."""
        held = defense.defense_range(attack, body, ctx, self.flat_footed(ctx) and not body.dead)
        return AttackTerms(attack.defense or "defense", held and held[0], attack.total)

    def takes_turn(self, body: Track) -> bool:
        return not body.dead

    def tie_breaker(self, stats: Any, modifier: int) -> int | None:
        """001 (Initiative) L138: ties go to the higher Dexterity, then a roll-off (the GM's)."""
        dexterity: int = stats.dexterity
        return dexterity

    def attack_outcome(
        self, attack: AttackMade, body: Track, ctx: Ctx, attacker: tuple[Track, Ctx] | None = None
    ) -> Outcome | None:
        return defense.attack_outcome(attack, body, ctx, self.flat_footed(ctx) and not body.dead)

    def critical(self, attack: AttackMade, outcome: str | None) -> Critical:
        """001 L119-120: a threat asks for a second roll that equals or exceeds the Defense."""
        return confirmed_threat(attack, outcome)

    def critical_damage(self, attack: Attack, confirmed: bool) -> tuple[DamageRoll, ...]:
        return critical_damage(attack, confirmed)

    def save_succeeds(self, save: SavingThrowRolled, options: Any) -> bool | None:
        """001 L121-135: total ≥ Difficulty; saves have no natural 1/20 rule (digest §0.2)."""
        if save.outcome is not None:
            return save.outcome == "success"
        return None if save.dc is None else save.total >= save.dc


RULESET: Ruleset[Track, Options, Stats] = True20Ruleset()
