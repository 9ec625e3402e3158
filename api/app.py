"""The FastAPI application: routes, problem details, body limit, and the live hub."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, Response

from api.http import problems, routes, stream
from api.http.access import load_secret
from api.relay import Relay
from api.service import Encounters
from api.store import EncounterStore

MAX_BODY = 1_000_000  # bytes; a bigger request gets 413


def create_app(url: str | None = None, folder: Path | None = None) -> FastAPI:
    """The service over the store at `url` (default: COMBATLOG_DATABASE_URL or SQLite here)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = EncounterStore(url)
        app.state.encounters = Encounters(store)
        app.state.secret = load_secret(folder or Path.cwd())
        hub = app.state.hub = stream.Hub(asyncio.get_running_loop())
        app.state.encounters.listeners.append(hub.appended)
        relay = Relay(store, lambda encounter_id, version: hub.appended(encounter_id, version, []))
        relay.start()
        try:
            yield
        finally:
            relay.stop()
            relay.join(timeout=1)
            store.close()

    app = FastAPI(
        title="combatlog",
        version="0.1.0",
        summary="An event-sourced combat log for d20 games: append facts, read the table.",
        lifespan=lifespan,
    )
    problems.install(app)
    app.include_router(routes.router)
    app.include_router(stream.router)
    app.middleware("http")(limit_body)
    return app


async def limit_body(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """413 for a body over MAX_BODY bytes, by its declared length."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        detail = f"the body is {length} bytes; the limit is {MAX_BODY}"
        return problems.problem(
            413, "Body too large", detail, [problems.FieldError(field="body", reason=detail)]
        )
    return await call_next(request)
