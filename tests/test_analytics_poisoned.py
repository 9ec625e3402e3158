"""A store written before the bounds (numbers past what a table can mean, a time before UTC's
first day): its analytics recover. The bad encounter is skipped and logged once, every other
encounter is reported, and `combatlog analytics rebuild`, `combatlog stats` and `/stats` work."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.analytics import Analytics, Filters, report
from api.cli.main import app as cli
from api.http.app import create_app
from api.store import EncounterStore
from domain.events import EVENT_ADAPTER, Event
from tests.builders import damage, log
from tests.store_helpers import new_log
from tests.test_analytics_figures import FIGHT
from tests.test_analytics_store import open_store
from tests.test_api import operator
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)

poisoned_stores = open_store  # stores on one SQLite file, or PostgreSQL
HUGE = 2**63 - 1  # each passed the 64-bit check of the code before the bounds


def stored_before_the_bounds(lines: list[dict[str, Any]]) -> list[Event]:
    """A log as the code before the bounds took it: validated, but not held to domain.bounds."""
    return [EVENT_ADAPTER.validate_python(line) for line in lines]


def log_lines(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [fact.to_json_dict() for fact in log(lines)]


TWO_HUGE_HITS = [*log_lines(FIGHT), damage("goblin", HUGE), damage("goblin", HUGE)]
BEFORE_UTC = [{**log_lines(FIGHT)[0], "at": "0001-01-01T00:00:00+14:00"}, *log_lines(FIGHT)[1:]]


def skips(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "skipped" in r.getMessage()]


@pytest.mark.parametrize(
    ("bad", "why"),
    [(TWO_HUGE_HITS, "FiguresTooLarge: goblin.damage_taken is 18446744073709551627, past the "
                     "1099511627776 a figure may be"),
     (BEFORE_UTC, "OverflowError: date value out of range")],
    ids=["two hits of 2^63-1 on one goblin", "a time before UTC's first day"],
)  # fmt: skip
def test_a_poisoned_encounter_is_skipped_and_logged_once_and_the_others_are_reported(
    poisoned_stores: Any, caplog: pytest.LogCaptureFixture, bad: list[Any], why: str
) -> None:
    store = poisoned_stores()
    poisoned = new_log(store, stored_before_the_bounds(bad))
    good = new_log(store, log(FIGHT))
    analytics = Analytics(store)
    with caplog.at_level(logging.ERROR, logger="api.analytics.ingest.model"):
        analytics.catch_up()
        first = report(analytics, Filters())
        analytics.rebuild()
        assert report(analytics, Filters()) == first
    assert [e["id"] for e in first["encounters"]] == [str(good)]
    assert skips(caplog) == [f"analytics: encounter {poisoned} skipped: its figures fail ({why})"]


def test_two_encounters_each_with_one_hit_of_2_63_do_not_overflow_the_sums(
    poisoned_stores: Any,
) -> None:
    """Each alone fits a 64-bit column; summed across encounters they would not."""
    store = poisoned_stores()
    one_hit = [*log_lines(FIGHT), damage("goblin", HUGE)]
    for _ in range(2):
        new_log(store, stored_before_the_bounds(one_hit))
    good = new_log(store, log(FIGHT))
    analytics = Analytics(store)
    analytics.catch_up()
    found = report(analytics, Filters())
    assert [e["id"] for e in found["encounters"]] == [str(good)]
    assert [(c["combatant"], c["damage_taken"]["total"]) for c in found["combatants"]] == [
        ("valeros", 0), ("goblin", 13),
    ]  # fmt: skip


def test_the_command_line_rebuilds_and_reports_a_poisoned_store(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'poisoned.sqlite'}"
    with EncounterStore(db) as store:
        new_log(store, stored_before_the_bounds(TWO_HUGE_HITS))
        good = new_log(store, log(FIGHT))
    runner = CliRunner()
    rebuilt = runner.invoke(cli, ["analytics", "rebuild", "--db", db])
    assert (rebuilt.exit_code, rebuilt.output.splitlines()[-1]) == (
        0, f"analytics rebuilt from {2 * len(FIGHT) + 2} events",
    )  # fmt: skip
    reported = runner.invoke(cli, ["stats", "--json", "--db", db])
    assert reported.exit_code == 0
    assert '"id": "' + str(good) + '"' in reported.output.replace('":"', '": "')


def test_stats_over_http_answer_on_a_poisoned_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMBATLOG_ANALYTICS_EVERY", "0")
    db = f"sqlite:///{tmp_path / 'api.sqlite'}"
    with EncounterStore(db) as store:
        new_log(store, stored_before_the_bounds(TWO_HUGE_HITS))
        good = new_log(store, log(FIGHT))
    with TestClient(create_app(db, folder=tmp_path)) as client:
        for _ in range(2):
            reply = client.get("/stats", headers=operator(client))
            assert reply.status_code == 200
            assert [e["id"] for e in reply.json()["encounters"]] == [str(good)]


def test_a_name_postgresql_cannot_hold_skips_only_its_encounter(
    postgres_url: str,  # noqa: F811  (the fixture)
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A NUL character in a combatant's name, stored before the bounds: PostgreSQL's text
    columns refuse the row, so that encounter alone is rolled back and skipped."""
    name = f"combatlog_nul_{uuid4().hex[:10]}"
    store = EncounterStore(postgres_url, name=name)
    try:
        joined = {"type": "CombatantJoined", "combatant": "ogre", "name": "Og\x00re",
                  "side": "foes", "stats": {"max_hp": 9}}  # fmt: skip
        poisoned = new_log(store, stored_before_the_bounds([*log_lines(FIGHT), joined]))
        good = new_log(store, log(FIGHT))
        analytics = Analytics(store)
        with caplog.at_level(logging.ERROR, logger="api.analytics.ingest.model"):
            analytics.catch_up()
        assert [e["id"] for e in report(analytics, Filters())["encounters"]] == [str(good)]
        assert skips(caplog) == [
            f"analytics: encounter {poisoned} skipped: its figures fail (DataError: PostgreSQL "
            "text fields cannot contain NUL (0x00) bytes)"
        ]
    finally:
        store.close()
        drop(postgres_url, name)


def drop(url: str, name: str) -> None:
    import psycopg

    from api.analytics.ingest import model

    tables = [f"{name}_{t}" for t in ("events", "snapshots", "tables", "analytics_tracking")]
    tables += [f"{name}_analytics_{t}" for t in model.TABLES]
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP TABLE IF EXISTS {', '.join(tables)}")
