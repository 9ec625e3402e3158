"""Corrections: undo, redo and amend a past line; what follows from it is recomputed."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import APIRouter, Request

from api.http import schemas
from api.http.facts import client_replacement
from api.http.routes import ERRORS, IdempotencyKey, Writer, committed
from domain.commands import Amend, Redo, Undo

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post("/{encounter_id}/undo", status_code=201, response_model=schemas.Appended)
async def undo(
    encounter_id: UUID, body: schemas.Undo, _: Writer, request: Request, key: IdempotencyKey = None
) -> schemas.Appended:
    """Revoke line `position`, the action beginning at line `action`, or the latest action in
    force, with the GM's `reason` if given."""
    command = Undo(body.position, body.reason, body.action)
    return await committed(request, encounter_id, command, "undo", body, key)


@router.post("/{encounter_id}/redo", status_code=201, response_model=schemas.Appended)
async def redo(
    encounter_id: UUID, body: schemas.Redo, _: Writer, request: Request, key: IdempotencyKey = None
) -> schemas.Appended:
    """Restore line `position`, the action beginning at line `action`, or what the latest undo
    took back, with the GM's `reason`."""
    command = Redo(body.position, body.reason, body.action)
    return await committed(request, encounter_id, command, "redo", body, key)


@router.post("/{encounter_id}/amend", status_code=201, response_model=schemas.Appended)
async def amend(
    encounter_id: UUID,
    body: schemas.Amendment,
    _: Writer,
    request: Request,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Correct the ruling at `position` (with the GM's `reason`); what follows is recomputed."""
    # any fact type parses here; the log's integrity check refuses one that cannot replace
    replacement: Any = client_replacement(body.replacement, body.position)
    command = Amend(body.position, replacement, body.reason)
    return await committed(request, encounter_id, command, "amend", body, key)
