"""Where the library lives: one small table in the store's own database (SQLite or PostgreSQL),
or a dictionary for the in-memory store.

A table rather than an event-sourced aggregate: a saved stat block is reference data the GM
overwrites and deletes, with no history anyone replays, and an aggregate in the same application
would put lines that are not an encounter's into the notification log that analytics and the
live relay read as encounters. Each write is one upsert or delete, so several workers on one
PostgreSQL see each other's creatures at once.
"""

from __future__ import annotations

import threading
from typing import Any

import orjson

from api.library.creatures import Creature
from api.store import EncounterStore, sql
from api.store.config import tables_locked

UPSERT = (
    "INSERT INTO {t} (ruleset, creature_id, body) VALUES (?, ?, ?) "
    "ON CONFLICT (ruleset, creature_id) DO UPDATE SET body = excluded.body"
)


class KeptTable:
    """One table of reference data in the store's own database: `<name>_<suffix>` on
    PostgreSQL, `sqlite_name` in the SQLite file, made if missing; nothing for the in-memory
    store, whose subclass keeps a dictionary under `guard`."""

    def __init__(self, store: EncounterStore, suffix: str, sqlite_name: str, columns: str) -> None:
        recorder: Any = store.application.recorder
        self.datastore: Any = getattr(recorder, "datastore", None)
        self.postgres = not store.embedded
        self.guard = threading.Lock()
        if self.datastore is None:
            return
        if self.postgres:
            prefix = recorder.events_table_name.removesuffix("_events")
            self.name = f"{self.datastore.schema}.{prefix}_{suffix}"
        else:
            self.name = sqlite_name
        with tables_locked(store.url), self._sql() as (run, _):
            run(f"CREATE TABLE IF NOT EXISTS {self.name} ({columns})")

    def _sql(self, commit: bool = True) -> Any:
        return sql.transaction(self.datastore, self.postgres, commit=commit)


class CreatureLibrary(KeptTable):
    """Every saved creature of one store, by ruleset and id."""

    def __init__(self, store: EncounterStore) -> None:
        columns = "ruleset TEXT, creature_id TEXT, body TEXT, PRIMARY KEY (ruleset, creature_id)"
        super().__init__(store, "library", "creature_library", columns)
        self.kept: dict[tuple[str, str], Creature] = {}  # the in-memory store's

    def creatures(self, ruleset: str | None = None) -> list[Creature]:
        """The saved creatures (of one ruleset when given), by ruleset then id."""
        if self.datastore is None:
            with self.guard:
                found = [c for c in self.kept.values() if ruleset in (None, c.ruleset)]
            return sorted(found, key=lambda c: (c.ruleset, c.id))
        where, params = ("WHERE ruleset = ? ", (ruleset,)) if ruleset else ("", ())
        query = f"SELECT body FROM {self.name} {where}ORDER BY ruleset, creature_id"
        with self._sql(commit=False) as (run, _):
            rows = run(query, params)
        return [Creature.model_validate(orjson.loads(body)) for (body,) in rows]

    def save(self, creatures: list[Creature]) -> None:
        """Keep each creature, replacing one of the same ruleset and id (one transaction)."""
        if self.datastore is None:
            with self.guard:
                self.kept.update({(c.ruleset, c.id): c for c in creatures})
            return
        rows = [(c.ruleset, c.id, orjson.dumps(c.model_dump()).decode()) for c in creatures]
        with self._sql() as (run, _):
            run(UPSERT.format(t=self.name), rows, many=True)

    def delete(self, ruleset: str, creature_id: str) -> bool:
        """Forget a creature; whether there was one."""
        if self.datastore is None:
            with self.guard:
                return self.kept.pop((ruleset, creature_id), None) is not None
        with self._sql() as (run, _):
            found = run(
                f"SELECT 1 FROM {self.name} WHERE ruleset = ? AND creature_id = ?",
                (ruleset, creature_id),
            )
            run(
                f"DELETE FROM {self.name} WHERE ruleset = ? AND creature_id = ?",
                (ruleset, creature_id),
            )
        return bool(found)
