"""Undo, redo and amend over HTTP: at a chosen position, with the GM's reason recorded."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_api import PARTY, open_table, url
from tests.test_api_errors import problem

HITS = [
    {"type": "DamageDealt", "target": "goblin", "amount": 1},
    {"type": "DamageDealt", "target": "goblin", "amount": 2},
    {"type": "DamageDealt", "target": "valeros", "amount": 3},
]


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    return open_table(client, PARTY + HITS)  # lines 5, 6 and 7 are the hits


def hp(client: TestClient, opened: dict[str, Any]) -> dict[str, int]:
    state = client.get(url(opened, "state"), headers=opened["gm"]).json()
    return {who: state["combatants"][who]["vitals"]["hp"] for who in ("goblin", "valeros")}


def fact_at(client: TestClient, opened: dict[str, Any], position: int) -> dict[str, Any]:
    """The line as recorded, without the time it was recorded at."""
    line = client.get(url(opened, "log"), headers=opened["gm"]).json()[position - 1]
    return {k: v for k, v in line["fact"].items() if k != "at"}


def test_undo_at_a_position_revokes_that_line_and_records_the_gms_reason(
    client: TestClient, opened: dict[str, Any]
) -> None:
    body = {"position": 5, "reason": "it was the other goblin"}
    reply = client.post(url(opened, "undo"), json=body, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (201, {"first": 8, "version": 8})
    assert fact_at(client, opened, 8) == {
        "type": "EventRevoked", "target": 5, "reason": "it was the other goblin", "by": "gm",
    }  # fmt: skip
    assert hp(client, opened) == {"goblin": 4, "valeros": 9}


def test_undo_without_a_reason_records_none(client: TestClient, opened: dict[str, Any]) -> None:
    client.post(url(opened, "undo"), json={"position": 6}, headers=opened["gm"])
    assert fact_at(client, opened, 8) == {"type": "EventRevoked", "target": 6, "by": "gm"}


def test_redo_at_a_position_restores_that_line_not_the_latest_revoked(
    client: TestClient, opened: dict[str, Any]
) -> None:
    for position in (5, 6):
        client.post(url(opened, "undo"), json={"position": position}, headers=opened["gm"])
    assert hp(client, opened) == {"goblin": 6, "valeros": 9}
    reply = client.post(url(opened, "redo"), json={"position": 5}, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (201, {"first": 10, "version": 10})
    assert fact_at(client, opened, 10) == {"type": "EventRestored", "target": 5, "by": "gm"}
    assert hp(client, opened) == {"goblin": 5, "valeros": 9}


def test_redo_records_the_gms_reason(client: TestClient, opened: dict[str, Any]) -> None:
    client.post(url(opened, "undo"), json={"position": 5}, headers=opened["gm"])
    body = {"reason": "it was that goblin after all"}
    reply = client.post(url(opened, "redo"), json=body, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (201, {"first": 9, "version": 9})
    assert fact_at(client, opened, 9) == {
        "type": "EventRestored", "target": 5, "reason": "it was that goblin after all", "by": "gm",
    }  # fmt: skip


def test_an_amendment_records_the_gms_reason(client: TestClient, opened: dict[str, Any]) -> None:
    body = {"position": 7, "replacement": {**HITS[2], "amount": 5}, "reason": "forgot the sneak"}
    reply = client.post(url(opened, "amend"), json=body, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (201, {"first": 8, "version": 8})
    assert fact_at(client, opened, 8) == {
        "type": "EventAmended", "target": 7, "reason": "forgot the sneak", "by": "gm",
        "replacement": {"type": "DamageDealt", "target": "valeros", "amount": 5},
    }  # fmt: skip
    assert hp(client, opened) == {"goblin": 3, "valeros": 7}


@pytest.mark.parametrize("correction", ["undo", "amend"])
def test_an_empty_reason_is_a_422_and_nothing_is_recorded(
    client: TestClient, opened: dict[str, Any], correction: str
) -> None:
    body = {"position": 7, "reason": "", "replacement": HITS[2]}
    if correction == "undo":
        del body["replacement"]
    reply = client.post(url(opened, correction), json=body, headers=opened["gm"])
    assert reply.status_code == 422
    assert reply.json() == problem(
        422, "Invalid request", "String should have at least 1 character", "reason"
    )
    assert client.get(url(opened, "state"), headers=opened["gm"]).json()["version"] == 7


def test_undoing_a_line_that_is_already_revoked_is_a_422_naming_the_position(
    client: TestClient, opened: dict[str, Any]
) -> None:
    client.post(url(opened, "undo"), json={"position": 5}, headers=opened["gm"])
    reply = client.post(url(opened, "undo"), json={"position": 5}, headers=opened["gm"])
    assert reply.status_code == 422
    assert reply.json() == problem(
        422, "The log cannot take this fact", "line 9: position 5 is already revoked", "position",
        "position 5 is already revoked",
    )  # fmt: skip
