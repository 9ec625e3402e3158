"""A page's rows, written in the page's transaction: one bulk insert per table for the whole
page, or, when the database refuses a row, each encounter on its own, so the one it refuses is
skipped and not the page."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any
from uuid import UUID

from api.analytics.ingest import rows
from api.store.sql import Run

Tallied = tuple[rows.Rows, int] | None  # rows, and the line the growing rows are stored to
Refused = Callable[[UUID, Exception], None]  # told of an encounter whose rows were refused


def write_page(
    run: Run, prefix: str, computed: dict[UUID, Tallied], written: set[UUID] | None,
    refused: Refused,
) -> None:  # fmt: skip
    """The page's rows (`written`: the encounters with rows stored, when known: the others
    need no delete first). If the database refuses any, back to before them, and each
    encounter on its own (`_write`)."""
    made: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    run("SAVEPOINT page")
    try:
        for encounter_id, tallied in computed.items():
            found, since = tallied or (None, 0)
            if written is None or encounter_id in written:
                rows.delete(run, prefix, str(encounter_id), found, since)
            for name, these in found.items() if found else ():
                made[name].extend(these)
        rows.insert(run, prefix, made)
    except Exception:
        run("ROLLBACK TO SAVEPOINT page")
        for encounter_id, tallied in computed.items():
            _write(run, prefix, encounter_id, tallied, refused)
    run("RELEASE SAVEPOINT page")


def _write(run: Run, prefix: str, encounter_id: UUID, tallied: Tallied, refused: Refused) -> None:
    """Replace the encounter's rows; if the database refuses them (a text PostgreSQL cannot
    hold, a number past a column), roll back to before them and remove its rows."""
    found, since = tallied or (None, 0)
    run("SAVEPOINT encounter")
    try:
        rows.replace(run, prefix, str(encounter_id), found, since)
    except Exception as exc:
        run("ROLLBACK TO SAVEPOINT encounter")
        rows.replace(run, prefix, str(encounter_id), None, 0)
        refused(encounter_id, exc)
    run("RELEASE SAVEPOINT encounter")
