"""An encounter's tokens: its table's key reads them (as `combatlog tokens` does on the service's
machine), and a GM replaces the player or GM token, after which the old one is refused."""

from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool

from api.http.deps import FeedsDep, KeyOpened, TokensDep, Writer
from api.http.problems import ERRORS
from api.http.routes.encounters import NO_STORE
from api.http.schemas import encounters as schemas

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post("/{encounter_id}/tokens", response_model=schemas.Tokens, dependencies=NO_STORE)
async def rotate(
    encounter_id: UUID, body: schemas.Rotation, _: Writer, tokens: TokensDep, feeds: FeedsDep
) -> schemas.Tokens:
    """Replace the player (or GM) token; every worker refuses the old one from now on, and a
    live stream opened with it ends (on this worker at once; on another before its next line)."""
    issued = await run_in_threadpool(tokens.rotate, encounter_id, body.rotate)
    await feeds.rotated(encounter_id)
    return schemas.Tokens(id=encounter_id, **issued)


@router.get("/{encounter_id}/tokens", response_model=schemas.Tokens, dependencies=NO_STORE)
async def current(encounter_id: UUID, _: KeyOpened, tokens: TokensDep) -> schemas.Tokens:
    """The encounter's current GM and player tokens, for the key of its table only: the GM page
    opens a fight from a campaign's page with them (what `combatlog tokens ID` prints)."""
    issued = await run_in_threadpool(tokens.issued, encounter_id)
    return schemas.Tokens(id=encounter_id, **issued)
