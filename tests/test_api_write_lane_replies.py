"""The GM's writes, served by the write lane before the routing, reply as the app does:
the security headers on a write and on every refusal, the reply's body and type unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.middleware import write_lane
from api.http.middleware.headers import HEADERS
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


def test_a_write_goes_through_fastapis_own_stack_and_the_lane_writes_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lane is a plain ASGI middleware inside the app's stack: FastAPI's own middleware (its
    error page, its telemetry when a provider is configured) sees every write, as every other
    request; the lane then writes it through the one write path, past the routing."""
    app: Any = client.app
    seen: list[str] = []
    stack = app.build_middleware_stack()

    async def through_fastapi(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["path"])
        await stack(scope, receive, send)

    laned: list[str] = []
    write = write_lane.write

    async def lane_write(runtime: Any, encounter_id: Any, kind: str, *args: Any, **kw: Any) -> Any:
        laned.append(kind)
        return await write(runtime, encounter_id, kind, *args, **kw)

    monkeypatch.setattr(app, "middleware_stack", through_fastapi)
    monkeypatch.setattr(write_lane, "write", lane_write)
    table = open_table(client, PARTY)
    seen.clear()
    laned.clear()
    reply = client.post(url(table, "facts"), json={"facts": [NOTE]}, headers=table["gm"])
    assert (reply.status_code, seen, laned) == (201, [url(table, "facts")], ["facts"])
