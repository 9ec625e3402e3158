"""Security headers on every response, and /docs with nothing fetched from the internet
(issue 11, item 7)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from api.http.middleware.body_limit import MAX_BODY
from tests.server_helpers import operator_auth
from tests.test_api import PARTY, open_table, url


def directives(policy: str) -> dict[str, str]:
    return {d.split()[0]: d.partition(" ")[2] for d in (p.strip() for p in policy.split(";")) if d}


@pytest.mark.parametrize(
    "request_",
    [("GET", "/"), ("GET", "/web/app.js"), ("GET", "/docs"), ("GET", "/openapi.json"),
     ("GET", "/rulesets"), ("GET", "state"), ("GET", "/encounters"), ("GET", "log?token=wrong"),
     ("POST", "facts")],
    ids=["GM page", "a module", "docs", "openapi", "rulesets", "state", "401", "403", "413"],
)  # fmt: skip
def test_every_page_and_json_reply_forbids_framing_sniffing_and_foreign_scripts(
    client: TestClient, request_: tuple[str, str]
) -> None:
    table = open_table(client, PARTY)
    method, path = request_
    target = path if path.startswith("/") else url(table, path)
    big = {"content": b"x" * (MAX_BODY + 1)} if method == "POST" else {}
    reply = client.request(method, target, headers=table["gm"] if big else {}, **big)
    policy = directives(reply.headers["content-security-policy"])
    assert policy["frame-ancestors"] == "'none'"
    assert policy["script-src"] == "'self'" and policy["default-src"] == "'self'"
    assert "unsafe-inline" not in policy["style-src"]
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["referrer-policy"] == "no-referrer"


def test_the_pages_have_no_inline_script_or_style_the_policy_would_block(
    client: TestClient,
) -> None:
    for page in ("/", "/play/00000000-0000-4000-8000-000000000000", "/docs"):
        html = client.get(page).text
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == [], page
        assert "<style" not in html and " style=" not in html and " on" + "load=" not in html


def test_the_api_docs_load_every_file_from_the_service_itself(client: TestClient) -> None:
    html = client.get("/docs").text
    assert "http://" not in html and "https://" not in html and "//cdn" not in html
    files: list[Any] = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any(f.endswith("swagger-ui-bundle.js") for f in files)
    for file in files:
        reply = client.get(file)
        assert reply.status_code == 200, file
        assert len(reply.content) > 0
    assert client.get("/redoc").status_code == 404  # it would load a CDN's script


def token_replies(client: TestClient) -> dict[str, Any]:
    """Each reply that carries a token, and one that carries none (issue 23 §4)."""
    table = open_table(client, PARTY)
    operator, gm = operator_auth(runtime_of(client.app).secret), table["gm"]
    log = client.get(url(table, "export"), headers=gm).content
    return {
        "open": client.post("/encounters", json={"name": "Ambush"}, headers=operator),
        "import": client.post("/encounters/import", content=log, headers=operator),
        "fork": client.post(url(table, "fork"), json={"at": 2}, headers=gm),
        "keyed fork": client.post(
            url(table, "fork"), json={"at": 3}, headers={**gm, "Idempotency-Key": "fork-3"}
        ),
        "read tokens": client.get(url(table, "tokens"), headers=operator),
        "rotate": client.post(url(table, "tokens"), json={"rotate": "player"}, headers=gm),
        "state": client.get(url(table, "state"), headers=gm),
    }


def test_every_reply_that_carries_a_token_may_not_be_stored_by_any_cache(
    client: TestClient,
) -> None:
    replies = token_replies(client)
    assert {name: (r.status_code // 100, r.headers.get("cache-control")) for name, r in
            replies.items()} == {
        "open": (2, "no-store"), "import": (2, "no-store"), "fork": (2, "no-store"),
        "keyed fork": (2, "no-store"), "read tokens": (2, "no-store"), "rotate": (2, "no-store"),
        "state": (2, None),
    }  # fmt: skip


@pytest.mark.parametrize(
    ("path", "methods"),
    [("/encounters", "GET, OPTIONS, POST"), ("tokens", "GET, OPTIONS, POST"),
     ("facts", "OPTIONS, POST"), ("state", "GET, OPTIONS"),
     ("/library/dnd35/goblin", "DELETE, OPTIONS, PUT"),
     ("/campaigns/crypt", "DELETE, GET, OPTIONS, PUT"), ("/web/app.js", "GET, HEAD, OPTIONS")],
)  # fmt: skip
def test_options_answers_every_method_the_path_takes_and_so_does_a_405(
    client: TestClient, path: str, methods: str
) -> None:
    table = open_table(client, PARTY)
    target = path if path.startswith("/") else url(table, path)
    options = client.options(target)
    assert (options.status_code, options.headers["allow"], options.content) == (204, methods, b"")
    refused = client.request("PATCH", target)
    assert (refused.status_code, refused.headers["allow"]) == (405, methods)


def test_options_on_a_path_nothing_serves_is_a_404(client: TestClient) -> None:
    assert client.options("/nowhere").status_code == 404
