"""Starfinder house rules (digest §14, one option per policy the log can tell apart) and stats."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict

from domain.rulesets.attacks import attack_list
from domain.rulesets.base import CommonOptions
from domain.rulesets.base import Ctx as AnyCtx
from domain.rulesets.starfinder.attacks import Attack
from domain.rulesets.starfinder.resist import Energy, StatBlockDR


class Options(CommonOptions):
    """Each default is the digest's reading; each alternative is named after its P-number.

    CommonOptions holds P9 (`duration_key`: count, the literal reading) and the end of
    flat-footed from surprise (`flat_footed_until`, read here as "until the end of that turn").
    """

    first_drop_costs_resolve: bool = Field(
        False,
        description="P1: the hit that first drops a creature to 0 HP also counts as its first HP "
        "damage of the round while dying and costs 1 RP at once (default: it does not).",
    )
    damage_while_stable_costs_resolve: bool = Field(
        False,
        description="P2: damage that makes a stable creature dying again also costs RP as damage "
        "while dying (default: no RP from that instance; any damage still ends stability).",
    )
    first_big_hit_costs_two: bool = Field(
        False,
        description="P3: the first HP damage of a round while dying that is over half max HP "
        "costs 2 RP (default: 1 RP; the extra RP only 'at any point after that in the round').",
    )
    grace_protects_from_damage: bool = Field(
        False,
        description="P4: during the 0-RP grace round, HP damage does not kill either (default: "
        "the grace covers only the end-of-turn loss; HP damage kills instantly).",
    )
    massive_at_zero_counts: Literal["hit_points", "raw"] = Field(
        "hit_points",
        description="P5: the 'single attack ≥ max HP while at 0 HP' rule counts only the damage "
        "that reaches HP (hit_points) or the whole amount before SP and temporary HP (raw).",
    )
    nonlethal_massive_damage: bool = Field(
        False,
        description="P16: nonlethal overflow ≥ max HP kills as massive damage (default: nonlethal "
        "damage leaves the creature at exactly 0 HP and stable).",
    )
    nonlethal_at_zero_hp: Literal["no_effect", "stabilizes"] = Field(
        "no_effect",
        description="P17: nonlethal HP damage to a creature already at 0 HP has no effect on HP, "
        "RP or dying (no_effect), or, read literally, makes a dying creature stable (stabilizes).",
    )
    monster_death: Literal["at_zero", "three_rounds"] = Field(
        "at_zero",
        description="002 'Monster and NPC Death' (digest 9.6): a monster without the dying rules "
        "is dead at 0 HP, or (the GM's optional rule) dies at the start of its turn 3 rounds "
        "later unless it takes more damage (dead at once) or is healed.",
    )


class Stats(BaseModel):
    """CONTRACT §1 plus `level` (HP from a night's rest), `dying_rules` (the GM's choice), and
    `dr` and `resist` (damage reduction and energy resistance, 002 L1183-1207)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_hp: int = Field(ge=1, strict=True)
    max_stamina: int = Field(0, ge=0, strict=True)
    max_resolve: int = Field(0, ge=0, strict=True)
    initiative_modifier: int = Field(0, strict=True)
    dexterity: int | None = Field(None, strict=True)
    defenses: dict[str, int] = Field(default_factory=dict)
    level: int | None = Field(None, ge=1, strict=True)
    dying_rules: bool | None = Field(
        None,
        description="002 'Monster and NPC Death': whether this creature uses the dying rules "
        "(default: PCs with RP do; NPCs and creatures without RP die at 0 HP).",
    )
    dr: StatBlockDR | None = Field(
        None,
        description="002 'Damage Reduction (DR)': ignores this much bludgeoning, piercing and "
        "slashing damage from each attack unless the attack overcomes it; '5/magic' as a stat "
        "block prints it, or {amount, overcome_by}.",
    )
    resist: dict[Energy, Annotated[int, Strict(), Field(ge=0, le=1000)]] = Field(
        default_factory=dict,
        description="002 'Energy Resistance': {type: n} ignores n damage of that energy type "
        "(acid, cold, electricity, fire, sonic) from each attack.",
    )
    attacks: list[Attack] = attack_list(
        "Attacks", "The attacks its stat block gives, each one tap at the table (002 L59-103)."
    )


Ctx = AnyCtx[Options, Stats]  # what this system's rules read, with its own options and stats
