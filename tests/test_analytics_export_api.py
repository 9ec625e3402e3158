"""The analytics rows and the per-foe-type figures over HTTP (the analytics token) and on the
command line."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pyarrow.csv
import pyarrow.parquet
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli.main import app as cli
from api.config.secret import load_secret
from api.service.tokens import analytics_token
from tests.builders import jsonl
from tests.test_analytics_export import AMBUSH, AMBUSH_ROWS, SECOND, SECOND_ROWS, figures
from tests.test_api import operator


@pytest.fixture
def token(client: TestClient, tmp_path: Path) -> dict[str, str]:
    """The analytics token's header, with both ambushes stored."""
    for lines in (AMBUSH, SECOND):
        reply = client.post("/encounters/import", content=jsonl(*lines), headers=operator(client))
        assert reply.status_code == 201
    return {"Authorization": f"Bearer {analytics_token(load_secret(tmp_path))}"}


def test_the_rows_as_csv_over_http(client: TestClient, token: dict[str, str]) -> None:
    reply = client.get("/stats/rows.csv", headers=token)
    assert reply.status_code == 200
    assert reply.headers["content-type"] == "text/csv; charset=utf-8"
    assert reply.headers["content-disposition"] == 'attachment; filename="combatlog-rows.csv"'
    assert figures(pyarrow.csv.read_csv(io.BytesIO(reply.content))) == AMBUSH_ROWS + SECOND_ROWS


def test_the_rows_as_parquet_over_http_filtered(client: TestClient, token: dict[str, str]) -> None:
    reply = client.get("/stats/rows.parquet?since=2026-11-25T00:00:00Z", headers=token)
    assert reply.status_code == 200
    assert reply.headers["content-type"] == "application/vnd.apache.parquet"
    assert reply.headers["content-disposition"] == 'attachment; filename="combatlog-rows.parquet"'
    assert figures(pyarrow.parquet.read_table(io.BytesIO(reply.content))) == SECOND_ROWS


@pytest.mark.parametrize("path", ["/stats/rows.csv", "/stats/rows.parquet"])
def test_the_rows_need_the_analytics_token(
    client: TestClient, token: dict[str, str], path: str
) -> None:
    assert client.get(path).status_code == 401
    imported = client.post("/encounters/import", content=jsonl(*AMBUSH), headers=operator(client))
    gm = {"Authorization": f"Bearer {imported.json()['gm_token']}"}
    assert client.get(path, headers=gm).status_code == 403
    bad = client.get(f"{path}?until=soon", headers=token)
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "until"


def test_the_report_per_foe_type_over_http(client: TestClient, token: dict[str, str]) -> None:
    grouped = client.get("/stats?group=type&side=foes", headers=token).json()["combatants"]
    assert [(g["foe_type"], g["combatants"], g["damage_dealt"]["total"]) for g in grouped] == [
        ("Goblin", 4, 7)
    ]
    bad = client.get("/stats?group=name", headers=token)
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "group"


def test_the_rows_are_in_the_openapi_document(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for name, media_type in (("csv", "text/csv"), ("parquet", "application/vnd.apache.parquet")):
        route = paths[f"/stats/rows.{name}"]["get"]
        assert media_type in route["responses"]["200"]["content"]
        assert {p["name"] for p in route["parameters"]} >= {"since", "until", "side", "ruleset"}
    assert "group" in {p["name"] for p in paths["/stats"]["get"]["parameters"]}


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A SQLite store holding both ambushes, imported on the command line."""
    url = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    files = []
    for name, lines in (("ambush", AMBUSH), ("second", SECOND)):
        files.append(tmp_path / f"{name}.jsonl")
        files[-1].write_bytes(jsonl(*lines))
    assert CliRunner().invoke(cli, ["import", *map(str, files), "--db", url]).exit_code == 0
    return url


def test_the_rows_exported_on_the_command_line(db: str, tmp_path: Path) -> None:
    to_csv, to_parquet = tmp_path / "rows.csv", tmp_path / "rows.parquet"
    done = CliRunner().invoke(
        cli, ["analytics", "export", "--csv", str(to_csv), "--parquet", str(to_parquet),
              "--side", "foes", "--db", db],
    )  # fmt: skip
    assert done.exit_code == 0 and "4 rows written" in done.stdout
    foes = [row for row in AMBUSH_ROWS + SECOND_ROWS if row[3] == "foes"]
    assert figures(pyarrow.csv.read_csv(to_csv)) == foes
    assert figures(pyarrow.parquet.read_table(to_parquet)) == foes
    nowhere = CliRunner().invoke(cli, ["analytics", "export", "--db", db])
    assert nowhere.exit_code == 2 and "--csv FILE" in nowhere.stderr


def test_stats_per_foe_type_on_the_command_line(db: str) -> None:
    runner = CliRunner()
    as_csv = runner.invoke(cli, ["stats", "--group", "type", "--csv", "--db", db]).stdout
    found: list[dict[str, Any]] = list(csv.DictReader(io.StringIO(as_csv)))
    assert [(r["foe_type"], r["combatants"], r["damage_taken"]) for r in found] == [
        ("Valeros", "2", "7"), ("Goblin", "4", "16")
    ]  # fmt: skip
    assert found[1]["damage_taken_by_type"] == "slashing=9;untyped=7"
    table = runner.invoke(cli, ["stats", "--group", "type", "--db", db])
    assert table.exit_code == 0 and "Goblin" in table.stdout and "goblin-1" not in table.stdout
