"""Orcus house rules (digest §19) and combatant stats, with the rank numbers of the seed."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.rulesets.attacks import attack_list
from domain.rulesets.base import CommonOptions
from domain.rulesets.base import Ctx as AnyCtx
from domain.rulesets.orcus.attacks import Power

MOOK_HP = 1  # 004 "Mooks" L1589: "1 HP only"
RANK_HP = {"elite": 2, "boss": 4}  # 004 "Elites" L1594, "Bosses" L1601: twice / four times HP
RANK_SAVE_BONUS = {"elite": 2, "boss": 5}  # 004 L1595, L1602: +2 / +5 on saving throws
RANK_ACTION_POINTS = {"elite": 1, "boss": 2}  # 004 L1596, L1603: 1 / 2 action points an encounter
MONSTER_RECOVERIES = ((21, 3), (11, 2), (1, 1))  # 004 "Recoveries" L1686: 1; 2 at 11+; 3 at 21+
RANKS = {"mook": "mook", "minion": "mook", "elite": "elite", "boss": "boss", "solo": "boss"}


class Options(CommonOptions):
    """Orcus house rules; each default is the digest's recommended reading (§19)."""

    death_save_timing: Literal["start", "end"] = Field(
        "start",
        description="A1: a death save is called for when the turn starts at 0 HP or below "
        "(Healing › Death Saving Throws) or at the end of each turn (Conditions › Dying).",
    )
    natural_saves: Literal["automatic", "total_only"] = Field(
        "automatic",
        description="A3: a natural 20 on a saving throw (death saves included) succeeds and a "
        "natural 1 fails, as the text implies (automatic), or only the total counts.",
    )
    min_damage: Literal[0, 1] = Field(
        0, description="A4: damage after resistance is at least 0 (Damage Rolls) or 1 (Rounding)."
    )
    staggered_value: Literal["round_down", "exact"] = Field(
        "round_down",
        description="A5: the staggered value is floor(max/2) (45 → dead at −22) or exactly "
        "max/2 (45 → dead at −23) for instant death and Coup de Grace.",
    )
    unconscious_helpless: bool = Field(
        True, description="A6: unconscious (so dying) creatures are also helpless."
    )
    persistent_stacking: Literal["each", "highest_per_type"] = Field(
        "each",
        description="A11: every persistent damage instance ticks, or only the highest of each "
        "damage type.",
    )
    two_types: Literal["all_types", "any_type"] = Field(
        "all_types",
        description="A12: damage of two types is resisted only if every type is (the lowest "
        "value), or by the highest resistance to any one of them.",
    )
    start_of_turn_order: Literal["regeneration_first", "persistent_first"] = Field(
        "regeneration_first",
        description="A13: regeneration before persistent damage (the digest's test default), or "
        "after; the death save always comes last.",
    )
    stable_when_damaged: Literal["stays_stable", "dying_again"] = Field(
        "stays_stable",
        description="A14: a stable creature that takes damage stays stable, or is dying again.",
    )
    knockout_hp: Literal["keep", "zero"] = Field(
        "keep",
        description="A18: a knocked-out creature keeps its real HP below 0, or is set to 0.",
    )
    death_save_twenty: Literal["total", "natural"] = Field(
        "total",
        description="A20: a death save of 20 or higher counts the total, or only a natural 20.",
    )
    no_negative_hp: bool = Field(
        False,
        description="Healing › Variant: No Negative HP (L1467-1469): HP stop at 0; only a single "
        "attack reaching −(staggered value) kills.",
    )
    monsters_die_at_zero: bool = Field(
        True,
        description="Healing › Monsters and Death (L1464-1466): monsters (kind npc) die at 0 HP "
        "unless their stats say death_saves: true.",
    )
    temp_hp_choice: Literal["higher", "newest"] = Field(
        "higher",
        description="Temporary HP never add (L1476): the creature keeps the higher pool, or each "
        "recorded gain replaces the pool (the GM records only gains the creature takes).",
    )
    rank_hp: Literal["as_given", "multiply"] = Field(
        "as_given",
        description="max_hp is the stat block's total, or the standard figure that the ruleset "
        "doubles for elites and quadruples for bosses (L1594, L1601).",
    )
    attack_penalties: Literal["derived", "in_total"] = Field(
        "derived",
        description="The attacker's own condition penalties (prone, rattled, restrained: −2 "
        "each, L1529, L1533, L1536): the ruleset takes them off the recorded attack total "
        "(derived), or the table's total already has them (in_total).",
    )
    surprised_first_turn: Literal["none", "one_standard"] = Field(
        "none",
        description="A2: a surprised creature's turn in the surprise round allows no actions "
        "(Combat › Surprise L1067) or one standard action (Conditions › Surprised L1549).",
    )
    weakened_damage: Literal["derived", "in_amount"] = Field(
        "derived",
        description="A weakened attacker's damage is halved, persistent damage excepted "
        "(L1559): the ruleset halves the announced amount of damage citing its attack "
        "(derived), or the table's announced amount already has it (in_amount).",
    )
    combat_advantage: Literal["derived", "in_total"] = Field(
        "derived",
        description="Combat advantage (+2, L1164) against a target whose conditions grant it: "
        "the ruleset adds it to the recorded attack total (derived), or the table's total "
        "already has it (in_total).",
    )


class Stats(BaseModel):
    """CONTRACT §1 Orcus stats plus the documented extras (recoveries, resist, vulnerable …)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_hp: int = Field(ge=1, strict=True)
    initiative_modifier: int = Field(0, strict=True)
    level: int = Field(1, ge=1, le=35, strict=True)
    role: str = "standard"
    defenses: dict[str, int] = Field(default_factory=dict)
    recoveries: int | None = Field(None, ge=0, strict=True)
    resist: dict[str, int] = Field(default_factory=dict)
    vulnerable: dict[str, int] = Field(default_factory=dict)
    regeneration: int = Field(0, ge=0, strict=True)
    regeneration_while: Literal["always", "staggered", "unstaggered"] = "always"
    incorporeal: bool = False
    death_saves: bool | None = None
    attacks: list[Power] = attack_list(
        "Powers",
        "The attack powers its stat block gives, each one tap at the table (004 L900-1002).",
    )

    @property
    def rank(self) -> str:
        """mook, standard, elite or boss, read from `role` ("elite skulker", "minion" …)."""
        words = self.role.lower().replace("-", " ").split()
        return next((RANKS[w] for w in words if w in RANKS), "standard")

    @property
    def save_bonus(self) -> int:
        """The rank's bonus on saving throws (+2 elite, +5 boss; L1595, L1602). Reference only:
        a recorded save total already includes it (see ruleset.py)."""
        return RANK_SAVE_BONUS.get(self.rank, 0)

    @property
    def action_points(self) -> int:
        """The rank's action points per encounter (1 elite, 2 boss; L1596, L1603); A15: at most
        one a turn. Reference only: no fact spends an action point."""
        return RANK_ACTION_POINTS.get(self.rank, 0)


def monster_recoveries(level: int) -> int:
    """004 "Recoveries" L1686: at least 1; 2 from level 11; 3 from level 21."""
    return next(n for at, n in MONSTER_RECOVERIES if level >= at)


Ctx = AnyCtx[Options, Stats]  # what this system's rules read, with its own options and stats
