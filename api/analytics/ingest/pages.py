"""The notification log a page at a time, as the analytics catch-up takes it: which encounters'
logs moved, and up to which notification."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.postgres import PostgresApplicationRecorder

from api.store import sql
from api.store.recorders import SQLiteFactRecorder

MOVED = (  # a page summed up in the database: one row per log that moved, not per notification
    "SELECT originator_id, MAX(id), COUNT(*), MAX(originator_version) FROM (SELECT {id} AS id, "
    "originator_id, originator_version FROM {events} WHERE {id} > ? ORDER BY {id} LIMIT ?) "
    "AS page "
    "GROUP BY originator_id"
)


@dataclass(frozen=True, slots=True)
class Page:
    """A page of the notification log: the encounters it holds lines of (in the order their
    last lines come), its last notification id, how many notifications it holds, and the last
    line of each encounter's log it holds."""

    touched: tuple[UUID, ...]
    last: int
    lines: int
    reached: dict[UUID, int]


def read(recorder: Any, after: int, limit: int) -> Page | None:
    """The next page of at most `limit` notifications after `after` (None: there is none)."""
    if isinstance(recorder, PostgresApplicationRecorder):  # its notification id, its schema
        events = f"{recorder.datastore.schema}.{recorder.events_table_name}"
        moved = _summed(recorder, True, events, "notification_id", after, limit)
    elif isinstance(recorder, SQLiteFactRecorder):  # the notification id is the rowid
        moved = _summed(recorder, False, recorder.events_table_name, "rowid", after, limit)
    else:  # the in-memory store
        last: dict[str, tuple[int, int, int]] = {}
        for n in recorder.select_notifications(after or None, limit, inclusive_of_start=False):
            key = str(n.originator_id)
            last[key] = (n.id, last.get(key, (0, 0, 0))[1] + 1, n.originator_version)
        moved = [(key, *summed) for key, summed in last.items()]
    if not moved:
        return None
    reached = {UUID(str(key)): line for key, _, _, line in sorted(moved, key=lambda m: m[1])}
    last_id, lines = max(m[1] for m in moved), sum(m[2] for m in moved)
    return Page(tuple(reached), last_id, lines, reached)


def _summed(recorder: Any, postgres: bool, events: str, column: str, after: int, limit: int) -> Any:
    """MOVED over the store's events table, its notification ids in `column`."""
    with sql.transaction(recorder.datastore, postgres, commit=False) as (run, _):
        return run(MOVED.format(events=events, id=column), (after, limit))
