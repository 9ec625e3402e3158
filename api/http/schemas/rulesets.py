"""What the rulesets' damage route takes and answers (api/http/routes/pages.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from api.http.schemas.encounters import example


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
