"""`combatlog tables add|list|rename|rotate|remove` on the service's machine: a host sets a group
up in one command and hands the printed key to its GM; the service honours it at once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from tests.cli_helpers import isolated_db, run
from tests.tables_world import bearer
from tests.test_api import operator


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return isolated_db(tmp_path, monkeypatch)


def key_in(output: str) -> str:
    found = re.search(r"key: (table_[0-9a-f]{40})", output)
    assert found, output
    return found.group(1)


def test_a_table_is_added_and_its_key_printed_once_opens_it_on_the_service(
    db: str, tmp_path: Path
) -> None:
    output = run("tables", "add", "Thursday group", db=db)
    assert output.splitlines()[0] == "table thursday-group: Thursday group"
    key = key_in(output)
    with TestClient(create_app(db, folder=tmp_path)) as client:
        made = client.post("/encounters", json={"name": "Troll"}, headers=bearer(key))
        assert made.status_code == 201
        assert client.get("/encounters", headers=operator(client)).json() == []
    listed = run("tables", "list", db=db).splitlines()
    assert [re.sub(r"made \S+", "made DAY", line) for line in listed] == [
        "default  0 encounters  made DAY  Default table  key: the operator token",
        "thursday-group  1 encounters  made DAY  Thursday group",
    ]
    assert key not in run("tables", "list", db=db)


def test_an_id_may_be_given_and_is_taken_once(db: str) -> None:
    assert run("tables", "add", "Thursday group", "--id", "thu", db=db).startswith("table thu:")
    taken = run("tables", "add", "Other", "--id", "thu", db=db, code=1)
    assert "--id: a table thu exists already" in taken
    bad = run("tables", "add", "Other", "--id", "not a slug", db=db, code=2)
    assert "--id: String should match pattern" in bad
    unnamed = run("tables", "add", "???", db=db, code=2)  # no slug to make of its name
    assert "--id: String should have at least 1 character (give one with --id)" in unnamed


def test_a_rotated_key_is_refused_and_the_new_one_opens_the_table(db: str, tmp_path: Path) -> None:
    old = key_in(run("tables", "add", "Thursday", db=db))
    rotated = run("tables", "rotate", "thursday", db=db)
    new = re.search(r"new key (table_[0-9a-f]{40})", rotated)
    assert new, rotated
    with TestClient(create_app(db, folder=tmp_path)) as client:
        assert client.get("/encounters", headers=bearer(old)).status_code == 403
        assert client.get("/encounters", headers=bearer(new.group(1))).status_code == 200
    assert "no table nowhere" in run("tables", "rotate", "nowhere", db=db, code=1)


def test_a_table_is_renamed_and_removed_once_it_holds_no_encounter(db: str, tmp_path: Path) -> None:
    key = key_in(run("tables", "add", "Thursday", db=db))
    assert run("tables", "rename", "thursday", "Thursday night", db=db) == (
        "table thursday: Thursday night\n"
    )
    with TestClient(create_app(db, folder=tmp_path)) as client:
        client.post("/encounters", json={"name": "Troll"}, headers=bearer(key))
    refused = run("tables", "remove", "thursday", db=db, code=1)
    assert "table thursday holds 1 encounter(s)" in refused
    run("tables", "add", "Friday", db=db)
    assert run("tables", "remove", "friday", db=db) == "table friday removed\n"
    assert [line.split()[0] for line in run("tables", "list", db=db).splitlines()] == [
        "default", "thursday"]  # fmt: skip
    assert "no table friday" in run("tables", "remove", "friday", db=db, code=1)


def test_a_log_is_imported_into_the_table_named_and_no_other(db: str, tmp_path: Path) -> None:
    key = key_in(run("tables", "add", "Thursday", db=db))
    log = tmp_path / "fight.jsonl"
    log.write_bytes(b'{"type":"EncounterCreated","name":"Troll","ruleset":"dnd35","table":"x"}\n')
    made = run("import", str(log), "--table", "thursday", db=db).strip()
    assert "no table nowhere" in run("import", str(log), "--table", "nowhere", db=db, code=2)
    with TestClient(create_app(db, folder=tmp_path)) as client:
        assert [e["id"] for e in client.get("/encounters", headers=bearer(key)).json()] == [made]
        assert client.get("/encounters", headers=operator(client)).json() == []
    exported = run("export", made, db=db)
    assert '"table":"thursday"' in exported and '"table":"x"' not in exported
