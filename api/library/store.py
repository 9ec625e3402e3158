"""Where the library lives: one small table in the store's own database (SQLite or PostgreSQL),
or a dictionary for the in-memory store (api/store/kept.py says why a table); each creature is
its table's (game group's), and every query starts from that table."""

from __future__ import annotations

from dataclasses import dataclass

import orjson

from api.library.creatures import Creature
from api.store import EncounterStore
from api.store.kept import Earlier, TablesKept
from domain.tables import DEFAULT_TABLE

UPSERT = (
    "INSERT INTO {t} (table_id, ruleset, creature_id, body) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (table_id, ruleset, creature_id) DO UPDATE SET body = excluded.body"
)
COLUMNS = (
    "table_id TEXT, ruleset TEXT, creature_id TEXT, body TEXT, "
    "PRIMARY KEY (table_id, ruleset, creature_id)"
)
# a library kept before tables: every creature goes to the default table
BEFORE_TABLES = Earlier("table_id", f"'{DEFAULT_TABLE}', ruleset, creature_id, body")


class CreatureLibrary(TablesKept):
    """Every saved creature of one store, by table, ruleset and id."""

    def __init__(self, store: EncounterStore) -> None:
        super().__init__(store, "library", "creature_library", COLUMNS, BEFORE_TABLES)
        self.kept: dict[tuple[str, str, str], Creature] = {}  # the in-memory store's

    def of(self, table: str) -> TableLibrary:
        """The library of one table: what a route holding that table's key reads and writes."""
        return TableLibrary(self, table)

    def creatures(self, table: str, ruleset: str | None = None) -> list[Creature]:
        """The table's saved creatures (of one ruleset when given), by ruleset then id."""
        if self.datastore is None:
            with self.guard:
                found = [c for (t, _, _), c in self.kept.items()
                         if t == table and ruleset in (None, c.ruleset)]  # fmt: skip
            return sorted(found, key=lambda c: (c.ruleset, c.id))
        where, params = "WHERE table_id = ? ", [table]
        if ruleset:
            where, params = f"{where}AND ruleset = ? ", [table, ruleset]
        query = f"SELECT body FROM {self.name} {where}ORDER BY ruleset, creature_id"
        with self._sql(commit=False) as (run, _):
            rows = run(query, params)
        return [Creature.model_validate(orjson.loads(body)) for (body,) in rows]

    def save(self, table: str, creatures: list[Creature]) -> None:
        """Keep each creature in the table, replacing one of the same ruleset and id (one
        transaction)."""
        if self.datastore is None:
            with self.guard:
                self.kept.update({(table, c.ruleset, c.id): c for c in creatures})
            return
        rows = [(table, c.ruleset, c.id, orjson.dumps(c.model_dump()).decode()) for c in creatures]
        with self._sql() as (run, _):
            run(UPSERT.format(t=self.name), rows, many=True)

    def delete(self, table: str, ruleset: str, creature_id: str) -> bool:
        """Forget a creature of the table; whether there was one."""
        if self.datastore is None:
            with self.guard:
                return self.kept.pop((table, ruleset, creature_id), None) is not None
        which = "WHERE table_id = ? AND ruleset = ? AND creature_id = ?"
        return self._deleted(which, (table, ruleset, creature_id))


@dataclass(frozen=True, slots=True)
class TableLibrary:
    """One table's creature library: the store's library, every call naming that table."""

    library: CreatureLibrary
    table: str

    def creatures(self, ruleset: str | None = None) -> list[Creature]:
        """The table's saved creatures (of one ruleset when given), by ruleset then id."""
        return self.library.creatures(self.table, ruleset)

    def save(self, creatures: list[Creature]) -> None:
        """Keep each creature in the table, replacing one of the same ruleset and id."""
        self.library.save(self.table, creatures)

    def delete(self, ruleset: str, creature_id: str) -> bool:
        """Forget a creature of the table; whether there was one."""
        return self.library.delete(self.table, ruleset, creature_id)
