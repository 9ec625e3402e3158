"""What the library routes take and answer (api/http/routes/library.py), with their examples."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from api.http.schemas.encounters import example

GOBLIN: dict[str, Any] = {
    "name": "Goblin", "side": "foes", "kind": "npc",
    "stats": {"max_hp": 6, "initiative_modifier": 1, "defenses": {"ac": 15}},
}  # fmt: skip


class SavedCreature(BaseModel):
    """A creature to keep: its stats as its ruleset reads them (`party`: on the party roster)."""

    model_config = example(GOBLIN, extra="forbid")

    name: str = Field(min_length=1, max_length=200)
    side: str = Field(min_length=1, max_length=200)
    kind: Literal["pc", "npc"] | None = None
    stats: dict[str, Any] = Field(default_factory=dict)
    party: bool = False


class Kept(BaseModel):
    """A saved creature as the library keeps it."""

    model_config = example({"id": "goblin", "ruleset": "dnd35", "party": False, **GOBLIN})

    id: str
    ruleset: str
    name: str
    side: str
    kind: Literal["pc", "npc"] | None = None
    stats: dict[str, Any]
    party: bool


class Creatures(BaseModel):
    """Saved creatures, as listed, exported and imported."""

    model_config = example(
        {"creatures": [{"id": "goblin", "ruleset": "dnd35", "party": False, **GOBLIN}]},
        extra="forbid",
    )

    creatures: list[dict[str, Any]] = Field(max_length=5000)


class Imported(BaseModel):
    """How many creatures an import kept."""

    model_config = example({"imported": 12})

    imported: int
