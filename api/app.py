"""The FastAPI application: routes, problem details, body limit, security headers, the live hub."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

from api import offload
from api.analytics import Analytics, Keeper
from api.analytics import process as keeping
from api.commits import GroupCommit
from api.http import (
    analytics,
    corrections,
    docs,
    idempotency,
    library,
    pages,
    preview,
    problems,
    routes,
    stream,
    tokens,
)
from api.http.headers import SecurityHeaders
from api.http.nesting import NestingLimit
from api.relay import Relay
from api.secret import secret_at_start
from api.service import Encounters
from api.store import EncounterStore
from api.store.config import store_url

MAX_BODY = 1_000_000  # bytes; a bigger request gets 413


def create_app(url: str | None = None, folder: Path | None = None) -> FastAPI:
    """The service over the store at `url` (default: COMBATLOG_DATABASE_URL or SQLite here)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # SecretChanged (the start fails, saying why) if the store's tokens need another secret
        app.state.secret = secret_at_start(folder or Path.cwd(), url)
        store = EncounterStore(url, secret=app.state.secret)
        app.state.encounters = Encounters(store)
        app.state.commits = GroupCommit(app.state.encounters)
        offload.warm()  # dice and imports run in worker processes: start them now
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
            app.state.commits.stop()
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
        docs_url=None,  # served by api/http/docs.py from vendored files, not a CDN
        redoc_url=None,
    )
    problems.install(app)
    idempotency.install(app)
    app.include_router(routes.router)
    app.include_router(corrections.router)
    app.include_router(tokens.router)
    app.include_router(stream.router)
    app.include_router(analytics.router)
    app.include_router(preview.router)
    app.include_router(library.router)
    pages.install(app)
    docs.install(app)
    app.add_middleware(NestingLimit)  # inside the body limit, which counts what it reads
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)  # outermost: the 413 carries them too
    return app


def analytics_every() -> float:
    """Seconds between background analytics catch-ups ($COMBATLOG_ANALYTICS_EVERY; 0: only when
    a report is asked for, which always catches up first)."""
    return float(os.environ.get("COMBATLOG_ANALYTICS_EVERY", "0.5"))


class BodyLimit:
    """413 for a body over MAX_BODY bytes: at once by its declared Content-Length, else (a chunked
    request) as soon as the bytes read pass the limit, whatever the app was doing with them."""

    class Exceeded(Exception):
        """Raised into the app when a streamed body passes MAX_BODY."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.types import Message

        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > MAX_BODY:
            await self.too_large(scope, receive, send)
            return
        read, over, answered = 0, False, False

        async def counted() -> Message:
            nonlocal read, over
            message = await receive()
            read += len(message.get("body", b""))
            if read > MAX_BODY:
                over = True
                raise BodyLimit.Exceeded
            return message

        async def answer(message: Message) -> None:
            nonlocal answered
            if over and not answered:
                return  # the app's reply to a body cut short (e.g. a 400); the 413 goes instead
            answered = answered or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, answer)
        except Exception:
            if not over:
                raise
            # the app re-raised or wrapped Exceeded: the 413 below answers for it
        if over and not answered:
            await self.too_large(scope, receive, send)

    @staticmethod
    async def too_large(scope: Scope, receive: Receive, send: Send) -> None:
        """The one 413 problem body, whether the length was declared or counted."""
        detail = f"the body is over the limit of {MAX_BODY} bytes"
        field = [problems.FieldError(field="body", reason=detail)]
        await problems.problem(413, "Body too large", detail, field)(scope, receive, send)
