"""The OpenAPI page at /docs, served whole by the app: Swagger UI's files come from a pinned
registry package (fastapi-offline), so the page works with no internet and under the CSP."""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

SWAGGER = Path(fastapi_offline.__file__).resolve().parent / "static"
router = APIRouter(include_in_schema=False)

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>combatlog — API</title>
  <link rel="stylesheet" href="/docs/static/swagger-ui.css">
  <link rel="icon" href="/docs/static/favicon.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/static/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
"""
INIT = """window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  layout: "BaseLayout",
});
"""


@router.get("/docs")
def docs() -> HTMLResponse:
    """Swagger UI over /openapi.json."""
    return HTMLResponse(PAGE)


@router.get("/docs/init.js")
def init() -> Response:
    """Swagger UI's start, as a file: the CSP allows no inline script."""
    return Response(INIT, media_type="text/javascript")


def install(app: FastAPI) -> None:
    """The page, its start script, and Swagger UI's files at /docs/static."""
    app.include_router(router)
    app.mount("/docs/static", StaticFiles(directory=SWAGGER), name="docs-static")
