"""Players' proposals (issue 26): a player character's token proposes for that character and
withdraws its own; the GM reads the queue and accepts (as proposed or edited) or declines; a
player reads their own proposals and what became of them."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Path, Query

from api.http.deps import Opened, RuntimeDep, Writer
from api.http.problems import BUSY, ERRORS, HttpProblem
from api.http.proposing import propose, proposer, read, rule, withdraw
from api.http.routes.encounters import IdempotencyKey
from api.http.schemas import encounters as schemas
from api.http.schemas.proposals import Acceptance, Declining, NewProposal, Proposed
from projections.history import History
from projections.proposals import OPEN, gm_proposals, player_proposals

router = APIRouter(prefix="/encounters", tags=["proposals"], responses=ERRORS)
Line = Annotated[int, Path(ge=1, lt=2**63, description="The proposal's line.")]
LIMITED = {
    **BUSY,
    429: {"description": "Too many proposals of this character wait, or were made this minute",
          "headers": {"Retry-After": {"description": "Seconds to wait",
                                      "schema": {"type": "integer"}}}},
}  # fmt: skip
EVERY_STATE = ("pending", "stale", "accepted", "edited", "declined", "withdrawn")


@router.post(
    "/{encounter_id}/proposals", status_code=201, response_model=schemas.Appended,
    responses=LIMITED,
)  # fmt: skip
async def make(
    encounter_id: UUID,
    body: NewProposal,
    caller: Opened,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """A player proposes facts for their own character (the one their link holds; 403 for any
    other, and for the GM's or the shared player token); nothing at the table changes until the
    GM accepts. A combatant the player cannot see is refused as one that never joined."""
    character = proposer(caller.role, caller.viewer, body.combatant)
    return await propose(runtime, encounter_id, character, body, key)


@router.get("/{encounter_id}/proposals", response_model=list[Proposed])
async def listed(
    encounter_id: UUID,
    caller: Opened,
    runtime: RuntimeDep,
    all: Annotated[bool, Query(description="Every proposal, ruled ones too (GM).")] = False,
) -> list[Any]:
    """The GM: the queue (pending and stale, oldest first; `all`: every proposal), each in words
    with the outcome the rules preview for it. A player: their own proposals and what became of
    them (the GM's decline reason among it); the shared player token: none."""
    states = EVERY_STATE if all else OPEN

    def view(history: History) -> list[Any]:
        if caller.role == "gm":
            return gm_proposals(history, states)
        return player_proposals(history, caller.viewer)

    return await read(runtime, encounter_id, view)


@router.delete("/{encounter_id}/proposals/{line}", response_model=schemas.Appended, responses=BUSY)
async def withdrawn(
    encounter_id: UUID,
    line: Line,
    caller: Opened,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """A player withdraws their own proposal while the GM has not ruled on it (its line
    undone); any other line is a 404 alike."""
    if caller.role == "gm" or not caller.viewer:
        raise HttpProblem(403, "A character's link only", "a player withdraws their own "
                          "proposal: the GM declines it", "authorization")  # fmt: skip
    return await withdraw(runtime, encounter_id, caller.viewer, line, key)


@router.post(
    "/{encounter_id}/proposals/{line}/accept", status_code=201,
    response_model=schemas.Appended, responses=BUSY,
)  # fmt: skip
async def accepted(
    encounter_id: UUID,
    line: Line,
    body: Acceptance,
    _: Writer,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """The GM accepts the proposal: as proposed, or as `facts` (edited), in one action with the
    ruling; each fact as the player proposed it carries the player's `by`."""
    return await rule(runtime, encounter_id, line, body, key)


@router.post(
    "/{encounter_id}/proposals/{line}/decline", status_code=201,
    response_model=schemas.Appended, responses=BUSY,
)  # fmt: skip
async def declined(
    encounter_id: UUID,
    line: Line,
    body: Declining,
    _: Writer,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """The GM declines the proposal, with a reason its player alone sees."""
    return await rule(runtime, encounter_id, line, body, key)


__all__ = ["router"]
