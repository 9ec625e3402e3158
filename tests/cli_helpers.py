"""The command line as its tests drive it: in a folder of the test's own (no store named by the
environment), on a SQLite file there, each command's output back and its exit code checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app as cli

runner = CliRunner()


def isolated_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A store URL in `tmp_path`, the working folder now, with COMBATLOG_DATABASE_URL unset."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COMBATLOG_DATABASE_URL", raising=False)
    return f"sqlite:///{tmp_path / 'combatlog.sqlite'}"


def run(*args: str, db: str, code: int = 0) -> str:
    """`combatlog ARGS --db DB`'s output, its exit code `code`."""
    done = runner.invoke(cli, [*args, "--db", db])
    assert done.exit_code == code, done.output
    return done.output
