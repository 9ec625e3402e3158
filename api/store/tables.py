"""Stored tables: the table after every 1,000th line of a log, kept in the store's database.

A rebuild then folds only the lines after the latest stored table, and a look at any earlier
line folds at most 1,000 lines from the one before it. These rows are a cache of what the log
already determines, never a record: each is keyed by a digest of the rules code (`domain/` and
`projections/`), so a changed rule never reads a table an older rule folded; a row that cannot be
read is ignored (the history folds from an earlier one, or from line 1); any row may be deleted
at any time. Tables are pickled: they are the projection's own objects, read back only by the
same code that wrote them. Each row carries an HMAC under a key derived from the service's secret
and is unpickled only when that checks, so whoever can write the database but does not hold the
secret cannot make a worker run code. A store opened without a secret (the CLI, the in-memory
store) keeps none.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import pickle
from collections.abc import Iterable, Iterator, MutableMapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, cast
from uuid import UUID

import domain
import projections
from api.store.config import tables_locked
from api.store.sql import Run, transaction
from projections.view import Table

log = logging.getLogger(__name__)
MAC_SIZE = 32  # bytes of an HMAC-SHA256


@cache
def rules_digest() -> str:
    """A digest of every source file the tables are folded by."""
    digest = hashlib.sha256()
    for package in (domain, projections):
        folder = Path(package.__file__ or "").parent
        for path in sorted(folder.rglob("*.py")):
            digest.update(str(path.relative_to(folder.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


class StoredTables:
    """The stored tables of one store's encounters (none for the in-memory store)."""

    def __init__(self, recorder: Any, url: str, postgres: bool, secret: bytes | None) -> None:
        self.datastore: Any = getattr(recorder, "datastore", None) if secret else None
        self.postgres = postgres
        if self.datastore is None:
            return
        self.key = hmac.new(cast(bytes, secret), b"combatlog stored tables", "sha256").digest()
        if postgres:
            prefix = recorder.events_table_name.removesuffix("_events")
            self.name = f"{self.datastore.schema}.{prefix}_tables"
            blob = "BYTEA"
        else:
            self.name, blob = "stored_tables", "BLOB"
        with tables_locked(url), self._sql() as run:
            run(
                f"CREATE TABLE IF NOT EXISTS {self.name} (encounter_id TEXT, code TEXT, "
                f"position INTEGER, state {blob}, PRIMARY KEY (encounter_id, code, position))"
            )

    def of(self, encounter_id: UUID) -> Checkpoints:
        """One encounter's tables, read when first asked for, written as they are made."""
        if self.datastore is None:
            return Checkpoints(self, encounter_id, ())
        try:
            with self._sql(commit=False) as run:
                rows = run(
                    f"SELECT position FROM {self.name} WHERE encounter_id = ? AND code = ?",
                    (encounter_id.hex, rules_digest()),
                )
        except Exception:  # a cache that cannot be read is no cache
            log.exception("stored tables of %s could not be listed", encounter_id)
            rows = []
        return Checkpoints(self, encounter_id, (position for (position,) in rows))

    def load(self, encounter_id: UUID, position: int) -> Table | None:
        try:
            with self._sql(commit=False) as run:
                rows = run(
                    f"SELECT state FROM {self.name} "
                    "WHERE encounter_id = ? AND code = ? AND position = ?",
                    (encounter_id.hex, rules_digest(), position),
                )
            table = pickle.loads(self._verified(bytes(rows[0][0]))) if rows else None
        except Exception:
            log.exception("stored table %s@%s could not be read", encounter_id, position)
            table = None
        if rows and not isinstance(table, Table):
            self._forget(encounter_id, position)  # the next rebuild stores a good one again
            return None
        return table

    def save(self, encounter_id: UUID, tables: list[tuple[int, Table]]) -> None:
        if self.datastore is None or not tables:
            return
        rows = [
            (encounter_id.hex, rules_digest(), position, self._signed(pickle.dumps(table, 5)))
            for position, table in tables
        ]
        try:
            with self._sql() as run:
                run(
                    f"INSERT INTO {self.name} (encounter_id, code, position, state) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    rows,
                    many=True,
                )
        except Exception:  # the tables can be folded again; the append that made them stands
            log.exception("stored tables of %s could not be written", encounter_id)

    def _forget(self, encounter_id: UUID, position: int) -> None:
        """Delete a row that cannot be read (another secret signed it, or it is damaged)."""
        try:
            with self._sql() as run:
                run(
                    f"DELETE FROM {self.name} WHERE encounter_id = ? AND code = ? AND position = ?",
                    (encounter_id.hex, rules_digest(), position),
                )
        except Exception:
            log.exception("stored table %s@%s could not be deleted", encounter_id, position)

    def _signed(self, blob: bytes) -> bytes:
        return hmac.new(self.key, blob, "sha256").digest() + blob

    def _verified(self, signed: bytes) -> bytes:
        mac, blob = signed[:MAC_SIZE], signed[MAC_SIZE:]
        if not hmac.compare_digest(mac, hmac.new(self.key, blob, "sha256").digest()):
            raise ValueError("the stored table's signature does not match")
        return blob

    @contextmanager
    def _sql(self, commit: bool = True) -> Iterator[Run]:
        with transaction(self.datastore, self.postgres, commit) as (run, _):
            yield run


class Checkpoints(MutableMapping[int, Table]):
    """One encounter's checkpoints for a History: those in memory, and those stored."""

    def __init__(self, tables: StoredTables, encounter_id: UUID, stored: Iterable[int]) -> None:
        self.tables, self.encounter_id = tables, encounter_id
        self.stored = set(stored)
        self.kept: dict[int, Table] = {}
        self.pending: list[tuple[int, Table]] = []
        self.batched = False

    def __getitem__(self, position: int) -> Table:
        if position not in self.kept and position in self.stored:
            table = self.tables.load(self.encounter_id, position)
            if table is None:
                self.stored.discard(position)
            else:
                self.kept[position] = table
        return self.kept[position]

    def __setitem__(self, position: int, table: Table) -> None:
        self.kept[position] = table
        if position not in self.stored:
            self.stored.add(position)
            self.pending.append((position, table))
            if not self.batched:
                self.flush()

    def __delitem__(self, position: int) -> None:
        del self.kept[position]

    def __contains__(self, position: object) -> bool:
        return position in self.kept or position in self.stored

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(self.stored | self.kept.keys()))

    def __len__(self) -> int:
        return len(self.stored | self.kept.keys())

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Write the tables made meanwhile in one transaction at the end."""
        self.batched = True
        try:
            yield
        finally:
            self.batched = False
            self.flush()

    def flush(self) -> None:
        pending, self.pending = self.pending, []
        self.tables.save(self.encounter_id, pending)
