"""An encounter's tokens: the operator reads them (as `combatlog tokens` does on the service's
machine), and a GM replaces the player or GM token, after which the old one is refused."""

from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool

from api.http import schemas
from api.http.access import tokens
from api.http.routes import ERRORS, Operator, Service, Writer

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post("/{encounter_id}/tokens", response_model=schemas.Tokens)
async def rotate(
    encounter_id: UUID, body: schemas.Rotation, _: Writer, request: Request, service: Service
) -> schemas.Tokens:
    """Replace the player (or GM) token; every worker refuses the old one from now on."""
    await run_in_threadpool(service.store.access.rotate, encounter_id, body.rotate)
    return await current_tokens(request, service, encounter_id)


@router.get("/{encounter_id}/tokens", response_model=schemas.Tokens)
async def current(
    encounter_id: UUID, _: Operator, request: Request, service: Service
) -> schemas.Tokens:
    """The encounter's current GM and player tokens, for the operator token only: the GM page
    opens a fight from a campaign's page with them (what `combatlog tokens ID` prints)."""
    service.exists(encounter_id)
    return await current_tokens(request, service, encounter_id)


async def current_tokens(request: Request, service: Service, encounter_id: UUID) -> schemas.Tokens:
    """The encounter's tokens at the generations the store holds now."""
    generations = await run_in_threadpool(service.store.access.generations, encounter_id)
    return schemas.Tokens(
        id=encounter_id, **tokens(request.app.state.secret, encounter_id, generations)
    )
