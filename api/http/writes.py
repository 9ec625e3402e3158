"""The GM's writes: append facts, and undo, redo or amend a past line (what follows from it is
recomputed). Each is a command on the one write path (api/service/commits.py)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any, cast
from uuid import UUID

import orjson
from fastapi import APIRouter, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Receive, Scope, Send

from api.compute.offload import off_loop
from api.http import schemas
from api.http.facts import client_facts, client_replacement
from api.http.idempotency import HEADER, fingerprint
from api.http.nesting import replayed, whole
from api.http.routes import ERRORS, IdempotencyKey, Writer, gm, role
from api.service.encounters import Append, Encounters
from domain.bounds import too_deep
from domain.commands import Amend, AppendFacts, Command, Redo, Undo

LIGHT_BATCH = 20  # facts without dice validated on the event loop: less than the trip to a worker
BIG_NUMBER = re.compile(rb"\d{19}")  # orjson reads an integer past 64 bits as a float
WRITE = re.compile(r"/encounters/([0-9A-Fa-f-]{36})/(facts|undo|redo|amend)")
Lean = tuple[UUID, BaseModel, str | None]


class WriteLane:
    """The GM's writes, the hot path, served beside FastAPI's routing rather than through it
    (ASGI middleware): the path matched here, the body read once and parsed once (orjson),
    checked by its model, then the route's own function runs, and a refusal is rendered by
    the app's exception handlers, as the route's would be. A request this lane is unsure of
    (see `lean`) goes on through the app, body and all, so every refusal reads as it always
    did, in the same order. The routes stay in the app: the OpenAPI description, and the way
    for everything else."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app, self.most = app, most
        writes = [route for route in router.routes if isinstance(route, APIRoute)]
        self.routes = {route.path.rsplit("/", 1)[1]: route for route in writes}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        http = scope["type"] == "http" and scope["method"] == "POST"
        found = WRITE.fullmatch(scope["path"]) if http else None
        length = dict(scope["headers"]).get(b"content-length", b"") if found else b""
        if found is None or not (length.isdigit() and int(length) <= self.most):
            await self.app(scope, receive, send)
            return
        data, messages = await whole(receive)
        request = Request({**scope, "path_params": {"encounter_id": found[1]}})
        route = self.routes[found[2]]
        given = lean(request, data, route)
        if given is None:
            await self.app(scope, replayed(messages, receive), send)
            return
        try:
            response = await written(request, route, *given)
        except Exception as exc:
            handler = next((h for c in type(exc).__mro__ if (h := handlers(scope).get(c))), None)
            if handler is None:
                raise
            response = await handler(request, exc)
        await response(scope, receive, send)


def handlers(scope: Scope) -> dict[Any, Callable[..., Any]]:
    """The app's exception handlers, by exception class."""
    return cast(dict[Any, Callable[..., Any]], scope["app"].exception_handlers)


async def written(
    request: Request, route: APIRoute, encounter_id: UUID, body: BaseModel, key: str | None
) -> Response:
    """The write done, through the route's own function, once the GM's token is checked."""
    writer = await gm(await role(request, encounter_id, request.headers.get("authorization")))
    done: schemas.Appended = await route.endpoint(encounter_id, body, writer, request, key)
    status = cast(int, route.status_code)
    return Response(done.model_dump_json(), status, media_type="application/json")


def lean(request: Request, data: bytes, route: APIRoute) -> Lean | None:
    """The encounter, the body and the Idempotency-Key of a request whose every part the app
    would take as given; None for anything else (not JSON, nested too deep, a number orjson
    would read otherwise than json does, an id not in canonical form, a query, a key out of
    bounds, a body its model refuses)."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    given, key = request.path_params["encounter_id"], request.headers.get(HEADER)
    if kind != "application/json" or request.scope["query_string"] or BIG_NUMBER.search(data):
        return None
    if key is not None and not 1 <= len(key) <= 200:
        return None
    model = cast(type[BaseModel], route.body_field.field_info.annotation)  # type: ignore[union-attr]
    try:
        value = orjson.loads(data)
        encounter_id, body = UUID(given), model.model_validate(value)
    except (ValueError, ValidationError):  # orjson.JSONDecodeError is a ValueError
        return None
    if too_deep(value) is not None or str(encounter_id) != given.lower():
        return None
    return encounter_id, body, key


router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


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
