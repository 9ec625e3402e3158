"""The GM's writes (append facts, undo, redo, amend), the hot path, served past FastAPI's routing
and its own middleware by their own routes' functions."""

from __future__ import annotations

import math
import re
from contextlib import suppress
from time import monotonic
from typing import Any, cast
from uuid import UUID

import orjson
from fastapi import FastAPI, Request
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from api.http import corrections, routes, schemas
from api.http.access import role_of, wrong_token
from api.http.headers import HEADERS
from api.http.idempotency import HEADER
from api.http.nesting import replayed, whole
from api.http.problems import HttpProblem
from api.http.routes import BOUNDED, GRANT, gm, role
from api.service.encounters import Encounters
from api.store.access import Rotated
from domain.bounds import MAX_DEPTH, too_deep

WRITES = ("facts", "undo", "redo", "amend")
BIG_NUMBER = re.compile(rb"\d{19}")  # orjson reads an integer past 64 bits as a float
WRITE = re.compile(rf"/encounters/([0-9A-Fa-f-]{{36}})/({'|'.join(WRITES)})")
Lean = tuple[BaseModel, str | None]
Headers = dict[bytes, bytes]  # a request's headers by lower-case name
IDEMPOTENCY = HEADER.lower().encode()
JSON = (b"content-type", b"application/json")
TELEMETRY_SEEN_EVERY = 1.0  # seconds
IDS_KEPT = 4096  # encounter ids the lane keeps parsed (all forgotten at once past it)


class WriteLane:
    """The body read and parsed once (orjson), checked by its model, the route's function run
    and a refusal rendered by the app's handlers, each reply with the security headers; a
    request the lane is unsure of (`lean`) goes on through the app, body and all, so every
    refusal reads as it always did."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app, self.most = app, most
        served = cast(list[APIRoute], [*routes.router.routes, *corrections.router.routes])
        self.routes = {r.path.rsplit("/", 1)[1]: r for r in served if r.path.endswith(WRITES)}
        self.ids: dict[str, UUID] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        http = scope["type"] == "http" and scope["method"] == "POST"
        found = WRITE.fullmatch(scope["path"]) if http else None
        headers: Headers = dict(reversed(scope["headers"])) if found else {}  # the first of each
        length = headers.get(b"content-length", b"")
        if found is None or not (length.isdigit() and int(length) <= self.most):
            await self.app(scope, receive, send)
            return
        data, messages = await whole(receive)
        request = Request({**scope, "path_params": {"encounter_id": found[1]}})
        route = self.routes[found[2]]
        encounter_id = self.identified(found[1])
        if encounter_id is None or (given := lean(request, headers, data, route)) is None:
            await self.app(scope, replayed(messages, receive), send)
            return
        request.scope[BOUNDED] = True  # no integer past 64 bits (BIG_NUMBER), no deep nesting
        try:
            reply = await written(request, headers, route, encounter_id, *given)
        except Exception as exc:
            handlers: dict[Any, Any] = scope["app"].exception_handlers
            if (handler := next(filter(None, map(handlers.get, type(exc).__mro__)), None)) is None:
                raise
            refusal: Response = await handler(request, exc)
            given_names = {name for name, _ in refusal.raw_headers}
            refusal.raw_headers += [(n, v) for n, v in HEADERS if n not in given_names]
            await refusal(scope, receive, send)
            return
        start = [(b"content-length", b"%d" % len(reply)), JSON, *HEADERS]
        await send({"type": "http.response.start", "status": route.status_code, "headers": start})
        await send({"type": "http.response.body", "body": reply})

    def identified(self, given: str) -> UUID | None:
        """The encounter's id, one UUID object for each id given in canonical form (None for
        any other form): every dict keyed by it on the way (the encounter's cached tables, its
        lock, its aggregate, its tokens) then finds its key by identity, not by UUID.__eq__,
        and the id is parsed once, not on each write."""
        encounter_id = self.ids.get(given)
        if encounter_id is None:
            try:
                encounter_id = UUID(given)
            except ValueError:
                return None
            if str(encounter_id) != given.lower():
                return None
            if len(self.ids) >= IDS_KEPT:
                self.ids.clear()
            self.ids[given] = encounter_id
        return encounter_id


class LaneFirst(FastAPI):
    """The app, the GM's writes taken by its lane (`take_writes`) before FastAPI's own middleware
    (its error page, its telemetry hooks, its body limit: ~15 µs of a write's CPU, 10%), which
    every other request, and a write while FastAPI's telemetry is on, goes through as ever."""

    lane: WriteLane | None = None
    telemetry_on, telemetry_until = False, -math.inf  # FastAPI's answer, and until when it holds

    def take_writes(self, most: int) -> None:
        """From now on, the lane sees each request first (bodies up to `most` bytes)."""
        self.lane = WriteLane(super().__call__, most)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.lane is None or scope["type"] != "http" or scope["method"] != "POST":
            await super().__call__(scope, receive, send)
            return
        if self.root_path or self.telemetry():
            await super().__call__(scope, receive, send)
            return
        scope["app"] = self  # as Starlette sets it: the lane reads the app's handlers there
        await self.lane(scope, receive, send)

    def telemetry(self) -> bool:
        """Whether FastAPI's telemetry is on (off unless a provider is configured), as FastAPI
        answered it within the last TELEMETRY_SEEN_EVERY: its answer reads three environment
        variables (~5 µs, a write's 3%), so one configured while serving is seen that late."""
        now = monotonic()
        if now >= self.telemetry_until:
            telemetry = getattr(self, "_native_telemetry", None)
            self.telemetry_on = telemetry is not None and telemetry.enabled()
            self.telemetry_until = now + TELEMETRY_SEEN_EVERY
        return self.telemetry_on


async def written(
    request: Request,
    headers: Headers,
    route: APIRoute,
    encounter_id: UUID,
    body: BaseModel,
    key: str | None,
) -> bytes:
    """The reply's body once the write is done, through the route's own function, the GM's
    token checked; a refusal of a write let in on remembered generations waits for the store's
    word on the token, so a token rotated away meanwhile is refused as such, whatever else is
    wrong."""
    authorization = header(headers, b"authorization")
    request.scope[GRANT] = grant = await admitted(request, encounter_id, authorization)
    try:
        done: schemas.Appended = await route.endpoint(encounter_id, body, "gm", request, key)
    except Rotated:  # the commit found the token rotated away
        raise wrong_token() from None
    except Exception:
        if grant is not None:
            await gm(await role(request, encounter_id, authorization))
        raise
    return done.__pydantic_serializer__.to_json(done)


def header(headers: Headers, name: bytes) -> str | None:
    """A header's value as Starlette reads it (latin-1), or None."""
    value = headers.get(name)
    return None if value is None else value.decode("latin-1")


async def admitted(
    request: Request, encounter_id: UUID, authorization: str | None
) -> tuple[str, int] | None:
    """The GM's token checked: against the generations this worker remembers, giving the grant
    its commit confirms in the store (api/service/commits.py); else against the store, as on
    every other route (None: nothing left to confirm)."""
    service: Encounters = request.app.state.encounters
    service.exists(encounter_id)  # 404 before 401/403
    known = service.store.access.known(encounter_id)
    if known is not None:
        with suppress(HttpProblem):  # refused on memory: the store decides
            if role_of(request.app.state.secret, encounter_id, authorization, known) == "gm":
                return "gm", known["gm"]
    await gm(await role(request, encounter_id, authorization))
    return None


def lean(request: Request, headers: Headers, data: bytes, route: APIRoute) -> Lean | None:
    """The body and the Idempotency-Key of a request whose every part the app would take as
    given; None for anything else (not JSON, nested too deep, a number orjson would read
    otherwise than json does, a query, a key out of bounds, a body its model refuses)."""
    kind = (header(headers, b"content-type") or "").partition(";")[0].strip().lower()
    key = header(headers, IDEMPOTENCY)
    if kind != "application/json" or request.scope["query_string"] or BIG_NUMBER.search(data):
        return None
    if key is not None and not 1 <= len(key) <= 200:
        return None
    model = cast(type[BaseModel], route.body_field.field_info.annotation)  # type: ignore[union-attr]
    try:
        value = orjson.loads(data)
        body = model.model_validate(value)
    except (ValueError, ValidationError):  # orjson.JSONDecodeError is a ValueError
        return None
    if data.count(b"{") + data.count(b"[") > MAX_DEPTH and too_deep(value) is not None:
        return None  # NestingLimit's 422 to give
    return body, key
