"""Players' proposals over HTTP (issue 26): each player character's link, what it reads, what it
may propose and withdraw, the GM's queue, acceptance, edit and decline, the limits."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.proposing import MOST_OPEN
from tests.test_api import open_table, url

PARTY = [
    {"type": "CombatantJoined", "combatant": "lidda", "name": "Lidda", "side": "party",
     "kind": "pc", "stats": {"max_hp": 14, "initiative_modifier": 3, "defenses": {"ac": 16},
                             "attacks": [{"name": "short sword", "bonus": 6,
                                          "damage": "1d6+1"}]}},
    {"type": "CombatantJoined", "combatant": "kyra", "name": "Kyra", "side": "party",
     "kind": "pc", "stats": {"max_hp": 12, "initiative_modifier": 1}},
    {"type": "CombatantJoined", "combatant": "goblin-2", "name": "Goblin 2", "side": "foes",
     "stats": {"max_hp": 9, "defenses": {"ac": 15, "touch": 12, "flat_footed": 14}}},
    {"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
     "hidden": True, "stats": {"max_hp": 30}},
]  # fmt: skip
INITIATIVE = {"type": "InitiativeRolled", "combatant": "lidda", "natural": 14, "modifier": 3}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    """The fight, with each player character's link as headers (`lidda`, `kyra`)."""
    opened = open_table(client, PARTY)
    links = client.get(url(opened, "characters"), headers=opened["gm"])
    assert links.status_code == 200
    assert links.headers["cache-control"] == "no-store"
    for link in links.json():
        opened[link["combatant"]] = bearer(link["token"])
    assert [link["name"] for link in links.json()] == ["Lidda", "Kyra"]
    return opened


def propose(client: TestClient, table: dict[str, Any], who: str, *facts: Any, **more: Any) -> Any:
    headers = {**table[who], **more.pop("headers", {})}
    return client.post(url(table, "proposals"), json={"facts": list(facts), **more},
                       headers=headers)  # fmt: skip


def attack(target: str = "goblin-2") -> dict[str, Any]:
    return {"type": "AttackMade", "attacker": "lidda", "target": target, "natural": 17,
            "total": 23, "weapon": "short sword"}  # fmt: skip


def test_a_characters_link_reads_the_player_view_and_its_own_card(
    client: TestClient, table: dict[str, Any]
) -> None:
    mine = client.get(url(table, "state"), headers=table["lidda"]).json()["combatants"]
    shared = client.get(url(table, "state"), headers=table["player"]).json()["combatants"]
    assert mine["lidda"]["stats"]["attacks"][0]["name"] == "short sword"
    assert "stats" not in mine.get("kyra", {}) and "stats" not in shared.get("lidda", {})
    assert "ogre" not in mine and set(mine) == set(shared)
    for who in ("lidda", "player"):  # read-only otherwise, like the shared player token
        note = {"facts": [{"type": "NoteAdded", "text": "x"}]}
        assert client.post(url(table, "facts"), json=note, headers=table[who]).status_code == 403
        assert client.get(url(table, "characters"), headers=table[who]).status_code == 403


def test_a_player_proposes_and_only_they_and_the_gm_see_it(
    client: TestClient, table: dict[str, Any]
) -> None:
    made = propose(client, table, "lidda", INITIATIVE, note="quick on my feet")
    assert (made.status_code, made.json()) == (201, {"first": 6, "version": 6})
    queue = client.get(url(table, "proposals"), headers=table["gm"]).json()
    assert [(p["line"], p["state"], p["by"]) for p in queue] == [(6, "pending", "player:lidda")]
    assert queue[0]["words"].startswith("Lidda proposes")
    own = client.get(url(table, "proposals"), headers=table["lidda"]).json()
    assert [(p["line"], p["state"], p["note"]) for p in own] == [(6, "pending", "quick on my feet")]
    for other in ("kyra", "player"):
        assert client.get(url(table, "proposals"), headers=table[other]).json() == []
        log = client.get(url(table, "log"), headers=table[other]).json()
        assert all(line["position"] != 6 for line in log)
    state = client.get(url(table, "state"), headers=table["gm"]).json()
    assert state["combatants"]["lidda"].get("initiative") is None  # nothing changed yet


def test_a_player_proposes_for_their_own_character_only(
    client: TestClient, table: dict[str, Any]
) -> None:
    kyra = {**INITIATIVE, "combatant": "kyra"}
    for who, body in (("lidda", {"combatant": "kyra"}), ("player", {}), ("gm", {})):
        reply = propose(client, table, who, kyra if who == "lidda" else INITIATIVE, **body)
        assert reply.status_code == 403, (who, reply.text)
    refused = propose(client, table, "lidda", kyra)  # a fact for another: the log refuses it
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["field"].endswith("combatant")


def test_a_hidden_target_is_refused_exactly_as_an_unknown_one(
    client: TestClient, table: dict[str, Any]
) -> None:
    hidden = propose(client, table, "lidda", attack("ogre"))
    unknown = propose(client, table, "lidda", attack("nobody"))
    assert hidden.status_code == unknown.status_code == 422
    assert hidden.text == unknown.text.replace("nobody", "ogre")  # the same words, its own name
    assert hidden.json()["errors"] == [
        {"field": "facts.0.target", "reason": "unknown combatant 'ogre'"}
    ]


def test_the_idempotency_key_names_one_proposal(client: TestClient, table: dict[str, Any]) -> None:
    key = {"Idempotency-Key": "lidda-init-1"}
    first = propose(client, table, "lidda", INITIATIVE, headers=key)
    again = propose(client, table, "lidda", INITIATIVE, headers=key)
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    other = propose(client, table, "lidda", {**INITIATIVE, "natural": 3}, headers=key)
    assert other.status_code == 422  # the same key, another body
    assert len(client.get(url(table, "proposals"), headers=table["gm"]).json()) == 1


def test_a_player_cannot_flood_the_queue(client: TestClient, table: dict[str, Any]) -> None:
    for n in range(MOST_OPEN):
        key = {"Idempotency-Key": f"init-{n}"}
        made = propose(client, table, "lidda", {**INITIATIVE, "natural": n + 1}, headers=key)
        assert made.status_code == 201
    refused = propose(client, table, "lidda", INITIATIVE)
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
    retried = propose(client, table, "lidda", {**INITIATIVE, "natural": 1},
                      headers={"Idempotency-Key": "init-0"})  # fmt: skip
    assert (retried.status_code, retried.json()["first"]) == (201, 6)  # its lines, not a 429
    declined = client.post(url(table, "proposals/6/decline"), json={}, headers=table["gm"])
    assert declined.status_code == 201  # one ruled on: room for one more, not two
    assert propose(client, table, "lidda", INITIATIVE).status_code == 201
    assert propose(client, table, "lidda", INITIATIVE).status_code == 429
    assert propose(client, table, "kyra", {**INITIATIVE, "combatant": "kyra"}).status_code == 201
    big = propose(client, table, "lidda", *[INITIATIVE] * 9)
    assert big.status_code == 422 and big.json()["errors"][0]["field"] == "facts"


def test_the_gm_accepts_edits_and_declines(client: TestClient, table: dict[str, Any]) -> None:
    damage = {"type": "DamageDealt", "target": "goblin-2", "amount": 7, "damage_type": "piercing"}
    hit = propose(client, table, "lidda", attack(), damage).json()["first"]
    save = {"type": "SavingThrowRolled", "combatant": "kyra", "save": "fortitude",
            "natural": 12, "total": 13}  # fmt: skip
    asked = propose(client, table, "kyra", save).json()["first"]
    accept = client.post(url(table, f"proposals/{hit}/accept"), json={}, headers=table["gm"])
    assert accept.status_code == 201
    lines = client.get(url(table, "log"), headers=table["gm"]).json()
    ruling, attacked, dealt = (lines[p - 1]["fact"] for p in range(accept.json()["first"], 11))
    assert (ruling["type"], ruling["by"], ruling["edited"]) == ("ProposalAccepted", "gm", False)
    assert (attacked["type"], attacked["by"]) == ("AttackMade", "player:lidda")  # as she rolled
    assert dealt["attack"] == accept.json()["first"] + 1  # her damage is that attack's
    goblin = client.get(url(table, "state"), headers=table["gm"]).json()["combatants"]["goblin-2"]
    assert goblin["vitals"]["hp"] == 2
    reason = {"reason": "no save is called for"}
    declined = client.post(url(table, f"proposals/{asked}/decline"), json=reason,
                           headers=table["gm"])  # fmt: skip
    assert declined.status_code == 201
    kyra = client.get(url(table, "proposals"), headers=table["kyra"]).json()
    assert [(p["state"], p["reason"]) for p in kyra] == [("declined", "no save is called for")]
    lidda = client.get(url(table, "proposals"), headers=table["lidda"]).json()
    assert [p["state"] for p in lidda] == ["accepted"]
    assert "no save is called for" not in client.get(url(table, "log"),
                                                     headers=table["lidda"]).text  # fmt: skip
    again = propose(client, table, "lidda", {**damage, "amount": 6}).json()["first"]
    edited = {"facts": [{**damage, "amount": 4}]}
    assert client.post(url(table, f"proposals/{again}/accept"), json=edited,
                       headers=table["gm"]).status_code == 201  # fmt: skip
    mine = client.get(url(table, "proposals"), headers=table["lidda"]).json()
    assert [p["state"] for p in mine] == ["accepted", "edited"]
    assert client.get(url(table, "proposals"), headers=table["gm"]).json() == []
    every = client.get(url(table, "proposals?all=true"), headers=table["gm"]).json()
    assert [p["state"] for p in every] == ["accepted", "declined", "edited"]


def test_only_the_gm_rules_and_only_on_a_proposal(
    client: TestClient, table: dict[str, Any]
) -> None:
    line = propose(client, table, "lidda", INITIATIVE).json()["first"]
    for who in ("lidda", "kyra", "player"):
        for verb in ("accept", "decline"):
            reply = client.post(url(table, f"proposals/{line}/{verb}"), json={},
                                headers=table[who])  # fmt: skip
            assert reply.status_code == 403
    nothing = client.post(url(table, "proposals/2/accept"), json={}, headers=table["gm"])
    assert nothing.status_code == 404 and nothing.json()["errors"][0]["field"] == "line"


def test_a_player_withdraws_their_own_pending_proposal(
    client: TestClient, table: dict[str, Any]
) -> None:
    line = propose(client, table, "lidda", INITIATIVE).json()["first"]
    for who in ("kyra", "player", "gm"):
        assert client.delete(url(table, f"proposals/{line}"), headers=table[who]).status_code in (
            403, 404)  # fmt: skip
    other = client.delete(url(table, "proposals/2"), headers=table["kyra"])
    theirs = client.delete(url(table, f"proposals/{line}"), headers=table["kyra"])
    assert other.status_code == theirs.status_code == 404
    assert other.text == theirs.text.replace(f"line {line}", "line 2")
    gone = client.delete(url(table, f"proposals/{line}"), headers=table["lidda"])
    assert gone.status_code == 200
    every = client.get(url(table, "proposals?all=true"), headers=table["gm"]).json()
    assert [p["state"] for p in every] == ["withdrawn"]
    ruled = propose(client, table, "lidda", INITIATIVE).json()["first"]
    client.post(url(table, f"proposals/{ruled}/accept"), json={}, headers=table["gm"])
    late = client.delete(url(table, f"proposals/{ruled}"), headers=table["lidda"])
    assert late.status_code == 409


def test_a_characters_link_is_rotated_alone(client: TestClient, table: dict[str, Any]) -> None:
    new = client.post(url(table, "characters/lidda/token"), headers=table["gm"])
    assert new.status_code == 200 and new.headers["cache-control"] == "no-store"
    assert client.get(url(table, "state"), headers=table["lidda"]).status_code == 403
    assert client.get(url(table, "state"), headers=bearer(new.json()["token"])).status_code == 200
    assert client.get(url(table, "state"), headers=table["kyra"]).status_code == 200
    assert client.get(url(table, "state"), headers=table["player"]).status_code == 200
    links = {c["combatant"]: c["token"] for c in
             client.get(url(table, "characters"), headers=table["gm"]).json()}  # fmt: skip
    assert links["lidda"] == new.json()["token"]
    refused = client.post(url(table, "characters/ogre/token"), headers=table["gm"])
    assert refused.status_code == 404
    by_player = client.post(url(table, "characters/kyra/token"), headers=table["kyra"])
    assert by_player.status_code == 403


def test_a_characters_link_opens_no_other_encounter(
    client: TestClient, table: dict[str, Any]
) -> None:
    other = open_table(client, PARTY)
    assert client.get(url(other, "state"), headers=table["lidda"]).status_code == 403
    forged = table["lidda"]["Authorization"][:-2] + "00"  # another character's id, same digest
    assert client.get(url(table, "state"), headers={"Authorization": forged}).status_code == 403


def test_the_recap_shows_what_each_player_asked_beside_what_the_gm_ruled(
    client: TestClient, table: dict[str, Any]
) -> None:
    hit = propose(client, table, "lidda", attack()).json()["first"]
    client.post(url(table, f"proposals/{hit}/accept"), json={}, headers=table["gm"])
    save = {"type": "SavingThrowRolled", "combatant": "kyra", "save": "will", "natural": 4,
            "total": 6}  # fmt: skip
    asked = propose(client, table, "kyra", save).json()["first"]
    reason = {"reason": "no save is called for"}
    client.post(url(table, f"proposals/{asked}/decline"), json=reason, headers=table["gm"])
    told = {who: client.get(url(table, "recap?format=markdown"), headers=table[who]).text
            for who in ("gm", "lidda", "kyra", "player")}  # fmt: skip
    lidda_asked = "Lidda proposes: attack Goblin 2 with short sword, d20 17"
    kyra_asked = "Kyra proposes: will save d20 4"
    assert lidda_asked in told["gm"] and "→ accepted" in told["gm"]
    assert kyra_asked in told["gm"] and "→ declined — “no save is called for”" in told["gm"]
    assert lidda_asked in told["lidda"] and kyra_asked not in told["lidda"]
    assert "no save is called for" in told["kyra"] and lidda_asked not in told["kyra"]
    assert "proposes" not in told["player"]
    fights = client.get(url(table, "recap"), headers=table["lidda"]).json()["fights"]
    assert [(a["line"], a["state"]) for a in fights[0]["asked"]] == [(hit, "accepted")]
