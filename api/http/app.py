"""The FastAPI application: its routers, problem details, middleware, and its lifespan, which
builds the runtime (api/wiring.py) and the live feeds."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI

from api.config.settings import Settings, load_settings
from api.http import deps, problems
from api.http.feeds import Feeds
from api.http.middleware.body_limit import MAX_BODY, BodyLimit
from api.http.middleware.headers import SecurityHeaders
from api.http.middleware.nesting import NestingLimit
from api.http.middleware.write_lane import WriteLane
from api.http.routes import ROUTERS, docs, pages
from api.wiring import serving


def create_app(given: Settings | str | None = None, folder: Path | None = None) -> FastAPI:
    """The service with the settings `combatlog serve` built; a store URL (or nothing) builds
    them from the environment with that URL over it. The secret file is kept in `folder`."""
    settings = given if isinstance(given, Settings) else load_settings(database_url=given)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        with serving(settings, folder or Path.cwd()) as (runtime, started):
            feeds = Feeds(started.hub, runtime.encounters, runtime.doors)
            deps.install(app, deps.Served(runtime, feeds))
            try:
                yield
            finally:
                deps.install(app, None)

    app = FastAPI(
        title="combatlog",
        version="0.1.0",
        summary="An event-sourced combat log for d20 games: append facts, read the table.",
        lifespan=lifespan,
        docs_url=None,  # served by api/http/routes/docs.py from vendored files, not a CDN
        redoc_url=None,
    )
    problems.install(app)
    for router in ROUTERS:
        app.include_router(router)
    pages.install(app)
    docs.install(app)
    app.add_middleware(NestingLimit)  # inside the body limit, which counts what it reads
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)  # around all the rest: the 413 carries them too
    # the GM's writes, before all of that: the app's handlers answer its refusals
    app.add_middleware(WriteLane, handlers=app.exception_handlers, most=MAX_BODY)
    return app
