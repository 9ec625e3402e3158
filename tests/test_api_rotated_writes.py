"""A GM's write on a token rotated away elsewhere (the command line, another worker) is refused
at once, though the worker let it in on the generations it remembered: the commit confirms them
in the store before anything is decided (issue 15, the request path)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli.main import app as cli
from api.http.app import create_app
from tests.test_api import PARTY, open_table, url
from tests.test_api_errors import problem

runner = CliRunner()
WRONG = problem(403, "Wrong token", "this token opens no door on this encounter", "authorization")
NOTE = {"type": "NoteAdded", "text": "the goblin sneers"}


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """`combatlog serve`'s app on a SQLite store in the working folder the command line uses."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COMBATLOG_SECRET", raising=False)
    monkeypatch.delenv("COMBATLOG_DATABASE_URL", raising=False)
    store = f"sqlite:///{tmp_path / 'combatlog.sqlite'}"
    with TestClient(create_app(store, folder=tmp_path)) as served:
        yield served


def rotated_on_the_command_line(table: dict[str, Any], role: str) -> dict[str, str]:
    """`combatlog tokens ID --rotate ROLE`, which writes the store, not the worker: the new
    token's header."""
    result = runner.invoke(cli, ["tokens", table["id"], "--rotate", role])
    assert result.exit_code == 0, result.output
    label = "GM token" if role == "gm" else "player token"
    line = next(line for line in result.output.splitlines() if label in line)
    return {"Authorization": f"Bearer {line.split()[-1]}"}


def version(client: TestClient, table: dict[str, Any], headers: dict[str, str]) -> int:
    reply = client.get(url(table, "state"), headers=headers)
    assert reply.status_code == 200
    found: int = reply.json()["version"]
    return found


@pytest.mark.parametrize(
    ("route", "body"),
    [("facts", {"facts": [NOTE]}),
     ("facts", {"facts": [{"type": "DamageDealt", "target": "nobody", "amount": 3}]}),
     ("facts", {"facts": [NOTE], "expected_version": 1}),
     ("undo", {"target": 2})],
    ids=["a note", "a fact the log refuses", "a stale expected_version", "an undo"],
)  # fmt: skip
def test_a_gm_token_rotated_on_the_command_line_is_refused_on_the_next_write_and_nothing_is_written(
    client: TestClient, route: str, body: dict[str, Any]
) -> None:
    table = open_table(client, PARTY)  # the worker has let the GM in: it remembers generation 0
    before = version(client, table, table["gm"])
    fresh = rotated_on_the_command_line(table, "gm")
    refused = client.post(url(table, route), json=body, headers=table["gm"])
    assert (refused.status_code, refused.json()) == (403, WRONG)
    assert version(client, table, fresh) == before
    again = client.post(url(table, "facts"), json={"facts": [NOTE]}, headers=fresh)
    assert again.status_code == 201


def test_a_player_token_rotated_on_the_command_line_is_a_wrong_token_on_a_write(
    client: TestClient,
) -> None:
    table = open_table(client, PARTY)
    rotated_on_the_command_line(table, "player")
    refused = client.post(url(table, "facts"), json={"facts": [NOTE]}, headers=table["player"])
    assert (refused.status_code, refused.json()) == (403, WRONG)


def test_a_gm_token_newer_than_the_worker_remembers_writes_at_once(client: TestClient) -> None:
    table = open_table(client, PARTY)
    first = rotated_on_the_command_line(table, "gm")
    second = rotated_on_the_command_line(table, "gm")
    for old in (table["gm"], first):
        assert client.post(url(table, "facts"), json={"facts": [NOTE]}, headers=old).json() == WRONG
    written = client.post(url(table, "facts"), json={"facts": [NOTE]}, headers=second)
    assert written.status_code == 201 and written.json()["version"] == len(PARTY) + 2
