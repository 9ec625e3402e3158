"""Every refusal a client meets, as a whole RFC 9457 problem body: 401, 403, 404, 409, 413, 422."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from api.http.middleware.body_limit import MAX_BODY
from api.service.tokens import token
from tests.test_api import PARTY, listed, open_table, operator, url

NOWHERE = "/encounters/00000000-0000-0000-0000-000000000000"
TOO_LARGE = {
    "type": "about:blank", "title": "Body too large", "status": 413,
    "detail": f"the body is over the limit of {MAX_BODY} bytes",
    "errors": [{"field": "body", "reason": f"the body is over the limit of {MAX_BODY} bytes"}],
}  # fmt: skip


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    return open_table(client, PARTY)


def problem(status: int, title: str, detail: str, field: str, reason: str = "") -> dict[str, Any]:
    """The problem body the API answers with, naming one field."""
    return {
        "type": "about:blank", "title": title, "status": status, "detail": detail,
        "errors": [{"field": field, "reason": reason or detail}],
    }  # fmt: skip


def test_a_reader_without_a_token_is_told_to_send_one(
    client: TestClient, opened: dict[str, Any]
) -> None:
    reply = client.get(url(opened, "state"))
    assert (reply.status_code, reply.headers["content-type"]) == (401, "application/problem+json")
    assert reply.json() == problem(
        401, "Token needed", "send Authorization: Bearer <token>", "authorization"
    )


def test_another_encounters_token_opens_no_door(client: TestClient, opened: dict[str, Any]) -> None:
    other = open_table(client, [])
    reply = client.get(url(opened, "log"), headers=other["gm"])
    assert reply.status_code == 403
    assert reply.json() == problem(
        403, "Wrong token", "this token opens no door on this encounter", "authorization"
    )


def test_a_player_cannot_amend_a_ruling(client: TestClient, opened: dict[str, Any]) -> None:
    body = {"position": 2, "replacement": {"type": "NoteAdded", "text": "mine now"}}
    reply = client.post(url(opened, "amend"), json=body, headers=opened["player"])
    assert reply.status_code == 403
    assert reply.json() == problem(403, "GM only", "the player token is read-only", "authorization")


def test_an_encounter_that_was_never_opened_is_a_404_to_a_token_that_would_open_it(
    client: TestClient,
) -> None:
    """Only the service's secret makes that token: a stranger's is refused alike whether the
    encounter exists or not (tests/test_api_tables_doors.py)."""
    gm = token(runtime_of(client.app).secret, UUID(NOWHERE.rpartition("/")[2]), "gm")
    reply = client.get(f"{NOWHERE}/log", headers={"Authorization": f"Bearer {gm}"})
    assert reply.status_code == 404
    assert reply.json() == problem(
        404, "No such encounter", "no encounter 00000000-0000-0000-0000-000000000000",
        "encounter_id", "not found",
    )  # fmt: skip


def test_a_ruling_made_on_a_stale_table_is_a_409_and_is_not_written(
    client: TestClient, opened: dict[str, Any]
) -> None:
    body = {"facts": [{"type": "NoteAdded", "text": "late"}], "expected_version": 3}
    reply = client.post(url(opened, "facts"), json=body, headers=opened["gm"])
    assert reply.status_code == 409
    assert reply.json() == problem(
        409, "The log moved on", "expected version 3, but the log is at version 4",
        "expected_version", "the log is at version 4",
    )  # fmt: skip
    assert client.get(url(opened, "state"), headers=opened["gm"]).json()["version"] == 4


def test_a_body_declared_over_a_megabyte_is_a_413(
    client: TestClient, opened: dict[str, Any]
) -> None:
    headers = {**opened["gm"], "content-type": "application/json"}
    reply = client.post(url(opened, "facts"), content="x" * (MAX_BODY + 1), headers=headers)
    assert (reply.status_code, reply.json()) == (413, TOO_LARGE)


def chunks(size: int) -> Iterator[bytes]:
    """A body sent chunked, with no Content-Length to go by."""
    for _ in range(size // 100_000):
        yield b" " * 100_000


@pytest.mark.parametrize("path", ["/encounters/import", "facts"], ids=["import", "append"])
def test_a_chunked_body_over_a_megabyte_is_a_413_as_soon_as_it_is_counted(
    client: TestClient, opened: dict[str, Any], path: str
) -> None:
    target = path if path.startswith("/") else url(opened, path)
    auth = operator(client) if path.startswith("/") else opened["gm"]
    headers = {**auth, "content-type": "application/json"}
    reply = client.post(target, content=chunks(MAX_BODY + 100_000), headers=headers)
    assert "content-length" not in reply.request.headers
    assert (reply.status_code, reply.json()) == (413, TOO_LARGE)
    assert [e["version"] for e in listed(client)] == [4]


def test_a_chunked_body_within_the_limit_is_read_whole(client: TestClient) -> None:
    line = b'{"type":"EncounterCreated","name":"Chunked","ruleset":"dnd35"}\n'
    body = iter([line[:20], line[20:]])
    reply = client.post("/encounters/import", content=body, headers=operator(client))
    assert reply.status_code == 201 and reply.json()["version"] == 1


def test_the_table_after_a_line_the_log_has_not_reached_is_a_422(
    client: TestClient, opened: dict[str, Any]
) -> None:
    reply = client.get(url(opened, "state?at=5"), headers=opened["player"])
    assert reply.status_code == 422
    assert reply.json() == problem(422, "No such line", "the log ends at line 4", "at")


@pytest.mark.parametrize(
    ("second_line", "body"),
    [
        (b'{"type":"CombatantJoined"', problem(
            422, "Invalid log",
            "line 2: not valid JSON (unexpected end of data: line 1 column 26 (char 25))", "line 2",
            "not valid JSON (unexpected end of data: line 1 column 26 (char 25))")),
        (b'{"type":"NoteAdded","text":7}', problem(
            422, "Invalid log", "line 2: Input should be a valid string", "line 2.text",
            "Input should be a valid string")),
        (b'{"type":"DamageDealt","target":"nobody","amount":3}', problem(
            422, "Invalid log", "line 2: unknown combatant 'nobody'", "line 2.target",
            "unknown combatant 'nobody'")),
    ],
    ids=["not JSON", "a field of the wrong kind", "a combatant who never joined"],
)  # fmt: skip
def test_a_bad_line_in_an_imported_log_is_a_422_naming_the_line_and_nothing_is_stored(
    client: TestClient, second_line: bytes, body: dict[str, Any]
) -> None:
    log = b'{"type":"EncounterCreated","name":"Imported","ruleset":"dnd35"}\n' + second_line + b"\n"
    reply = client.post("/encounters/import", content=log, headers=operator(client))
    assert (reply.status_code, reply.json()) == (422, body)
    assert listed(client) == []
