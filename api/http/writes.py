"""The GM's writes: append facts, and undo, redo or amend a past line (what follows from it is
recomputed). Each is a command on the one write path (api/service/commits.py)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Coroutine
from typing import Any, cast
from uuid import UUID

import orjson
from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError

from api.compute.offload import off_loop
from api.http import schemas
from api.http.facts import client_facts, client_replacement
from api.http.idempotency import HEADER, fingerprint
from api.http.routes import ERRORS, IdempotencyKey, Writer, gm, role
from api.service.encounters import Append, Encounters
from domain.commands import Amend, AppendFacts, Command, Redo, Undo

LIGHT_BATCH = 20  # facts without dice validated on the event loop: less than the trip to a worker
BIG_NUMBER = re.compile(rb"\d{19}")  # orjson reads an integer past 64 bits as a float
Lean = tuple[UUID, BaseModel, str | None]


class GmWrite(APIRoute):
    """A GM's write served without FastAPI's per-request work (its dependency graph, a second
    parse, the reply's validation): the body parsed once (orjson) and checked by its model,
    its facts then by the domain, the reply written by pydantic. The signature stays the
    OpenAPI description, and a request the lean path is unsure of (see `lean`) goes to
    FastAPI's own handler, so every refusal reads as it always did, in the same order."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        stock = super().get_route_handler()
        assert self.body_field is not None and self.status_code is not None
        model = cast(type[BaseModel], self.body_field.field_info.annotation)
        endpoint, status = self.endpoint, self.status_code

        async def handler(request: Request) -> Response:
            given = lean(request, await request.body(), model)
            if given is None:
                return await stock(request)
            encounter_id, body, key = given
            authorization = request.headers.get("authorization")
            writer = await gm(await role(request, encounter_id, authorization))
            done: schemas.Appended = await endpoint(encounter_id, body, writer, request, key)
            return Response(done.model_dump_json(), status, media_type="application/json")

        return handler


def lean(request: Request, data: bytes, model: type[BaseModel]) -> Lean | None:
    """The encounter, the body and the Idempotency-Key of a request whose every part FastAPI
    would take as given; None for anything else (not JSON, a number orjson would read
    otherwise than json does, an id not in canonical form, a query, a key out of bounds, a
    body its model refuses)."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    given, key = request.path_params["encounter_id"], request.headers.get(HEADER)
    if kind != "application/json" or request.scope["query_string"] or BIG_NUMBER.search(data):
        return None
    if (key is not None and not 1 <= len(key) <= 200) or len(given) != 36:
        return None
    try:
        encounter_id, body = UUID(given), model.model_validate(orjson.loads(data))
    except (ValueError, ValidationError):  # orjson.JSONDecodeError is a ValueError
        return None
    return (encounter_id, body, key) if str(encounter_id) == given.lower() else None


router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS, route_class=GmWrite)


@router.post("/{encounter_id}/facts", status_code=201, response_model=schemas.Appended)
async def append_facts(
    encounter_id: UUID,
    body: schemas.NewFacts,
    _: Writer,
    request: Request,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Append facts, all or none, after `expected_version` when given."""
    costly = len(body.facts) > LIGHT_BATCH or any("roll" in raw for raw in body.facts)
    facts = await off_loop(client_facts, body.facts) if costly else client_facts(body.facts)
    command = AppendFacts(tuple(facts))
    return await committed(request, encounter_id, command, "facts", body, key)


@router.post("/{encounter_id}/undo", status_code=201, response_model=schemas.Appended)
async def undo(
    encounter_id: UUID, body: schemas.Undo, _: Writer, request: Request, key: IdempotencyKey = None
) -> schemas.Appended:
    """Revoke line `position`, or the latest fact in force, with the GM's `reason` if given."""
    command = Undo(body.position, body.reason)
    return await committed(request, encounter_id, command, "undo", body, key)


@router.post("/{encounter_id}/redo", status_code=201, response_model=schemas.Appended)
async def redo(
    encounter_id: UUID, body: schemas.Redo, _: Writer, request: Request, key: IdempotencyKey = None
) -> schemas.Appended:
    """Restore line `position`, or the line most recently revoked, with the GM's `reason`."""
    command = Redo(body.position, body.reason)
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


async def committed(
    request: Request,
    encounter_id: UUID,
    command: Command,
    route: str,
    body: schemas.NewFacts | schemas.Undo | schemas.Amendment,
    key: str | None,
) -> schemas.Appended:
    """Every write's one path: the GM's command, committed with the writes that arrive
    meanwhile (api/service/commits.py); a refusal names the body's field (`facts[2].target`)."""
    service: Encounters = request.app.state.encounters
    if not service.cached(encounter_id):  # a long log's first fold: not on the committer
        await run_in_threadpool(service.history, encounter_id)
    digest = fingerprint(route, body, key)
    append = Append(encounter_id, command, body.expected_version, "gm", key, digest)
    done = await asyncio.wrap_future(request.app.state.commits.submit(append))
    return schemas.Appended(first=done.first, version=done.version)
