"""Corrections: undo, redo and amend a past line; what follows from it is recomputed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool

from api.http import schemas
from api.http.facts import as_position, client_replacement, fields_as_sent
from api.http.idempotency import fingerprint
from api.http.routes import ERRORS, IdempotencyKey, Service, Writer
from api.service import Appended

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post("/{encounter_id}/undo", status_code=201, response_model=schemas.Appended)
async def undo(
    encounter_id: UUID,
    body: schemas.Undo,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Revoke line `position`, or the latest fact in force, with the GM's `reason` if given."""
    how = sent("undo", body, key)
    return await correcting(service.undo, encounter_id, body.position, body.reason, **how)


@router.post("/{encounter_id}/redo", status_code=201, response_model=schemas.Appended)
async def redo(
    encounter_id: UUID,
    body: schemas.Redo,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Restore line `position`, or the line most recently revoked, with the GM's `reason`."""
    how = sent("redo", body, key)
    return await correcting(service.redo, encounter_id, body.position, body.reason, **how)


@router.post("/{encounter_id}/amend", status_code=201, response_model=schemas.Appended)
async def amend(
    encounter_id: UUID,
    body: schemas.Amendment,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Correct the ruling at `position` (with the GM's `reason`); what follows is recomputed."""
    # any fact type parses here; the log's integrity check refuses one that cannot replace
    replacement: Any = client_replacement(body.replacement, body.position)
    how = sent("amend", body, key)
    return await correcting(
        service.amend, encounter_id, body.position, replacement, body.reason, **how
    )


def sent(route: str, body: schemas.Undo | schemas.Amendment, key: str | None) -> dict[str, Any]:
    """How the correction was asked for: after which version, under which key and fingerprint."""
    digest = fingerprint(route, body, key)
    return {"expected_version": body.expected_version, "key": key, "fingerprint": digest}


async def correcting(command: Callable[..., Appended], *args: Any, **how: Any) -> schemas.Appended:
    """A correction recorded by the GM, in the thread pool (it may wait on the encounter's
    lock while a commit holds it); a refused one names the body's `position`."""
    with fields_as_sent(as_position):
        done = await run_in_threadpool(command, *args, by="gm", **how)
    return schemas.Appended(first=done.first, version=done.version)
