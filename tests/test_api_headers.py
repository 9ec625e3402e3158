"""Security headers on every response, and /docs with nothing fetched from the internet
(issue 11, item 7)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.middleware.body_limit import MAX_BODY
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
