"""The GM's writes (append facts, undo, redo, amend), the hot path, served past FastAPI's routing
by their own routes' functions."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast
from uuid import UUID

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Receive, Scope, Send

from api.http import corrections, routes, schemas
from api.http.idempotency import HEADER
from api.http.nesting import replayed, whole
from api.http.routes import gm, role
from domain.bounds import MAX_DEPTH, too_deep

WRITES = ("facts", "undo", "redo", "amend")
BIG_NUMBER = re.compile(rb"\d{19}")  # orjson reads an integer past 64 bits as a float
WRITE = re.compile(rf"/encounters/([0-9A-Fa-f-]{{36}})/({'|'.join(WRITES)})")
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
        served = (*routes.router.routes, *corrections.router.routes)
        self.routes = {
            name: r for r in served
            if isinstance(r, APIRoute) and (name := r.path.rsplit("/", 1)[1]) in WRITES
        }  # fmt: skip

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
    deep = data.count(b"{") + data.count(b"[") > MAX_DEPTH and too_deep(value) is not None
    if deep or str(encounter_id) != given.lower():  # too deep: NestingLimit's 422 to give
        return None
    return encounter_id, body, key
