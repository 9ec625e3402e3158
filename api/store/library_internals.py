"""The only module that touches the eventsourcing library's private names: one function each
where the library has no public way at the store's cost, pinned by tests/test_library_internals."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from eventsourcing.domain import BaseAggregate
from eventsourcing.persistence import Tracking
from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool

if TYPE_CHECKING:
    from eventsourcing.postgres import PostgresTrackingRecorder
    from eventsourcing.sqlite import SQLiteTrackingRecorder

A = TypeVar("A", bound=BaseAggregate[Any])


def restored(cls: type[A], aggregate_id: UUID, version: int, created_on: datetime) -> A:
    """An aggregate of `cls` at `version`, created and modified at `created_on`, with no pending
    events and its own `__init__` not run: what the library's Created event makes before it
    calls `__init__` (CanInitAggregate.mutate), without the event: a snapshot has no event, and
    a new log's event would cost 5.5 µs where this costs 2.2 (least of 5 alternating runs)."""
    aggregate = object.__new__(cls)
    aggregate.__base_init__(aggregate_id, version, created_on)
    return aggregate


def insert_tracking(
    cursor: Any, recorder: SQLiteTrackingRecorder | PostgresTrackingRecorder, tracking: Tracking
) -> None:
    """Record `tracking` in the open transaction of `cursor`, so it commits with what else that
    transaction wrote (the public `insert_tracking` opens one of its own), as the library's own
    materialised views do: its projection docs call `_insert_tracking` from a recorder
    subclass. IntegrityError if the position is not past the one recorded."""
    recorder._insert_tracking(cursor, tracking)


class CheckpointSyncedPool(SQLiteConnectionPool):
    """The library's pool, each connection to a file at PRAGMA synchronous=NORMAL (the library
    has no setting for it, only this hook its pool calls for each new connection)."""

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        if not self.is_sqlite_memory_mode:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA synchronous=NORMAL")
        return connection


def synced_at_checkpoints(pool: SQLiteConnectionPool) -> CheckpointSyncedPool:
    """A pool like `pool` (no connection made yet), whose connections to a file sync the disk at
    the WAL's checkpoints only, not at each commit."""
    return CheckpointSyncedPool(
        db_name=pool.db_name,
        lock_timeout=pool.lock_timeout,
        pool_size=pool.pool_size,
        max_overflow=pool.max_overflow,
        pool_timeout=pool.pool_timeout,
        max_age=pool.max_age,
        pre_ping=pool.pre_ping,
    )
