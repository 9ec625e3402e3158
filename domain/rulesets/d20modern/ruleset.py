"""d20 Modern behind the Ruleset protocol; how the log records the rules text: see __init__.py."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from domain.events import AttackMade
from domain.rulesets import hitpoints as hp
from domain.rulesets.attacks import attack_list
from domain.rulesets.base import Ctx as AnyCtx
from domain.rulesets.base import Outcome, Ruleset, Traits
from domain.rulesets.d20modern.attacks import Attack
from domain.rulesets.d20modern.catalog import CATALOG
from domain.rulesets.dnd35 import ruleset as dnd35
from domain.rulesets.terms import AttackTerms, Catalog

FULL = "defense"  # 003 (Defense) L90: "A character's Defense", not armor class
BASE_DEFENSE = 10  # 003 (Defense) L92: 10 + Dex modifier + class + equipment + size
MASSIVE_FAILURE_HP = -1  # product decision (digest §11, MSRD): a failed save drops HP to -1
FLAT_FOOTED = ("flat_footed", "flat-footed")  # 003 L98: a GM ruling that it cannot react


class Options(dnd35.Options):
    """d20 Modern house rules (digest §9): M3, M4 and the massive damage result are options, and
    3.5's flat-footed reading (until the first regular turn) stays available."""

    flat_footed_until: Literal["first_regular_turn", "first_action"] = Field(
        "first_action",
        description="003 L3-4: flat-footed ends when the combatant first acts, a surprise-round "
        "action or the start of its turn included (M1), or (3.5's reading) at its first regular "
        "turn.",
    )
    touch_includes_natural_armor: bool = Field(
        False,
        description="M3: a touch attack's Defense keeps natural armor (default: a touch attack "
        "disregards armor, natural armor included).",
    )
    flat_footed_keeps_dex_penalty: bool = Field(
        True,
        description="M4: flat-footed loses only a Dex bonus, a Dex penalty stays (default), or "
        "the whole Dex modifier is dropped.",
    )
    massive_damage_result: Literal["dying", "dead"] = Field(
        "dying",
        description="G3 (not in the seed): a failed massive damage save drops HP to -1, dying "
        "(the MSRD; lower HP stay), or kills as in 3.5.",
    )


class DefenseParts(BaseModel):
    """003 L90-130: what Defense is made of, for sheets that give its parts."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dexterity: int = Field(0, strict=True, description="The Dexterity modifier.")
    class_bonus: int = Field(0, ge=0, strict=True)
    equipment: int = Field(0, ge=0, strict=True, description="Armor, with any enhancement.")
    size: int = Field(0, strict=True)
    natural_armor: int = Field(0, ge=0, strict=True)
    dodge: int = Field(0, ge=0, strict=True)
    other: int = Field(0, strict=True, description="Feats, deflection: kept in every case.")

    def total(self, options: Options, *, touch: bool, flat_footed: bool) -> int:
        """Defense against an attack, or a touch attack, with or without the Dex bonus."""
        dex, dodge = self.dexterity, self.dodge
        if flat_footed:  # 003 L98, L124: no Dex bonus, no dodge; L102: the class bonus stays
            dex = min(0, dex) if options.flat_footed_keeps_dex_penalty else 0
            dodge = 0
        armor = 0 if touch else self.equipment  # 003 L130: no equipment bonus against touch
        natural = 0 if touch and not options.touch_includes_natural_armor else self.natural_armor
        kept = self.class_bonus + self.size + self.other
        return BASE_DEFENSE + dex + dodge + armor + natural + kept


class Stats(dnd35.Stats):
    """max_hp, initiative_modifier, constitution (score: the massive damage threshold),
    defenses {defense, touch, flat_footed} and/or defense_parts."""

    defense_parts: DefenseParts | None = None
    attacks: list[Attack] = attack_list(  # type: ignore[assignment]  # d20 Modern's own kind
        "Attacks", "The attacks its stat block gives, each one tap at the table (003 L15-87)."
    )

    @field_validator("defenses")
    @classmethod
    def _defense_not_ac(cls, defenses: dict[str, int]) -> dict[str, int]:
        if "ac" in defenses:
            raise ValueError("d20 Modern has Defense, not AC: name it 'defense'")
        return defenses


Ctx = AnyCtx[Options, Stats]  # what this system's rules read, with its own options and stats


def defenses(stats: Stats, options: Options, flat_footed: bool) -> dict[str, int]:
    """The target's Defense values as it stands: those given, else worked out from its parts."""
    parts = stats.defense_parts
    if parts is None:
        return stats.defenses
    worked_out = {
        FULL: parts.total(options, touch=False, flat_footed=False),
        "flat_footed": parts.total(options, touch=False, flat_footed=True),
        "touch": parts.total(options, touch=True, flat_footed=flat_footed),
    }
    return worked_out | stats.defenses


def start_of_turn(body: hp.HitPoints) -> hp.HitPoints:
    """No roll is due: the excerpt has no stabilization rule (digest G3)."""
    return body


TRAITS = Traits(body_turn_started=start_of_turn, body_turn_ended=dnd35.end_of_turn)


class D20ModernRuleset(dnd35.HitPointRuleset[Options, Stats]):
    """The 3.5 hit point track with d20 Modern's Defense, flat-footed, ties and massive damage."""

    name = "d20modern"

    def massive_threshold(self, stats: Any) -> int | None:
        """Product decision (CONTRACT §1; the seed has no massive damage): the Con score."""
        threshold: int | None = stats.constitution
        return threshold

    def massive_failure(self, options: Any) -> int | None:
        return MASSIVE_FAILURE_HP if options.massive_damage_result == "dying" else None

    def traits(self, options: Any) -> Traits:
        return TRAITS

    def turn_started(self, body: hp.HitPoints, ctx: Ctx) -> hp.HitPoints:
        return start_of_turn(body)

    def flat_footed(self, ctx: Ctx) -> bool:
        """003 L3: flat-footed until it acts (or, by option, its first regular turn); L98: or
        while the GM rules it cannot react (the condition `flat_footed`)."""
        if any(effect.name in FLAT_FOOTED for effect in ctx.conditions):
            return True
        return super().flat_footed(ctx)

    def tie_breaker(self, stats: Any, modifier: int) -> int | None:
        """003 L4-7 print no tie rule: the GM settles ties (InitiativeTieBroken)."""
        return None

    def attack_outcome(
        self,
        attack: AttackMade,
        body: hp.HitPoints,
        ctx: Ctx,
        attacker: tuple[hp.HitPoints, Ctx] | None = None,
    ) -> Outcome | None:
        """003 L15-17, L83: against Defense, flat-footed or touch Defense as the target stands."""
        flat = self.flat_footed(ctx) and not body.dead
        values = defenses(ctx.stats, ctx.options, flat)
        return dnd35.attack_outcome(attack, values, flat, full=FULL)

    catalog: Catalog = CATALOG

    def attack_terms(
        self,
        attack: AttackMade,
        body: hp.HitPoints,
        ctx: Ctx,
        attacker: tuple[hp.HitPoints, Ctx] | None = None,
    ) -> AttackTerms:
        flat = self.flat_footed(ctx) and not body.dead
        return dnd35.defended(attack, defenses(ctx.stats, ctx.options, flat), flat, full=FULL)


RULESET: Ruleset[hp.HitPoints, Options, Stats] = D20ModernRuleset(Options, Stats, Attack)
