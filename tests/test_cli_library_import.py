"""`combatlog library import FILE…`: creatures from other tools into a table's library on the
service's machine, all files or none, the report printed (or as JSON); `--dry-run` keeps nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import isolated_db, run
from tests.import_helpers import FIXTURES


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return isolated_db(tmp_path, monkeypatch)


def kept(db: str, ruleset: str, table: str = "default") -> list[str]:
    from api.cli import runtime

    with runtime(db) as built:
        return [c.id for c in built.library.creatures(table, ruleset)]


def test_a_dry_run_prints_each_field_and_keeps_nothing_then_an_import_keeps_them(db: str) -> None:
    party, monsters = FIXTURES / "foundry_sfrpg_party.json", FIXTURES / "srd_starfinder.txt"
    said = run("library", "import", str(party), str(monsters), "--dry-run", db=db)
    assert f"{party} (Foundry VTT actors): would keep 3 creatures" in said
    assert "  starfinder/keskodai: Keskodai, party" in said
    assert "    ~ system.traits.sr: SR 13" in said
    assert "    - items[2]: equipment Second skin: not tracked" in said
    assert kept(db, "starfinder") == []
    run("library", "import", str(party), str(monsters), db=db)
    assert kept(db, "starfinder") == [
        "ashen-knight", "fire-azer", "keskodai", "obozaya", "space-goblin-zaperator",
    ]  # fmt: skip


def test_json_names_every_file_and_a_bad_file_keeps_nothing_of_any(db: str, tmp_path: Path) -> None:
    good = FIXTURES / "improved_initiative_export.json"
    report = json.loads(run("library", "import", str(good), "--json", "--dry-run", db=db))
    assert report["kept"] is False and report["files"][0]["file"] == str(good)
    assert len(report["files"][0]["creatures"]) == 3
    bad = tmp_path / "ghost.json"
    bad.write_text(json.dumps({"Name": "Ghost", "HP": {"Value": 0}}))
    said = run("library", "import", str(good), str(bad), db=db, code=1)
    assert f"{bad}: stats.max_hp: Ghost: Input should be greater than or equal to 1" in said
    assert kept(db, "dnd35") == []
    assert "no table nowhere" in run("library", "import", str(good), "--table", "nowhere", db=db,
                                     code=2)  # fmt: skip
