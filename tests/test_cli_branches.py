"""`combatlog fork` and `combatlog compare` on a SQLite store (issue 16 item 5)."""

from __future__ import annotations

from pathlib import Path

import orjson
from typer.testing import CliRunner

from api.cli.main import app
from domain.jsonl import read_jsonl
from projections.compare import differences, gm_table
from projections.history import History

FIGHT = Path(__file__).parent.parent / "replay_fixtures" / "dnd35" / "whole-fight.jsonl"
runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output.strip()


def test_a_fork_prints_the_branch_id_and_compare_prints_what_differs(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    parent = run("import", str(FIGHT), "--db", db)
    then = run("fork", parent, "--at", "60", "--db", db)
    corrected = run("fork", parent, "--at", "60", "--timeline", "corrected", "--db", db)
    exported = run("export", corrected, "--db", db).encode()
    first = orjson.loads(exported.splitlines()[0])
    assert first["branch_of"] == {"encounter": parent, "position": 60, "timeline": "corrected"}
    assert len(exported.splitlines()) == 61  # and line 75's amendment of line 48
    untouched = runner.invoke(app, ["export", parent, "--db", db]).output
    assert untouched.encode() == FIGHT.read_bytes()
    fight = History(read_jsonl(FIGHT.read_bytes()))
    expected = differences(gm_table(fight, 60), gm_table(fight, 60, "corrected"))
    assert expected  # line 75 amends line 48's damage into nonlethal
    assert run("compare", then, corrected, "--db", db).splitlines() == expected
    assert run("compare", parent, then, "--at", "60", "--db", db) == "no differences"


def test_fork_and_compare_refuse_what_cannot_be_done(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    parent, stranger = (run("import", str(FIGHT), "--db", db) for _ in range(2))
    past = runner.invoke(app, ["fork", parent, "--at", "100", "--db", db])
    assert past.exit_code == 2 and "--at: the log ends at line 99" in past.output
    unrelated = runner.invoke(app, ["compare", parent, stranger, "--db", db])
    assert unrelated.exit_code == 1 and "neither is a branch of the other" in unrelated.output
    assert len(run("list", "--db", db).splitlines()) == 2
