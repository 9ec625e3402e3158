"""A store written by the release before tables opens as the default table's: its encounters (no
`table` on line 1), its campaigns and its library are the default table's, the operator token
(its key) opens them as before, and the figures and recaps read as a fresh store's of the same
logs. `tests/stored/release-before-tables.sqlite` was written by main at 485f65b with
`tests/stored/release_before_tables.py.txt`: two imported demo logs filed under the campaign
`oldcamp` (sessions s1, s2), two creatures in the library, the campaign set up with one of them,
and the analytics read model caught up (its encounter rows without `table_id`)."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.campaigns.registry import CampaignRecord, CampaignRegistry
from api.cli.demo import FIXTURES
from api.http.app import create_app
from api.library import CreatureLibrary, creature_from
from api.store import EncounterStore
from tests.tables_world import bearer, new_table
from tests.test_api import operator
from tests.test_store_postgres import drop_tables, postgres_url  # noqa: F401

STORED = Path(__file__).parent / "stored" / "release-before-tables.sqlite"
SECRET = "the secret a store of the release before tables was written under"
AMBUSH, QUARRY = "6a58f6d7-363c-4285-afc8-03bcb0333be0", "34353440-47e7-4fbb-83a6-21070f2a5dfa"


def opened(folder: Path, url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The service on `url`, under the secret the stored file's tokens were issued under."""
    folder.mkdir(exist_ok=True)
    monkeypatch.setenv("COMBATLOG_SECRET", SECRET)
    with TestClient(create_app(url, folder=folder)) as client:
        yield client


@pytest.fixture
def earlier(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The service started on a copy of the stored file."""
    copy = tmp_path / "earlier.sqlite"
    shutil.copy(STORED, copy)
    yield from opened(tmp_path / "earlier", f"sqlite:///{copy}", monkeypatch)


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The same logs imported into a new store today, and filed the same way."""
    for client in opened(tmp_path / "fresh", f"sqlite:///{tmp_path / 'fresh.sqlite'}", monkeypatch):
        for log, session, day, title in (
            ("whole-fight", "s1", "2025-03-14", "Ambush"),
            ("amend-three-turns-back", "s2", "2025-06-21", "Quarry"),
        ):
            sent = (FIXTURES / f"{log}.jsonl").read_bytes()
            made = client.post("/encounters/import", content=sent, headers=operator(client))
            filing = {
                "type": "EncounterFiled",
                "campaign": "oldcamp",
                "session": {"id": session, "date": day, "title": title},
            }
            client.post(
                f"/encounters/{made.json()['id']}/facts",
                json={"facts": [filing]},
                headers=bearer(made.json()["gm_token"]),
            )
        yield client  # fmt: skip


def test_every_stored_encounter_is_the_default_tables(earlier: TestClient) -> None:
    listed = earlier.get("/encounters", headers=operator(earlier)).json()
    assert [(e["id"], e["version"]) for e in listed] == [(AMBUSH, 100), (QUARRY, 42)]
    tables = earlier.get("/tables", headers=operator(earlier)).json()["tables"]
    assert [(t["id"], t["operator_key"], t["encounters"]) for t in tables] == [("default", True, 2)]
    other = new_table(earlier, "thursday", "Thursday group")
    assert earlier.get("/encounters", headers=bearer(other)).json() == []
    assert earlier.get(f"/encounters/{AMBUSH}/state", headers=bearer(other)).status_code == 403


def test_the_stored_tokens_still_open_their_encounters(earlier: TestClient) -> None:
    issued = earlier.get(f"/encounters/{AMBUSH}/tokens", headers=operator(earlier)).json()
    state = earlier.get(f"/encounters/{AMBUSH}/state", headers=bearer(issued["gm_token"]))
    assert (state.status_code, state.json()["version"], state.json()["phase"]) == (
        200,
        100,
        "ended",
    )
    line = earlier.get(f"/encounters/{AMBUSH}/export", headers=bearer(issued["gm_token"])).text
    assert '"table"' not in line.splitlines()[0]  # the log as it was written


def test_the_stored_library_and_campaign_are_the_default_tables(earlier: TestClient) -> None:
    creatures = earlier.get("/library", headers=operator(earlier)).json()["creatures"]
    assert [(c["id"], c["name"], c["party"]) for c in creatures] == [
        ("kyra", "Kyra", True), ("ogre", "Ogre", False)]  # fmt: skip
    campaign = earlier.get("/campaigns/oldcamp", headers=operator(earlier)).json()
    assert (campaign["name"], [p["id"] for p in campaign["party"]]) == (
        "The Old Campaign",
        ["kyra"],
    )
    sessions = [(s["id"], [f["id"] for f in s["encounters"]]) for s in campaign["sessions"]]
    assert sessions == [("s1", [AMBUSH]), ("s2", [QUARRY])]
    other = new_table(earlier, "thursday", "Thursday group")
    assert earlier.get("/library", headers=bearer(other)).json() == {"creatures": []}
    assert earlier.get("/campaigns/oldcamp", headers=bearer(other)).status_code == 404


def test_the_figures_and_recaps_read_as_a_fresh_stores_of_the_same_logs(
    earlier: TestClient, fresh: TestClient
) -> None:
    def read(client: TestClient) -> list[Any]:
        stats = client.get("/stats", headers=operator(client)).json()
        trend = client.get("/stats/trends?campaign=oldcamp", headers=operator(client)).json()
        recaps = [client.get(f"/campaigns/oldcamp/sessions/{s}/recap?format=markdown",
                             headers=operator(client)).text for s in ("s1", "s2")]  # fmt: skip
        return [stats["combatants"], stats["damage_by_type"], trend, recaps]

    assert read(earlier) == read(fresh)
    assert "Ambush" in read(earlier)[3][0]


def test_no_earlier_table_is_left_beside_todays(earlier: TestClient, tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "earlier.sqlite") as db:
        names = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = [c[1] for c in db.execute("PRAGMA table_info(campaign_registry)")]
    assert not [n for n in names if n.endswith("_before")]
    assert columns == ["table_id", "campaign_id", "body"]


@pytest.mark.postgres
def test_a_library_and_registry_kept_before_tables_on_postgresql_move_to_the_default_table(
    postgres_url: str,  # noqa: F811
) -> None:
    import psycopg

    name = f"combatlog_migrate_{uuid4().hex[:10]}"
    ogre = creature_from({"id": "ogre", "ruleset": "dnd35", "name": "Ogre", "side": "foes",
                          "stats": {"max_hp": 30}})  # fmt: skip
    crypt = CampaignRecord(id="crypt", name="Crypt", ruleset="dnd35", party=["ogre"])
    try:
        with EncounterStore(postgres_url, name=name), psycopg.connect(postgres_url) as db:
            db.execute(f"CREATE TABLE {name}_library (ruleset TEXT, creature_id TEXT, body TEXT, "
                       "PRIMARY KEY (ruleset, creature_id))")  # fmt: skip
            db.execute(f"CREATE TABLE {name}_campaigns (campaign_id TEXT PRIMARY KEY, body TEXT)")
            db.execute(f"INSERT INTO {name}_library VALUES ('dnd35', 'ogre', %s)",
                       (ogre.model_dump_json(),))  # fmt: skip
            db.execute(f"INSERT INTO {name}_campaigns VALUES ('crypt', %s)",
                       (crypt.model_dump_json(),))  # fmt: skip
        with EncounterStore(postgres_url, name=name) as store:
            assert CreatureLibrary(store).creatures("default") == [ogre]
            assert CampaignRegistry(store).campaigns("default") == [crypt]
            assert CreatureLibrary(store).creatures("thursday") == []
    finally:
        drop_tables(postgres_url, name)
