"""D&D 3.5 behind the Ruleset protocol; how the log records the rules text: see __init__.py."""

from __future__ import annotations

from typing import Any, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field

from domain.events import (
    AttackMade,
    CheckRolled,
    DamageDealt,
    Fact,
    HealingApplied,
    SavingThrowRolled,
)
from domain.lean import kinds_with_twins
from domain.rulesets import hitpoints as hp
from domain.rulesets.attacks import (
    Critical,
    DamageRoll,
    attack_list,
    confirmed_threat,
    in_threat_range,
)
from domain.rulesets.base import Ctx as AnyCtx
from domain.rulesets.base import Outcome, Ruleset, Traits, ruling
from domain.rulesets.dnd35.attacks import Attack, critical_damage
from domain.rulesets.dnd35.catalog import CATALOG
from domain.rulesets.hitpoints_prompts import prompts
from domain.rulesets.terms import AttackTerms, Catalog, Prompt

MASSIVE_DAMAGE = 50  # 000 "Massive Damage" L1140-1146: a single attack of 50 or more

DAMAGE = kinds_with_twins({DamageDealt})  # DamageDealt, and its lean twin (domain/lean.py)
HEALING = kinds_with_twins({HealingApplied})


class Options(hp.HitPointOptions):
    """D&D 3.5 house rules (digest §9): A1, A2, A7-A10 are options; A4-A6 have one reading."""


class Stats(BaseModel):
    """max_hp, initiative_modifier, constitution (score), defenses {ac, touch, flat_footed}."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_hp: int = Field(ge=1, strict=True)
    initiative_modifier: int = Field(0, strict=True)
    constitution: int | None = Field(None, ge=0, strict=True)
    defenses: dict[str, int] = Field(default_factory=dict)
    attacks: list[Attack] = attack_list(
        "Attacks", "The attacks its stat block gives, each one tap at the table (000 L714-738)."
    )


OptionsT = TypeVar("OptionsT", bound=hp.HitPointOptions)  # the options and stats of a system
StatsT = TypeVar("StatsT", bound=Stats)  # built on the SRD hit point track (3.5, d20 Modern): its
# rules read them typed, as AnyCtx[OptionsT, StatsT] (3.5's own: HitPointRuleset[Options, Stats])


def attack_outcome(
    attack: AttackMade, defenses: dict[str, int], flat_footed: bool, full: str = "ac"
) -> Outcome | None:
    """000 "ATTACK ROLL": natural 1 misses, 20 hits, else total ≥ AC; a threat (a hit at or
    above the attack's `threat`, L730-735) crits when its confirmation roll hits (L716-723).

    `full` names the defense an attack targets by default (d20 Modern: `defense`).
    """
    if attack.outcome is not None:
        return attack.outcome
    if attack.natural == 1:
        return "miss"
    armor = defenses.get(defense_named(attack, defenses, flat_footed, full))
    if armor is None:
        return "hit" if attack.natural == 20 else None
    if attack.natural != 20 and attack.total < armor:
        return "miss"
    confirm = attack.confirm_natural
    if confirm is None or confirm == 1 or not in_threat_range(attack):
        return "hit"
    confirmed = confirm == 20 or (attack.confirm_total or 0) >= armor
    return "critical" if confirmed else "hit"


def defended(
    attack: AttackMade, defenses: dict[str, int], flat_footed: bool, full: str = "ac"
) -> AttackTerms:
    """The defense `attack_outcome` measures against, its value and the total."""
    name = defense_named(attack, defenses, flat_footed, full)
    return AttackTerms(name, defenses.get(name), attack.total)


def defense_named(
    attack: AttackMade, defenses: dict[str, int], flat_footed: bool, full: str = "ac"
) -> str:
    """The defense an attack is measured against: the one it names, else flat-footed or full."""
    name = attack.defense or ("flat_footed" if flat_footed else full)
    return name if name in defenses else full


def start_of_turn(body: hp.HitPoints) -> hp.HitPoints:
    """000 "DYING" L1165-1174: a dying character's turn calls for its d% roll to stabilize."""
    dying = body.hp < 0 and body.dying  # most turns: not below 0, so nothing more to ask
    return body if body.stabilize_due == dying else body._replace(stabilize_due=dying)


def end_of_turn(body: hp.HitPoints) -> hp.HitPoints:
    """The roll to stabilize is due no more once the turn that called for it ends."""
    return body._replace(stabilize_due=False) if body.stabilize_due else body


# The shared procedure; its turn rules read the body alone, so the fold builds no Ctx for them.
TRAITS = Traits(body_turn_started=start_of_turn, body_turn_ended=end_of_turn)


class HitPointRuleset(Generic[OptionsT, StatsT]):
    """The SRD hit point track behind the Ruleset protocol; subclasses set the system's numbers."""

    name = "dnd35"
    round_hooks = False
    places_by_count = False

    def __init__(
        self,
        options_model: type[OptionsT],
        stats_model: type[StatsT],
        attack_model: type[Attack] = Attack,
    ) -> None:
        self.options_model, self.stats_model = options_model, stats_model
        self.attack_model = attack_model

    def massive_threshold(self, stats: Any) -> int | None:
        return MASSIVE_DAMAGE

    def massive_failure(self, options: Any) -> int | None:
        """What a failed massive damage save drops HP to; None: it kills (000 L1142-1143)."""
        return None

    def new_body(self, ctx: AnyCtx[OptionsT, StatsT]) -> hp.HitPoints:
        return hp.HitPoints(hp=ctx.stats.max_hp, max_hp=ctx.stats.max_hp)

    def take(self, body: hp.HitPoints, fact: Fact, ctx: AnyCtx[OptionsT, StatsT]) -> hp.HitPoints:
        kind = type(fact)
        if kind in DAMAGE:  # most facts a body takes, so it goes straight there
            damage = cast(DamageDealt, fact)  # or its lean twin, read alike
            body = hp.take_damage(body, damage, ctx, self.massive_threshold(ctx.stats))
        elif kind in HEALING:  # the next most: straight to its rule too, as hp.take routes it
            body = hp.heal(body, cast(HealingApplied, fact), ctx.options)
        else:
            me = getattr(fact, "target", None) or getattr(fact, "combatant", "")
            threshold = self.massive_threshold(ctx.stats)
            body = hp.take(body, fact, ctx, threshold, str(me), self.massive_failure(ctx.options))
        return body if body.hp > 0 else hp.foe_at_zero(body, ctx)

    def traits(self, options: Any) -> Traits:
        return TRAITS

    def turn_started(self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT]) -> hp.HitPoints:
        return start_of_turn(body)

    def turn_ended(self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT]) -> hp.HitPoints:
        return end_of_turn(body)

    def round_started(self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT]) -> hp.HitPoints:
        return body

    def flat_footed(self, ctx: AnyCtx[OptionsT, StatsT]) -> bool:
        """000 "Flat-Footed" L216-223: until the first regular turn (A1 option: first action)."""
        if ctx.options.flat_footed_until == "first_action":
            return not ctx.acted
        return ctx.regular_turns == 0

    def statuses(self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT]) -> tuple[str, ...]:
        found = hp.statuses(body, ctx)
        if self.flat_footed(ctx) and not body.dead and ctx.phase != "ended":
            found += ("flat_footed",)
        return found

    def vitals(self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT]) -> dict[str, int]:
        return hp.vitals(body, ctx.options)

    def track_value(self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT]) -> int:
        return hp.real_hp(body, ctx.options)

    def descriptor(self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT]) -> str:
        return hp.descriptor(body, ctx)

    def warnings(self, body: hp.HitPoints, name: str) -> tuple[str, ...]:
        return hp.warnings(body, name)

    catalog: Catalog = CATALOG

    def prompts(
        self, body: hp.HitPoints, ctx: AnyCtx[OptionsT, StatsT], combatant: str, name: str
    ) -> tuple[Prompt, ...]:
        return prompts(body, combatant, name)

    def attack_terms(
        self,
        attack: AttackMade,
        body: hp.HitPoints,
        ctx: AnyCtx[OptionsT, StatsT],
        attacker: tuple[hp.HitPoints, AnyCtx[OptionsT, StatsT]] | None = None,
    ) -> AttackTerms:
        flat = "flat_footed" in ctx.stats.defenses and self.flat_footed(ctx) and not body.dead
        return defended(attack, ctx.stats.defenses, flat)

    def takes_turn(self, body: hp.HitPoints) -> bool:
        return not body.dead

    def tie_breaker(self, stats: Any, modifier: int) -> int | None:
        """000 "Initiative Checks" L203-215: ties go to the higher total initiative modifier."""
        return modifier

    def attack_outcome(
        self,
        attack: AttackMade,
        body: hp.HitPoints,
        ctx: AnyCtx[OptionsT, StatsT],
        attacker: tuple[hp.HitPoints, AnyCtx[OptionsT, StatsT]] | None = None,
    ) -> Outcome | None:
        """Against AC, or flat-footed AC while the target is flat-footed (when it has one)."""
        defenses = ctx.stats.defenses
        flat = attack.defense is None and "flat_footed" in defenses and self.flat_footed(ctx)
        return attack_outcome(attack, defenses, flat and not body.dead)

    def critical(self, attack: AttackMade, outcome: str | None) -> Critical:
        """000 L716-735: a hit at or above the threat range asks for its confirmation roll."""
        return confirmed_threat(attack, outcome)

    def critical_damage(self, attack: Attack, confirmed: bool) -> tuple[DamageRoll, ...]:
        return critical_damage(attack, confirmed)

    def check_succeeds(self, check: CheckRolled) -> bool | None:
        return hp.check_succeeds(check)

    def save_succeeds(self, save: SavingThrowRolled, options: Any) -> bool | None:
        """000 "SAVING THROWS" L174-201: natural 1 fails, natural 20 succeeds, else total ≥ DC."""
        return ruling(save.outcome, save.natural, save.total, save.dc)


RULESET: Ruleset[hp.HitPoints, Options, Stats] = HitPointRuleset(Options, Stats)
