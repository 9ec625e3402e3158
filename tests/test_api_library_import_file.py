"""`POST /library/import-file`: a Foundry VTT, Improved Initiative or SRD text file into the
caller's table's library and party roster, all or none, answering what came across and what did
not; a file it cannot read is the 422 naming the place in it and the creature."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.import_helpers import FIXTURES
from tests.tables_world import bearer
from tests.test_api import operator
from tests.test_api_errors import problem


def table_key(client: TestClient, table_id: str) -> dict[str, str]:
    made = {"id": table_id, "name": table_id}
    reply = client.post("/tables", json=made, headers=operator(client))
    return bearer(reply.json()["key"])


def sent(client: TestClient, auth: dict[str, str], fixture: str, **extra: Any) -> Any:
    body = {"file": (FIXTURES / fixture).read_text(), "name": fixture, **extra}
    return client.post("/library/import-file", json=body, headers=auth)


def listed(client: TestClient, auth: dict[str, str], ruleset: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get(f"/library?ruleset={ruleset}", headers=auth).json()[
        "creatures"
    ]
    return found


def test_a_foundry_party_lands_on_its_tables_party_roster_only(client: TestClient) -> None:
    thursday, friday = table_key(client, "thursday"), table_key(client, "friday")
    reply = sent(client, thursday, "foundry_sfrpg_party.json")
    assert reply.status_code == 200, reply.text
    report = reply.json()
    assert (report["format"], report["kept"], report["imported"], report["replaced"]) == (
        "Foundry VTT actors", True, 3, [],
    )  # fmt: skip
    assert [(c["id"], c["party"]) for c in listed(client, thursday, "starfinder")] == [
        ("fire-azer", False), ("keskodai", True), ("obozaya", True),
    ]  # fmt: skip
    assert listed(client, friday, "starfinder") == []
    assert listed(client, operator(client), "starfinder") == []
    azer = next(c for c in report["creatures"] if c["creature"]["id"] == "fire-azer")
    assert {"source": "system.traits.sr", "outcome": "note", "detail": "SR 13"} in azer["lines"]
    assert listed(client, thursday, "starfinder")[0] == azer["creature"]


def test_a_dry_run_reports_and_keeps_nothing_and_a_second_import_names_what_it_replaced(
    client: TestClient,
) -> None:
    auth = operator(client)
    dry = sent(client, auth, "improved_initiative_export.json", dry_run=True).json()
    assert (dry["kept"], dry["imported"], len(dry["creatures"])) == (False, 0, 3)
    assert listed(client, auth, "dnd35") == []
    sent(client, auth, "improved_initiative_export.json")
    again = sent(client, auth, "improved_initiative_export.json").json()
    assert sorted(again["replaced"]) == ["goblin", "human-warrior-skeleton", "orc"]
    text = sent(client, auth, "srd_starfinder.txt").json()
    assert (text["format"], text["imported"]) == ("SRD stat block text", 2)


def test_a_file_with_one_bad_creature_keeps_none_and_names_the_file_place_and_creature(
    client: TestClient,
) -> None:
    auth = operator(client)
    good = {"Name": "Orc", "HP": {"Value": 5}, "AC": {"Value": 13}}
    bad = {"Name": "Ghost", "HP": {"Value": 0}, "AC": {"Value": 13}}
    body = {"file": json.dumps([good, bad]), "name": "monsters.json"}
    reply = client.post("/library/import-file", json=body, headers=auth)
    reason = "monsters.json: Ghost: Input should be greater than or equal to 1"
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Cannot import", reason, "file[1].stats.max_hp")
    )  # fmt: skip
    assert listed(client, auth, "dnd35") == []
    garbage = client.post("/library/import-file", json={"file": "{not json"}, headers=auth)
    assert garbage.json()["errors"][0]["field"] == "file"
    other = client.post("/library/import-file", json={"file": json.dumps(good), "ruleset": "gurps"},
                        headers=auth)  # fmt: skip
    assert (other.status_code, other.json()["errors"][0]["field"]) == (422, "ruleset")


def test_no_key_no_import_and_a_file_past_a_megabyte_is_the_413(client: TestClient) -> None:
    body = {"file": (FIXTURES / "srd_dnd35.txt").read_text()}
    assert client.post("/library/import-file", json=body).status_code == 401
    huge = {"file": "x" * 1_100_000}
    assert (
        client.post("/library/import-file", json=huge, headers=operator(client)).status_code == 413
    )


def test_true20_stat_block_text_lands_in_the_true20_library(client: TestClient) -> None:
    auth = operator(client)
    reply = sent(client, auth, "text_true20.txt", ruleset="true20")
    assert reply.status_code == 200, reply.text
    assert (reply.json()["format"], reply.json()["imported"]) == ("SRD stat block text", 5)
    assert [c["id"] for c in listed(client, auth, "true20")] == [
        "cultist", "orc-warrior", "skeleton", "town-guard", "wolf",
    ]  # fmt: skip
