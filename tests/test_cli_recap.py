"""`combatlog recap SESSION` on a SQLite store: Markdown for the chat, JSON, the players'
recap, and a session found across campaigns (or not, or in several)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from typer.testing import CliRunner

from api.cli.main import app
from projections.recap import recap
from projections.recap_markdown import recap_markdown
from tests.builders import jsonl, log
from tests.recap_fixtures import SESSION, UNDO_REASON, ambush_lines, crypt_lines, timed

runner = CliRunner()


def stored(tmp_path: Path, lines: list[dict[str, Any]], campaign: str = "crypt") -> str:
    """A log filed under `campaign`'s session, imported into the store; its id."""
    filed = {"campaign": campaign, "session": SESSION.model_dump(mode="json")}
    path = tmp_path / f"{len(list(tmp_path.iterdir()))}.jsonl"
    path.write_bytes(jsonl({**lines[0], **filed}, *lines[1:]))
    result = runner.invoke(app, ["import", str(path), "--db", db_of(tmp_path)])
    assert result.exit_code == 0, result.output
    return result.output.strip()


def db_of(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.sqlite'}"


def the_session(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "logs").mkdir()
    return (stored(tmp_path / "logs", timed(ambush_lines(), 19)),
            stored(tmp_path / "logs", timed(crypt_lines(), 20)))  # fmt: skip


def invoke(tmp_path: Path, *args: str) -> Any:
    return runner.invoke(app, ["recap", *args, "--db", db_of(tmp_path / "logs")])


def test_recap_prints_the_sessions_markdown_finding_its_campaign(tmp_path: Path) -> None:
    ambush, crypt = the_session(tmp_path)
    result = invoke(tmp_path, "2026-11-20")
    assert result.exit_code == 0, result.output
    fights = [(ambush, log(timed(ambush_lines(), 19))), (crypt, log(timed(crypt_lines(), 20)))]
    assert result.output == recap_markdown(recap(fights, SESSION, "crypt"))
    assert UNDO_REASON in result.output and "Sniper dropped Valeros" in result.output


def test_recap_player_prints_the_players_recap_and_json_the_data(tmp_path: Path) -> None:
    the_session(tmp_path)
    player = invoke(tmp_path, "2026-11-20", "--player")
    assert player.exit_code == 0, player.output
    assert "sniper" not in player.output.lower() and UNDO_REASON not in player.output
    as_json = invoke(tmp_path, "2026-11-20", "--campaign", "crypt", "--json", "--player")
    found = orjson.loads(as_json.output)
    assert found["player"] is True and found["totals"]["fights"] == 2
    assert (found["session"], found["campaign"]) == (SESSION.model_dump(mode="json"), "crypt")
    assert [f["name"] for f in found["fights"]] == ["Goblin ambush", "Crypt door"]
    assert found["fights"][0]["drops"][0]["dealer"] is None  # the sniper's attack is hidden


def test_an_unknown_session_exits_1_and_an_ambiguous_one_2_naming_the_campaigns(
    tmp_path: Path,
) -> None:
    the_session(tmp_path)
    unknown = invoke(tmp_path, "2026-12-24")
    assert unknown.exit_code == 1 and "no campaign has a session 2026-12-24" in unknown.output
    wrong = invoke(tmp_path, "2026-11-20", "--campaign", "tomb")
    assert wrong.exit_code == 1 and "campaign tomb has no session 2026-11-20" in wrong.output
    stored(tmp_path / "logs", timed(crypt_lines(), 21), campaign="tomb")
    ambiguous = invoke(tmp_path, "2026-11-20")
    assert ambiguous.exit_code == 2
    assert "session 2026-11-20 is in several campaigns (crypt, tomb)" in ambiguous.output
    chosen = invoke(tmp_path, "2026-11-20", "--campaign", "tomb")
    assert chosen.exit_code == 0 and chosen.output.count("### Crypt door") == 1
