"""Replay in two timelines (CONTRACT §2): the table as it stood after line N, and as corrected —
the first N lines with every correction in the whole log applied — over the API and the CLI."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from typer.testing import CliRunner

from api.cli.main import app
from domain.events import Event
from projections.effective import effective_log
from projections.history import History
from projections.render import state_json
from projections.table import fold
from tests.redaction_helpers import AMBUSH, open_fight, player_state, url, write
from tests.strategies import FAST, logs

WOUNDS = [
    {"type": "DamageDealt", "target": "valeros", "amount": 5},  # line 5: revoked at line 7
    {"type": "DamageDealt", "target": "valeros", "amount": 2},  # line 6: amended to 4 at line 8
]


@pytest.fixture
def corrected(client: TestClient) -> dict[str, Any]:
    opened = open_fight(client, [*AMBUSH, *WOUNDS])
    write(client, opened, "undo", {"position": 5})
    write(client, opened, "amend", {"position": 6, "replacement": {**WOUNDS[1], "amount": 4}})
    return opened


def hp(state: dict[str, Any]) -> int:
    found: int = state["combatants"]["valeros"]["vitals"]["hp"]
    return found


def gm_state(client: TestClient, opened: dict[str, Any], query: str) -> dict[str, Any]:
    reply = client.get(url(opened, f"state{query}"), headers=opened["gm"])
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()
    return found


def test_the_table_as_it_stood_then_keeps_a_wound_that_was_later_undone(
    client: TestClient, corrected: dict[str, Any]
) -> None:
    assert hp(gm_state(client, corrected, "?at=6")) == 12 - 5 - 2
    assert hp(gm_state(client, corrected, "?at=6&timeline=then")) == 12 - 5 - 2


def test_the_table_as_corrected_applies_every_later_undo_and_amendment(
    client: TestClient, corrected: dict[str, Any]
) -> None:
    assert hp(gm_state(client, corrected, "?at=5&timeline=corrected")) == 12
    assert hp(gm_state(client, corrected, "?at=6&timeline=corrected")) == 12 - 4
    assert gm_state(client, corrected, "?at=6&timeline=corrected")["version"] == 6
    assert gm_state(client, corrected, "?timeline=corrected") == gm_state(client, corrected, "")


def test_players_get_the_corrected_timeline_through_the_player_view(
    client: TestClient, corrected: dict[str, Any]
) -> None:
    state = player_state(client, corrected, "?at=6&timeline=corrected")
    assert hp(state) == 12 - 4
    assert set(state["combatants"]) == {"valeros", "goblin"}
    assert state["combatants"]["goblin"]["vitals"] == {"descriptor": "healthy"}


def test_an_unknown_timeline_is_refused_naming_the_timeline(
    client: TestClient, corrected: dict[str, Any]
) -> None:
    reply = client.get(url(corrected, "state?at=3&timeline=later"), headers=corrected["gm"])
    assert reply.status_code == 422
    assert [e["field"] for e in reply.json()["errors"]] == ["timeline"]


def test_the_openapi_document_describes_both_timelines(client: TestClient) -> None:
    parameters = client.get("/openapi.json").json()["paths"]["/encounters/{encounter_id}/state"]
    timeline = next(p for p in parameters["get"]["parameters"] if p["name"] == "timeline")
    assert timeline["schema"]["enum"] == ["then", "corrected"]
    assert "corrected" in timeline["description"]


def test_replay_corrected_prints_the_table_as_corrected(
    client: TestClient, corrected: dict[str, Any], tmp_path: Path
) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_bytes(client.get(url(corrected, "export"), headers=corrected["gm"]).content)
    runner = CliRunner()
    then = runner.invoke(app, ["replay", str(log), "--at", "6", "--json"])
    fixed = runner.invoke(app, ["replay", str(log), "--at", "6", "--corrected", "--json"])
    assert (then.exit_code, fixed.exit_code) == (0, 0)
    assert (hp(orjson.loads(then.stdout)), hp(orjson.loads(fixed.stdout))) == (5, 8)
    readable = runner.invoke(app, ["replay", str(log), "--at", "6", "--corrected"])
    assert "HP 8/12" in readable.stdout


@FAST
@given(logs())
def test_the_corrected_table_at_each_line_is_the_fold_of_the_corrected_log_up_to_it(
    events: list[Event],
) -> None:
    history = History(events, every=4)  # checkpoints often, so they are reused and passed over
    whole = effective_log(events)
    for at in range(1, len(events) + 1):
        expected = fold(entry for entry in whole if entry[0] <= at)
        assert state_json(history.corrected_table(at), at) == state_json(expected, at)
