"""Orcus powers as a stat block gives them (004 "Powers" L900-1002): an attack vs a defense."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from domain.events import Int, Label
from domain.rulesets import attacks
from domain.rulesets.attacks import DamageRoll, Dice, Text, maximum


class Power(attacks.Attack):
    """A power: its frequency and action, its attack (bonus vs a defense), and its Hit, Miss
    and Effect lines; a critical hit does maximum damage (L1215-1216)."""

    frequency: Literal["at-will", "encounter", "daily"] | None = Field(
        None, title="Frequency", description="At-will, encounter or daily (004 L907-912)."
    )
    action: Label | None = Field(
        None, title="Action", description="Standard, move, swift, free … (004 L914-916)."
    )
    range: Label | None = Field(
        None,
        title="Range",
        description="Origin, area and range as printed: melee 1, ranged 10, near burst 2 (004 "
        "L922-966).",
    )
    bonus: Int = Field(
        title="Attack bonus",
        description="Ability modifier + half level + other modifiers (004 L970-972).",
    )
    vs: Literal["ac", "fortitude", "reflex", "will"] = Field(
        title="Against",
        description="The defense the attack targets: AC, Fortitude, Reflex or Will (004 L973).",
    )
    damage: Dice | None = Field(
        None,
        title="Hit damage",
        description="The Hit: damage in dice notation with the weapon's dice for dW, e.g. 2d8+4 "
        "(004 L987-999); maximized on a critical hit (L1216).",
    )
    hit: Text | None = Field(
        None, title="Hit", description="The rest of the Hit: line, e.g. the target is dazed (L980)."
    )
    miss: Text | None = Field(
        None,
        title="Miss",
        description="The Miss: line, e.g. half damage: damage the table records `on_miss` (004 "
        "L981; a mook takes none, L1589).",
    )
    effect: Text | None = Field(
        None, title="Effect", description="What applies hit or miss (004 L982)."
    )
    critical: Dice | None = Field(
        None,
        title="Extra critical dice",
        description="Dice a critical hit adds (Improved Critical +1dW, an enchantment's +Xd6: "
        "L729, L2207): rolled, not maximized (L1216).",
    )


def critical_damage(power: Power, critical: bool) -> tuple[DamageRoll, ...]:
    """004 "Critical Hits" L1215-1216: maximum damage, and the extra critical dice rolled."""
    if power.damage is None:
        return () if not critical or power.critical is None else (
            DamageRoll(power.critical, power.damage_type),)  # fmt: skip
    if not critical:
        return (DamageRoll(power.damage, power.damage_type),)
    rolled = () if power.critical is None else (DamageRoll(power.critical, power.damage_type),)
    return (DamageRoll(str(maximum(power.damage)), power.damage_type), *rolled)
