"""The GM's writes (append facts, undo, redo, amend), the hot path, taken before the rest of the
app's middleware and its routing: the body read and parsed once (orjson), checked by its kind's
model, and written through the one write path (api/http/writes.py), a refusal answered by the
app's own exception handlers (Starlette's ExceptionMiddleware over them) and every reply given
the security headers (the SecurityHeaders middleware). A request the lane is unsure of goes on
through the app, body and all, so every refusal reads as it always did."""

from __future__ import annotations

import re
from typing import Any, cast
from uuid import UUID

import orjson
from pydantic import BaseModel, ValidationError
from starlette.middleware.exceptions import ExceptionMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from api.http.deps import gm_only, served_in
from api.http.idempotency import HEADER
from api.http.middleware.headers import SecurityHeaders
from api.http.middleware.nesting import replayed, whole
from api.http.writes import KINDS, Grant, write
from api.service.errors import TokenRotated, WrongToken
from api.service.tokens import NO_DOOR
from api.wiring import Runtime
from domain.bounds import MAX_DEPTH, too_deep

BIG_NUMBER = re.compile(rb"\d{19}")  # orjson reads an integer past 64 bits as a float
WRITE = re.compile(rf"/encounters/([0-9A-Fa-f-]{{36}})/({'|'.join(KINDS)})")
Lean = tuple[BaseModel, str | None]
Headers = dict[bytes, bytes]  # a request's headers by lower-case name
IDEMPOTENCY = HEADER.lower().encode()
JSON = (b"content-type", b"application/json")
IDS_KEPT = 4096  # encounter ids the lane keeps parsed (all forgotten at once past it)
WRITTEN = "combatlog.written"  # scope key: the write the lane took (kind, id, body, key)


class WriteLane:
    """A plain ASGI middleware: a POST to a write route with a body of at most `most` bytes that
    the app would take as given is written here; anything else goes on to `app`."""

    def __init__(self, app: ASGIApp, handlers: dict[Any, Any], most: int) -> None:
        self.app, self.most = app, most
        self.answered = SecurityHeaders(ExceptionMiddleware(self.written, handlers=handlers))
        self.ids: dict[str, UUID] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = WRITE.fullmatch(scope["path"]) if scope["type"] == "http" else None
        if found is None or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        headers: Headers = dict(reversed(scope["headers"]))  # the first of each
        length = headers.get(b"content-length", b"")
        if not (length.isdigit() and int(length) <= self.most):
            await self.app(scope, receive, send)
            return
        data, messages = await whole(receive)
        encounter_id = self.identified(found[1])
        given = None if encounter_id is None else lean(scope, headers, data, found[2])
        if given is None:
            await self.app(scope, replayed(messages, receive), send)
            return
        scope[WRITTEN] = (found[2], encounter_id, *given, header(headers, b"authorization"))
        await self.answered(scope, receive, send)

    async def written(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The write the lane took, through the one write path; its reply, or its refusal
        raised for the app's handlers to answer."""
        kind, encounter_id, body, key, authorization = scope.pop(WRITTEN)
        runtime = served_in(scope).runtime
        grant = await admitted(runtime, encounter_id, authorization)
        try:
            done = await write(runtime, encounter_id, kind, body, key, grant, bounded=True)
        except TokenRotated:  # the commit found the token rotated away
            raise WrongToken("authorization", NO_DOOR) from None
        except Exception:
            if grant is not None:  # let in on memory: the store's word on the token first
                gm_only(runtime.tokens.role(encounter_id, authorization))
            raise
        reply = done.__pydantic_serializer__.to_json(done)
        start = [(b"content-length", b"%d" % len(reply)), JSON]
        await send({"type": "http.response.start", "status": 201, "headers": start})
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


def header(headers: Headers, name: bytes) -> str | None:
    """A header's value as Starlette reads it (latin-1), or None."""
    value = headers.get(name)
    return None if value is None else value.decode("latin-1")


async def admitted(runtime: Runtime, encounter_id: UUID, authorization: str | None) -> Grant | None:
    """The GM's token checked: against the generations this worker remembers, giving the grant
    its commit confirms in the store (api/service/commits.py); else against the store, or as
    the key of the encounter's table, as on every other route (None: nothing left to confirm).
    Refused alike (401/403) whether the encounter exists or not: only a token that opens it
    learns that it does not (404)."""
    generation = runtime.tokens.remembered_gm(encounter_id, authorization)
    if generation is not None:
        return "gm", generation
    gm_only(runtime.doors.role(encounter_id, authorization))
    return None


def lean(scope: Scope, headers: Headers, data: bytes, kind: str) -> tuple[BaseModel, Any] | None:
    """The body and the Idempotency-Key of a request whose every part the app would take as
    given; None for anything else (not JSON, nested too deep, a number orjson would read
    otherwise than json does, a query, a key out of bounds, a body its model refuses)."""
    given = (header(headers, b"content-type") or "").partition(";")[0].strip().lower()
    key = header(headers, IDEMPOTENCY)
    if given != "application/json" or scope["query_string"] or BIG_NUMBER.search(data):
        return None
    if key is not None and not 1 <= len(key) <= 200:
        return None
    try:
        value = orjson.loads(data)
        body = KINDS[kind].body.model_validate(value)
    except (ValueError, ValidationError):  # orjson.JSONDecodeError is a ValueError
        return None
    if data.count(b"{") + data.count(b"[") > MAX_DEPTH and too_deep(value) is not None:
        return None  # NestingLimit's 422 to give
    return cast(BaseModel, body), key
