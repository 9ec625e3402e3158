"""The GM's writes (append facts, undo, redo, amend), the hot path, served past FastAPI's routing
by their own routes' functions."""

from __future__ import annotations

import re
from contextlib import suppress
from typing import Any, cast
from uuid import UUID

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Receive, Scope, Send

from api.http import corrections, routes, schemas
from api.http.access import role_of, wrong_token
from api.http.idempotency import HEADER
from api.http.nesting import replayed, whole
from api.http.problems import HttpProblem
from api.http.routes import GRANT, gm, role
from api.service.encounters import Encounters
from api.store.access import Rotated
from domain.bounds import MAX_DEPTH, too_deep

WRITES = ("facts", "undo", "redo", "amend")
BIG_NUMBER = re.compile(rb"\d{19}")  # orjson reads an integer past 64 bits as a float
WRITE = re.compile(rf"/encounters/([0-9A-Fa-f-]{{36}})/({'|'.join(WRITES)})")
Lean = tuple[UUID, BaseModel, str | None]


class WriteLane:
    """The body read and parsed once (orjson), checked by its model, the route's function run
    and a refusal rendered by the app's handlers; a request the lane is unsure of (`lean`)
    goes on through the app, body and all, so every refusal reads as it always did."""

    def __init__(self, app: ASGIApp, most: int) -> None:
        self.app, self.most = app, most
        served = cast(list[APIRoute], [*routes.router.routes, *corrections.router.routes])
        self.routes = {r.path.rsplit("/", 1)[1]: r for r in served if r.path.endswith(WRITES)}

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
        if (given := lean(request, data, route)) is None:
            await self.app(scope, replayed(messages, receive), send)
            return
        try:
            response = await written(request, route, *given)
        except Exception as exc:
            handlers: dict[Any, Any] = scope["app"].exception_handlers
            if (handler := next(filter(None, map(handlers.get, type(exc).__mro__)), None)) is None:
                raise
            response = await handler(request, exc)
        await response(scope, receive, send)


async def written(
    request: Request, route: APIRoute, encounter_id: UUID, body: BaseModel, key: str | None
) -> Response:
    """The write done, through the route's own function, once the GM's token is checked; a
    refusal of a write let in on remembered generations waits for the store's word on the
    token, so a token rotated away meanwhile is refused as such, whatever else is wrong."""
    request.scope[GRANT] = grant = await admitted(request, encounter_id)
    try:
        done: schemas.Appended = await route.endpoint(encounter_id, body, "gm", request, key)
    except Rotated:  # the commit found the token rotated away
        raise wrong_token() from None
    except Exception:
        if grant is not None:
            await gm(await role(request, encounter_id, request.headers.get("authorization")))
        raise
    status = cast(int, route.status_code)
    return Response(done.model_dump_json(), status, media_type="application/json")


async def admitted(request: Request, encounter_id: UUID) -> tuple[str, int] | None:
    """The GM's token checked: against the generations this worker remembers, giving the grant
    its commit confirms in the store (api/service/commits.py); else against the store, as on
    every other route (None: nothing left to confirm)."""
    service: Encounters = request.app.state.encounters
    authorization = request.headers.get("authorization")
    service.exists(encounter_id)  # 404 before 401/403
    known = service.store.access.known(encounter_id)
    if known is not None:
        with suppress(HttpProblem):  # refused on memory: the store decides
            if role_of(request.app.state.secret, encounter_id, authorization, known) == "gm":
                return "gm", known["gm"]
    await gm(await role(request, encounter_id, authorization))
    return None


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
    deep = data.count(b"{") + data.count(b"[") > MAX_DEPTH and too_deep(value) is not None
    if deep or str(encounter_id) != given.lower():  # too deep: NestingLimit's 422 to give
        return None
    return encounter_id, body, key
