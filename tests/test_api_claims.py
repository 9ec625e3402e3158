"""Claiming a character through the shared player link (issue 26): a player reads the player
characters nobody holds and claims one with their name; the GM approves or declines with one
call; the requester alone, holding the claim's ticket, reads the character's token once
approved; the GM releases a claim by replacing the character's token. Errors and limits; one
encounter's (one table's) tickets and tokens reach nothing of another's."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.service.claims import MOST_PENDING
from api.store.access import Claim
from api.store.encounters import EncounterStore
from tests.tables_world import new_table
from tests.test_api import open_table, url
from tests.test_api_proposals import INITIATIVE, PARTY, bearer

GOBLIN = {"type": "CombatantJoined", "combatant": "hob", "name": "Hob", "side": "foes",
          "kind": "pc", "hidden": True, "stats": {"max_hp": 5}}  # fmt: skip


def claim(client: TestClient, table: dict[str, Any], who: str, player: str = "Sam") -> Any:
    return client.post(url(table, "claims"), json={"combatant": who, "player": player},
                       headers=table["player"])  # fmt: skip


def offered(client: TestClient, table: dict[str, Any]) -> list[str]:
    reply = client.get(url(table, "claimable"), headers=table["player"])
    assert reply.status_code == 200
    return [c["combatant"] for c in reply.json()]


def mine(client: TestClient, table: dict[str, Any], made: dict[str, Any]) -> Any:
    return client.get(url(table, f"claims/{made['claim']}"), headers=bearer(made["ticket"]))


def test_a_player_claims_the_gm_approves_and_the_requester_alone_gets_the_token(
    client: TestClient,
) -> None:
    table = open_table(client, [*PARTY, GOBLIN])
    assert offered(client, table) == ["lidda", "kyra"]  # the hidden Hob is never offered
    made = claim(client, table, "lidda", "  Sam  ")
    assert made.status_code == 201 and made.headers["cache-control"] == "no-store"
    sam = made.json()
    assert (sam["state"], sam["name"], sam["player"]) == ("pending", "Lidda", "Sam")
    assert sam["ticket"].startswith("claim_") and sam["token"] is None
    rival = claim(client, table, "lidda", "Alex").json()
    assert mine(client, table, sam).json()["token"] is None  # nothing before the GM rules

    queue = client.get(url(table, "claims"), headers=table["gm"]).json()
    assert [(c["player"], c["state"], c["ticket"]) for c in queue] == [
        ("Sam", "pending", None), ("Alex", "pending", None)]  # fmt: skip
    approved = client.post(url(table, f"claims/{sam['claim']}/approve"), headers=table["gm"])
    assert approved.status_code == 200 and approved.json()["token"] is None  # not to the GM
    assert offered(client, table) == ["kyra"]

    read = mine(client, table, sam).json()
    assert read["state"] == "approved" and read["token"].startswith("pc_")
    assert mine(client, table, rival).json() == {**rival, "state": "declined", "ticket": None}
    own = client.get(url(table, "state"), headers=bearer(read["token"])).json()["combatants"]
    assert own["lidda"]["stats"]["max_hp"] == 14  # their own full card
    proposed = client.post(url(table, "proposals"), json={"facts": [INITIATIVE]},
                           headers=bearer(read["token"]))  # fmt: skip
    assert proposed.status_code == 201
    queue = client.get(url(table, "claims"), headers=table["gm"]).json()
    assert [(c["player"], c["state"]) for c in queue] == [("Sam", "approved")]

    # Released: the GM replaces Lidda's token; Sam's is refused, Lidda is offered again.
    client.post(url(table, "characters/lidda/token"), headers=table["gm"])
    assert client.get(url(table, "state"), headers=bearer(read["token"])).status_code == 403
    assert mine(client, table, sam).json()["state"] == "released"
    assert mine(client, table, sam).json()["token"] is None
    assert offered(client, table) == ["lidda", "kyra"]
    assert client.get(url(table, "claims"), headers=table["gm"]).json() == []
    again = claim(client, table, "lidda", "Alex").json()
    client.post(url(table, f"claims/{again['claim']}/approve"), headers=table["gm"])
    token = mine(client, table, again).json()["token"]
    assert token.startswith("pc_") and token != read["token"]


def test_a_declined_claim_gives_nothing_and_the_player_may_claim_again(
    client: TestClient,
) -> None:
    table = open_table(client, PARTY)
    sam = claim(client, table, "kyra").json()
    declined = client.post(url(table, f"claims/{sam['claim']}/decline"), headers=table["gm"])
    assert declined.status_code == 200 and declined.json()["state"] == "declined"
    assert mine(client, table, sam).json()["state"] == "declined"
    assert mine(client, table, sam).json()["token"] is None
    assert offered(client, table) == ["lidda", "kyra"]
    twice = client.post(url(table, f"claims/{sam['claim']}/approve"), headers=table["gm"])
    assert (twice.status_code, twice.json()["title"]) == (409, "Decided already")
    assert claim(client, table, "kyra").status_code == 201


def test_hidden_non_pc_and_unknown_characters_are_refused_alike(client: TestClient) -> None:
    table = open_table(client, [*PARTY, GOBLIN])
    replies = [claim(client, table, who) for who in ("hob", "goblin-2", "ogre", "nobody")]
    assert {r.status_code for r in replies} == {404}
    details = {r.json()["detail"].replace(repr(w), "X") for r, w in
               zip(replies, ("hob", "goblin-2", "ogre", "nobody"), strict=True)}  # fmt: skip
    assert details == {"X is no player character in the fight"}
    assert all(r.json()["errors"][0]["field"] == "combatant" for r in replies)


def test_who_may_claim_approve_and_read_a_claim(client: TestClient) -> None:
    table = open_table(client, PARTY)
    pc = client.get(url(table, "characters"), headers=table["gm"]).json()[0]["token"]
    body = {"combatant": "kyra", "player": "Sam"}
    for headers in (table["gm"], bearer(pc)):  # the shared player link alone claims
        refused = client.post(url(table, "claims"), json=body, headers=headers)
        assert (refused.status_code, refused.json()["title"]) == (
            403, "The shared player link only")  # fmt: skip
    assert client.post(url(table, "claims"), json=body).status_code == 401
    sam = claim(client, table, "kyra").json()
    for headers in (table["player"], bearer(pc), bearer(sam["ticket"])):
        assert client.get(url(table, "claims"), headers=headers).status_code == 403
        decided = client.post(url(table, f"claims/{sam['claim']}/approve"), headers=headers)
        assert decided.status_code == 403
    for headers in (table["player"], bearer(pc), bearer("claim_" + "0" * 64)):
        assert client.get(url(table, f"claims/{sam['claim']}"), headers=headers).status_code == 403
    client.post(url(table, f"claims/{sam['claim']}/approve"), headers=table["gm"])
    seen = client.get(url(table, f"claims/{sam['claim']}"), headers=table["gm"])  # no token
    assert (seen.json()["state"], seen.json()["token"], seen.json()["ticket"]) == (
        "approved", None, None)  # fmt: skip
    assert mine(client, table, sam).json()["token"].startswith("pc_")
    assert client.get(url(table, f"claims/{sam['claim']}")).status_code == 401
    unknown = client.post(url(table, "claims/0123456789abcdef/approve"), headers=table["gm"])
    assert (unknown.status_code, unknown.json()["errors"][0]["field"]) == (404, "claim_id")
    bad_id = client.post(url(table, "claims/NOT-AN-ID/approve"), headers=table["gm"])
    assert bad_id.status_code == 422


def test_a_claim_names_its_player_and_a_character(client: TestClient) -> None:
    table = open_table(client, PARTY)
    for body, field in (
        ({"combatant": "kyra", "player": "   "}, "player"),
        ({"combatant": "kyra", "player": "x" * 41}, "player"),
        ({"combatant": "kyra", "player": "a\nb"}, "player"),
        ({"combatant": "kyra"}, "player"),
        ({"player": "Sam"}, "combatant"),
        ({"combatant": "kyra", "player": "Sam", "token": "pc_x"}, "token"),
    ):
        refused = client.post(url(table, "claims"), json=body, headers=table["player"])
        assert refused.status_code == 422, body
        assert field in {e["field"].split(".")[-1] for e in refused.json()["errors"]}, body


def test_a_claimed_character_is_refused_and_approving_a_rival_after_is_a_409(
    client: TestClient,
) -> None:
    table = open_table(client, PARTY)
    sam, alex = claim(client, table, "kyra").json(), claim(client, table, "kyra", "Alex").json()
    client.post(url(table, f"claims/{sam['claim']}/approve"), headers=table["gm"])
    taken = claim(client, table, "kyra", "Jo")
    assert (taken.status_code, taken.json()["title"]) == (409, "Claimed already")
    late = client.post(url(table, f"claims/{alex['claim']}/approve"), headers=table["gm"])
    assert late.status_code == 409  # declined with Sam's approval


def test_a_character_hidden_or_gone_meanwhile_is_not_handed_over(client: TestClient) -> None:
    table = open_table(client, PARTY)
    sam, alex = claim(client, table, "kyra").json(), claim(client, table, "lidda", "Alex").json()
    gm = table["gm"]
    left = {"facts": [{"type": "CombatantLeft", "combatant": "kyra"}]}
    assert client.post(url(table, "facts"), json=left, headers=gm).status_code == 201
    hidden = {"position": 2, "replacement": {**PARTY[0], "name": "Nightblade", "hidden": True}}
    assert client.post(url(table, "amend"), json=hidden, headers=gm).status_code == 201
    assert offered(client, table) == []
    for made in (sam, alex):
        late = client.post(url(table, f"claims/{made['claim']}/approve"), headers=gm)
        assert (late.status_code, late.json()["title"]) == (409, "Not offered now")
        read = mine(client, table, made).json()
        assert (read["state"], read["token"]) == ("pending", None)
    assert mine(client, table, alex).json()["name"] == "lidda"  # not the hidden new name
    assert "Nightblade" not in mine(client, table, alex).text
    assert client.post(url(table, f"claims/{sam['claim']}/decline"), headers=gm).status_code == 200


def test_replacing_the_shared_link_lapses_the_claims_made_with_it(client: TestClient) -> None:
    table = open_table(client, PARTY)
    stranger = claim(client, table, "kyra", "Stranger").json()
    rotated = client.post(url(table, "tokens"), json={"rotate": "player"}, headers=table["gm"])
    table["player"] = bearer(rotated.json()["player_token"])
    assert mine(client, table, stranger).json()["state"] == "lapsed"
    assert client.get(url(table, "claims"), headers=table["gm"]).json() == []
    late = client.post(url(table, f"claims/{stranger['claim']}/approve"), headers=table["gm"])
    assert (late.status_code, late.json()["detail"]) == (409, "the claim is lapsed")
    assert mine(client, table, stranger).json()["token"] is None
    assert claim(client, table, "kyra").status_code == 201  # through the new link


def test_a_player_link_holds_a_few_claims_waiting_then_429(client: TestClient) -> None:
    table = open_table(client, PARTY)
    for n in range(MOST_PENDING):
        assert claim(client, table, "lidda", f"P{n}").status_code == 201
    flooded = claim(client, table, "kyra", "Flood")
    assert flooded.status_code == 429 and int(flooded.headers["retry-after"]) >= 1
    assert flooded.json()["title"] == "Too many claims"
    waiting = client.get(url(table, "claims"), headers=table["gm"]).json()
    client.post(url(table, f"claims/{waiting[0]['claim']}/decline"), headers=table["gm"])
    assert claim(client, table, "kyra", "Next").status_code == 201
    for waits in waiting[1:5]:  # 4 wait: 12 made this minute is the limit all the same
        client.post(url(table, f"claims/{waits['claim']}/decline"), headers=table["gm"])
    for n in range(10, 13):
        assert claim(client, table, "kyra", f"P{n}").status_code == 201
    paced = claim(client, table, "kyra", "Thirteenth")
    assert paced.status_code == 429 and "in a minute" in paced.json()["detail"]


def test_one_encounters_tickets_and_tokens_reach_nothing_of_anothers(client: TestClient) -> None:
    ours = open_table(client, PARTY)
    key = new_table(client, "thursday", "Thursday group")
    made = client.post("/encounters", json={"name": "Theirs", "ruleset": "dnd35"},
                       headers=bearer(key))  # fmt: skip
    assert made.status_code == 201, made.text
    theirs = {**made.json(), "gm": bearer(made.json()["gm_token"]),
              "player": bearer(made.json()["player_token"])}  # fmt: skip
    client.post(url(theirs, "facts"), json={"facts": PARTY}, headers=theirs["gm"])
    sam = claim(client, ours, "lidda").json()
    # Their GM, their player link, our ticket: nothing of our claim through their encounter.
    assert client.get(url(theirs, f"claims/{sam['claim']}"),
                      headers=bearer(sam["ticket"])).status_code == 403  # fmt: skip
    for verb in ("approve", "decline"):
        found = client.post(url(theirs, f"claims/{sam['claim']}/{verb}"), headers=theirs["gm"])
        assert found.status_code == 404
    assert client.get(url(theirs, "claims"), headers=theirs["gm"]).json() == []
    # Our player link and our ticket open nothing of theirs; their key opens nothing of ours.
    assert client.get(url(theirs, "claimable"), headers=ours["player"]).status_code == 403
    assert client.post(url(theirs, "claims"), json={"combatant": "lidda", "player": "Sam"},
                       headers=ours["player"]).status_code == 403  # fmt: skip
    assert client.get(url(theirs, "claimable"), headers=bearer(sam["ticket"])).status_code == 403
    assert client.get(url(ours, "claims"), headers=bearer(key)).status_code == 403
    assert client.get(url(ours, "claims"), headers=theirs["gm"]).status_code == 403
    client.post(url(ours, f"claims/{sam['claim']}/approve"), headers=ours["gm"])
    token = mine(client, ours, sam).json()["token"]
    assert client.get(url(theirs, "state"), headers=bearer(token)).status_code == 403
    assert client.get(url(theirs, "claimable"), headers=theirs["player"]).json() == [
        {"combatant": "lidda", "name": "Lidda"}, {"combatant": "kyra", "name": "Kyra"}]  # fmt: skip


def test_claims_are_kept_per_encounter_in_either_store(store: EncounterStore) -> None:
    ours, theirs = uuid4(), uuid4()
    access = store.access
    for n, who in enumerate(("lidda", "lidda", "kyra")):
        access.add_claim(ours, Claim(f"{n:016x}", who, f"P{n}", "digest", made=n), lambda _: None)
    assert access.claims(theirs) == [] and access.claim(theirs, f"{0:016x}") is None
    assert not access.decide_claim(theirs, f"{0:016x}", "approved", 0)
    assert access.decide_claim(ours, f"{0:016x}", "approved", 2)
    assert not access.decide_claim(ours, f"{0:016x}", "declined")  # decided once
    assert [(c.player, c.state, c.generation) for c in access.claims(ours)] == [
        ("P0", "approved", 2), ("P1", "declined", -1), ("P2", "pending", -1)]  # fmt: skip


def test_a_refused_check_keeps_no_claim(store: EncounterStore) -> None:
    def refuse(_: list[Claim]) -> None:
        raise ValueError("full")

    encounter = uuid4()
    with pytest.raises(ValueError, match="full"):
        store.access.add_claim(encounter, Claim("0" * 16, "lidda", "Sam", "d"), refuse)
    assert store.access.claims(encounter) == []


def test_the_gm_reads_the_shared_player_link_and_no_player_does(client: TestClient) -> None:
    table = open_table(client, PARTY)
    read = client.get(url(table, "player-link"), headers=table["gm"])
    assert read.status_code == 200 and read.headers["cache-control"] == "no-store"
    assert read.json() == {"id": table["id"], "token": table["player_token"]}
    pc = client.get(url(table, "characters"), headers=table["gm"]).json()[0]["token"]
    for headers in (table["player"], bearer(pc)):
        assert client.get(url(table, "player-link"), headers=headers).status_code == 403
