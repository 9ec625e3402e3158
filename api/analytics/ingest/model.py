"""The analytics read model: SQL tables beside the event store, kept from its notification log.

The rows and the library's tracking position are written in one transaction of the store's own
database (SQLite or PostgreSQL): each notification is taken exactly once, and a restart goes on
from the last committed page. The reports read a DuckDB copy of
the rows (api/analytics/queries/mirror.py).
For every encounter a page touches, the figures are recomputed (projections.analytics) and its
rows replaced, unless this process's tally of it already holds every line the page brings: a
correction recomputes rather than patches.

Several processes may keep one model (the service's keeper, a report's catch-up, `combatlog
analytics rebuild`). A process's running tallies assume the rows it wrote last are still
there, so each page checks, in its write transaction, that the tracking position is still the
one it started from; if not, it is rolled back and taken again with every tally dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder

from api.analytics.ingest import fanout, pages, rows, writing
from api.analytics.ingest.rows import TABLES
from api.analytics.ingest.tallies import Ahead, Tallies
from api.store import EncounterStore, collector_paused, sql
from api.store.config import tables_locked
from api.store.library_internals import insert_tracking
from api.store.recorders import SQLiteFactRecorder

__all__ = ["PAGE", "TABLES", "TRACKED_AS", "Analytics"]

TRACKED_AS = "combatlog-analytics"  # the tracking row's application name
PAGE = 5000  # notifications per transaction
Progress = Callable[[int, int], None]  # (notifications done, notifications in the log)
Tallied = writing.Tallied


class Moved(Exception):
    """The tracking position (its one argument) is not the one the page started from."""


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
            self.tracking_table = f"{self.datastore.schema}.{self.tracking.tracking_table_name}"
        else:
            self.tracking = SQLiteTrackingRecorder(self.datastore)
            self.prefix, self.tracking_table = "analytics_", "tracking"
        self.lock = threading.Lock()  # one catch-up at a time in this process
        self.tallies = Tallies(store)
        self._left = 0  # the tracking position this process's tallies go with
        # Encounters this catch-up wrote rows of, when it began on an empty model (position 0,
        # tables emptied with it): the others have no rows to delete. None: not known.
        self._written: set[UUID] | None = None
        self._unindexed = False  # this catch-up dropped the indexes by encounter (`_store`)
        with tables_locked(store.url):  # workers starting together must not race on CREATE
            self.tracking.create_table()
            with self.transaction() as run:
                if rows.create(run, self.prefix):  # an earlier release's rows: take them again
                    run(f"DELETE FROM {self.tracking_table} WHERE application_name = ?",
                        (TRACKED_AS,))  # fmt: skip

    @property
    def position(self) -> int:
        """The last notification taken (0: none)."""
        return self.tracking.max_tracking_id(TRACKED_AS) or 0

    def catch_up(self, progress: Progress | None = None, pages: int | None = None) -> int:
        """Take every notification after the tracking position, a page per transaction;
        returns how many were taken. `pages` stops early (for tests of a restart). An encounter
        whose figures fail is skipped (`Tallies.skip`), its rows removed, until its log next
        changes.
        The next page is read, and its whole tallies started in the workers, before this one
        is tallied and written (dropped if this one must be taken again)."""
        taken = 0
        recorder = self.store.application.recorder
        with self.lock, fanout.Pool(self.store) as pool, self._indexed_after():
            self._written = None
            last = self._resume(self.position)
            total = recorder.max_notification_id() or 0
            ahead = self._ahead(last, pool) if pages is None or pages > 0 else None
            while ahead is not None:
                page = ahead.page
                more = page.lines >= PAGE and (pages is None or pages > 1)
                following = self._ahead(page.last, pool, ahead.whole) if more else None
                # What the tallies build lives on, and the next page's tallies arrive from the
                # workers (unpickled on the pool's thread) while this one is written: nothing to
                # collect, and a scan of every kept tally each time the collector ran.
                with collector_paused():
                    computed = self.tallies.computed(ahead, pool)
                    lost = self._stored(page, computed, last)
                if lost is not None:  # rolled back: nothing written
                    if following is not None:
                        following.pending.cancel()
                    last = self._retake(lost)
                    ahead = self._ahead(last, pool)
                    continue
                last = self._left = page.last
                taken += page.lines
                if progress is not None:
                    progress(last, max(total, last))
                pages = None if pages is None else pages - 1
                ahead = following
            self._written = None
        return taken

    def _ahead(self, after: int, pool: fanout.Pool, coming: Sequence[UUID] = ()) -> Ahead | None:
        """The page after `after`, with the whole tallies of the encounters it touches that
        have no tally here to extend, nor one `coming` (the page before's), started (None: no
        page). Started before the page before is tallied, the workers never wait for it."""
        page = pages.read(self.store.application.recorder, after, PAGE)
        if page is None:
            return None
        return self.tallies.ahead(page, pool, coming)

    def _stored(
        self, page: pages.Page, computed: dict[UUID, Tallied], last: int
    ) -> Moved | IntegrityError | None:
        """`_store`, or why the page must be taken again (None: it is written)."""
        try:
            self._store(page, computed, last)
        except (Moved, IntegrityError) as lost:
            return lost
        return None

    def _store(self, page: pages.Page, computed: dict[UUID, Tallied], last: int) -> None:
        """The page's rows and tracking position, in one transaction that expects the position
        still at `last` (Moved if not); the tallies it leaves out then hold no copy of the rows
        that only grow. Any other failure drops the tallies (they are ahead of the rows)."""
        loading = self._written == set() and page.lines >= PAGE  # into empty tables
        if loading or (self._unindexed and self._replacing(computed)):
            self._indexes(wanted=not loading)
        try:
            with self.transaction() as run:
                self._hold(run)
                refused = self.tallies.refused
                writing.write_page(run, self.prefix, computed, self._written, refused)
                if (now := self._tracked(run)) != last:
                    raise Moved(now)
                insert_tracking(self._cursor, self.tracking, Tracking(TRACKED_AS, page.last))
        except (Moved, IntegrityError):
            raise
        except BaseException:
            self.tallies.clear()
            raise
        if self._written is not None:
            self._written.update(computed)
        self.tallies.written(page)

    @contextmanager
    def _indexed_after(self) -> Iterator[None]:
        """A load into empty tables drops their indexes by encounter (`_store`): built again
        before a page must replace rows (found by encounter) or once the load ends, however it
        ends (a process that dies first leaves them to the next `Analytics` made on the
        store; another process's catch-up meanwhile finds its rows by scanning)."""
        self._unindexed = False
        try:
            yield
        finally:
            if self._unindexed:
                self._indexes(wanted=True)

    def _indexes(self, wanted: bool) -> None:
        """Build (or drop) the indexes by encounter, in a transaction of their own: their
        statements read the schema first, and on SQLite a page's transaction must write
        before it reads (else another process's commit in between fails its first write)."""
        with self.transaction() as run:
            self._hold(run)
            (rows.indexed if wanted else rows.unindexed)(run, self.prefix)
        self._unindexed = not wanted

    def _replacing(self, computed: dict[UUID, Tallied]) -> bool:
        """Whether the page deletes rows stored before it (not only rows of a load's own)."""
        return self._written is None or not self._written.isdisjoint(computed)

    def _retake(self, lost: Exception) -> int:
        """Where to take the page again from, once its transaction is rolled back."""
        if isinstance(lost, Moved):  # another process took pages (or rebuilt) meanwhile
            return self._resume(lost.args[0])
        self.tallies.clear()  # IntegrityError: another worker took this page first
        return self._resume(self.position)

    def rebuild(self, progress: Progress | None = None) -> int:
        """Forget everything and take the whole notification log again."""
        with self.lock, self.transaction() as run:
            self._hold(run)
            self.tallies.clear()
            self._left = 0
            for name in TABLES:
                run(f"DELETE FROM {self.prefix}{name}")
            run(f"DELETE FROM {self.tracking_table} WHERE application_name = ?", (TRACKED_AS,))
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

    def _resume(self, position: int) -> int:
        """Go on from `position`: the tallies are dropped unless it is where this process left
        the model (another process, or a rebuild, may have rewritten the rows they rely on)."""
        if position != self._left:
            self.tallies.clear()
            self._left = position
            self._written = None
        if position == 0:  # an empty model: no encounter has rows yet
            self._written = set()
        return position

    def _hold(self, run: Callable[..., list[Any]]) -> None:
        """Writers of the model take turns (a page, a rebuild's deletion), from the start of
        their transaction, so the position read in a page's transaction stays true until it
        commits. SQLite lets one writer at a time from a transaction's first write, and a
        transaction that read before it fails that write if another committed meanwhile (a
        page may write nothing but the position: its encounters' rows already hold its lines),
        so a write that changes nothing comes first, as BEGIN IMMEDIATE would."""
        if self.postgres:
            run(f"LOCK TABLE {self.tracking_table} IN SHARE ROW EXCLUSIVE MODE")
        else:
            run(f"UPDATE {self.tracking_table} SET notification_id = notification_id WHERE 0")

    def _tracked(self, run: Callable[..., list[Any]]) -> int:
        """The tracking position as this transaction sees it."""
        found = run(
            f"SELECT MAX(notification_id) FROM {self.tracking_table} WHERE application_name = ?",
            (TRACKED_AS,),
        )
        return int(found[0][0] or 0)

    def page_after(self, after: int) -> list[tuple[int, Any]]:
        """(notification id, encounter id) of the next page of the notification log."""
        recorder = self.store.application.recorder
        if isinstance(recorder, SQLiteFactRecorder):
            return recorder.select_originators(after, PAGE)
        page = recorder.select_notifications(after or None, PAGE, inclusive_of_start=False)
        return [(n.id, n.originator_id) for n in page]
