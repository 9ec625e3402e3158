"""The operator's command line: `combatlog tokens`, a lost secret said at start, and names that
cannot drive the terminal (issue 11, items 2 and 7)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import api.http.serve
from api.cli.main import app as cli
from api.config.secret import SecretChanged
from api.http.app import create_app
from tests.builders import jsonl
from tests.test_api import PARTY, open_table, url

runner = CliRunner()
ESCAPE = "\x1b]0;pwned\x07\x1b[2J\x1b[31m"  # retitle the window, clear the screen, turn red


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working folder of `combatlog serve`: its secret file and SQLite store."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COMBATLOG_SECRET", raising=False)
    monkeypatch.delenv("COMBATLOG_DATABASE_URL", raising=False)
    monkeypatch.setattr(
        api.http.serve, "run_service", lambda *a, **k: True
    )  # checks, then would listen
    return tmp_path


def served(folder: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{folder / 'combatlog.sqlite'}", folder=folder))


def printed_tokens(output: str) -> dict[str, dict[str, str]]:
    found = {}
    for role, label in (("gm", "GM token"), ("player", "player token")):
        match = re.search(rf"{label}:\s+(\S+)", output)
        assert match, output
        found[role] = {"Authorization": f"Bearer {match.group(1)}"}
    return found


def test_tokens_prints_an_encounters_gm_and_player_tokens(folder: Path) -> None:
    with served(folder) as client:
        table = open_table(client, PARTY)
    result = runner.invoke(cli, ["tokens", table["id"]])
    assert result.exit_code == 0, result.output
    assert printed_tokens(result.output) == {"gm": table["gm"], "player": table["player"]}
    assert "Goblin ambush" in result.output


def test_tokens_prints_each_player_characters_link(folder: Path) -> None:
    kyra = {"type": "CombatantJoined", "combatant": "kyra", "name": "Kyra", "side": "party",
            "kind": "pc", "stats": {"max_hp": 12}}  # fmt: skip
    with served(folder) as client:
        table = open_table(client, [*PARTY, kyra])
        result = runner.invoke(cli, ["tokens", table["id"]])
        assert result.exit_code == 0, result.output
        match = re.search(r"Kyra's link: (pc_\S+)", result.output)
        assert match, result.output
        mine = client.get(url(table, "state"), headers={"Authorization": f"Bearer {match[1]}"})
        assert mine.status_code == 200 and "stats" in mine.json()["combatants"]["kyra"]


def test_tokens_rotate_refuses_the_old_player_token_on_the_service(folder: Path) -> None:
    with served(folder) as client:
        table = open_table(client, PARTY)
        result = runner.invoke(cli, ["tokens", table["id"], "--rotate", "player"])
        assert result.exit_code == 0, result.output
        now = printed_tokens(result.output)
        assert now["gm"] == table["gm"] and now["player"] != table["player"]
        assert client.get(url(table, "state"), headers=table["player"]).status_code == 403
        assert client.get(url(table, "state"), headers=now["player"]).status_code == 200


@pytest.mark.parametrize(
    ("args", "said"),
    [(["not-an-id"], "not an encounter id"),
     (["00000000-0000-4000-8000-000000000000"], "no encounter"),
     (["00000000-0000-4000-8000-000000000000", "--rotate", "dm"], "'dm' is not one of")],
    ids=["a malformed id", "an unknown id", "an unknown role"],
)  # fmt: skip
def test_tokens_for_no_such_encounter_says_so(folder: Path, args: list[str], said: str) -> None:
    with served(folder):
        pass
    result = runner.invoke(cli, ["tokens", *args])
    assert result.exit_code != 0 and said in result.output


def test_tokens_without_the_services_secret_here_makes_none_up(folder: Path) -> None:
    with served(folder) as client:
        table = open_table(client, PARTY)
    (folder / "combatlog.secret").unlink()
    result = runner.invoke(cli, ["tokens", table["id"]])
    assert result.exit_code == 1 and "no secret here" in result.output
    assert not (folder / "combatlog.secret").exists()


def lose_the_secret(folder: Path) -> dict[str, Any]:
    """A store with an encounter, then its combatlog.secret deleted."""
    with served(folder) as client:
        table = open_table(client, PARTY)
    (folder / "combatlog.secret").unlink()
    return table


def test_a_lost_secret_is_said_at_start_naming_the_file_and_what_to_do(folder: Path) -> None:
    lose_the_secret(folder)
    result = runner.invoke(cli, ["serve"])
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    for needed in (str(folder / "combatlog.secret"), "COMBATLOG_SECRET", "--accept-new-secret",
                   "combatlog tokens"):  # fmt: skip
        assert needed in said, said
    assert not (folder / "combatlog.secret").exists()  # nothing written: the old one may return
    with pytest.raises(SecretChanged):  # nor does the app start on it
        served(folder).__enter__()


def test_a_secret_put_back_serves_the_old_tokens_again(folder: Path) -> None:
    with served(folder) as client:
        table = open_table(client, PARTY)
    kept = (folder / "combatlog.secret").read_bytes()
    (folder / "combatlog.secret").unlink()
    assert runner.invoke(cli, ["serve"]).exit_code == 1
    (folder / "combatlog.secret").write_bytes(kept)
    assert runner.invoke(cli, ["serve"]).exit_code == 0
    with served(folder) as client:
        assert client.get(url(table, "state"), headers=table["gm"]).status_code == 200


def test_an_accepted_new_secret_serves_and_tokens_reissues_the_encounters_tokens(
    folder: Path,
) -> None:
    table = lose_the_secret(folder)
    result = runner.invoke(cli, ["serve", "--accept-new-secret"])
    assert result.exit_code == 0, result.output
    reissued = printed_tokens(runner.invoke(cli, ["tokens", table["id"]]).output)
    with served(folder) as client:
        assert client.get(url(table, "state"), headers=table["gm"]).status_code == 403
        assert client.get(url(table, "state"), headers=reissued["gm"]).status_code == 200


def test_an_empty_store_takes_a_new_secret_without_asking(folder: Path) -> None:
    with served(folder):
        pass
    (folder / "combatlog.secret").unlink()
    assert runner.invoke(cli, ["serve"]).exit_code == 0


def fight_named(name: str, side: str) -> bytes:
    return jsonl(
        {"type": "EncounterCreated", "name": f"Ambush{ESCAPE}[blink]", "ruleset": "dnd35"},
        {"type": "CombatantJoined", "combatant": "ogre", "name": name, "side": side,
         "stats": {"max_hp": 30}},
        {"type": "DamageDealt", "target": "ogre", "amount": 3, "damage_type": f"fire{ESCAPE}"},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("command", "shown"),
    [("list", "Ambush]0;pwned[2J[31m[blink]"), ("replay", "Og]0;pwned[2J[31mre[bold]"),
     ("stats", "fire]0;pwned[2J[31m 3"), ("stats --csv", "Og]0;pwned[2J[31mre[bold]")],
)  # fmt: skip
def test_names_with_terminal_escapes_print_without_them(
    folder: Path, command: str, shown: str
) -> None:
    log = folder / "fight.jsonl"
    log.write_bytes(fight_named(f"Og{ESCAPE}re\u202e[bold]", f"foes{ESCAPE}"))
    db = f"sqlite:///{folder / 'cli.sqlite'}"
    assert runner.invoke(cli, ["import", str(log), "--db", db]).exit_code == 0
    args = ["replay", str(log)] if command == "replay" else [*command.split(), "--db", db]
    result = runner.invoke(cli, args, terminal_width=200)
    assert result.exit_code == 0, result.output
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e]", result.output), result.output
    assert shown in result.output  # the rest as written: brackets are not taken as markup
