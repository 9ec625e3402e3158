"""/docs in a browser with every other host unreachable, under the service's CSP (issue 11)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens


def test_the_api_docs_work_offline_and_break_no_rule_of_the_policy(
    page: Any, server: Server
) -> None:
    here = urlsplit(server.url).netloc
    elsewhere: list[str] = []

    def offline(route: Any) -> None:
        if urlsplit(route.request.url).netloc == here:
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", offline)
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.goto(f"{server.url}/docs")
    expect(page.locator(".opblock-summary-path[data-path='/encounters/import']")).to_be_visible()
    assert elsewhere == []
    assert [line for line in console if line.startswith("error")] == []
