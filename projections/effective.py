"""The effective log: the one place where undo, redo and amendments are resolved."""

from __future__ import annotations

from collections.abc import Sequence

from domain.events import EventAmended, EventRestored, EventRevoked, Fact

Entry = tuple[int, Fact]


def effective_log(events: Sequence[Fact], upto: int | None = None, start: int = 1) -> list[Entry]:
    """(position, fact in force) for lines start..upto, with the corrections among them applied.

    Corrections recorded after `upto` do not reach back: the log as it stood after line `upto`.
    Corrections themselves are not facts of the table and do not appear.
    """
    end = len(events) if upto is None else min(upto, len(events))
    revoked: set[int] = set()
    amended: dict[int, list[tuple[int, Fact]]] = {}
    for position in range(start, end + 1):
        match events[position - 1]:
            case EventRevoked(target=t):
                revoked.add(t)
            case EventRestored(target=t):
                revoked.discard(t)
            case EventAmended(target=t, replacement=r):
                amended.setdefault(t, []).append((position, r))
    entries: list[Entry] = []
    for position in range(start, end + 1):
        event = events[position - 1]
        if position in revoked or isinstance(event, EventRevoked | EventRestored | EventAmended):
            continue
        entries.append((position, _in_force(event, amended.get(position), revoked)))
    return entries


def _in_force(event: Fact, amendments: list[tuple[int, Fact]] | None, revoked: set[int]) -> Fact:
    for position, replacement in reversed(amendments or []):
        if position not in revoked:
            return replacement
    return event


def earliest_target(events: Sequence[Fact], start: int, upto: int) -> int | None:
    """The earliest position a correction among lines start..upto points at, if any."""
    targets = [
        e.target
        for e in events[start - 1 : upto]
        if isinstance(e, EventRevoked | EventRestored | EventAmended)
    ]
    return min(targets, default=None)
