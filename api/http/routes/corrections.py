"""Corrections: undo, redo and amend a past line; what follows from it is recomputed."""

from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter

from api.http.deps import RuntimeDep, Writer
from api.http.problems import BUSY, ERRORS
from api.http.routes.encounters import IdempotencyKey
from api.http.schemas import encounters as schemas
from api.http.writes import write

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post(
    "/{encounter_id}/undo", status_code=201, response_model=schemas.Appended, responses=BUSY
)
async def undo(
    encounter_id: UUID,
    body: schemas.Undo,
    _: Writer,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Revoke line `position`, the action beginning at line `action`, or the latest action in
    force, with the GM's `reason` if given."""
    return await write(runtime, encounter_id, "undo", body, key)


@router.post(
    "/{encounter_id}/redo", status_code=201, response_model=schemas.Appended, responses=BUSY
)
async def redo(
    encounter_id: UUID,
    body: schemas.Redo,
    _: Writer,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Restore line `position`, the action beginning at line `action`, or what the latest undo
    took back, with the GM's `reason`."""
    return await write(runtime, encounter_id, "redo", body, key)


@router.post(
    "/{encounter_id}/amend", status_code=201, response_model=schemas.Appended, responses=BUSY
)
async def amend(
    encounter_id: UUID,
    body: schemas.Amendment,
    _: Writer,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Correct the ruling at `position` (with the GM's `reason`); what follows is recomputed."""
    return await write(runtime, encounter_id, "amend", body, key)
