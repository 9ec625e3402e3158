"""A whole session replayed over HTTP: its fights in the order fought, their lines numbered on
from one fight into the next, the table of the right fight at each session line, both
timelines, and a 404 / 422 naming `at` for what is not there."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.testclient import TestClient

from tests.gm_page_helpers import FIGHTERS, operator
from tests.test_campaigns import FRIDAY

HIT = {"type": "DamageDealt", "target": "grask", "amount": 4}


def fight(client: TestClient, name: str, at: str, facts: list[dict[str, Any]]) -> Any:
    """A fight of Friday's session, imported with its lines recorded at `at` (its start)."""
    created = {"type": "EncounterCreated", "name": name, "ruleset": "dnd35",
               "campaign": "crypt", "session": FRIDAY}  # fmt: skip
    lines = [{**each, "at": at} for each in [created, *FIGHTERS, *facts]]
    body = b"".join(orjson.dumps(each) + b"\n" for each in lines)
    reply = client.post("/encounters/import", content=body, headers=operator(client))
    assert reply.status_code == 201, reply.text
    found: dict[str, Any] = reply.json()
    found["gm"] = {"Authorization": f"Bearer {found['gm_token']}"}
    return found


def replay(client: TestClient, query: str = "", session: str = "fri") -> Any:
    path = f"/campaigns/crypt/sessions/{session}/replay{query}"
    return client.get(path, headers=operator(client))


def grask_hp(reply: Any) -> int:
    hp: int = reply.json()["state"]["combatants"]["grask"]["vitals"]["hp"]
    return hp


def test_the_session_lines_run_across_its_fights_in_the_order_fought(client: TestClient) -> None:
    ogre = fight(client, "Ogre", "2026-11-20T21:00:00Z", [HIT, HIT])  # 5 lines
    goblins = fight(client, "Goblins", "2026-11-20T19:00:00Z", [HIT])  # 4 lines
    whole = replay(client).json()
    assert whole["lines"] == 9
    assert [(e["id"], e["name"], e["first"], e["last"]) for e in whole["encounters"]] == [
        (goblins["id"], "Goblins", 1, 4),
        (ogre["id"], "Ogre", 5, 9),
    ]
    assert (whole["at"], whole["encounter"], whole["line"]) == (9, ogre["id"], 5)
    assert whole["state"]["combatants"]["grask"]["vitals"]["hp"] == 11 - 8


def test_a_session_line_shows_the_table_of_its_own_fight_at_that_line(client: TestClient) -> None:
    fight(client, "Goblins", "2026-11-20T19:00:00Z", [HIT])
    ogre = fight(client, "Ogre", "2026-11-20T21:00:00Z", [HIT, HIT])
    end_of_first, start_of_second = replay(client, "?at=4"), replay(client, "?at=5")
    assert (end_of_first.json()["line"], grask_hp(end_of_first)) == (4, 7)
    assert start_of_second.json()["encounter"] == ogre["id"]
    assert start_of_second.json()["line"] == 1
    assert start_of_second.json()["state"]["combatants"] == {}
    assert grask_hp(replay(client, "?at=8")) == 7


def test_an_undo_reaches_back_only_in_the_corrected_timeline(client: TestClient) -> None:
    ogre = fight(client, "Ogre", "2026-11-20T21:00:00Z", [HIT])  # line 4: the hit
    undone = client.post(f"/encounters/{ogre['id']}/undo", json={"position": 4},
                         headers=ogre["gm"])  # fmt: skip
    assert undone.status_code == 201, undone.text
    assert grask_hp(replay(client, "?at=4")) == 7
    assert grask_hp(replay(client, "?at=4&timeline=corrected")) == 11
    assert grask_hp(replay(client)) == 11


def test_a_line_past_the_session_is_a_422_naming_at(client: TestClient) -> None:
    fight(client, "Ogre", "2026-11-20T21:00:00Z", [])
    for at in (0, 4):
        reply = replay(client, f"?at={at}")
        assert reply.status_code == 422
        assert reply.json()["errors"][0]["field"] == "at"


def test_an_unknown_session_is_a_404(client: TestClient) -> None:
    fight(client, "Ogre", "2026-11-20T21:00:00Z", [])
    assert replay(client, session="sat").status_code == 404
    assert client.get("/campaigns/crypt/sessions/fri/replay").status_code == 401
