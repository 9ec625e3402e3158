"""Playwright driving Debian's Chromium against a real `combatlog serve`; a screenshot per test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server_helpers import Server, server_in

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
LAPTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


PATIENCE = 30.0  # s: what a fixture's request may take on a loaded machine (httpx's default: 5)


@pytest.fixture(scope="session", autouse=True)
def patient_requests() -> Iterator[None]:
    """The tests' own requests (seeding a server, reading a report) wait up to PATIENCE: a first
    report catches the analytics up and loads its copy, seconds on a machine shared with others.
    A request that gives its own timeout keeps it."""
    with pytest.MonkeyPatch.context() as patched:
        for name in ("get", "post", "put", "patch", "delete"):
            patched.setattr(httpx, name, partial(getattr(httpx, name), timeout=PATIENCE))
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a browser test (`-m "not browser"` leaves them out); a
    conftest's own `pytestmark` would mark none of them."""
    for item in items:
        if _here(item):
            item.add_marker(pytest.mark.browser)


def _here(item: pytest.Item) -> bool:
    return Path(__file__).resolve().parent in item.path.resolve().parents


def _shares(item: pytest.Item) -> bool:
    """Whether the test's module reads only the encounters it opens (`shared_server`)."""
    return item.get_closest_marker("shared_server") is not None


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (the dev extra has it)"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)"
    return None


class Chromium:
    """Playwright's headless Chromium, one per test process while its browser tests run in a
    row: each test has a context (cookies, storage, cache) of its own (`page`, `phone`), so a
    launch per module bought nothing but its cost. Stopped before any other test: Playwright's
    sync API keeps an event loop running on the thread, where `asyncio.run` then refuses."""

    def __init__(self) -> None:
        self.playwright: Any = None
        self.browser: Any = None

    def get(self) -> Any:
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            self.playwright = sync_playwright().start()
            self.browser = self.playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True
            )
        return self.browser

    def stop(self) -> None:
        if self.playwright is not None:
            self.browser.close()
            self.playwright.stop()
            self.playwright = self.browser = None


CHROMIUM_NOW = Chromium()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After the test's own teardown (its page's screenshot), Chromium stops unless the next
    test is a browser test too."""
    yield
    if nextitem is None or not _here(nextitem):
        CHROMIUM_NOW.stop()


@pytest.fixture
def browser() -> Any:
    """Headless Chromium; skipped where it is missing, unless COMBATLOG_REQUIRE_BROWSER=1."""
    reason = _missing()
    if reason is not None:
        if os.environ.get("COMBATLOG_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return CHROMIUM_NOW.get()


class Spare:
    """The next module's server, started while this module's tests run: a module takes an
    answering server instead of waiting seconds for one to start (more on a loaded machine).
    No server starts ahead once every collected browser module has had one."""

    def __init__(self, folders: pytest.TempPathFactory, modules: int) -> None:
        self.folders = folders
        self.left = modules
        self.next: Server | None = None

    def take(self) -> Server:
        """A fresh server (an empty store of its own), answering."""
        taken = self.next or self._started()
        self.left -= 1
        self.next = self._started() if self.left > 0 else None
        try:
            return taken.wait_ready()
        except BaseException:
            taken.kill()
            raise

    def _started(self) -> Server:
        return server_in(self.folders.mktemp("browser")).start()

    def stop(self) -> None:
        if self.next is not None:
            self.next.stop()
            self.next = None


@pytest.fixture(scope="session")
def spare(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Spare]:
    own = {item.path for item in request.session.items if _here(item) and not _shares(item)}
    started = Spare(tmp_path_factory, len(own))
    yield started
    started.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for every `shared_server` module on this worker: a test of theirs opens its
    own encounter and reads nothing across encounters (no landing page list, library,
    campaign or figures across fights), so it need not wait for a server of its own."""
    running = server_in(tmp_path_factory.mktemp("shared")).start()
    try:
        yield running.wait_ready()
    finally:
        running.stop()


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    """The module's server: one of its own (its tests see one another's encounters, campaigns
    and library, never another module's), or the worker's shared one (`shared_server`)."""
    if request.node.get_closest_marker("shared_server") is not None:
        yield request.getfixturevalue("shared_server")
        return
    running = request.getfixturevalue("spare").take()
    try:
        yield running
    finally:
        running.stop()


def operator_headers(server: Server) -> dict[str, str]:
    """The operator's header: it creates and imports encounters and keeps the library."""
    return server.operator


def operator_token(server: Server) -> str:
    """The operator's token, as the address `combatlog serve` prints carries it."""
    return server.operator["Authorization"].removeprefix("Bearer ")


def _opened(
    browser: Any, request: pytest.FixtureRequest, viewport: dict[str, int]
) -> Iterator[Any]:
    """A fresh page that fails its test on a console error; its screenshot is kept afterwards."""
    context = browser.new_context(viewport=viewport)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    opened.errors = errors
    yield opened
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    opened.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    expected = getattr(opened, "expected_errors", 0)
    assert len(errors) == expected, errors


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A laptop-sized page."""
    yield from _opened(browser, request, LAPTOP)


@pytest.fixture
def phone(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A 390 px wide phone-sized page."""
    yield from _opened(browser, request, PHONE)


@pytest.fixture
def encounter(server: Server) -> dict[str, Any]:
    """A new D&D 3.5 encounter through the API: its id and tokens."""
    reply = httpx.post(
        f"{server.url}/encounters",
        json={"name": "Browser fight", "ruleset": "dnd35"},
        headers=operator_headers(server),
    )
    return dict(reply.json())


def gm_url(server: Server, encounter: dict[str, Any]) -> str:
    return f"{server.url}/#e={encounter['id']}&token={encounter['gm_token']}"


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now (rule, where). axe
    comes from the page's own origin (intercepted, never served by the app), as a strict CSP
    allows."""
    page.route(
        "**/__axe__.js",
        lambda route: route.fulfill(body=AXE.read_text(), content_type="text/javascript"),
    )
    page.add_script_tag(url="/__axe__.js")
    found = page.evaluate(
        """async () => (await axe.run(document)).violations
             .filter((v) => v.impact === "serious" || v.impact === "critical")
             .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }))"""
    )
    return list(found)
