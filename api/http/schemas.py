"""Request and response bodies of the HTTP API."""

from __future__ import annotations

from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

FACT_EXAMPLE = {"type": "DamageDealt", "target": "goblin-2", "amount": 7, "attack": 12}
ROLL_EXAMPLE = {"type": "AttackMade", "attacker": "valeros", "target": "goblin-2", "roll": "1d20+5"}


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewEncounter(Body):
    """An encounter to open: its name, rules system and house rules."""

    name: str = Field(min_length=1, max_length=200, examples=["Goblin ambush"])
    ruleset: Literal["dnd35", "d20modern", "true20", "starfinder", "orcus"] = "dnd35"
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"temp_hp_model": "pool"}])


class Opened(BaseModel):
    """A new encounter and its two tokens (shown once; keep them)."""

    id: UUID
    version: int
    gm_token: str
    player_token: str


class Summary(BaseModel):
    """One encounter in the list."""

    id: UUID
    name: str
    ruleset: str
    version: int


class NewFacts(Body):
    """Facts to append, all or none. A fact may give `roll` (dice notation) instead of its dice."""

    facts: list[dict[str, Any]] = Field(
        min_length=1, max_length=500, examples=[[FACT_EXAMPLE], [ROLL_EXAMPLE]],
        description="Events of CONTRACT §1 (each with its `type`); `roll` such as '1d20+5' fills "
        "natural/total (attacks, saves, checks), natural/modifier (initiative) or amount.",
    )  # fmt: skip
    expected_version: int | None = Field(
        None, ge=1, description="Refuse (409) if the log moved on."
    )


class Correction(Body):
    """Undo or redo: a position, or none for the latest."""

    position: int | None = Field(None, ge=2)
    expected_version: int | None = Field(None, ge=1)


class Amendment(Body):
    """A corrected ruling for a past position."""

    position: int = Field(ge=2)
    replacement: dict[str, Any] = Field(examples=[FACT_EXAMPLE])
    reason: str | None = Field(None, max_length=200)
    expected_version: int | None = Field(None, ge=1)


class Appended(BaseModel):
    """The lines written: first..version."""

    first: int
    version: int


class LogLine(BaseModel):
    """One line of the log with what became of it."""

    position: int
    fact: dict[str, Any]
    revoked: bool
    amended_by: int | None = None
