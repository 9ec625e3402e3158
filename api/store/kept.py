"""Reference data kept beside the log: one small table in the store's own database (SQLite or
PostgreSQL), or nothing for the in-memory store (its keeper holds a dictionary), each made if
missing and, when an earlier release kept it with fewer columns, its rows taken into today's.

A table rather than an event-sourced aggregate: such records are overwritten and deleted, with
no history anyone replays, and an aggregate in the same application would put lines that are not
an encounter's into the notification log that analytics and the live relay read as encounters.
Each write is one statement or transaction, so several workers on one PostgreSQL see each
other's writes at once."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from api.store import sql
from api.store.config import tables_locked
from api.store.encounters import EncounterStore


@dataclass(frozen=True, slots=True)
class Earlier:
    """How the rows of an earlier release's table become today's: `lacks`, a column of today's
    that the earlier table has not; `taken`, the SELECT list making today's row of an earlier
    one (e.g. the default table's id, then the earlier columns)."""

    lacks: str
    taken: str


class KeptTable:
    """One table of reference data: `<name>_<suffix>` on PostgreSQL, `sqlite_name` in the
    SQLite file, made if missing (`made`: made by this opening, not found), an `earlier`
    release's table moved into today's columns; nothing for the in-memory store, whose subclass
    keeps a dictionary under `guard`."""

    def __init__(
        self,
        store: EncounterStore,
        suffix: str,
        sqlite_name: str,
        columns: str,
        earlier: Earlier | None = None,
    ) -> None:
        recorder: Any = store.application.recorder
        self.datastore: Any = getattr(recorder, "datastore", None)
        self.postgres = not store.embedded
        self.guard = threading.Lock()
        self.made = self.datastore is None
        if self.datastore is None:
            return
        if self.postgres:
            prefix = recorder.events_table_name.removesuffix("_events")
            self.name = f"{self.datastore.schema}.{prefix}_{suffix}"
        else:
            self.name = sqlite_name
        with tables_locked(store.url), self._sql() as (run, _):
            found = sql.answers(run, f"SELECT 1 FROM {self.name} WHERE 1 = 0")
            if found and earlier is not None:
                self._taken_on(run, columns, earlier)
            run(f"CREATE TABLE IF NOT EXISTS {self.name} ({columns})")
            self.made = not found
            self.created(run)

    def created(self, run: sql.Run) -> None:
        """What a subclass writes in the transaction that made (or found) its table."""

    def _taken_on(self, run: sql.Run, columns: str, earlier: Earlier) -> None:
        """An earlier release's table, lacking `earlier.lacks`, renamed aside, today's made in
        its place with its rows, and dropped: in the one transaction that opens the table."""
        if sql.answers(run, f"SELECT {earlier.lacks} FROM {self.name} WHERE 1 = 0"):
            return
        schema, dot, bare = self.name.rpartition(".")  # PostgreSQL renames within the schema
        aside = f"{schema}{dot}{bare}_before"
        run(f"ALTER TABLE {self.name} RENAME TO {bare}_before")
        run(f"CREATE TABLE {self.name} ({columns})")
        run(f"INSERT INTO {self.name} SELECT {earlier.taken} FROM {aside}")
        run(f"DROP TABLE {aside}")

    def _sql(self, commit: bool = True) -> Any:
        return sql.transaction(self.datastore, self.postgres, commit=commit)


class TablesKept(KeptTable):
    """Reference data each table (game group) keeps of its own: its rows keyed by `table_id`
    first, as the in-memory store's dictionary `kept` is keyed by tuples that start with it."""

    kept: dict[Any, Any]

    def forget_table(self, table: str) -> None:
        """Every row of a table that is removed."""
        if self.datastore is None:
            with self.guard:
                self.kept = {k: v for k, v in self.kept.items() if k[0] != table}
            return
        with self._sql() as (run, _):
            run(f"DELETE FROM {self.name} WHERE table_id = ?", (table,))

    def _deleted(self, which: str, params: tuple[str, ...]) -> bool:
        """The rows `which` selects deleted; whether there were any."""
        with self._sql() as (run, _):
            found = run(f"SELECT 1 FROM {self.name} {which}", params)
            run(f"DELETE FROM {self.name} {which}", params)
        return bool(found)
