"""Campaigns over HTTP: set up with a party from the creature library, listed beside the
campaigns the logs name, encounters filed at creation or later as facts (undo moves them back),
and the registry forgotten without touching a log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.http.app import create_app
from tests.gm_page_helpers import operator, record

KYRA = {"name": "Kyra", "side": "party", "party": True,
        "stats": {"max_hp": 14, "defenses": {"ac": 16}}}  # fmt: skip
FRIDAY = {"id": "fri", "date": "2026-11-20", "title": "Into the Warrens"}
SATURDAY = {"id": "sat", "date": "2026-11-21"}


def set_up(client: TestClient, campaign: str, **body: Any) -> Any:
    given = {"name": "Curse of the Crypt", "ruleset": "dnd35", **body}
    return client.put(f"/campaigns/{campaign}", json=given, headers=operator(client))


def opened(client: TestClient, name: str, **filed: Any) -> dict[str, Any]:
    body = {"name": name, "ruleset": "dnd35", **filed}
    reply = client.post("/encounters", json=body, headers=operator(client))
    assert reply.status_code == 201, reply.text
    found: dict[str, Any] = reply.json()
    found["gm"] = {"Authorization": f"Bearer {found['gm_token']}"}
    return found


def campaign(client: TestClient, campaign: str) -> Any:
    return client.get(f"/campaigns/{campaign}", headers=operator(client))


def filed(client: TestClient, campaign_id: str) -> dict[str, list[str]]:
    """Each session's fight names, and the fights with no session under `-`."""
    found = campaign(client, campaign_id).json()
    listed = {s["id"]: [f["name"] for f in s["encounters"]] for s in found["sessions"]}
    return {**listed, "-": [f["name"] for f in found["unsorted"]]}


def test_a_campaign_set_up_with_its_party_shows_the_saved_creatures(client: TestClient) -> None:
    client.put("/library/dnd35/kyra", json=KYRA, headers=operator(client))
    reply = set_up(client, "crypt", party=["kyra"])
    assert reply.status_code == 200, reply.text
    shown = reply.json()
    assert (shown["name"], shown["ruleset"]) == ("Curse of the Crypt", "dnd35")
    assert shown["party"] == [{"id": "kyra", "ruleset": "dnd35", "kind": None, "notes": [], **KYRA}]
    assert campaign(client, "crypt").json() == shown


def test_a_party_member_not_saved_for_that_ruleset_is_a_422_naming_it(client: TestClient) -> None:
    client.put("/library/orcus/kyra", json={**KYRA, "stats": {"max_hp": 20}},
               headers=operator(client))  # fmt: skip
    reply = set_up(client, "crypt", party=["kyra"])
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "party[0]"
    assert campaign(client, "crypt").status_code == 404


def test_the_list_merges_campaigns_set_up_with_those_the_logs_name(client: TestClient) -> None:
    set_up(client, "crypt")
    opened(client, "Ogre", campaign="marsh", session=FRIDAY)
    reply = client.get("/campaigns", headers=operator(client))
    found = {c["id"]: c for c in reply.json()["campaigns"]}
    assert found["crypt"] == {"id": "crypt", "name": "Curse of the Crypt", "ruleset": "dnd35",
                              "sessions": 0, "encounters": 0, "last_played": None}  # fmt: skip
    assert found["marsh"] == {"id": "marsh", "name": "marsh", "ruleset": None, "sessions": 1,
                              "encounters": 1, "last_played": "2026-11-20"}  # fmt: skip


def test_filing_at_creation_and_later_and_undoing_it_moves_the_fight(client: TestClient) -> None:
    opened(client, "Goblins", campaign="crypt", session=FRIDAY)
    ogre = opened(client, "Ogre", campaign="crypt")
    assert filed(client, "crypt") == {"fri": ["Goblins"], "-": ["Ogre"]}
    record(client, ogre, [{"type": "EncounterFiled", "campaign": "crypt", "session": SATURDAY}])
    assert filed(client, "crypt") == {"fri": ["Goblins"], "sat": ["Ogre"], "-": []}
    undo = client.post(f"/encounters/{ogre['id']}/undo", json={"position": 2}, headers=ogre["gm"])
    assert undo.status_code == 201, undo.text
    assert filed(client, "crypt") == {"fri": ["Goblins"], "-": ["Ogre"]}


def test_a_session_without_a_campaign_is_a_422_naming_session(client: TestClient) -> None:
    created = client.post("/encounters", json={"name": "Ogre", "session": FRIDAY},
                          headers=operator(client))  # fmt: skip
    assert created.status_code == 422
    assert created.json()["errors"][0]["field"] == "session"
    ogre = opened(client, "Ogre")
    facts = {"facts": [{"type": "EncounterFiled", "session": FRIDAY}]}
    later = client.post(f"/encounters/{ogre['id']}/facts", headers=ogre["gm"], json=facts)
    assert later.status_code == 422
    assert later.json()["errors"][0]["field"] == "facts[0].session"


def test_a_bad_campaign_id_is_a_422_naming_campaign(client: TestClient) -> None:
    reply = client.post("/encounters", json={"name": "Ogre", "campaign": "no spaces"},
                        headers=operator(client))  # fmt: skip
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "campaign"


def test_forgetting_a_campaign_keeps_the_logs_filed_under_it(client: TestClient) -> None:
    set_up(client, "crypt")
    opened(client, "Ogre", campaign="crypt", session=FRIDAY)
    gone = client.delete("/campaigns/crypt", headers=operator(client))
    assert gone.status_code == 204
    assert campaign(client, "crypt").json()["name"] == "crypt"
    assert filed(client, "crypt") == {"fri": ["Ogre"], "-": []}
    again = client.delete("/campaigns/crypt", headers=operator(client))
    assert again.status_code == 404


def test_only_the_operator_sets_up_a_campaign(client: TestClient) -> None:
    ogre = opened(client, "Ogre")
    reply = client.put("/campaigns/crypt", json={"name": "x", "ruleset": "dnd35"},
                       headers=ogre["gm"])  # fmt: skip
    assert reply.status_code == 403
    assert client.get("/campaigns").status_code == 401


def test_the_registry_outlives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.sqlite'}"
    with TestClient(create_app(url, folder=tmp_path)) as first:
        set_up(first, "crypt")
    with TestClient(create_app(url, folder=tmp_path)) as second:
        assert campaign(second, "crypt").json()["name"] == "Curse of the Crypt"


def test_a_memory_store_keeps_the_registry_for_its_lifetime(tmp_path: Path) -> None:
    with TestClient(create_app("memory:", folder=tmp_path)) as client:
        set_up(client, "crypt", name="Marsh")
        set_up(client, "crypt", name="Marsh of Sorrows")
        assert campaign(client, "crypt").json()["name"] == "Marsh of Sorrows"


def test_a_branch_is_listed_only_when_branches_are_asked_for(client: TestClient) -> None:
    ogre = opened(client, "Ogre", campaign="crypt", session=FRIDAY)
    forked = client.post(f"/encounters/{ogre['id']}/fork", json={"at": 1}, headers=ogre["gm"])
    assert forked.status_code == 201, forked.text
    plain = campaign(client, "crypt").json()["sessions"][0]["encounters"]
    assert [f["id"] for f in plain] == [ogre["id"]]
    every = client.get("/campaigns/crypt?branches=true", headers=operator(client)).json()
    both = {(f["id"], f["branch_of"]) for f in every["sessions"][0]["encounters"]}
    assert both == {(ogre["id"], None), (forked.json()["id"], ogre["id"])}
