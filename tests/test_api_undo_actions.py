"""One GM action, one undo, over HTTP (issue 25): "Record attack and damage" is one write; one
Undo takes both lines back and one Redo restores both, and the log shows them as one action."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_api import open_table, url
from tests.test_api_errors import problem

SETUP = [
    {"type": "CombatantJoined", "combatant": "valeros", "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12, "defenses": {"ac": 18}}},
    {"type": "CombatantJoined", "combatant": "goblin", "name": "Goblin", "side": "foes",
     "stats": {"max_hp": 6, "defenses": {"ac": 15}}},
]  # fmt: skip
ATTACK_AND_DAMAGE = [  # lines 4 and 5
    {"type": "AttackMade", "attacker": "valeros", "target": "goblin", "natural": 17, "total": 21},
    {"type": "DamageDealt", "target": "goblin", "amount": 5, "attack": 4},
]


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    table = open_table(client, SETUP)  # lines 2-3
    reply = client.post(url(table, "facts"), json={"facts": ATTACK_AND_DAMAGE}, headers=table["gm"])
    assert reply.json() == {"first": 4, "version": 5}
    return table


def lines(client: TestClient, opened: dict[str, Any]) -> list[dict[str, Any]]:
    """The GM's log lines from line 4 on, without the time each was recorded at."""
    log = client.get(url(opened, "log"), headers=opened["gm"]).json()[3:]
    for line in log:
        del line["fact"]["at"]
    return log  # type: ignore[no-any-return]


def goblin_hp(client: TestClient, opened: dict[str, Any]) -> int:
    state = client.get(url(opened, "state"), headers=opened["gm"]).json()
    return int(state["combatants"]["goblin"]["vitals"]["hp"])


def test_the_attack_and_its_damage_show_as_one_action_in_the_gms_log(
    client: TestClient, opened: dict[str, Any]
) -> None:
    assert [(line["fact"]["action"], line["action_lines"]) for line in lines(client, opened)] == [
        (4, [4, 5]), (4, [4, 5]),
    ]  # fmt: skip


def test_one_undo_takes_back_the_attack_and_its_damage_and_one_redo_restores_both(
    client: TestClient, opened: dict[str, Any]
) -> None:
    reply = client.post(url(opened, "undo"), json={}, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (201, {"first": 6, "version": 7})
    undone = lines(client, opened)
    assert [line["revoked"] for line in undone] == [True, True, False, False]
    assert [line["fact"] for line in undone[2:]] == [
        {"type": "EventRevoked", "target": 4, "by": "gm", "action": 6},
        {"type": "EventRevoked", "target": 5, "by": "gm", "action": 6},
    ]
    assert goblin_hp(client, opened) == 6
    reply = client.post(url(opened, "redo"), json={}, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (201, {"first": 8, "version": 9})
    assert [line["revoked"] for line in lines(client, opened)[:2]] == [False, False]
    assert goblin_hp(client, opened) == 1


def test_a_single_line_is_still_undone_by_its_position(
    client: TestClient, opened: dict[str, Any]
) -> None:
    client.post(url(opened, "undo"), json={"position": 5}, headers=opened["gm"])
    assert [line["revoked"] for line in lines(client, opened)[:2]] == [False, True]
    client.post(url(opened, "undo"), json={"action": 4}, headers=opened["gm"])
    assert [line["revoked"] for line in lines(client, opened)[:2]] == [True, True]


@pytest.mark.parametrize("route", ["undo", "redo"])
def test_an_action_named_by_a_line_that_does_not_begin_it_is_a_422_naming_action(
    client: TestClient, opened: dict[str, Any], route: str
) -> None:
    reply = client.post(url(opened, route), json={"action": 5}, headers=opened["gm"])
    reason = "line 5 is one of the action beginning at line 4"
    assert reply.json() == problem(
        422, "The log cannot take this fact", f"line 6: {reason}", "action", reason
    )
    assert client.get(url(opened, "state"), headers=opened["gm"]).json()["version"] == 5


def test_a_client_cannot_stamp_an_action_on_a_fact_it_sends(
    client: TestClient, opened: dict[str, Any]
) -> None:
    note = {"type": "NoteAdded", "text": "the goblin flees", "action": 6}
    reply = client.post(url(opened, "facts"), json={"facts": [note]}, headers=opened["gm"])
    reason = "`action` is recorded by the service, not sent with a fact"
    assert reply.json() == problem(422, "Invalid fact", reason, "facts[0].action")
