"""The HTTP API as a client meets it: statuses and whole problem bodies, tokens, player view."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from tests.server_helpers import operator_auth

PARTY = [
    {"type": "CombatantJoined", "combatant": "valeros", "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12, "defenses": {"ac": 18}}},
    {"type": "CombatantJoined", "combatant": "goblin", "name": "Goblin", "side": "foes",
     "stats": {"max_hp": 6, "defenses": {"ac": 15}}},
    {"type": "CombatantJoined", "combatant": "sniper", "name": "Sniper", "side": "foes",
     "hidden": True, "stats": {"max_hp": 9}},
]  # fmt: skip


def open_table(
    client: TestClient, facts: list[dict[str, Any]], ruleset: str = "dnd35"
) -> dict[str, Any]:
    """A new encounter with `facts` appended after line 1: its id, tokens and auth headers."""
    body = {"name": "Goblin ambush", "ruleset": ruleset}
    reply = client.post("/encounters", json=body, headers=operator(client))
    assert reply.status_code == 201
    encounter = reply.json()
    gm = {"Authorization": f"Bearer {encounter['gm_token']}"}
    if facts:
        appended = client.post(
            f"/encounters/{encounter['id']}/facts", json={"facts": facts}, headers=gm
        )
        assert appended.json() == {"first": 2, "version": 1 + len(facts)}
    return {
        **encounter,
        "gm": gm,
        "player": {"Authorization": f"Bearer {encounter['player_token']}"},
    }


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    return open_table(client, PARTY)


def url(opened: dict[str, Any], tail: str) -> str:
    return f"/encounters/{opened['id']}/{tail}"


def operator(client: TestClient) -> dict[str, str]:
    """The operator token's header: it creates, imports, and opens what spans every encounter."""
    return operator_auth(runtime_of(client.app).secret)


def listed(client: TestClient) -> list[dict[str, Any]]:
    """Every stored encounter, as the operator lists them."""
    reply = client.get("/encounters", headers=operator(client))
    assert reply.status_code == 200
    found: list[dict[str, Any]] = reply.json()
    return found


def test_a_gm_appends_facts_and_reads_the_table(client: TestClient, opened: dict[str, Any]) -> None:
    hit = {"type": "DamageDealt", "target": "goblin", "amount": 7}
    assert (
        client.post(url(opened, "facts"), json={"facts": [hit]}, headers=opened["gm"]).status_code
        == 201
    )
    state = client.get(url(opened, "state"), headers=opened["gm"]).json()
    assert state["version"] == 5
    assert state["combatants"]["goblin"]["vitals"] == {
        "hp": -1,
        "max_hp": 6,
        "temp_hp": 0,
        "nonlethal": 0,
    }
    assert state["combatants"]["goblin"]["statuses"] == [
        "dying",
        "unconscious",
        "helpless",
        "flat_footed",
    ]
    assert (
        client.get(url(opened, "state?at=4"), headers=opened["gm"]).json()["combatants"]["goblin"][
            "vitals"
        ]["hp"]
        == 6
    )


def test_players_see_no_hidden_combatant_and_no_foe_numbers(
    client: TestClient, opened: dict[str, Any]
) -> None:
    hit = {"type": "DamageDealt", "target": "goblin", "amount": 4}
    client.post(url(opened, "facts"), json={"facts": [hit]}, headers=opened["gm"])
    state = client.get(url(opened, "state"), headers=opened["player"]).json()
    assert set(state["combatants"]) == {"valeros", "goblin"}
    assert state["combatants"]["goblin"]["vitals"] == {"descriptor": "badly hurt"}
    assert "healthy" not in state["combatants"]["goblin"]["statuses"]  # the word says otherwise
    assert state["combatants"]["valeros"]["vitals"]["hp"] == 12
    lines = client.get(url(opened, "log"), headers=opened["player"]).json()
    assert [line["position"] for line in lines] == [1, 2, 3, 5]
    assert lines[-1]["fact"] == {
        "type": "DamageDealt",
        "target": "goblin",
        "at": lines[-1]["fact"]["at"],
    }


@pytest.mark.parametrize(
    ("headers", "status", "title", "detail"),
    [
        ({}, 401, "Token needed", "send Authorization: Bearer <token>"),
        ({"Authorization": "Bearer nope"}, 403, "Wrong token",
         "this token opens no door on this encounter"),
    ],
    ids=["no token", "wrong token"],
)  # fmt: skip
def test_no_or_a_wrong_token_is_refused(
    client: TestClient,
    opened: dict[str, Any],
    headers: dict[str, str],
    status: int,
    title: str,
    detail: str,
) -> None:
    reply = client.get(url(opened, "state"), headers=headers)
    assert (reply.status_code, reply.headers["content-type"]) == (
        status,
        "application/problem+json",
    )
    assert reply.json() == {
        "type": "about:blank", "title": title, "status": status, "detail": detail,
        "errors": [{"field": "authorization", "reason": detail}],
    }  # fmt: skip


def test_a_player_token_cannot_write(client: TestClient, opened: dict[str, Any]) -> None:
    reply = client.post(url(opened, "undo"), json={}, headers=opened["player"])
    assert reply.status_code == 403
    assert reply.json() == {
        "type": "about:blank", "title": "GM only", "status": 403,
        "detail": "the player token is read-only",
        "errors": [{"field": "authorization", "reason": "the player token is read-only"}],
    }  # fmt: skip


def test_a_fact_the_log_cannot_take_is_a_422_naming_the_field_and_nothing_is_written(
    client: TestClient, opened: dict[str, Any]
) -> None:
    facts = [{"type": "DamageDealt", "target": "goblin", "amount": 3},
             {"type": "DamageDealt", "target": "nobody", "amount": 3}]  # fmt: skip
    reply = client.post(url(opened, "facts"), json={"facts": facts}, headers=opened["gm"])
    assert reply.status_code == 422
    assert reply.json() == {
        "type": "about:blank", "title": "The log cannot take this fact", "status": 422,
        "detail": "line 6: unknown combatant 'nobody'",
        "errors": [{"field": "facts[1].target", "reason": "unknown combatant 'nobody'"}],
    }  # fmt: skip
    assert client.get(url(opened, "state"), headers=opened["gm"]).json()["version"] == 4


def test_a_malformed_fact_is_a_422_naming_its_place_in_the_batch(
    client: TestClient, opened: dict[str, Any]
) -> None:
    facts = [{"type": "DamageDealt", "target": "goblin", "amount": "lots"}]
    reply = client.post(url(opened, "facts"), json={"facts": facts}, headers=opened["gm"])
    assert reply.status_code == 422
    assert reply.json() == {
        "type": "about:blank", "title": "Invalid fact", "status": 422,
        "detail": "Input should be a valid integer",
        "errors": [{"field": "facts[0].amount", "reason": "Input should be a valid integer"}],
    }  # fmt: skip


def test_a_retried_append_with_the_same_key_appends_once(
    client: TestClient, opened: dict[str, Any]
) -> None:
    body = {"facts": [{"type": "DamageDealt", "target": "goblin", "amount": 2}]}
    headers = {**opened["gm"], "Idempotency-Key": "hit-1"}
    first = client.post(url(opened, "facts"), json=body, headers=headers)
    again = client.post(url(opened, "facts"), json=body, headers=headers)
    assert first.json() == again.json() == {"first": 5, "version": 5}
    assert (
        client.get(url(opened, "state"), headers=opened["gm"]).json()["combatants"]["goblin"][
            "vitals"
        ]["hp"]
        == 4
    )


def test_a_token_may_ride_in_the_query_where_no_header_can_be_sent(
    client: TestClient, opened: dict[str, Any]
) -> None:
    player = client.get(url(opened, f"state?token={opened['player_token']}"))
    assert player.status_code == 200 and "sniper" not in player.json()["combatants"]
    wrong = client.get(url(opened, "state?token=nope"))
    assert wrong.status_code == 403
    both = client.get(url(opened, "state?token=nope"), headers=opened["gm"])
    assert both.status_code == 200 and "sniper" in both.json()["combatants"]


def test_an_empty_idempotency_key_is_refused_and_nothing_is_appended(
    client: TestClient, opened: dict[str, Any]
) -> None:
    headers = {**opened["gm"], "Idempotency-Key": ""}
    reply = client.post(url(opened, "redo"), json={"position": 2}, headers=headers)
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "Idempotency-Key"
    assert client.get(url(opened, "state"), headers=opened["gm"]).json()["version"] == 4


def test_undo_redo_and_amend_recompute_the_table(
    client: TestClient, opened: dict[str, Any]
) -> None:
    gm = opened["gm"]
    client.post(
        url(opened, "facts"),
        json={"facts": [{"type": "DamageDealt", "target": "goblin", "amount": 7}]},
        headers=gm,
    )

    def hp() -> int:
        state = client.get(url(opened, "state"), headers=gm).json()
        return int(state["combatants"]["goblin"]["vitals"]["hp"])

    assert client.post(url(opened, "undo"), json={}, headers=gm).json() == {
        "first": 6,
        "version": 6,
    }
    assert hp() == 6
    client.post(url(opened, "redo"), json={}, headers=gm)
    assert hp() == -1
    replacement = {"type": "DamageDealt", "target": "goblin", "amount": 2}
    client.post(url(opened, "amend"), json={"position": 5, "replacement": replacement}, headers=gm)
    assert hp() == 4
    lines = client.get(url(opened, "log"), headers=gm).json()
    assert (lines[4]["revoked"], lines[4]["amended_by"], lines[5]["revoked"]) == (False, 8, False)


def test_dice_notation_is_rolled_once_and_recorded_as_rolled(
    client: TestClient, opened: dict[str, Any]
) -> None:
    roll = {"type": "AttackMade", "attacker": "valeros", "target": "goblin", "roll": "1d20+5"}
    client.post(url(opened, "facts"), json={"facts": [roll]}, headers=opened["gm"])
    attack = client.get(url(opened, "log"), headers=opened["gm"]).json()[-1]["fact"]
    assert 1 <= attack["natural"] <= 20 and attack["total"] == attack["natural"] + 5


def test_export_then_import_gives_the_same_log(client: TestClient, opened: dict[str, Any]) -> None:
    exported = client.get(url(opened, "export"), headers=opened["gm"])
    imported = client.post("/encounters/import", content=exported.content, headers=operator(client))
    assert imported.status_code == 201
    again = imported.json()
    copy = client.get(
        f"/encounters/{again['id']}/export",
        headers={"Authorization": f"Bearer {again['gm_token']}"},
    )
    assert copy.content == exported.content
