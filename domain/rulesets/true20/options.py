"""True20 house rules (digest §11, one option per ambiguity a tracker meets) and combatant stats."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.rulesets.attacks import attack_list
from domain.rulesets.base import CommonOptions
from domain.rulesets.base import Ctx as AnyCtx
from domain.rulesets.true20.attacks import Attack


class Options(CommonOptions):
    """Each default is the digest's reading; each alternative is named after its A-number.

    CommonOptions already holds A1 (`flat_footed_until`) and A5 (`duration_key`).
    """

    flat_footed_loses_parry: bool = Field(
        True, description="A2: flat-footed costs the parry bonus too (L139), not dodge only (L369)."
    )
    round_start_hooks: Literal["top_of_round", "own_turn"] = Field(
        "top_of_round",
        description="A6: the dying check and extra-effort fatigue come at the top of the round, "
        "before the first turn, or at the combatant's own turn.",
    )
    hurt_on_every_failure: bool = Field(
        True,
        description="A7: every failed Toughness save adds a bruised/hurt tally (false: only "
        "margins 1-4 do, each save giving exactly one result).",
    )
    stacking_marks: bool = Field(
        False,
        description="A8: dazed and wounded are single boxes (a repeat escalates) or stacking marks "
        "(a repeat adds a mark, each −1 and each recovered on its own).",
    )
    collateral_escalates: bool = Field(
        False,
        description="A10: a collateral mark on an already checked box (or a collateral bruise on "
        "an unconscious character) is bookkeeping only, or escalates and overflows.",
    )
    staggered_any_damage_ko: bool = Field(
        True, description="A11: any further damage to a staggered character knocks it out (L386)."
    )
    shaken_affects_toughness: bool = Field(
        False,
        description="A12: wounded's shaken (and a shaken condition) also gives −2 on Toughness "
        "saves (glossary L382), not only on Fortitude, Reflex and Will (L341).",
    )
    hurt_penalty: Literal["all_saves", "lethal_only"] = Field(
        "all_saves",
        description="A13: each hurt is −1 on all Toughness saves (L328) or on saves against "
        "lethal damage only (the glossary's Injured, L374).",
    )
    impossible_save_nat20: bool = Field(
        True,
        description="001 L335: a natural 20 on a Toughness save no roll could pass gives only "
        "bruised or hurt; false is the text's own 'realistic consequences' variant.",
    )
    lost_action: Literal["one_round", "next_turn"] = Field(
        "one_round",
        description="A15: the lost action and the stun cover 1 round from the inflicting count, or "
        "always the victim's next turn (they differ for a result on the victim's own turn).",
    )
    disabled_dying_timing: Literal["next_round", "immediate"] = Field(
        "next_round",
        description="A16: a disabled character's strenuous action knocks it out now and it begins "
        "dying next round (L342), or it is dying at once (L362).",
    )
    dying_procedure: Literal["per_round_con", "hourly_fort"] = Field(
        "per_round_con",
        description="A17: a Constitution check (Difficulty 10) each round (L343), or a Fortitude "
        "save at once and each hour, +1 per hour, stable on a natural 20 (L363-364).",
    )
    helpless_defense: Literal["digest", "glossary"] = Field(
        "digest",
        description="A18: against a helpless defender the GM rules hit or miss (no dodge, −9 "
        "adjacent, −5 ranged: the log does not say which), or Defense is 5 (glossary L372).",
    )
    become_fatigued: Literal["at_least", "one_level"] = Field(
        "at_least",
        description="A21: a 'fatigued' or 'exhausted' result brings at least that level (+1 if "
        "already there), or is one more level whatever it names.",
    )
    extra_effort_fatigue: Literal["winded", "fatigued"] = Field(
        "winded",
        description="A22: extra effort from normal leaves the hero winded (one level), or "
        "straight away fatigued.",
    )
    fading: Literal["each", "one_in_total"] = Field(
        "each",
        description="A23: each minute one bruise fades and the dazed box fades, or one of them in "
        "total (the dazed box first).",
    )
    conviction_recovery: Literal["automatic", "roll_of_10"] = Field(
        "automatic",
        description="A25: Conviction spent on a recovery check makes it succeed, or counts the "
        "die as 10 (so a net modifier below 0 still fails).",
    )
    entangled_loses_dodge: bool = Field(
        True, description="A29: an entangled defender loses its dodge bonus (table L307)."
    )


class Stats(BaseModel):
    """initiative_modifier, dexterity, constitution, toughness, defenses {defense}; optionally the
    dodge and parry bonuses inside that Defense (what flat-footed, stunned … take away)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    initiative_modifier: int = Field(0, strict=True)
    dexterity: int = Field(0, strict=True, description="The Dexterity modifier (ties, L138).")
    constitution: int | None = Field(None, strict=True, description="The Constitution modifier.")
    toughness: int | None = Field(None, strict=True, description="The Toughness save bonus.")
    defenses: dict[str, int] = Field(default_factory=dict)
    dodge: int = Field(0, ge=0, strict=True, description="Dodge bonus included in Defense.")
    parry: int = Field(0, ge=0, strict=True, description="Parry bonus included in Defense.")
    attacks: list[Attack] = attack_list(
        "Attacks", "The attacks its stat block gives, each one tap at the table (001 L98-120)."
    )


Ctx = AnyCtx[Options, Stats]  # what this system's rules read, with its own options and stats
