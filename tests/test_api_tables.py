"""The tables over HTTP: the operator makes, lists, renames, removes them and gives them new keys;
a table's key opens its own encounters, campaigns, library and figures, and never /tables; line
1 records the table (the player view leaves it out)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from api.service.doors import NO_TABLE
from api.service.tokens import OPERATOR_ONLY
from tests.tables_world import bearer, new_table
from tests.test_api import operator
from tests.test_api_errors import problem

OGRE = {"name": "Ogre", "side": "foes", "stats": {"max_hp": 30}}


def test_the_operator_makes_a_table_and_its_key_is_shown_once(client: TestClient) -> None:
    reply = client.post("/tables", json={"id": "thursday", "name": "Thursday group"},
                        headers=operator(client))  # fmt: skip
    assert reply.status_code == 201 and reply.headers["cache-control"] == "no-store"
    made = reply.json()
    assert (made["id"], made["name"]) == ("thursday", "Thursday group")
    assert re.fullmatch(r"table_[0-9a-f]{40}", made["key"])
    listed = client.get("/tables", headers=operator(client)).json()["tables"]
    found = [(t["id"], t["name"], t["operator_key"], t["encounters"]) for t in listed]
    assert found == [
        ("default", "Default table", True, 0),
        ("thursday", "Thursday group", False, 0),
    ]
    assert made["key"] not in client.get("/tables", headers=operator(client)).text


def test_a_table_id_is_taken_once_a_409_naming_id(client: TestClient) -> None:
    new_table(client, "thursday", "Thursday group")
    again = client.post("/tables", json={"id": "thursday", "name": "Other"},
                        headers=operator(client))  # fmt: skip
    assert again.json() == problem(409, "Table exists", "a table thursday exists already", "id")


def test_a_tables_key_never_opens_the_tables(client: TestClient) -> None:
    key = new_table(client, "thursday", "Thursday group")
    for method, path in (("GET", "/tables"), ("POST", "/tables/thursday/key"),
                         ("DELETE", "/tables/thursday")):  # fmt: skip
        reply = client.request(method, path, headers=bearer(key))
        assert reply.json() == problem(403, "Wrong token", OPERATOR_ONLY, "authorization")
    assert client.get("/tables").status_code == 401


def test_a_tables_key_opens_its_own_encounters_and_no_other_tables(client: TestClient) -> None:
    thursday, friday = new_table(client, "thursday", "T"), new_table(client, "friday", "F")
    mine = client.post("/encounters", json={"name": "Troll"}, headers=bearer(thursday)).json()
    client.post("/encounters", json={"name": "Ogre"}, headers=bearer(friday))
    listed = client.get("/encounters", headers=bearer(thursday)).json()
    assert [(e["id"], e["name"]) for e in listed] == [(mine["id"], "Troll")]
    assert client.get("/encounters", headers=operator(client)).json() == []  # the default's
    state = f"/encounters/{mine['id']}/state"
    assert client.get(state, headers=bearer(thursday)).json()["version"] == 1  # its GM
    note = {"facts": [{"type": "NoteAdded", "text": "by the group's GM"}]}
    appended = client.post(f"/encounters/{mine['id']}/facts", json=note, headers=bearer(thursday))
    assert appended.json() == {"first": 2, "version": 2}  # through the write lane
    refused = client.get(state, headers=bearer(friday))
    nowhere = client.get("/encounters/00000000-0000-4000-8000-000000000001/state",
                         headers=bearer(friday))  # fmt: skip
    assert (refused.status_code, refused.json()) == (nowhere.status_code, nowhere.json())
    assert refused.status_code == 403
    tokens = client.get(f"/encounters/{mine['id']}/tokens", headers=bearer(thursday)).json()
    assert (tokens["gm_token"], tokens["player_token"]) == (mine["gm_token"], mine["player_token"])
    assert client.get(f"/encounters/{mine['id']}/tokens", headers=bearer(friday)).status_code == 403
    gm_only = client.get(f"/encounters/{mine['id']}/tokens", headers=bearer(mine["gm_token"]))
    assert gm_only.status_code == 403


def test_line_1_names_the_table_for_the_gm_and_not_for_the_players(client: TestClient) -> None:
    key = new_table(client, "thursday", "T")
    chosen = client.post("/encounters", json={"name": "Troll", "table": "default"},
                         headers=bearer(key))  # fmt: skip
    assert (chosen.status_code, chosen.json()["errors"][0]["field"]) == (422, "table")
    made = client.post("/encounters", json={"name": "Troll"}, headers=bearer(key)).json()
    gm = client.get(f"/encounters/{made['id']}/export", headers=bearer(made["gm_token"])).text
    player = client.get(f"/encounters/{made['id']}/log", headers=bearer(made["player_token"]))
    assert '"table":"thursday"' in gm
    assert "thursday" not in player.text
    into_default = client.post("/encounters/import", content=gm.encode(), headers=operator(client))
    copied = into_default.json()
    again = client.get(f"/encounters/{copied['id']}/export", headers=bearer(copied["gm_token"]))
    assert again.text.splitlines()[0] == gm.splitlines()[0].replace(',"table":"thursday"', "")
    fork = client.post(f"/encounters/{made['id']}/fork", json={"at": 1},
                       headers=bearer(made["gm_token"])).json()  # fmt: skip
    assert [e["id"] for e in client.get("/encounters", headers=bearer(key)).json()] == [
        made["id"], fork["id"]]  # fmt: skip


def test_a_rotated_key_opens_nothing_and_the_new_one_opens_everything(client: TestClient) -> None:
    old = new_table(client, "thursday", "T")
    made = client.post("/encounters", json={"name": "Troll"}, headers=bearer(old)).json()
    assert client.put("/library/dnd35/ogre", json=OGRE, headers=bearer(old)).status_code == 200
    rotated = client.post("/tables/thursday/key", headers=operator(client))
    assert rotated.headers["cache-control"] == "no-store"
    new = rotated.json()["key"]
    assert client.get("/library", headers=bearer(old)).json() == problem(
        403, "Wrong token", NO_TABLE, "authorization")  # fmt: skip
    assert client.get(f"/encounters/{made['id']}/state", headers=bearer(old)).status_code == 403
    assert [c["id"] for c in client.get("/library", headers=bearer(new)).json()["creatures"]] == [
        "ogre"]  # fmt: skip
    assert client.get(f"/encounters/{made['id']}/state", headers=bearer(new)).status_code == 200


def test_rotating_the_default_tables_key_ends_the_operator_tokens_hold_on_it(
    client: TestClient,
) -> None:
    made = client.post("/encounters", json={"name": "Troll"}, headers=operator(client)).json()
    key = client.post("/tables/default/key", headers=operator(client)).json()["key"]
    assert client.get("/encounters", headers=operator(client)).status_code == 403
    assert [e["id"] for e in client.get("/encounters", headers=bearer(key)).json()] == [made["id"]]
    listed = client.get("/tables", headers=operator(client)).json()["tables"]
    found = [(t["id"], t["operator_key"], t["encounters"]) for t in listed]
    assert found == [("default", False, 1)]


def test_a_table_is_renamed_and_an_unknown_one_is_a_404(client: TestClient) -> None:
    new_table(client, "thursday", "T")
    renamed = client.patch("/tables/thursday", json={"name": "Thursday night"},
                           headers=operator(client))  # fmt: skip
    assert (renamed.json()["name"], renamed.json()["id"]) == ("Thursday night", "thursday")
    for method in ("PATCH", "DELETE", "POST"):
        path = "/tables/nowhere" + ("/key" if method == "POST" else "")
        body = {"name": "x"} if method == "PATCH" else None
        reply = client.request(method, path, json=body, headers=operator(client))
        assert reply.json() == problem(404, "No such table", "no table nowhere", "table_id",
                                       "not found")  # fmt: skip


def test_a_table_holding_encounters_is_not_removed_and_an_empty_one_takes_its_keep(
    client: TestClient,
) -> None:
    key = new_table(client, "thursday", "T")
    client.post("/encounters", json={"name": "Troll"}, headers=bearer(key))
    held = client.delete("/tables/thursday", headers=operator(client))
    assert (held.status_code, held.json()["errors"][0]["field"]) == (409, "table_id")
    empty = new_table(client, "friday", "F")
    client.put("/library/dnd35/ogre", json=OGRE, headers=bearer(empty))
    setup = {"name": "Crypt", "ruleset": "dnd35", "party": ["ogre"]}
    assert client.put("/campaigns/crypt", json=setup, headers=bearer(empty)).status_code == 200
    assert client.delete("/tables/friday", headers=operator(client)).status_code == 204
    assert client.get("/library", headers=bearer(empty)).status_code == 403
    again = new_table(client, "friday", "F again")
    assert client.get("/library", headers=bearer(again)).json() == {"creatures": []}
    assert client.get("/campaigns", headers=bearer(again)).json() == {"campaigns": []}
