"""The creature library and party roster over HTTP, with the operator token: saved stat blocks
per ruleset, reusable across encounters, exported and imported as JSON."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Depends, Header, Request, Response
from pydantic import BaseModel, Field

from api.http.access import check_operator
from api.http.problems import HttpProblem, Problem
from api.http.schemas import example
from api.library import Creature, CreatureError, CreatureLibrary, creature_from
from api.store import EncounterStore
from domain.events import CombatantId
from domain.rulesets import System

SystemName = System  # the registry (domain/rulesets/systems.py)
GOBLIN: dict[str, Any] = {
    "name": "Goblin", "side": "foes", "kind": "npc",
    "stats": {"max_hp": 6, "initiative_modifier": 1, "defenses": {"ac": 15}},
}  # fmt: skip
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        401: "No token", 403: "Not the operator token", 404: "No such creature",
        422: "Bad input: the field is named (stats are checked by the ruleset)",
    }.items()
}  # fmt: skip
router = APIRouter(prefix="/library", tags=["library"], responses=ERRORS)
made = threading.Lock()
T = TypeVar("T")


def made_once(request: Request, name: str, make: Callable[[EncounterStore], T]) -> T:
    """The service's table `name` over its store (the library, the campaign registry), made by
    the first request that needs it."""
    state = request.app.state
    with made:
        if getattr(state, name, None) is None:
            setattr(state, name, make(state.encounters.store))
    kept: T = getattr(state, name)
    return kept


def library(request: Request, authorization: Annotated[str | None, Header()] = None) -> Any:
    """The service's library (made on first use), for the operator token only."""
    refused = "the creature library needs the operator token"
    check_operator(request.app.state.secret, authorization, refused)
    return made_once(request, "library", CreatureLibrary)


Library = Annotated[CreatureLibrary, Depends(library)]


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


@router.get("", response_model=Creatures)
def creatures(keeper: Library, ruleset: SystemName | None = None) -> Creatures:
    """The saved creatures and party members, of one ruleset when `ruleset` is given."""
    return Creatures(creatures=[c.model_dump() for c in keeper.creatures(ruleset)])


@router.get("/export", response_model=Creatures)
def export(keeper: Library) -> Creatures:
    """Every saved creature of every ruleset, to import elsewhere."""
    return Creatures(creatures=[c.model_dump() for c in keeper.creatures()])


@router.post("/import", response_model=Imported)
def import_creatures(body: Creatures, keeper: Library) -> Imported:
    """Keep every creature given (replacing those of the same ruleset and id), all or none."""
    kept = [checked(raw, f"creatures[{n}].") for n, raw in enumerate(body.creatures)]
    keeper.save(kept)
    return Imported(imported=len(kept))


@router.put("/{ruleset}/{creature_id}", response_model=Kept)
def save(
    ruleset: SystemName, creature_id: CombatantId, body: SavedCreature, keeper: Library
) -> Kept:
    """Keep a creature under this ruleset and id (replacing one kept before); its stats are
    checked against the ruleset's stats."""
    creature = checked({"id": creature_id, "ruleset": ruleset, **body.model_dump()}, "")
    keeper.save([creature])
    return Kept.model_validate(creature.model_dump())


@router.delete("/{ruleset}/{creature_id}", status_code=204, response_class=Response)
def forget(ruleset: SystemName, creature_id: CombatantId, keeper: Library) -> Response:
    """Forget a saved creature."""
    if not keeper.delete(ruleset, creature_id):
        raise HttpProblem(404, "No such creature", f"no {ruleset} creature {creature_id}")
    return Response(status_code=204)


def checked(raw: Any, where: str) -> Creature:
    """The creature, or 422 naming the field at fault."""
    try:
        return creature_from(raw, where)
    except CreatureError as exc:
        raise HttpProblem(422, "Invalid creature", exc.reason, exc.field) from None
