"""The command line as a user types it: replay a log file, import it, export it back."""

from __future__ import annotations

import gc
from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from api.cli.main import app
from domain.jsonl import read_jsonl, write_jsonl
from projections.render import state_json
from projections.table import table_at

FIGHT = Path(__file__).resolve().parents[1] / "replay_fixtures" / "dnd35" / "whole-fight.jsonl"
runner = CliRunner()


def test_replay_json_prints_the_table_state_of_the_whole_log() -> None:
    result = runner.invoke(app, ["replay", str(FIGHT), "--json"])
    events = read_jsonl(FIGHT.read_bytes())
    assert result.exit_code == 0
    assert orjson.loads(result.stdout) == state_json(table_at(events), len(events))


def test_replay_at_shows_the_table_as_it_stood_after_that_line() -> None:
    result = runner.invoke(app, ["replay", str(FIGHT), "--at", "20", "--json"])
    events = read_jsonl(FIGHT.read_bytes())
    assert result.exit_code == 0
    assert orjson.loads(result.stdout) == state_json(table_at(events[:20]), 20)


def test_replay_without_json_prints_a_readable_table_with_every_combatant() -> None:
    result = runner.invoke(app, ["replay", str(FIGHT)])
    assert result.exit_code == 0
    assert "Ambush at the Old Mill" in result.stdout
    for name in ("Tordek", "Grask the Red", "Bandit Archer"):
        assert name in result.stdout
    assert "HP 19/31" in result.stdout


def test_a_bad_log_exits_non_zero_naming_the_line_and_reason_and_prints_no_state(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.jsonl"
    lines = FIGHT.read_bytes().splitlines()
    lines[4] = b'{"type": "DamageDealt", "target": "nobody", "amount": 3}'
    bad.write_bytes(b"\n".join(lines) + b"\n")
    result = runner.invoke(app, ["replay", str(bad), "--json"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "line 5, field 'target': unknown combatant 'nobody'" in result.stderr


@pytest.mark.parametrize("line", [None, b'{"type": "TurnEnded", "combatant": "nobody"}'],
                         ids=["a log replayed", "a log refused"])  # fmt: skip
def test_a_replay_gives_the_process_its_cyclic_collector_back(
    tmp_path: Path, line: bytes | None
) -> None:
    """The replay pauses the collector while it reads and folds (all it makes lives on)."""
    log = tmp_path / "fight.jsonl"
    log.write_bytes(FIGHT.read_bytes() + (line + b"\n" if line else b""))
    result = runner.invoke(app, ["replay", str(log), "--json"])
    assert result.exit_code == (1 if line else 0)
    assert gc.isenabled()


@pytest.mark.parametrize(
    ("field", "nested"),
    [
        ("aware", b'"aware": ' + b"[" * 40 + b"]" * 40),
        ("text", b'"text": {"a": ' + b'{"a": ' * 39 + b"{}" + b"}" * 40),
    ],
    ids=["arrays in arrays", "objects in objects"],
)
def test_a_replayed_line_nested_past_the_budget_is_refused_naming_its_line(
    tmp_path: Path, field: str, nested: bytes
) -> None:
    deep = tmp_path / "deep.jsonl"
    lines = FIGHT.read_bytes().splitlines()
    kind = b"SurpriseDetermined" if field == "aware" else b"NoteAdded"
    lines[4] = b'{"type": "' + kind + b'", ' + nested + b"}"
    deep.write_bytes(b"\n".join(lines) + b"\n")
    result = runner.invoke(app, ["replay", str(deep), "--json"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"line 5, field '{field}': nested deeper than 32 levels" in result.stderr


def test_a_valid_line_nested_past_the_budget_is_refused_naming_its_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.jsonl"
    lines = FIGHT.read_bytes().splitlines()
    stats = b'{"max_hp": 5, "notes": ' + b'{"a": ' * 31 + b"1" + b"}" * 31 + b"}"  # 32 levels
    lines[4] = b'{"type": "CombatantJoined", "combatant": "deep", "name": "Deep", "side": "foes",'
    lines[4] += b' "stats": ' + stats + b"}"  # within the stats' own budget, the line past it
    deep.write_bytes(b"\n".join(lines) + b"\n")
    result = runner.invoke(app, ["replay", str(deep), "--json"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "line 5, field 'stats': nested deeper than 32 levels" in result.stderr


@pytest.mark.parametrize("at", ["0", "1000"])
def test_replay_at_outside_the_log_is_refused(at: str) -> None:
    result = runner.invoke(app, ["replay", str(FIGHT), "--at", at])
    assert result.exit_code == 2
    assert result.stdout == ""


def test_import_then_export_gives_back_the_same_log(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'store.sqlite'}"
    imported = runner.invoke(app, ["import", str(FIGHT), "--db", db])
    assert imported.exit_code == 0
    encounter = imported.stdout.strip()
    exported = runner.invoke(app, ["export", encounter, "--db", db])
    assert exported.exit_code == 0
    assert exported.stdout.encode() == write_jsonl(read_jsonl(FIGHT.read_bytes()))
    listed = runner.invoke(app, ["list", "--db", db])
    assert encounter in listed.stdout and "Ambush at the Old Mill" in listed.stdout


def test_exporting_an_unknown_encounter_says_so(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'store.sqlite'}"
    result = runner.invoke(app, ["export", "00000000-0000-0000-0000-000000000000", "--db", db])
    assert result.exit_code == 1
    assert "no encounter 00000000-0000-0000-0000-000000000000" in result.stderr
