"""What the rulesets' damage route takes and answers (api/http/routes/pages.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from api.http.schemas.encounters import example
from domain.events import NonNegative
from domain.rulesets.area import Spared


class DamageAsked(BaseModel):
    """A stored attack (its system's `attacks` entry) and whether the hit is a critical."""

    model_config = example(
        {
            "attack": {"name": "Longsword", "bonus": 6, "damage": "1d8+3", "threat": 19},
            "critical": True,
        },
        extra="forbid",
    )

    attack: dict[str, Any]
    critical: bool = False


class DamageRollOut(BaseModel):
    """One roll of the hit's damage: dice notation (a constant when nothing is rolled), its type."""

    roll: str
    damage_type: str | None = None


class DamageRolls(BaseModel):
    """The rolls a hit of the attack deals, as the ruleset deals them; their sum is the amount."""

    model_config = example({"rolls": [{"roll": "2d8+6", "damage_type": "slashing"}]})

    rolls: list[DamageRollOut]


class AreaDamageAsked(BaseModel):
    """An area's damage, rolled once for every target, and how the effect spares a target that
    saves (Orcus: one the attack roll misses): half or none."""

    model_config = example({"amount": 27, "spared": "half"}, extra="forbid")

    amount: NonNegative
    spared: Spared = "half"


class AreaDamage(BaseModel):
    """What a spared target takes of the area's damage, and the rule in words with its lines."""

    model_config = example(
        {"amount": 13, "by": "save", "rule": "… half is rounded down (L243: half of 7 is 3)."}
    )

    amount: int
    by: str
    rule: str
