"""The FastAPI application: routes, problem details, body limit, and the live hub."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

from api.analytics import Analytics, Keeper
from api.analytics import process as keeping
from api.http import analytics, pages, problems, routes, stream
from api.http.access import load_secret
from api.relay import Relay
from api.service import Encounters
from api.store import EncounterStore
from api.store.config import store_url

MAX_BODY = 1_000_000  # bytes; a bigger request gets 413


def create_app(url: str | None = None, folder: Path | None = None) -> FastAPI:
    """The service over the store at `url` (default: COMBATLOG_DATABASE_URL or SQLite here)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.secret = load_secret(folder or Path.cwd())
        store = EncounterStore(url, secret=app.state.secret)
        app.state.encounters = Encounters(store)
        hub = app.state.hub = stream.Hub(asyncio.get_running_loop())
        app.state.encounters.listeners.append(hub.appended)
        relay = Relay(store, lambda encounter_id, version: hub.appended(encounter_id, version, []))
        relay.start()
        app.state.analytics = Analytics(store)
        every, target = analytics_every(), store_url(url)
        keeper = Keeper(app.state.analytics, every=every)
        child = keeping.start(target, every) if every > 0 and keeping.wanted(target) else None
        if every > 0 and child is None:
            keeper.start()
        try:
            yield
        finally:
            relay.stop()
            keeper.stop()
            relay.join(timeout=1)
            if keeper.is_alive():
                keeper.join(timeout=5)
            if child is not None:
                keeping.stop(child)
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
    app.include_router(analytics.router)
    pages.install(app)
    app.add_middleware(BodyLimit)
    return app


def analytics_every() -> float:
    """Seconds between background analytics catch-ups ($COMBATLOG_ANALYTICS_EVERY; 0: only when
    a report is asked for, which always catches up first)."""
    return float(os.environ.get("COMBATLOG_ANALYTICS_EVERY", "0.5"))


class BodyLimit:
    """413 for a body over MAX_BODY bytes by its declared length (plain ASGI: streams pass by)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length", b"")
            if length.isdigit() and int(length) > MAX_BODY:
                detail = f"the body is {int(length)} bytes; the limit is {MAX_BODY}"
                field = [problems.FieldError(field="body", reason=detail)]
                response = problems.problem(413, "Body too large", detail, field)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
