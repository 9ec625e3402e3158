"""True20 attacks as a stat block gives them: a damage bonus, not dice (001 L114-120)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from domain.events import Flag, Int, NonNegative
from domain.rulesets import attacks
from domain.rulesets.attacks import DamageRoll, Threat

CRITICAL_INCREASE = 3  # 001 "Critical Hits" L119: "If unspecified … increases damage by +3"


class Attack(attacks.Attack):
    """An attack: its bonus, damage bonus, threat range and critical increase (001 L98-120)."""

    damage: Int = Field(
        title="Damage bonus",
        description="Weapon damage + Strength (001 L114-116): no dice; the target's Toughness save "
        "is against 15 + this (L322-323).",
    )
    threat: Threat = attacks.threat_range("(001 L120, Improved Critical)")
    critical: NonNegative = Field(
        CRITICAL_INCREASE,
        title="Critical increase",
        description="A confirmed critical hit raises the damage bonus by this much (001 L119, "
        "L336: +3 if the weapon does not say).",
    )
    defense: Literal["defense", "melee", "ranged"] | None = Field(
        None,
        title="Against",
        description="melee or ranged (parry and cover differ, 001 L98-113, table L304-316); "
        "absent: Defense.",
    )
    nonlethal: Flag = attacks.nonlethal(
        "Deals non-lethal damage, as unarmed strikes and saps do (001 L325-326)."
    )


def critical_damage(attack: Attack, confirmed: bool) -> tuple[DamageRoll, ...]:
    """001 L119, L336: nothing is rolled; a critical raises the damage bonus by its increase."""
    bonus = attack.damage + (attack.critical if confirmed else 0)
    return (DamageRoll(str(bonus), attack.damage_type),)
