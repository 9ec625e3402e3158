"""The configuration: every COMBATLOG_* variable read in one module, and `combatlog serve`
handing its settings to the app rather than writing them into the environment."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import api
import api.http.serve
from api.cli.main import app as cli
from api.config.settings import Settings, load_settings
from api.wiring import open_store

READS_THE_ENVIRONMENT = re.compile(r"os\.environ|getenv|environ\.get")


def test_the_environment_is_read_in_the_settings_module_alone() -> None:
    folder = Path(api.__file__).parent
    readers = [
        str(path.relative_to(folder.parent))
        for path in sorted(folder.rglob("*.py"))
        if READS_THE_ENVIRONMENT.search(path.read_text())
    ]
    assert readers == []  # api/config/settings.py reads it through pydantic-settings


def test_serve_hands_the_app_its_settings_and_leaves_the_environment_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("COMBATLOG_DATABASE_URL", "COMBATLOG_ANALYTICS_PROCESS", "COMBATLOG_SECRET"):
        monkeypatch.delenv(name, raising=False)
    handed: list[Settings] = []

    def run_service(settings: Settings, *_: Any) -> bool:
        handed.append(settings)
        return True

    monkeypatch.setattr(api.http.serve, "run_service", run_service)
    db = f"sqlite:///{tmp_path / 'served.sqlite'}"
    before = dict(os.environ)
    result = CliRunner().invoke(cli, ["serve", "--db", db])
    assert result.exit_code == 0, result.output
    assert [(s.database_url, s.analytics_process) for s in handed] == [(db, True)]
    assert dict(os.environ) == before


@pytest.mark.parametrize(
    ("variables", "read"),
    [
        ({}, {"offload": "process", "accept_new_secret": False, "analytics_every": 0.5}),
        ({"COMBATLOG_OFFLOAD": "thread", "COMBATLOG_ACCEPT_NEW_SECRET": "1"},
         {"offload": "thread", "accept_new_secret": True, "analytics_every": 0.5}),
        ({"COMBATLOG_OFFLOAD": "fast", "COMBATLOG_ACCEPT_NEW_SECRET": "yes",
          "COMBATLOG_ANALYTICS_EVERY": "0"},
         {"offload": "process", "accept_new_secret": False, "analytics_every": 0.0}),
    ],
    ids=["defaults", "given", "unknown values read as before"],
)  # fmt: skip
def test_each_variable_is_read_as_it_always_was(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], read: dict[str, Any]
) -> None:
    for name in ("COMBATLOG_OFFLOAD", "COMBATLOG_ACCEPT_NEW_SECRET", "COMBATLOG_ANALYTICS_EVERY"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    settings = load_settings()
    assert {name: getattr(settings, name) for name in read} == read


def test_an_empty_secret_or_store_name_is_none_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMBATLOG_SECRET", "")
    monkeypatch.setenv("COMBATLOG_STORE_NAME", "")
    settings = load_settings(database_url="")
    assert (settings.secret_bytes(), settings.store_name) == (None, None)
    assert settings.database_url == os.environ.get(
        "COMBATLOG_DATABASE_URL", "sqlite:///combatlog.sqlite"
    )


def synchronous_of(settings: Settings) -> int:
    """PRAGMA synchronous on a connection of the store these settings open (2 FULL, 1 NORMAL)."""
    with open_store(settings) as store:
        datastore = store.application.recorder.datastore
        with datastore.transaction(commit=False) as cursor:
            cursor.execute("PRAGMA synchronous")
            return int(cursor.fetchone()[0])


def test_the_store_syncs_the_disk_at_every_commit_unless_told_to_sync_at_checkpoints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'synced.sqlite'}"
    monkeypatch.delenv("COMBATLOG_SQLITE_SYNCHRONOUS", raising=False)
    assert load_settings(database_url=url).sqlite_synchronous == "full"
    assert synchronous_of(load_settings(database_url=url)) == 2  # FULL: durable by default
    monkeypatch.setenv("COMBATLOG_SQLITE_SYNCHRONOUS", "normal")
    assert synchronous_of(load_settings(database_url=url)) == 1  # NORMAL, opted into
    monkeypatch.setenv("COMBATLOG_SQLITE_SYNCHRONOUS", "off")
    with pytest.raises(ValueError, match="COMBATLOG_SQLITE_SYNCHRONOUS"):
        load_settings(database_url=url)  # no setting loses more than it says


@pytest.mark.parametrize(
    ("variable", "value", "reason"),
    [
        ("COMBATLOG_SQLITE_SYNCHRONOUS", "off", "should be 'full' or 'normal'"),
        ("COMBATLOG_ANALYTICS_EVERY", "soon", "valid number"),
    ],
)
@pytest.mark.parametrize(
    "command", [["list"], ["serve"], ["tokens", "00000000-0000-4000-8000-000000000000"]]
)
def test_a_variable_the_service_cannot_run_with_is_named_with_its_reason_not_a_traceback(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    value: str,
    reason: str,
    command: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(variable, value)
    result = CliRunner().invoke(cli, [*command, "--db", f"sqlite:///{tmp_path / 'c.sqlite'}"])
    assert result.exit_code == 2, result.output
    assert f"combatlog: {variable}: " in result.output
    assert reason in result.output and repr(value) in result.output
    assert not (tmp_path / "c.sqlite").exists()  # refused before anything was opened
