"""An Idempotency-Key names one request, route and body (the IETF draft): a retry gets the first
reply; the key with anything else is a 422 naming the header, not a silent first reply. A fact
from a client carries no envelope of its own (issue 11, items 6 and 7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from tests.test_api import PARTY, listed, open_table, url

HIT = {"type": "DamageDealt", "target": "goblin", "amount": 2}
HIT_3 = {**HIT, "amount": 3}


def keyed(table: dict[str, Any], key: str = "hit-1") -> dict[str, str]:
    return {**table["gm"], "Idempotency-Key": key}


def lines(client: TestClient, table: dict[str, Any]) -> list[dict[str, Any]]:
    reply = client.get(url(table, "log"), headers=table["gm"])
    return [line["fact"] for line in reply.json()]


def assert_reused(reply: Any, key: str = "hit-1") -> None:
    assert reply.status_code == 422, reply.text
    body = reply.json()
    assert (body["title"], [e["field"] for e in body["errors"]]) == (
        "Idempotency-Key reused", ["Idempotency-Key"]
    )  # fmt: skip
    assert key in body["detail"]


@pytest.mark.parametrize(
    ("route", "body"),
    [("facts", {"facts": [HIT_3]}),
     ("facts", {"facts": [HIT], "expected_version": 5}),
     ("undo", {}),
     ("redo", {"position": 5}),
     ("amend", {"position": 5, "replacement": HIT_3})],
    ids=["another amount", "an expected version added", "undo", "redo", "amend"],
)  # fmt: skip
def test_a_key_reused_with_another_route_or_body_is_a_422_naming_it_and_records_nothing(
    client: TestClient, route: str, body: dict[str, Any]
) -> None:
    table = open_table(client, PARTY)
    first = client.post(url(table, "facts"), json={"facts": [HIT]}, headers=keyed(table))
    assert first.json() == {"first": 5, "version": 5}
    before = lines(client, table)
    assert_reused(client.post(url(table, route), json=body, headers=keyed(table)))
    assert lines(client, table) == before


@pytest.mark.parametrize("route", ["facts", "undo"])
def test_a_key_sent_with_a_write_then_with_a_fork_is_a_422_naming_it_and_opens_no_branch(
    client: TestClient, route: str
) -> None:
    """Issue 23: the fork answered 201 with a new branch."""
    table = open_table(client, PARTY)
    body = {"facts": [HIT]} if route == "facts" else {}
    assert client.post(url(table, route), json=body, headers=keyed(table)).status_code == 201
    before = listed(client)
    assert_reused(client.post(url(table, "fork"), json={"at": 2}, headers=keyed(table)))
    assert listed(client) == before


@pytest.mark.parametrize(
    ("route", "body"),
    [("facts", {"facts": [HIT]}), ("undo", {}), ("amend", {"position": 4, "replacement": HIT})],
)
def test_a_key_sent_with_a_fork_then_with_a_write_is_a_422_naming_it_and_records_nothing(
    client: TestClient, route: str, body: dict[str, Any]
) -> None:
    table = open_table(client, PARTY)
    forked = client.post(url(table, "fork"), json={"at": 2}, headers=keyed(table, "fork-1"))
    assert forked.status_code == 201
    before = lines(client, table)
    assert_reused(
        client.post(url(table, route), json=body, headers=keyed(table, "fork-1")), "fork-1"
    )
    assert lines(client, table) == before


@pytest.mark.parametrize("route", ["undo", "redo", "amend"])
def test_a_retried_correction_with_its_key_returns_the_first_reply_and_records_once(
    client: TestClient, route: str
) -> None:
    table = open_table(client, PARTY)
    client.post(url(table, "facts"), json={"facts": [HIT]}, headers=table["gm"])
    if route == "redo":
        client.post(url(table, "undo"), json={"position": 5}, headers=table["gm"])
    body: dict[str, Any] = {"position": 5}
    if route == "amend":
        body["replacement"] = HIT_3
    first = client.post(url(table, route), json=body, headers=keyed(table, "fix"))
    again = client.post(url(table, route), json=body, headers=keyed(table, "fix"))
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert len(lines(client, table)) == first.json()["version"]


def test_a_reused_key_is_still_refused_after_a_restart(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'api.sqlite'}"
    with TestClient(create_app(database, folder=tmp_path)) as client:
        table = open_table(client, PARTY)
        client.post(url(table, "facts"), json={"facts": [HIT]}, headers=keyed(table))
    with TestClient(create_app(database, folder=tmp_path)) as client:
        retried = client.post(url(table, "facts"), json={"facts": [HIT]}, headers=keyed(table))
        assert retried.json() == {"first": 5, "version": 5}
        assert_reused(
            client.post(url(table, "facts"), json={"facts": [HIT_3]}, headers=keyed(table))
        )


@pytest.mark.parametrize("field", ["key", "at", "by", "fingerprint"])
def test_a_fact_sent_with_a_field_the_service_records_is_a_422_naming_it(
    client: TestClient, field: str
) -> None:
    table = open_table(client, PARTY)
    value = "2026-11-26T10:00:00Z" if field == "at" else "mine"
    sent = {"facts": [HIT, {**HIT, field: value}]}
    reply = client.post(url(table, "facts"), json=sent, headers=table["gm"])
    assert reply.status_code == 422
    assert [e["field"] for e in reply.json()["errors"]] == [f"facts[1].{field}"]
    amend = {"position": 2, "replacement": {**PARTY[0], field: value}}
    reply = client.post(url(table, "amend"), json=amend, headers=table["gm"])
    assert [e["field"] for e in reply.json()["errors"]] == [f"replacement.{field}"]
    assert len(lines(client, table)) == 4


def test_an_imported_log_keeps_when_and_by_whom_each_line_was_recorded(
    client: TestClient,
) -> None:
    from tests.test_api import operator

    table = open_table(client, PARTY)
    client.post(url(table, "facts"), json={"facts": [HIT]}, headers=keyed(table))
    exported = client.get(url(table, "export"), headers=table["gm"]).content
    copy = client.post("/encounters/import", content=exported, headers=operator(client)).json()
    gm = {"Authorization": f"Bearer {copy['gm_token']}"}
    assert lines(client, {"id": copy["id"], "gm": gm}) == lines(client, table)
