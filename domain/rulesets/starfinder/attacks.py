"""Starfinder attacks as a stat block gives them: against EAC or KAC, doubled on a critical."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from domain.events import Flag
from domain.rulesets import attacks
from domain.rulesets.attacks import DamageRoll, Dice, ExtraDamage, Text

CRITICAL_TIMES = 2  # 002 "Critical Hits" L345: "You roll your damage twice"


class Attack(attacks.DiceAttack):
    """A weapon or natural attack: its bonus, damage, the AC it targets and its critical effect.
    002 has no threat range and no confirmation roll (L345-347): only a natural 20 crits."""

    damage: Dice = attacks.dice_damage("(002 L93-99), rolled twice on a critical hit (L345)")
    defense: Literal["eac", "kac"] = Field(
        title="Against",
        description="eac for an attack dealing only energy damage (acid, cold, electricity, fire, "
        "sonic: 002 L87), kac for bludgeoning, piercing or slashing damage (L91).",
    )
    extra_damage: list[ExtraDamage] = attacks.extra_damages(
        "Additional damage from special abilities: rolled twice too on a critical hit (002 L345)."
    )
    critical: Text | None = Field(
        None,
        title="Critical hit effect",
        description="The weapon's special effect on a critical hit, on top of the doubled damage "
        "(002 L345), e.g. burn 1d6.",
    )
    nonlethal: Flag = attacks.nonlethal("Deals nonlethal damage (002 L678-690).")


def critical_damage(attack: Attack, confirmed: bool) -> tuple[DamageRoll, ...]:
    """002 L345, L103: a critical rolls the damage twice, each time with all its bonuses and the
    additional damage from special abilities."""
    times = CRITICAL_TIMES if confirmed else 1
    extra = (attacks.rolls(e.damage, e.damage_type, times) for e in attack.extra_damage)
    return (attacks.rolls(attack.damage, attack.damage_type, times), *extra)
