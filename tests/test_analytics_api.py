"""Analytics over HTTP and on the command line: tokens, filters, the report's shape."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli.main import app as cli
from api.config.secret import load_secret
from api.service.tokens import NO_DOOR, analytics_token
from tests.builders import jsonl
from tests.test_analytics_figures import FIGHT
from tests.test_api import operator


@pytest.fixture
def imported(client: TestClient) -> dict[str, Any]:
    reply = client.post("/encounters/import", content=jsonl(*FIGHT), headers=operator(client))
    assert reply.status_code == 201
    return dict(reply.json())


def test_an_encounters_report_with_its_gm_token(
    client: TestClient, imported: dict[str, Any]
) -> None:
    gm = {"Authorization": f"Bearer {imported['gm_token']}"}
    reply = client.get(f"/encounters/{imported['id']}/stats", headers=gm)
    assert reply.status_code == 200
    report = reply.json()
    valeros = next(c for c in report["combatants"] if c["combatant"] == "valeros")
    assert valeros["damage_dealt"] == {"total": 13, "lethal": 13, "nonlethal": 0}
    assert (valeros["attacks"], valeros["hits"], valeros["hit_rate"]) == (2, 2, 1.0)
    assert report["damage_by_round"] == [
        {"round": 1, "dealer": "valeros", "lethal": 4, "nonlethal": 0, "total": 4},
        {"round": 2, "dealer": "valeros", "lethal": 9, "nonlethal": 0, "total": 9},
    ]
    assert report["damage_taken_by_round"] == [
        {"round": 1, "target": "goblin", "lethal": 4, "nonlethal": 0, "total": 4},
        {"round": 2, "target": "goblin", "lethal": 9, "nonlethal": 0, "total": 9},
    ]
    assert valeros["damage_dealt_by_type"] == {"slashing": 9, "untyped": 4}
    assert report["round_times"] == [
        {"round": 1, "encounters": 1, "mean_seconds": 60.0, "longest_seconds": 60.0}
    ]
    assert report["most_dangerous_foe"] is None  # the goblin dealt nothing
    assert report["hp_over_time"]["goblin"][-1]["hp"] == -7
    assert report["encounters"][0]["rounds"] == 2


def test_the_report_follows_an_undo_at_once(client: TestClient, imported: dict[str, Any]) -> None:
    gm = {"Authorization": f"Bearer {imported['gm_token']}"}
    client.post(f"/encounters/{imported['id']}/undo", json={"position": 8}, headers=gm)
    report = client.get(f"/encounters/{imported['id']}/stats", headers=gm).json()
    assert [r["total"] for r in report["damage_by_round"]] == [9]


def test_encounter_reports_need_the_gm_token(client: TestClient, imported: dict[str, Any]) -> None:
    path = f"/encounters/{imported['id']}/stats"
    player = {"Authorization": f"Bearer {imported['player_token']}"}
    assert client.get(path).status_code == 401
    assert client.get(path, headers=player).json() == {
        "type": "about:blank", "title": "GM only", "status": 403,
        "detail": "the player token is read-only",
        "errors": [{"field": "authorization", "reason": "the player token is read-only"}],
    }  # fmt: skip
    unknown = "/encounters/00000000-0000-4000-8000-000000000000/stats"
    elsewhere = client.get(unknown, headers=player)  # this token opens no other encounter
    assert (elsewhere.status_code, elsewhere.json()["detail"]) == (403, NO_DOOR)


def test_reports_across_encounters_need_the_analytics_token(
    client: TestClient, imported: dict[str, Any], tmp_path: Path
) -> None:
    token = analytics_token(load_secret(tmp_path))
    reply = client.get(
        "/stats?ruleset=dnd35&side=party", headers={"Authorization": f"Bearer {token}"}
    )
    assert reply.status_code == 200
    assert [c["combatant"] for c in reply.json()["combatants"]] == ["valeros"]
    gm = {"Authorization": f"Bearer {imported['gm_token']}"}
    assert client.get("/stats", headers=gm).status_code == 403
    assert client.get("/stats").status_code == 401
    bad = client.get("/stats?since=yesterday", headers={"Authorization": f"Bearer {token}"})
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "since"
    none = client.get("/stats?ruleset=orcus", headers={"Authorization": f"Bearer {token}"})
    assert none.json()["encounters"] == [] and none.json()["combatants"] == []


def test_stats_on_the_command_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    fight = tmp_path / "fight.jsonl"
    fight.write_bytes(jsonl(*FIGHT))
    runner = CliRunner()
    encounter = runner.invoke(cli, ["import", str(fight), str(fight), "--db", db]).stdout.split()[0]
    table = runner.invoke(cli, ["stats", "--db", db])
    assert table.exit_code == 0 and "2 encounter(s), 4 rounds" in table.stdout
    as_json = orjson.loads(runner.invoke(cli, ["stats", encounter, "--json", "--db", db]).stdout)
    assert as_json["combatants"][0]["damage_dealt"]["total"] == 13
    assert as_json["damage_taken_by_round"][0]["target"] == "goblin"
    assert as_json["round_times"][0]["mean_seconds"] == 60.0
    as_csv = list(
        csv.DictReader(io.StringIO(runner.invoke(cli, ["stats", "--csv", "--db", db]).stdout))
    )
    assert [(r["combatant"], r["damage_dealt"], r["hits"]) for r in as_csv] == [
        ("valeros", "26", "4"), ("goblin", "0", "0")
    ]  # fmt: skip
    goblin = as_csv[1]
    assert (goblin["damage_taken"], goblin["damage_taken_lethal"]) == ("26", "26")
    assert (goblin["damage_taken_nonlethal"], goblin["damage_taken_by_type"]) == (
        "0", "slashing=18;untyped=8"
    )  # fmt: skip
    assert "damage by type: slashing 18, untyped 8" in table.stdout
    assert "seconds per round: 1: 60.0" in table.stdout
    rebuilt = runner.invoke(cli, ["analytics", "rebuild", "--db", db])
    assert (
        rebuilt.exit_code == 0
        and rebuilt.stdout == f"analytics rebuilt from {2 * len(FIGHT)} events\n"
    )
    missing = runner.invoke(cli, ["stats", "00000000-0000-4000-8000-000000000000", "--db", db])
    assert missing.exit_code == 1
