"""Playwright driving Debian's Chromium against a real `combatlog serve`; a screenshot per test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server_helpers import Server, serve

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
pytestmark = pytest.mark.browser


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (the dev extra has it)"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium; skipped where it is missing, unless COMBATLOG_REQUIRE_BROWSER=1."""
    reason = _missing()
    if reason is not None:
        if os.environ.get("COMBATLOG_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = serve(tmp_path_factory.mktemp("browser"))
    yield running
    running.stop()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; its screenshot is saved under artifacts/screenshots/ after the test."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    opened.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, errors


@pytest.fixture
def encounter(server: Server) -> dict[str, Any]:
    """A new D&D 3.5 encounter through the API: its id and tokens."""
    reply = httpx.post(
        f"{server.url}/encounters",
        json={"name": "Browser fight", "ruleset": "dnd35"},
        headers=server.operator,
    )
    return dict(reply.json())


def gm_url(server: Server, encounter: dict[str, Any]) -> str:
    return f"{server.url}/#e={encounter['id']}&token={encounter['gm_token']}"
