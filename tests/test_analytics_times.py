"""`since` and `until` are times with their zone, checked where they come in: over HTTP an ISO
8601 date and time with its offset, else a 422 naming the parameter; on the command line that or
a date alone (as docs/analytics.md shows it), else exit 2 naming the option (issue 23 §4: `0.5`
was read as a Unix time, `253402300800` as milliseconds, a time without a zone as UTC)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.cli.main import app as cli
from tests.builders import jsonl
from tests.test_analytics_figures import FIGHT  # begun 2026-11-24T19:00Z
from tests.test_api import operator
from tests.test_api_errors import problem

WANTED = (
    "must be an ISO 8601 date and time with its offset, such as 2026-03-01T20:30:00Z or "
    "2026-03-01T20:30:00-05:00"
)
ROUTES = ["/stats", "/stats/rows.csv", "/stats/rows.parquet"]


@pytest.fixture
def imported(client: TestClient) -> str:
    reply = client.post("/encounters/import", content=jsonl(*FIGHT), headers=operator(client))
    assert reply.status_code == 201
    return str(reply.json()["id"])


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(
    ("query", "field"),
    [("until=0.5", "until"), ("since=253402300800", "since"), ("since=2026-11-24", "since"),
     ("until=2026-11-24T19:30:00", "until"), ("since=2026-11-24T19:30:00%2B0500", "since"),
     ("since=2026-11-24+19:30:00Z", "since")],
    ids=["a fraction", "a number past 9999 as seconds", "a date alone", "no offset",
         "an offset without its colon", "a space for the T"],
)  # fmt: skip
def test_a_filter_time_without_its_zone_or_as_a_number_is_a_422_naming_it(
    client: TestClient, route: str, query: str, field: str
) -> None:
    reply = client.get(f"{route}?{query}", headers=operator(client))
    assert (reply.status_code, reply.json()) == (
        422,
        problem(422, "Invalid request", WANTED, field),
    )


def test_a_filter_time_past_what_the_store_holds_is_a_422_naming_it(client: TestClient) -> None:
    reply = client.get("/stats?since=0001-01-01T00:00:00%2B14:00", headers=operator(client))
    reason = "must lie between 0001-01-02T00:00:00+00:00 and 9999-12-30T00:00:00+00:00"
    assert (reply.status_code, reply.json()) == (
        422,
        problem(422, "Invalid request", reason, "since"),
    )


@pytest.mark.parametrize(
    ("query", "found"),
    [("since=2026-11-24T19:00:00Z", True), ("since=2026-11-24T14:00:01-05:00", False),
     ("until=2026-11-24t20:00z", True), ("since=2026-11-24T18:59:59.5%2B00:00", True)],
)  # fmt: skip
def test_a_filter_time_with_its_offset_selects_by_the_instant_it_names(
    client: TestClient, imported: str, query: str, found: bool
) -> None:
    reply = client.get(f"/stats?{query}", headers=operator(client))
    ids = [e["id"] for e in reply.json()["encounters"]]
    assert (reply.status_code, ids) == (200, [imported] if found else [])


def stats(tmp_path: Path, *options: str) -> Any:
    """`combatlog stats --json` with `options` over a store holding the fight."""
    db = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    fight = tmp_path / "fight.jsonl"
    fight.write_bytes(jsonl(*FIGHT))
    runner = CliRunner()
    assert runner.invoke(cli, ["import", str(fight), "--db", db]).exit_code == 0
    return runner.invoke(cli, ["stats", "--json", "--db", db, *options])


@pytest.mark.parametrize(
    ("option", "value"),
    [("--since", "0.5"), ("--until", "253402300800"), ("--since", "2026-11-24T19:00:00")],
)
def test_a_filter_time_without_its_zone_on_the_command_line_exits_2_naming_the_option(
    tmp_path: Path, option: str, value: str
) -> None:
    ran = stats(tmp_path, option, value)
    assert (ran.exit_code, ran.stdout) == (2, "")
    assert ran.stderr == f"combatlog: {option}: {WANTED} (or a date alone)\n"


@pytest.mark.parametrize(
    ("options", "found"),
    [(["--since", "2026-11-24"], 1), (["--since", "2026-11-25"], 0),
     (["--until", "2026-11-24T14:30:00-05:00"], 1), (["--until", "2026-11-24T19:00:00Z"], 0)],
)  # fmt: skip
def test_a_date_alone_or_a_time_with_its_offset_filters_on_the_command_line(
    tmp_path: Path, options: list[str], found: int
) -> None:
    ran = stats(tmp_path, *options)
    assert (ran.exit_code, len(orjson.loads(ran.stdout)["encounters"])) == (0, found)
