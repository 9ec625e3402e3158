"""Opening and listing encounters: the name, the rules system and the house rules chosen."""

from __future__ import annotations

from fastapi.testclient import TestClient

from api.service.doors import NO_TABLE
from tests.test_api import listed, operator
from tests.test_api_errors import problem


def test_the_list_shows_every_encounter_with_its_rules_and_length_but_no_tokens(
    client: TestClient,
) -> None:
    assert listed(client) == []
    ambush = client.post(
        "/encounters", headers=operator(client), json={"name": "Goblin ambush"}
    ).json()
    bridge = client.post(
        "/encounters", headers=operator(client), json={"name": "Troll bridge", "ruleset": "orcus"}
    ).json()
    gm = {"Authorization": f"Bearer {bridge['gm_token']}"}
    note = {"facts": [{"type": "NoteAdded", "text": "the troll waits"}]}
    client.post(f"/encounters/{bridge['id']}/facts", json=note, headers=gm)
    every = listed(client)
    assert sorted(every, key=lambda e: e["name"]) == [
        {"id": ambush["id"], "name": "Goblin ambush", "ruleset": "dnd35", "version": 1},
        {"id": bridge["id"], "name": "Troll bridge", "ruleset": "orcus", "version": 2},
    ]


def test_the_list_needs_the_operator_token_so_players_learn_no_prepared_fight(
    client: TestClient,
) -> None:
    prepared = client.post(
        "/encounters", headers=operator(client), json={"name": "The dragon's lair"}
    ).json()
    player = {"Authorization": f"Bearer {prepared['player_token']}"}
    for headers, status, title, detail in (
        ({}, 401, "Token needed", "send Authorization: Bearer <table key>"),
        (player, 403, "Wrong token", NO_TABLE),
    ):
        reply = client.get("/encounters", headers=headers)
        assert reply.status_code == status
        assert reply.json() == problem(status, title, detail, "authorization")
        assert "dragon" not in reply.text


def test_an_encounter_opens_with_the_house_rules_the_gm_chose(client: TestClient) -> None:
    body = {"name": "Troll bridge", "ruleset": "orcus", "options": {"natural_saves": "total_only"}}
    reply = client.post("/encounters", headers=operator(client), json=body)
    assert reply.status_code == 201
    opened = reply.json()
    assert (opened["version"], sorted(opened)) == (
        1, ["gm_token", "id", "player_token", "version"],
    )  # fmt: skip
    gm = {"Authorization": f"Bearer {opened['gm_token']}"}
    line = client.get(f"/encounters/{opened['id']}/log", headers=gm).json()[0]["fact"]
    assert {k: v for k, v in line.items() if k != "at"} == {
        "type": "EncounterCreated", "name": "Troll bridge", "ruleset": "orcus",
        "options": {"natural_saves": "total_only"}, "by": "gm",
    }  # fmt: skip


def test_a_house_rule_the_ruleset_does_not_know_is_a_422_naming_it(client: TestClient) -> None:
    body = {"name": "Troll bridge", "ruleset": "orcus", "options": {"flanking": "always"}}
    reply = client.post("/encounters", headers=operator(client), json=body)
    assert reply.status_code == 422
    assert reply.json() == problem(
        422, "The log cannot take this fact", "line 1: Extra inputs are not permitted",
        "options.flanking", "Extra inputs are not permitted",
    )  # fmt: skip
    assert listed(client) == []


def test_a_house_rule_set_to_a_choice_the_ruleset_lacks_is_a_422_naming_it(
    client: TestClient,
) -> None:
    body = {"name": "Goblins", "ruleset": "dnd35", "options": {"temp_hp_model": "sometimes"}}
    reply = client.post("/encounters", headers=operator(client), json=body)
    assert reply.status_code == 422
    reason = "Input should be 'pool' or 'noted_total'"
    assert reply.json() == problem(
        422, "The log cannot take this fact", f"line 1: {reason}", "options.temp_hp_model", reason
    )


def test_an_unknown_ruleset_is_a_422_naming_it(client: TestClient) -> None:
    reply = client.post(
        "/encounters", headers=operator(client), json={"name": "Chess", "ruleset": "chess"}
    )
    assert reply.status_code == 422
    assert reply.json() == problem(
        422, "Invalid request",
        "Input should be 'dnd35', 'd20modern', 'true20', 'starfinder' or 'orcus'", "ruleset",
    )  # fmt: skip
