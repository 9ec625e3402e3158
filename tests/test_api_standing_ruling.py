"""The GM's standing ruling (issue 26): set as a fact, it has the service accept a player's
initiative and own saves as proposed the moment they are proposed, with no GM page open; every
other proposal still waits, and one Undo of the ruling's line makes the table ask again."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_api import open_table, url
from tests.test_api_proposals import INITIATIVE, PARTY, bearer, propose

SAVE = {"type": "SavingThrowRolled", "combatant": "lidda", "save": "will", "natural": 12,
        "total": 14}  # fmt: skip
DAMAGE = {"type": "DamageDealt", "target": "goblin-2", "amount": 4}


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """The fight of test_api_proposals, with each player character's link as headers."""
    opened = open_table(client, PARTY)
    for link in client.get(url(opened, "characters"), headers=opened["gm"]).json():
        opened[link["combatant"]] = bearer(link["token"])
    return opened


def set_ruling(client: TestClient, table: dict[str, Any], on: bool) -> Any:
    fact = {"type": "StandingRulingSet", "accept_routine": on}
    return client.post(url(table, "facts"), json={"facts": [fact]}, headers=table["gm"])


def lines(client: TestClient, table: dict[str, Any]) -> list[dict[str, Any]]:
    return [line["fact"] for line in client.get(url(table, "log"), headers=table["gm"]).json()]


def test_initiative_and_own_saves_are_accepted_unasked_while_the_gm_so_rules(
    client: TestClient, table: dict[str, Any]
) -> None:
    assert set_ruling(client, table, True).status_code == 201  # line 6
    made = propose(client, table, "lidda", INITIATIVE, headers={"Idempotency-Key": "k1"})
    assert (made.status_code, made.json()) == (201, {"first": 7, "version": 9})
    log = lines(client, table)
    assert log[7]["type"] == "ProposalAccepted" and log[7]["by"] == "gm"
    assert (log[7]["proposal"], log[7]["standing"], log[7]["action"]) == (7, True, 8)
    assert (log[8]["type"], log[8]["by"], log[8]["action"]) == (
        "InitiativeRolled",
        "player:lidda",
        8,
    )
    state = client.get(url(table, "state"), headers=table["gm"]).json()
    assert state["combatants"]["lidda"]["initiative"] == 17
    again = propose(client, table, "lidda", INITIATIVE, headers={"Idempotency-Key": "k1"})
    assert again.json() == made.json() and len(lines(client, table)) == 9  # a retry: once
    own = client.get(url(table, "proposals"), headers=table["lidda"]).json()
    assert [(p["line"], p["state"]) for p in own] == [(7, "accepted")]

    assert propose(client, table, "lidda", SAVE).json() == {"first": 10, "version": 12}
    assert propose(client, table, "lidda", DAMAGE).json() == {"first": 13, "version": 13}
    mixed = propose(client, table, "lidda", {**INITIATIVE, "natural": 3}, DAMAGE)
    assert mixed.json() == {"first": 14, "version": 14}  # not routine as a whole: it waits
    queue = client.get(url(table, "proposals"), headers=table["gm"]).json()
    assert [p["line"] for p in queue] == [13, 14]


def test_without_the_ruling_or_once_it_is_off_or_undone_every_proposal_waits(
    client: TestClient, table: dict[str, Any]
) -> None:
    assert propose(client, table, "lidda", INITIATIVE).json() == {"first": 6, "version": 6}
    set_ruling(client, table, True)  # line 7
    set_ruling(client, table, False)  # line 8
    assert propose(client, table, "kyra", {**SAVE, "combatant": "kyra"}).json()["version"] == 9
    set_ruling(client, table, True)  # line 10
    undone = client.post(url(table, "undo"), json={"position": 10}, headers=table["gm"])
    assert undone.status_code == 201  # line 11: the ruling in force is line 8's (off)
    assert propose(client, table, "kyra", {**SAVE, "combatant": "kyra"}).json()["version"] == 12
    queue = client.get(url(table, "proposals"), headers=table["gm"]).json()
    assert [p["line"] for p in queue] == [6, 9, 12]


def test_players_see_the_ruling_but_cannot_set_it(
    client: TestClient, table: dict[str, Any]
) -> None:
    set_ruling(client, table, True)
    fact = {"type": "StandingRulingSet", "accept_routine": False}
    refused = client.post(url(table, "facts"), json={"facts": [fact]}, headers=table["lidda"])
    assert refused.status_code == 403
    shown = client.get(url(table, "log"), headers=table["kyra"]).json()
    assert shown[-1]["fact"]["type"] == "StandingRulingSet"
