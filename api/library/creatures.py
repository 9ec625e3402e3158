"""A saved creature: a stat block checked against its ruleset's stats, ready to join a fight."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from domain.bounds import NUL_FREE, edge_validator
from domain.events import CombatantId, Label, Ruleset, Tree
from domain.integrity import first_error
from domain.rulesets import ruleset_for


class CreatureError(ValueError):
    """A creature the library cannot keep, naming the field at fault."""

    def __init__(self, field: str, reason: str) -> None:
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}")


# A line of text the stats cannot hold (saves, immunities, an ability), kept for the GM to read.
Note = Annotated[str, StringConstraints(min_length=1, max_length=1000), NUL_FREE]


class Creature(BaseModel):
    """One saved creature or party member of a ruleset (`party`: on the party roster)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: CombatantId
    ruleset: Ruleset
    name: Label
    side: Label
    kind: Literal["pc", "npc"] | None = None
    stats: Tree = Field(default_factory=dict)  # within the bounds a fact's stats keep
    party: bool = False
    notes: list[Note] = Field(default_factory=list, max_length=200)  # what its stats cannot hold


FROM_OUTSIDE = edge_validator(Creature.__pydantic_core_schema__)


def creature_from(raw: Any, where: str = "") -> Creature:
    """A creature from JSON, its stats validated by its ruleset; CreatureError names the field
    (prefixed by `where`, e.g. `creatures[2].`)."""
    try:
        creature: Creature = FROM_OUTSIDE.validate_python(raw)  # held to domain.bounds
    except ValidationError as exc:
        name, reason = first_error(exc)
        raise CreatureError(f"{where}{name}".rstrip("."), reason) from None
    try:
        ruleset_for(creature.ruleset).stats_model.model_validate(creature.stats)
    except ValidationError as exc:
        name, reason = first_error(exc, "stats.")
        raise CreatureError(f"{where}{name}", reason) from None
    return creature
