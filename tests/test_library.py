"""The creature library and party roster: saved per ruleset with the operator token, stats
checked by the ruleset, exported and imported as JSON, and kept across restarts of the service."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.http.app import create_app
from tests.gm_page_helpers import operator

GOBLIN = {"name": "Goblin", "side": "foes", "kind": "npc",
          "stats": {"max_hp": 6, "initiative_modifier": 1, "defenses": {"ac": 15}}}  # fmt: skip
KYRA = {"name": "Kyra", "side": "party", "party": True,
        "stats": {"max_hp": 14, "defenses": {"ac": 16}}}  # fmt: skip


def put(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    return client.put(f"/library/{path}", json=body, headers=operator(client))


def listed(client: TestClient, ruleset: str | None = None) -> list[dict[str, Any]]:
    query = f"?ruleset={ruleset}" if ruleset else ""
    reply = client.get(f"/library{query}", headers=operator(client))
    assert reply.status_code == 200, reply.text
    found: list[dict[str, Any]] = reply.json()["creatures"]
    return found


def test_a_saved_goblin_and_party_member_are_listed_for_their_ruleset_only(
    client: TestClient,
) -> None:
    assert put(client, "dnd35/goblin", GOBLIN).json() == {
        "id": "goblin", "ruleset": "dnd35", "party": False, **GOBLIN,
    }  # fmt: skip
    put(client, "dnd35/kyra", KYRA)
    put(client, "orcus/goblin", {**GOBLIN, "stats": {"max_hp": 20, "level": 1}})
    assert [(c["id"], c["party"]) for c in listed(client, "dnd35")] == [
        ("goblin", False),
        ("kyra", True),
    ]
    assert [c["ruleset"] for c in listed(client)] == ["dnd35", "dnd35", "orcus"]


def test_saving_again_replaces_and_deleting_forgets(client: TestClient) -> None:
    put(client, "dnd35/goblin", GOBLIN)
    put(client, "dnd35/goblin", {**GOBLIN, "name": "Goblin boss"})
    assert [c["name"] for c in listed(client, "dnd35")] == ["Goblin boss"]
    gone = client.delete("/library/dnd35/goblin", headers=operator(client))
    assert gone.status_code == 204
    assert listed(client, "dnd35") == []
    again = client.delete("/library/dnd35/goblin", headers=operator(client))
    assert again.status_code == 404


def test_stats_the_ruleset_cannot_read_are_a_422_naming_the_field(client: TestClient) -> None:
    reply = put(client, "dnd35/goblin", {**GOBLIN, "stats": {"max_hp": 0}})
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "stats.max_hp"
    unknown = put(client, "dnd35/goblin", {**GOBLIN, "stats": {"max_hp": 6, "wings": 2}})
    assert unknown.json()["errors"][0]["field"] == "stats.wings"
    assert listed(client) == []


def test_a_stat_no_table_can_mean_is_a_422_and_nothing_is_kept(client: TestClient) -> None:
    """The same bounds as a fact's stats (±1,000,000; a number past 64 bits was a 500)."""
    for huge in (10**7, 2**64):
        stats = {**GOBLIN["stats"], "defenses": {"ac": huge}}
        reply = put(client, "dnd35/goblin", {**GOBLIN, "stats": stats})
        assert reply.status_code == 422, reply.text
        assert reply.json()["errors"][0]["field"] == "stats"
    assert listed(client) == []


def test_only_the_operator_keeps_the_library(client: TestClient) -> None:
    assert client.get("/library").status_code == 401
    wrong = {"Authorization": "Bearer not-the-operator"}
    assert client.put("/library/dnd35/goblin", json=GOBLIN, headers=wrong).status_code == 403


def test_an_export_imports_into_another_service_whole_or_not_at_all(
    client: TestClient, tmp_path: Path
) -> None:
    put(client, "dnd35/goblin", GOBLIN)
    put(client, "dnd35/kyra", KYRA)
    exported = client.get("/library/export", headers=operator(client)).json()
    other = tmp_path / "other"
    other.mkdir()
    with TestClient(create_app(f"sqlite:///{other / 'o.sqlite'}", folder=other)) as elsewhere:
        bad = {"creatures": [*exported["creatures"], {**exported["creatures"][0], "id": "x",
                                                      "stats": {"max_hp": "six"}}]}  # fmt: skip
        refused = elsewhere.post("/library/import", json=bad, headers=operator(elsewhere))
        assert refused.status_code == 422
        assert refused.json()["errors"][0]["field"] == "creatures[2].stats.max_hp"
        assert listed(elsewhere) == []
        reply = elsewhere.post("/library/import", json=exported, headers=operator(elsewhere))
        assert reply.json() == {"imported": 2}
        assert listed(elsewhere) == listed(client)


def test_the_library_outlives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.sqlite'}"
    with TestClient(create_app(url, folder=tmp_path)) as first:
        put(first, "starfinder/vesk", {"name": "Vesk", "side": "foes",
                                        "stats": {"max_hp": 20, "max_stamina": 0}})  # fmt: skip
    with TestClient(create_app(url, folder=tmp_path)) as second:
        assert [c["name"] for c in listed(second, "starfinder")] == ["Vesk"]


def test_a_memory_store_keeps_the_library_for_its_lifetime(tmp_path: Path) -> None:
    with TestClient(create_app("memory:", folder=tmp_path)) as client:
        put(client, "true20/bandit", {"name": "Bandit", "side": "foes",
                                      "stats": {"toughness": 2}})  # fmt: skip
        assert [c["id"] for c in listed(client, "true20")] == ["bandit"]
