"""The read model against other processes and bad data: a rebuild elsewhere while this process
holds running tallies, an encounter whose figures fail, a time without a timezone."""

from __future__ import annotations

import logging
import threading
from typing import Any
from uuid import UUID

import pytest

from api.analytics import Analytics, Filters, report
from api.analytics.ingest import model
from api.store import EncounterStore
from domain.events import Fact, NoteAdded
from domain.jsonl import parse_event
from projections.analytics import Tally
from tests import test_analytics_store
from tests.builders import damage, log
from tests.store_helpers import appended, new_log
from tests.test_analytics_figures import FIGHT
from tests.test_analytics_poisoned import log_lines, stored_before_the_bounds
from tests.test_analytics_store import rows
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)

analytics_stores = test_analytics_store.open_store  # stores on one SQLite file, or PostgreSQL


class Interrupted(Exception):
    """Stands for a rebuilding process stopped (or merely slow) after its first page."""


def two_fights(open_one: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, UUID, Analytics]:
    """A whole fight (notifications 1-15) and the first 10 lines of another (16-25), tallied by
    a warm "keeper"; then the second fight's last 5 lines are recorded (26-30). Pages of 15."""
    monkeypatch.setattr(model, "PAGE", 15)
    store = open_one()
    facts = log(FIGHT)
    new_log(store, facts)
    growing = new_log(store, facts[:10])
    keeper = Analytics(store)
    keeper.catch_up()
    appended(store, growing, facts[10:])
    return store, growing, keeper


def growing_rows(analytics: Analytics, encounter: UUID) -> list[int]:
    return [
        int(analytics.query(f"SELECT COUNT(*) FROM {{t}}{table} WHERE encounter_id = ?",
                            (str(encounter),))[0][0])
        for table in ("hp", "turns")
    ]  # fmt: skip


def test_a_rebuild_elsewhere_between_two_catch_ups_drops_the_warm_tallies(
    analytics_stores: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rebuild deletes every row and takes its first page (the first fight); the keeper
    then takes the rest: it must tally the second fight whole, not add its last lines to rows
    that are gone."""
    _, growing, keeper = two_fights(analytics_stores, monkeypatch)
    rebuilder = Analytics(analytics_stores())

    def keeper_meanwhile(done: int, total: int) -> None:
        if done == 15:
            keeper.catch_up()

    rebuilder.rebuild(keeper_meanwhile)
    assert growing_rows(keeper, growing) == [4, 3]  # two joins and two hits; three turns
    assert keeper.position == rebuilder.position == 30
    whole = report(keeper, Filters(encounter=str(growing)))
    rebuilder.rebuild()
    assert report(keeper, Filters(encounter=str(growing))) == whole


def test_a_rebuild_elsewhere_during_a_page_rolls_the_page_back_and_retakes_it(
    analytics_stores: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rebuild runs while the keeper folds its page, before the keeper's transaction: the
    position is then not the one the page started from, so the page is taken again from
    there, with no tallies."""
    _, growing, keeper = two_fights(analytics_stores, monkeypatch)
    rebuilder = Analytics(analytics_stores())
    tallied, interrupted = keeper.tallies.computed, []

    def stop(done: int, total: int) -> None:
        raise Interrupted

    def rebuild_meanwhile(ahead: Any, pool: Any) -> Any:
        found = tallied(ahead, pool)
        if not interrupted:
            interrupted.extend(ahead.page.touched)
            with pytest.raises(Interrupted):
                rebuilder.rebuild(stop)  # deletes everything, takes notifications 1-15
        return found

    monkeypatch.setattr(keeper.tallies, "computed", rebuild_meanwhile)
    assert rebuilder.position == 25
    keeper.catch_up()
    assert interrupted == [growing]
    assert keeper.position == 30
    assert growing_rows(keeper, growing) == [4, 3]
    assert rows(keeper, "fighters") == 4 and rows(keeper, "encounters") == 2


def test_an_encounter_whose_figures_fail_is_skipped_and_logged_not_blocking_the_rest(
    analytics_stores: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Its rows are removed (no figures its log no longer gives), every notification is taken,
    the other encounter's figures are there; it comes back once it can be computed."""

    add = Tally.add

    def failing(tally: Tally, position: int, fact: Fact) -> None:
        if isinstance(fact, NoteAdded) and fact.text == "boom":
            raise ValueError("cannot fold this")
        add(tally, position, fact)

    store = analytics_stores()
    good, bad = new_log(store, log(FIGHT)), new_log(store, log(FIGHT))
    analytics = Analytics(store)
    analytics.catch_up()
    monkeypatch.setattr(Tally, "add", failing)
    appended(store, bad, [NoteAdded(text="boom")])
    appended(store, good, [NoteAdded(text="fine")])
    with caplog.at_level(logging.ERROR, logger="api.analytics.ingest.model"):
        assert analytics.catch_up() == 2
    assert [e["id"] for e in report(analytics, Filters())["encounters"]] == [str(good)]
    assert str(bad) in caplog.text and "ValueError: cannot fold this" in caplog.text
    assert analytics.position == store.application.recorder.max_notification_id()
    monkeypatch.setattr(Tally, "add", add)
    appended(store, bad, [NoteAdded(text="fixed")])
    analytics.catch_up()
    assert {e["id"] for e in report(analytics, Filters())["encounters"]} == {str(good), str(bad)}


def test_one_time_without_a_timezone_does_not_stop_the_catch_up(analytics_stores: Any) -> None:
    """Refused at the door now; a store written before may hold it."""
    store = analytics_stores()
    naive = [*FIGHT[:8], {**FIGHT[8], "at": "2026-11-24T19:00:30"}, *FIGHT[9:]]
    encounter = new_log(store, stored_before_the_bounds(naive))
    analytics = Analytics(store)
    assert analytics.catch_up() == len(FIGHT)
    found = report(analytics, Filters(encounter=str(encounter)))
    assert found["encounters"][0]["started_at"] == "2026-11-24T19:00:00+00:00"
    assert found["encounters"][0]["seconds"] == 120.0
    assert found["turns"]["turns"] == 3


def test_a_time_that_cannot_be_put_in_utc_skips_its_encounter_and_no_other(
    analytics_stores: Any,
) -> None:
    """0001-01-01 at +01:00 is before the first moment UTC can hold (refused at the door now;
    a store written before may hold it): that encounter has no figures, the others do, and the
    catch-up takes every notification."""
    store = analytics_stores()
    first = {**FIGHT[0], "at": "0001-01-01T00:00:00+01:00"}
    odd = new_log(store, stored_before_the_bounds([first, *log_lines(FIGHT)[1:]]))
    good = new_log(store, log(FIGHT))
    analytics = Analytics(store)
    assert analytics.catch_up() == 2 * len(FIGHT)
    assert [e["id"] for e in report(analytics, Filters())["encounters"]] == [str(good)]
    assert str(odd) != str(good)


def test_another_process_commit_during_a_page_waits_for_it_and_fails_nothing(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite: a transaction that reads before it writes fails that write ("database is
    locked") if another process committed meanwhile (a report's catch-up beside the keeper's).
    Each page takes its turn from its start, whatever it writes: a load's page (the indexes
    it drops and builds go in transactions of their own), one that writes only its position
    (its encounters' rows already hold its lines: the third here)."""
    store, other = EncounterStore(sqlite_url), EncounterStore(sqlite_url)
    fights = [new_log(store, log(FIGHT)) for _ in range(2)]
    monkeypatch.setattr(model, "PAGE", 10)
    analytics = Analytics(store)
    tracked, writers = analytics._tracked, []

    def another_commit_meanwhile(run: Any) -> int:
        line = [parse_event(damage("goblin", 1), len(FIGHT) + len(writers) + 1)]
        writers.append(threading.Thread(target=appended, args=(other, fights[0], line)))
        writers[-1].start()
        writers[-1].join(timeout=0.3)
        assert writers[-1].is_alive()  # it waits for this page's commit
        return tracked(run)

    monkeypatch.setattr(analytics, "_tracked", another_commit_meanwhile)
    assert analytics.catch_up() == 2 * len(FIGHT)
    for writer in writers:
        writer.join()
    monkeypatch.setattr(analytics, "_tracked", tracked)
    assert analytics.catch_up() == len(writers) == 3
    assert len(other.facts(fights[0])) == len(FIGHT) + 3
    store.close()
    other.close()
