"""Issue 23 §1, the repro: a GM of one table files a fight under another table's campaign and
session (their ids are all it needs: the demo's `mill` / `2025-03-14` is on every server) and
asks for its recap. Campaign ids are their table's, so the filing names the GM's own table's
`mill`: the recap, the other table's campaign page and its trend show nothing of each other."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.testclient import TestClient

from tests.recap_fixtures import ambush_lines, timed
from tests.tables_world import bearer, imported, new_table, tagged
from tests.test_api import operator

MILL = {"campaign": "mill", "session": {"id": "2025-03-14", "date": "2025-03-14",
                                        "title": "Ambush at the Old Mill"}}  # fmt: skip
FILING = {"type": "EncounterFiled", "campaign": "mill",
          "session": {"id": "2025-03-14", "date": "2000-01-01"}}  # fmt: skip


def demo_table(client: TestClient) -> dict[str, Any]:
    """Table A, the default one (the operator token is its key): a fight with a hidden sniper
    filed under the campaign `mill`, session `2025-03-14`, as the demo's is."""
    first, *rest = tagged(timed(ambush_lines(), 19), "alfq")
    return imported(client, operator(client)["Authorization"][7:], [{**first, **MILL}, *rest])


def attackers_fight(client: TestClient) -> tuple[str, dict[str, Any]]:
    """Table B's key and its fight Z, which Z's GM files under `mill` / `2025-03-14`."""
    key = new_table(client, "bravo", "Bravo group")
    opened = client.post("/encounters", json={"name": "Zed's fight"}, headers=bearer(key))
    assert opened.status_code == 201, opened.text
    z = opened.json()
    filed = client.post(f"/encounters/{z['id']}/facts", json={"facts": [FILING]},
                        headers=bearer(z["gm_token"]))  # fmt: skip
    assert filed.status_code == 201, filed.text  # B's own `mill`: nothing to refuse
    return key, z


def test_a_gm_filing_under_another_tables_campaign_reads_none_of_its_fights(
    client: TestClient,
) -> None:
    a = demo_table(client)
    key, z = attackers_fight(client)
    path = f"/encounters/{z['id']}/recap"
    for token in (z["gm_token"], z["player_token"], key):
        for format in ("json", "markdown"):
            reply = client.get(f"{path}?format={format}", headers=bearer(token))
            assert reply.status_code == 200, reply.text
            assert "alfq" not in reply.text.lower() and a["id"] not in reply.text
    whole = client.get(path, headers=bearer(key)).json()  # the session, as B's key reads it
    assert [f["encounter"] for f in whole["fights"]] == [z["id"]]


def test_the_other_tables_campaign_page_and_trend_do_not_list_the_intruder(
    client: TestClient,
) -> None:
    a = demo_table(client)
    _, z = attackers_fight(client)
    page = client.get("/campaigns/mill", headers=operator(client)).json()
    assert [[f["id"] for f in s["encounters"]] for s in page["sessions"]] == [[a["id"]]]
    trend = client.get("/stats/trends?campaign=mill", headers=operator(client)).json()
    assert [s["id"] for s in trend["sessions"]] == ["2025-03-14"]
    assert "Zed" not in orjson_text(trend) and z["id"] not in orjson_text(page)
    replay = client.get("/campaigns/mill/sessions/2025-03-14/replay", headers=operator(client))
    assert [e["id"] for e in replay.json()["encounters"]] == [a["id"]]
    recap = client.get("/campaigns/mill/sessions/2025-03-14/recap", headers=operator(client))
    assert [f["encounter"] for f in recap.json()["fights"]] == [a["id"]]


def test_two_tables_may_each_have_a_campaign_of_the_same_id(client: TestClient) -> None:
    a = demo_table(client)
    key, z = attackers_fight(client)
    setup = {"name": "Bravo's mill", "ruleset": "dnd35", "party": []}
    assert client.put("/campaigns/mill", json=setup, headers=bearer(key)).status_code == 200
    ours = client.get("/campaigns/mill", headers=bearer(key)).json()
    theirs = client.get("/campaigns/mill", headers=operator(client)).json()
    assert (ours["name"], [f["id"] for s in ours["sessions"] for f in s["encounters"]]) == (
        "Bravo's mill", [z["id"]])  # fmt: skip
    assert (theirs["name"], [f["id"] for s in theirs["sessions"] for f in s["encounters"]]) == (
        "mill", [a["id"]])  # fmt: skip
    listed = client.get("/campaigns", headers=bearer(key)).json()["campaigns"]
    assert [(c["id"], c["name"], c["encounters"]) for c in listed] == [("mill", "Bravo's mill", 1)]


def orjson_text(value: Any) -> str:
    return orjson.dumps(value).decode()
