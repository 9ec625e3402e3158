"""The FastAPI application: routes, problem details, body limit, security headers, the live hub."""

from __future__ import annotations

import gc
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

from api.analytics import Analytics, Keeper
from api.analytics import process as keeping
from api.compute import offload
from api.config.secret import secret_at_start
from api.config.settings import Settings, load_settings
from api.http import (
    analytics,
    branches,
    campaigns,
    corrections,
    docs,
    library,
    pages,
    preview,
    problems,
    recap,
    routes,
    stream,
    tokens,
    writes,
)
from api.http.headers import SecurityHeaders
from api.http.nesting import NestingLimit
from api.service.commits import Committers
from api.service.encounters import Encounters
from api.service.relay import Relay

MAX_BODY = 1_000_000  # bytes; a bigger request gets 413
SWITCH_INTERVAL = 0.001  # s: the longest a thread of the service holds the GIL from a waiting one


# the modules whose routers make the API, in the order OpenAPI lists them
ROUTED = (
    routes,
    corrections,
    tokens,
    stream,
    analytics,
    preview,
    library,
    branches,
    campaigns,
    recap,
)


def create_app(given: Settings | str | None = None, folder: Path | None = None) -> FastAPI:
    """The service with the settings `combatlog serve` built; a store URL (or nothing) builds
    them from the environment with that URL over it. The secret file is kept in `folder`."""
    settings = given if isinstance(given, Settings) else load_settings(database_url=given)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # SecretChanged (the start fails, saying why) if the store's tokens need another secret
        app.state.secret = secret_at_start(folder or Path.cwd(), settings)
        store = settings.open_store(app.state.secret)
        app.state.encounters = Encounters(store)
        app.state.commits = Committers(app.state.encounters)
        offload.use(settings.offload)
        offload.warm()  # dice and imports run in worker processes: start them now
        hub, app.state.feeds = stream.live(app.state.encounters)
        app.state.hub = hub
        relay = Relay(store, lambda encounter_id, version: hub.appended(encounter_id, version, []))
        relay.start()
        app.state.analytics = Analytics(store)
        every = settings.analytics_every  # 0: only when a report is asked for (it catches up)
        keeper = Keeper(app.state.analytics, every=every)
        child = keeping.start(settings) if every > 0 and keeping.wanted(settings) else None
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

    app = writes.LaneFirst(
        title="combatlog",
        version="0.1.0",
        summary="An event-sourced combat log for d20 games: append facts, read the table.",
        lifespan=lifespan,
        docs_url=None,  # served by api/http/docs.py from vendored files, not a CDN
        redoc_url=None,
    )
    problems.install(app)
    for module in ROUTED:
        app.include_router(module.router)
    pages.install(app)
    docs.install(app)
    app.add_middleware(NestingLimit)  # inside the body limit, which counts what it reads
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)  # around all the rest: the 413 carries them too
    app.take_writes(MAX_BODY)  # the GM's writes, before all of that: sets its own headers
    return app


class ServiceConfig(uvicorn.Config):
    """uvicorn's config carrying the settings: pickled to each worker process uvicorn spawns,
    where it builds the app from them (no environment written on the way)."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        self.settings = settings
        super().__init__("api.app:create_app", factory=True, **options)

    def load_app(self) -> Any:
        """The app factory, in the serving process, which this config owns: there the
        interpreter hands the GIL to a waiting thread within SWITCH_INTERVAL, not Python's
        5 ms. Each SQLite statement of a commit gives the GIL up, and the committer then waited
        up to 5 ms to get it back from the event loop reading requests: flat out, the server sat
        at ~55% of a core with work queued (72-86% at 1 ms, the same CPU a command)."""
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        # What the imports made (modules, classes, schemas: most of the process's objects) is
        # kept for good: out of the cyclic collector's reach, every full collection scanning
        # it again and again (flat out, ~0.4 s of CPU a minute of appends).
        gc.freeze()
        return partial(create_app, self.settings)


def run_service(settings: Settings, host: str, port: int, workers: int) -> bool:
    """Serve until stopped (Ctrl-C, SIGTERM); False if the app failed to start."""
    from uvicorn.supervisors import Multiprocess

    config = ServiceConfig(settings, host=host, port=port, workers=workers, access_log=False)
    server = uvicorn.Server(config)
    try:
        if workers > 1:
            Multiprocess(config, sockets=[config.bind_socket()]).run()
            return True
        server.run()
    except KeyboardInterrupt:
        pass
    return server.started


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
        answer = problems.HttpProblem(413, "Body too large", detail, "body")
        await problems.rendered(answer)(scope, receive, send)
