"""The `combatlog` console script as its own process: only the command asked for is built, and
a replay ends the process once its state is out; in-process nothing of that happens."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import typer
from typer.main import get_command
from typer.testing import CliRunner

from api.cli.main import app
from api.cli.process import Combatlog

FIXTURE = Path(__file__).resolve().parents[1] / "replay_fixtures" / "dnd35" / "whole-fight"
COMBATLOG = Path(sys.executable).with_name("combatlog")


def test_the_console_script_prints_the_golden_state_and_ends_with_success() -> None:
    done = subprocess.run(
        [COMBATLOG, "replay", f"{FIXTURE}.jsonl", "--json"], capture_output=True, check=False
    )
    expected = orjson.loads(Path(f"{FIXTURE}.expected.json").read_bytes())["final"]
    assert (done.returncode, done.stderr, orjson.loads(done.stdout)) == (0, b"", expected)


def test_a_replay_run_in_process_returns_and_leaves_the_process_running() -> None:
    result = CliRunner().invoke(app, ["replay", f"{FIXTURE}.jsonl", "--json"])
    assert (result.exit_code, app.whole_process) == (0, False)


def _two_commands() -> Combatlog:
    cli = Combatlog(no_args_is_help=True)
    cli.command()(lambda: None)
    cli.command("import")(lambda: None)
    cli.add_typer(typer.Typer(), name="analytics")
    return cli


def test_a_command_asked_for_by_name_is_built_alone_in_a_group_of_its_own() -> None:
    cli = _two_commands()
    cli._only(["import"])
    built = get_command(cli)
    assert isinstance(built, typer.core.TyperGroup)
    assert list(built.commands) == ["import"]


@pytest.mark.parametrize("asked", [[], ["--help"], ["analytics"], ["imprt"]])
def test_anything_but_a_command_of_its_own_gets_the_whole_app(asked: list[str]) -> None:
    cli = _two_commands()
    cli._only(asked)
    assert (len(cli.registered_commands), len(cli.registered_groups)) == (2, 1)
