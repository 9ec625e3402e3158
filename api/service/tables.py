"""The tables (game groups) and their keys: made, listed, renamed, removed and given a new key by
the operator; a key (`table_` + 40 hex characters from `secrets`) is shown once, when it is made,
and only its SHA-256 is kept.

Kept beside the log like the library (api/store/kept.py): `game_tables` in the SQLite file,
`<name>_game_tables` on PostgreSQL (`<name>_tables` holds the stored tables already), a
dictionary for `memory:`. The first opening of a store by this release makes the `default`
table, whose key is the operator token until it is rotated (its `key_hash` NULL): one group on a
laptop goes on with the one token `combatlog serve` prints, and every encounter, campaign and
creature kept before tables is the default table's."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from api.service.encounters import Encounters
from api.store import sql
from api.store.kept import KeptTable
from domain.tables import DEFAULT_TABLE

COLUMNS = "table_id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT UNIQUE, created TEXT"
FIELDS = ("table_id", "name", "key_hash", "created")
Row = tuple[str, str, str | None, str]  # as FIELDS: a NULL key_hash is the operator token's


class TableTaken(Exception):
    """A table of this id is kept already."""


class TableInUse(Exception):
    """A table that holds encounters cannot be removed (their logs name it)."""

    def __init__(self, table_id: str, encounters: int) -> None:
        self.table_id, self.encounters = table_id, encounters
        super().__init__(
            f"table {table_id} holds {encounters} encounter(s): a table is removed only once "
            "it holds none (their logs name it for good)"
        )


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table: its id (a slug), its name, when it was made, and whether the operator token is
    its key (the default table until its key is rotated)."""

    id: str
    name: str
    created: str  # ISO 8601, UTC
    operator_key: bool = False


def new_key() -> str:
    """A table's key: 160 random bits, as a token reads (`table_` and 40 hex characters)."""
    return "table_" + secrets.token_hex(20)


def hashed(key: bytes | str) -> str:
    """What is kept of a key: its SHA-256, in hex."""
    return hashlib.sha256(key.encode() if isinstance(key, str) else key).hexdigest()


class Tables(KeptTable):
    """Every table of one store and the hashes of their keys. `operator`: the operator token
    (None for a runtime built without the secret: no key is then the operator's)."""

    def __init__(self, encounters: Encounters, operator: str | None) -> None:
        self.encounters, self.clock, self.operator = encounters, encounters.clock, operator
        self.rows: dict[str, Row] = {}  # the in-memory store's, as the SQL table would hold them
        super().__init__(encounters.store, "game_tables", "game_tables", COLUMNS)
        if self.datastore is None:
            self.created(None)

    def created(self, run: sql.Run | None) -> None:
        """On the table's first making, the default table, keyed by the operator token."""
        if self.made:
            self._inserted(run, (DEFAULT_TABLE, "Default table", None, self._now()))

    def tables(self) -> list[TableRecord]:
        """Every table, by id."""
        return [_record(*row) for row in self._select()]

    def table(self, table_id: str) -> TableRecord | None:
        """The table of this id, if there is one."""
        found = self._select("table_id", table_id)
        return _record(*found[0]) if found else None

    def add(self, table_id: str, name: str) -> str:
        """A new table: its key (shown this once). TableTaken if the id is kept already."""
        key = new_key()
        row = (table_id, name, hashed(key), self._now())
        if self.datastore is None:
            added = self._inserted(None, row)
        else:
            with self._sql() as (run, _):
                added = self._inserted(run, row)
        if not added:
            raise TableTaken(table_id)
        return key

    def rename(self, table_id: str, name: str) -> TableRecord | None:
        """The table under its new name (None: no such table)."""
        if not self._set(table_id, "name", name):
            return None
        return self.table(table_id)

    def rotate(self, table_id: str) -> str | None:
        """A new key for the table (None: no such table); the old one, the operator token
        among them, opens nothing of it from now on, on every worker."""
        key = new_key()
        return key if self._set(table_id, "key_hash", hashed(key)) else None

    def remove(self, table_id: str, also: Sequence[Callable[[str], None]] = ()) -> bool:
        """Forget the table and its key, and `also` what else it kept (its library, its
        campaigns); whether there was one. TableInUse while an encounter belongs to it."""
        if held := self.encounters.listed(table_id):
            raise TableInUse(table_id, len(held))
        for forget in also:
            forget(table_id)
        if self.datastore is None:
            with self.guard:
                return self.rows.pop(table_id, None) is not None
        with self._sql() as (run, _):
            gone = run(f"DELETE FROM {self.name} WHERE table_id = ? RETURNING 1", (table_id,))
        return bool(gone)

    def opened_by(self, given: bytes) -> str | None:
        """The id of the table this key opens (the operator token: the table it keys, if
        any), or None; read from the store on each call, so a rotation counts at once."""
        if self.operator is not None and hmac.compare_digest(given, self.operator.encode()):
            found = self._select("key_hash", None)
        else:
            found = self._select("key_hash", hashed(given))
        return str(found[0][0]) if found else None

    def _select(self, column: str = "", value: str | None = None) -> list[Row]:
        """The rows whose `column` is `value` (NULL for None), by id; every row for no column."""
        if self.datastore is None:
            with self.guard:
                index = FIELDS.index(column) if column else 0
                found = [r for r in self.rows.values() if not column or r[index] == value]
            return sorted(found)
        where, params = "", []
        if column:
            test = f"{column} IS NULL" if value is None else f"{column} = ?"
            where, params = f"WHERE {test} ", [] if value is None else [value]
        with self._sql(commit=False) as (run, _):
            found = run(f"SELECT {', '.join(FIELDS)} FROM {self.name} {where}ORDER BY 1", params)
        return [tuple(row) for row in found]

    def _set(self, table_id: str, column: str, value: str) -> bool:
        """The table's `column` set to `value`; whether there was such a table."""
        if self.datastore is None:
            with self.guard:
                if table_id not in self.rows:
                    return False
                table, name, key_hash, created = self.rows[table_id]
                if column == "name":
                    name = value
                else:
                    key_hash = value
                self.rows[table_id] = (table, name, key_hash, created)
                return True
        with self._sql() as (run, _):
            changed = run(
                f"UPDATE {self.name} SET {column} = ? WHERE table_id = ? RETURNING 1",
                (value, table_id),
            )
        return bool(changed)

    def _inserted(self, run: sql.Run | None, row: Row) -> bool:
        """The row kept, unless its id is taken; whether it was."""
        if run is None:
            with self.guard:
                if row[0] in self.rows:
                    return False
                self.rows[row[0]] = row
                return True
        marks = ", ".join("?" * len(FIELDS))
        return bool(run(
            f"INSERT INTO {self.name} ({', '.join(FIELDS)}) VALUES ({marks}) "
            "ON CONFLICT DO NOTHING RETURNING 1", row,
        ))  # fmt: skip

    def _now(self) -> str:
        return self.clock().isoformat()


def _record(table_id: str, name: str, key_hash: str | None, created: str) -> TableRecord:
    return TableRecord(table_id, name, created, operator_key=key_hash is None)
