"""The GM's writes, served by the write lane in front of the routing, reply as the app does:
the security headers on a write and on every refusal, the reply's body and type unchanged."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http import writes
from api.http.headers import HEADERS
from tests.test_api import PARTY, open_table, url

NOTE = {"type": "NoteAdded", "text": "the goblin sneers"}


@pytest.mark.parametrize(
    ("body", "who", "status"),
    [({"facts": [NOTE]}, "gm", 201),
     ({"facts": [NOTE], "expected_version": 1}, "gm", 409),
     ({"facts": [{"type": "DamageDealt", "target": "nobody", "amount": 1}]}, "gm", 422),
     ({"facts": [NOTE]}, "player", 403)],
    ids=["written", "a stale expected_version", "a fact the log refuses", "a player's token"],
)  # fmt: skip
def test_a_write_and_each_refusal_carry_the_security_headers(
    client: TestClient, body: dict[str, Any], who: str, status: int
) -> None:
    table = open_table(client, PARTY)
    reply = client.post(url(table, "facts"), json=body, headers=table[who])
    assert reply.status_code == status
    for name, value in HEADERS:
        assert reply.headers[name.decode()] == value.decode()
    kind = "application/json" if status == 201 else "application/problem+json"
    assert reply.headers["content-type"] == kind


def test_a_write_replies_with_its_lines_as_compact_json(client: TestClient) -> None:
    table = open_table(client, PARTY)
    reply = client.post(url(table, "facts"), json={"facts": [NOTE, NOTE]}, headers=table["gm"])
    first = len(PARTY) + 2
    assert reply.content == b'{"first":%d,"version":%d}' % (first, first + 1)
    assert reply.headers["content-length"] == str(len(reply.content))


def test_a_write_goes_through_fastapi_and_its_telemetry_while_that_is_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lane takes a write before FastAPI's own middleware, unless FastAPI's telemetry is on
    (an OpenTelemetry provider configured; asked at most once in TELEMETRY_SEEN_EVERY): then
    the write is seen by it as every request is, and answered the same."""
    app: Any = client.app
    seen: list[str] = []
    stack = app.build_middleware_stack()

    async def through_fastapi(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["path"])
        await stack(scope, receive, send)

    monkeypatch.setattr(app, "middleware_stack", through_fastapi)
    table = open_table(client, PARTY)
    seen.clear()
    client.post(url(table, "facts"), json={"facts": [NOTE]}, headers=table["gm"])
    assert seen == []  # telemetry off (as by default): the lane answered it first
    monkeypatch.setattr(app._native_telemetry, "enabled", lambda: True)
    later = time.monotonic() + writes.TELEMETRY_SEEN_EVERY
    monkeypatch.setattr(writes, "monotonic", lambda: later)
    reply = client.post(url(table, "facts"), json={"facts": [NOTE]}, headers=table["gm"])
    assert (reply.status_code, seen) == (201, [url(table, "facts")])
