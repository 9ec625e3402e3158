"""The notification log a page at a time, as the analytics catch-up takes it: which encounters'
logs moved, and up to which notification."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from api.store.recorders import SQLiteFactRecorder


@dataclass(frozen=True, slots=True)
class Page:
    """A page of the notification log: the encounters it holds lines of (in the order their
    last lines come), its last notification id and how many notifications it holds."""

    touched: tuple[UUID, ...]
    last: int
    lines: int


def read(recorder: Any, after: int, limit: int) -> Page | None:
    """The next page of at most `limit` notifications after `after` (None: there is none)."""
    if isinstance(recorder, SQLiteFactRecorder):
        moved = recorder.select_moved(after, limit)
    else:
        last: dict[str, tuple[int, int]] = {}
        for n in recorder.select_notifications(after or None, limit, inclusive_of_start=False):
            key = str(n.originator_id)
            last[key] = (n.id, last.get(key, (0, 0))[1] + 1)
        moved = [(key, at, lines) for key, (at, lines) in last.items()]
    if not moved:
        return None
    touched = tuple(UUID(str(key)) for key, _, _ in sorted(moved, key=lambda m: m[1]))
    return Page(touched, max(at for _, at, _ in moved), sum(lines for _, _, lines in moved))
