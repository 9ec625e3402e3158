"""The analytics read model in the store's database: catch-up, corrections, restarts, rebuild."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import pytest

from api.analytics import Analytics, Filters, Keeper, report
from api.analytics.ingest import model, writing
from api.analytics.ingest import rows as rows_of
from api.store import EncounterStore
from domain.events import EventAmended, EventRestored, EventRevoked
from domain.jsonl import parse_event
from tests.builders import damage, log
from tests.store_helpers import appended, new_log
from tests.test_analytics_figures import FIGHT
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)


def dealt(analytics: Analytics, encounter: UUID | None = None, who: str = "valeros") -> Any:
    filters = Filters(encounter=str(encounter) if encounter else None, combatant=who)
    rows = report(analytics, filters)["combatants"]
    return [(r["encounters"], r["damage_dealt"]["total"], r["knockouts"]) for r in rows]


def rows(analytics: Analytics, table: str) -> int:
    return int(analytics.query(f"SELECT COUNT(*) FROM {{t}}{table}")[0][0])


@pytest.fixture(params=["sqlite", "postgres"])
def open_store(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[Any]:
    """Stores on one database, as two processes (or a restart) would open it."""
    if request.param == "sqlite":
        url, name = sqlite_url, None
    else:
        url, name = request.getfixturevalue("postgres_url"), f"combatlog_an_{uuid4().hex[:10]}"
    opened: list[EncounterStore] = []

    def open_one() -> EncounterStore:
        opened.append(EncounterStore(url, name=name))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()
    if name is not None:
        import psycopg

        with psycopg.connect(url, autocommit=True) as connection:
            tables = [
                f"{name}_{t}" for t in ("events", "snapshots", "tables", "analytics_tracking")
            ]
            tables += [f"{name}_analytics_{t}" for t in model.TABLES]
            connection.execute(f"DROP TABLE IF EXISTS {', '.join(tables)}")


def test_catch_up_takes_every_stored_fight_once(open_store: Any) -> None:
    store = open_store()
    first, second = new_log(store, log(FIGHT)), new_log(store, log(FIGHT))
    analytics = Analytics(store)
    assert analytics.catch_up() == 2 * len(FIGHT)
    assert analytics.catch_up() == 0  # nothing new: nothing taken again
    assert dealt(analytics, first) == [(1, 13, 1)]
    assert dealt(analytics) == [(2, 26, 2)]
    assert rows(analytics, "fighters") == 4
    assert analytics.position == store.application.recorder.max_notification_id()
    report_of_one = report(analytics, Filters(encounter=str(second)))
    assert report_of_one["hp_over_time"]["goblin"][-1] == {"position": 14, "round": 2, "hp": -7}


def test_a_revocation_or_amendment_recomputes_that_encounters_figures(open_store: Any) -> None:
    store = open_store()
    encounter = new_log(store, log(FIGHT))
    analytics = Analytics(store)
    analytics.catch_up()
    appended(store, encounter, [EventRevoked(target=8)])
    analytics.catch_up()
    assert dealt(analytics, encounter) == [(1, 9, 1)]
    replacement = parse_event(damage("goblin", 2, attack=13), 14)
    amendment = EventAmended(target=14, replacement=replacement)  # type: ignore[arg-type]
    appended(store, encounter, [EventRestored(target=8), amendment])
    analytics.catch_up()
    assert dealt(analytics, encounter) == [(1, 6, 0)]
    assert rows(analytics, "encounters") == 1


def test_a_restart_mid_catch_up_loses_and_doubles_nothing(
    open_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(model, "PAGE", 10)  # 3 fights of 15 lines: 5 pages
    store = open_store()
    fights = [new_log(store, log(FIGHT)) for _ in range(3)]
    assert Analytics(store).catch_up(pages=2) == 20  # then the process dies
    restarted = Analytics(open_store())
    assert restarted.position == 20
    assert restarted.catch_up() == 25
    assert dealt(restarted) == [(3, 39, 3)]
    assert rows(restarted, "fighters") == 6 and rows(restarted, "damage") == 6
    assert [dealt(restarted, f) for f in fights] == [[(1, 13, 1)]] * 3


def test_a_fight_split_across_pages_is_written_once_and_takes_a_line_added_meanwhile(
    open_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first page tallies the whole log as it stands, so the next page, bringing only
    lines already tallied, leaves its rows as written; a line appended between the pages is
    still taken, in the page that brings it."""
    monkeypatch.setattr(model, "PAGE", 10)  # 2 fights of 15 lines, then 1: 4 pages
    store = open_store()
    first, second = new_log(store, log(FIGHT)), new_log(store, log(FIGHT))
    written: list[list[UUID]] = []
    write_page = writing.write_page

    def noted(run: Any, prefix: str, computed: Any, *rest: Any) -> None:
        written.append(list(computed))
        write_page(run, prefix, computed, *rest)

    def grow(done: int, total: int) -> None:
        if done == 10:
            appended(store, first, [parse_event(damage("goblin", 2), len(FIGHT) + 1)])

    monkeypatch.setattr(writing, "write_page", noted)
    analytics = Analytics(store)
    assert analytics.catch_up(grow) == 2 * len(FIGHT) + 1
    assert written == [[first], [second], [], [first]]
    whole = Analytics(open_store())
    assert whole.rebuild() == analytics.position
    assert report(analytics, Filters()) == report(whole, Filters())
    assert [rows(analytics, t) for t in model.TABLES] == [rows(whole, t) for t in model.TABLES]


INDEXES = {  # the catalogue of each database's indexes, by name
    False: "SELECT name FROM sqlite_master WHERE type = 'index'",
    True: "SELECT indexname FROM pg_indexes",
}


def by_encounter(analytics: Analytics) -> int:
    """How many of the model's indexes by encounter there are (PostgreSQL cuts long names
    short, so they are told by their start: this model's, not `by_campaign`)."""
    named = analytics.prefix.replace(".", "_")
    found = [n for (n,) in analytics.query(INDEXES[analytics.postgres]) if n.startswith(named)]
    return len([n for n in found if not n.endswith("by_campaign")])


def test_a_load_from_zero_builds_the_indexes_after_its_rows_and_a_restart_has_them(
    open_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(model, "PAGE", 10)
    store = open_store()
    for _ in range(3):
        new_log(store, log(FIGHT))
    analytics = Analytics(store)
    assert by_encounter(analytics) == len(model.TABLES) - 1
    during: list[int] = []
    assert analytics.catch_up(lambda done, total: during.append(by_encounter(analytics))) == 45
    assert during == [0] * 5 and by_encounter(analytics) == len(model.TABLES) - 1
    with analytics.transaction() as run:  # a process that died half way through a load
        rows_of.unindexed(run, analytics.prefix)
    assert by_encounter(Analytics(open_store())) == len(model.TABLES) - 1


def test_rebuild_starts_from_zero_and_ends_with_the_same_figures(open_store: Any) -> None:
    store = open_store()
    new_log(store, log(FIGHT))
    analytics = Analytics(store)
    analytics.catch_up()
    before = report(analytics, Filters())
    progress: list[tuple[int, int]] = []
    assert analytics.rebuild(lambda done, total: progress.append((done, total))) == len(FIGHT)
    assert report(analytics, Filters()) == before
    assert progress[-1] == (len(FIGHT), len(FIGHT))


def test_a_growing_log_is_tallied_line_by_line_to_the_same_figures(open_store: Any) -> None:
    """Live play: the log grows between catch-ups; the running tally stores only new turns and
    HP points, and ends where a tally of the whole log does."""
    store = open_store()
    facts = log(FIGHT)
    encounter = new_log(store, facts[:7])
    live = Analytics(store)
    for start, end in ((7, 10), (10, 13), (13, len(facts))):
        live.catch_up()
        appended(store, encounter, facts[start:end])
    live.catch_up()
    grown = report(live, Filters(encounter=str(encounter)))
    counts = [rows(live, table) for table in ("hp", "turns", "damage", "fighters")]
    assert live.rebuild() == len(FIGHT)
    assert report(live, Filters(encounter=str(encounter))) == grown
    assert [rows(live, table) for table in ("hp", "turns", "damage", "fighters")] == counts
    assert counts == [4, 3, 2, 2]  # HP: two joins and two hits; three timed turns


def test_a_report_shows_what_another_process_caught_up(open_store: Any) -> None:
    """Reports read this process's copy of the rows: after another process takes a correction
    and a new fight, the next report here shows both, without a catch-up of its own."""
    store = open_store()
    first = new_log(store, log(FIGHT))
    reporter = Analytics(store)
    reporter.catch_up()
    assert dealt(reporter) == [(1, 13, 1)]
    appended(store, first, [EventRevoked(target=8)])
    second = new_log(store, log(FIGHT))
    Analytics(open_store()).catch_up()
    assert dealt(reporter) == [(2, 22, 2)]
    assert (dealt(reporter, first), dealt(reporter, second)) == ([(1, 9, 1)], [(1, 13, 1)])


def test_the_keeper_follows_the_store_in_the_background(open_store: Any) -> None:
    """SQLite: polling; PostgreSQL: woken by the store's pushes (LISTEN/NOTIFY)."""
    store = open_store()
    analytics = Analytics(store)
    keeper = Keeper(analytics, every=0.05)
    keeper.start()
    try:
        encounter = new_log(store, log(FIGHT))
        deadline = time.monotonic() + 5
        while analytics.position < len(FIGHT) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert analytics.position == len(FIGHT)
        appended(store, encounter, [EventRevoked(target=8)])
        while analytics.position < len(FIGHT) + 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert dealt(analytics, encounter) == [(1, 9, 1)]
    finally:
        keeper.stop()
        keeper.join(timeout=5)
    assert not keeper.is_alive()
