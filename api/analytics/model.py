"""The analytics read model: SQL tables beside the event store, kept from its notification log.

Why SQL tables in the same database (not DuckDB): the view rows and the library's tracking
position are written in one transaction of the store's own database (SQLite file or
PostgreSQL), so each notification is taken exactly once and a restart continues where the
last committed batch ended; the reports are small GROUP BY queries over compact rows, well
inside a second at a million events, and nothing else has to be installed or kept in step.

Catch-up reads the notification log in pages. For every encounter a page touches, the figures
are recomputed from that encounter's whole log (projections.analytics) and its rows replaced:
a revocation or amendment therefore recomputes rather than patches, and seeing an encounter
again (a later page, a restart) changes nothing that is already right.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder

from api.store import EncounterStore, collector_paused, sql
from api.store.config import tables_locked
from api.store.recorders import SQLiteFactRecorder
from projections.analytics import Figures, Tally
from projections.effective import CORRECTIONS, effective_log

TRACKED_AS = "combatlog-analytics"  # the tracking row's application name
PAGE = 5000  # notifications per transaction
TALLIES_KEPT = 5000  # encounters whose running tallies this process keeps (least recent go)
GROWING = ("turns", "hp")  # rows that only grow while a log only grows
Progress = Callable[[int, int], None]  # (notifications done, notifications in the log)

TABLES: dict[str, str] = {
    "encounters": "encounter_id TEXT PRIMARY KEY, name TEXT, ruleset TEXT, started_at TEXT, "
    "ended INTEGER, rounds INTEGER, events INTEGER, seconds REAL",
    "fighters": "encounter_id TEXT, combatant TEXT, name TEXT, side TEXT, kind TEXT, "
    "damage_dealt INTEGER, damage_dealt_nonlethal INTEGER, damage_taken INTEGER, "
    "damage_taken_nonlethal INTEGER, healing_received INTEGER, attacks INTEGER, hits INTEGER, "
    "criticals INTEGER, natural_1s INTEGER, natural_20s INTEGER, attacks_received INTEGER, "
    "hits_received INTEGER, knockouts INTEGER, kills INTEGER, knocked_out INTEGER, "
    "killed INTEGER, PRIMARY KEY (encounter_id, combatant)",
    "damage": "encounter_id TEXT, round INTEGER, dealer TEXT, target TEXT, damage_type TEXT, "
    "nonlethal INTEGER, amount INTEGER",
    "turns": "encounter_id TEXT, round INTEGER, combatant TEXT, seconds REAL, position INTEGER",
    "rounds": "encounter_id TEXT, round INTEGER, seconds REAL",
    "conditions": "encounter_id TEXT, combatant TEXT, condition TEXT, rounds INTEGER",
    "hp": "encounter_id TEXT, combatant TEXT, position INTEGER, round INTEGER, value INTEGER",
}
FIGHTER_COLUMNS = (
    "damage_dealt", "damage_dealt_nonlethal", "damage_taken", "damage_taken_nonlethal",
    "healing_received", "attacks", "hits", "criticals", "natural_1s", "natural_20s",
    "attacks_received", "hits_received", "knockouts", "kills", "knocked_out", "killed",
)  # fmt: skip


class Keeper(threading.Thread):
    """Keeps the read model caught up in the background (reports also catch up first).

    On PostgreSQL the store pushes: the library's subscription (LISTEN/NOTIFY) wakes the keeper
    when lines are recorded, and it catches up then, at most once per `every` seconds. SQLite
    cannot push, so there the keeper polls every `every` seconds."""

    def __init__(self, analytics: Analytics, every: float = 0.5) -> None:
        super().__init__(name="combatlog-analytics", daemon=True)
        self.analytics, self.every = analytics, every
        self.stopped = threading.Event()
        self.subscription: Any = None

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                if self.analytics.postgres:
                    self._follow_pushes()
                else:
                    self.analytics.catch_up()
            except Exception:  # a dropped connection must not end the keeper; retry next tick
                pass
            self.stopped.wait(self.every)

    def _follow_pushes(self) -> None:
        recorder: Any = self.analytics.store.application.recorder
        with recorder.subscribe(gt=self.analytics.position or None) as subscription:
            self.subscription = subscription
            if self.stopped.is_set():
                return
            for notification in subscription:
                if self.stopped.is_set():
                    return
                if notification.id > self.analytics.position:  # else: a catch-up took it
                    self.analytics.catch_up()
                    self.stopped.wait(self.every)  # let lines gather into the next page

    def stop(self) -> None:
        self.stopped.set()
        if self.subscription is not None:
            self.subscription.stop()


class Analytics:
    """The read model of one store: catch up, rebuild, and run SQL for the reports."""

    def __init__(self, store: EncounterStore) -> None:
        self.store = store
        recorder: Any = store.application.recorder
        # The in-memory store (tests, experiments) has no database: the figures go to an
        # in-memory SQLite of their own.
        datastore: Any = getattr(recorder, "datastore", None)
        if datastore is None:
            datastore = SQLiteDatastore(f"file:analytics-{uuid4().hex}?mode=memory&cache=shared")
        self.datastore = datastore
        self.postgres = not store.embedded
        if self.postgres:
            prefix = recorder.events_table_name.removesuffix("_events")
            self.tracking: Any = PostgresTrackingRecorder(
                self.datastore, tracking_table_name=f"{prefix}_analytics_tracking"
            )
            self.prefix = f"{self.datastore.schema}.{prefix}_analytics_"
        else:
            self.tracking = SQLiteTrackingRecorder(self.datastore)
            self.prefix = "analytics_"
        self.lock = threading.Lock()  # one catch-up at a time in this process
        self._tallies: OrderedDict[UUID, tuple[int, Tally]] = OrderedDict()
        with tables_locked(store.url):  # workers starting together must not race on CREATE
            self.tracking.create_table()
            self._create_tables()

    def _create_tables(self) -> None:
        with self.transaction() as run:
            for name, columns in TABLES.items():
                run(f"CREATE TABLE IF NOT EXISTS {self.table(name)} ({columns})")
            for name in TABLES:
                if name != "encounters":
                    index = f"{self.prefix.replace('.', '_')}{name}_by_encounter"
                    run(f"CREATE INDEX IF NOT EXISTS {index.split('.')[-1]} "
                        f"ON {self.table(name)} (encounter_id)")  # fmt: skip

    def table(self, name: str) -> str:
        return f"{self.prefix}{name}"

    @property
    def position(self) -> int:
        """The last notification taken (0: none)."""
        return self.tracking.max_tracking_id(TRACKED_AS) or 0

    def catch_up(self, progress: Progress | None = None, pages: int | None = None) -> int:
        """Take every notification after the tracking position, a page per transaction;
        returns how many were taken. `pages` stops early (for tests of a restart)."""
        taken = 0
        recorder = self.store.application.recorder
        with self.lock:
            last = self.position
            total = recorder.max_notification_id() or 0
            while pages is None or pages > 0:
                page = self._page(last)
                if not page:
                    break
                touched = {UUID(str(originator)) for originator in {o for _, o in page}}
                with collector_paused():  # what the tallies build lives on: nothing to collect
                    computed = {e: self._tallied(e) for e in touched}
                try:
                    with self.transaction() as run:
                        for encounter_id, (found, since) in computed.items():
                            self._replace(run, encounter_id, found, since)
                        self._track(page[-1][0])
                except IntegrityError:  # another worker took this page first: nothing written
                    for encounter_id in touched:
                        self._tallies.pop(encounter_id, None)
                    last = self.position
                    continue
                for encounter_id in touched:
                    if (kept := self._tallies.get(encounter_id)) is not None:
                        kept[1].written()
                last, taken = page[-1][0], taken + len(page)
                if progress is not None:
                    progress(last, max(total, last))
                pages = None if pages is None else pages - 1
                if len(page) < PAGE:
                    break
        return taken

    def rebuild(self, progress: Progress | None = None) -> int:
        """Forget everything and take the whole notification log again."""
        with self.lock, self.transaction() as run:
            self._tallies.clear()
            for name in TABLES:
                run(f"DELETE FROM {self.table(name)}")
            tracking = self.tracking.tracking_table_name if self.postgres else "tracking"
            qualified = f"{self.datastore.schema}.{tracking}" if self.postgres else tracking
            run(f"DELETE FROM {qualified} WHERE application_name = ?", (TRACKED_AS,))
        return self.catch_up(progress)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query ("?" placeholders, `{t}` for this model's table prefix)."""
        with self.transaction(commit=False) as run:
            return run(sql.replace("{t}", self.prefix), params)

    @contextmanager
    def transaction(self, commit: bool = True) -> Iterator[Callable[..., list[Any]]]:
        """A function running SQL in one transaction of the store's database."""
        with sql.transaction(self.datastore, self.postgres, commit) as (run, cursor):
            self._cursor: Any = cursor
            yield run

    def _page(self, after: int) -> list[tuple[int, Any]]:
        """(notification id, encounter id) of the next page of the notification log."""
        recorder = self.store.application.recorder
        if isinstance(recorder, SQLiteFactRecorder):
            return recorder.select_originators(after, PAGE)
        page = recorder.select_notifications(after or None, PAGE, inclusive_of_start=False)
        return [(n.id, n.originator_id) for n in page]

    def _track(self, notification_id: int) -> None:
        self.tracking._insert_tracking(self._cursor, Tracking(TRACKED_AS, notification_id))

    def _tallied(self, encounter_id: UUID) -> tuple[Figures, int]:
        """The encounter's figures now, and the line up to which its growing rows (turns, HP
        points) are already stored: a log that only grew since its last tally extends it (its
        new lines only); one with a correction among its new lines, or not tallied in this
        process yet, is tallied whole (0)."""
        cached = self._tallies.pop(encounter_id, None)
        if cached is not None:
            version, tally = cached
            new = self.store.facts(encounter_id, after=version)
            if not any(type(fact) in CORRECTIONS for fact in new):
                for position, fact in enumerate(new, version + 1):
                    tally.saw(fact)
                    tally.add(position, fact)
                self._keep(encounter_id, version + len(new), tally)
                return tally.figures(), version
        facts = self.store.facts(encounter_id)
        tally = Tally(facts[0])
        for fact in facts[1:]:
            tally.saw(fact)
        for position, fact in effective_log(facts)[1:]:
            tally.add(position, fact)
        self._keep(encounter_id, len(facts), tally)
        return tally.figures(), 0

    def _keep(self, encounter_id: UUID, version: int, tally: Tally) -> None:
        self._tallies[encounter_id] = (version, tally)
        while len(self._tallies) > TALLIES_KEPT:
            self._tallies.popitem(last=False)

    def _replace(
        self, run: Callable[..., list[Any]], encounter_id: UUID, found: Figures, since: int
    ) -> None:
        """Replace the encounter's rows; the turns and HP points only after line `since`."""
        key = str(encounter_id)
        for name in TABLES:
            after = " AND position > ?" if name in GROWING else ""
            params = (key, since) if name in GROWING else (key,)
            run(f"DELETE FROM {self.table(name)} WHERE encounter_id = ?{after}", params)
        started = found.started_at.isoformat() if found.started_at else None
        run(
            f"INSERT INTO {self.table('encounters')} VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (key, found.name, found.ruleset, started, int(found.ended), found.rounds,
             found.events, found.seconds),
        )  # fmt: skip
        rows = [
            (key, cid, f.name, f.side, f.kind, *(int(getattr(f, c)) for c in FIGHTER_COLUMNS))
            for cid, f in found.fighters.items()
        ]
        marks = ", ".join("?" * (5 + len(FIGHTER_COLUMNS)))
        self._many(run, "fighters", marks, rows)
        damage = [(key, r, d, t, k, int(n), a) for (r, d, t, k, n), a in found.damage.items()]
        self._many(run, "damage", "?, ?, ?, ?, ?, ?, ?", damage)
        self._many(run, "turns", "?, ?, ?, ?, ?", [(key, *turn) for turn in found.turns])
        rounds = [(key, r, s) for r, s in found.round_seconds.items()]
        self._many(run, "rounds", "?, ?, ?", rounds)
        kept = [(key, c, n, r) for (c, n), r in found.condition_rounds.items()]
        self._many(run, "conditions", "?, ?, ?, ?", kept)
        self._many(run, "hp", "?, ?, ?, ?, ?", [(key, *point) for point in found.hp])

    def _many(
        self, run: Callable[..., list[Any]], name: str, marks: str, rows: list[tuple[Any, ...]]
    ) -> None:
        if rows:
            run(f"INSERT INTO {self.table(name)} VALUES ({marks})", rows, many=True)
