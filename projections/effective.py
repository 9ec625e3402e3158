"""The effective log: the one place where undo, redo and amendments are resolved."""

from __future__ import annotations

from collections.abc import Sequence

from domain.events import EventAmended, EventRestored, EventRevoked, Fact

Entry = tuple[int, Fact]
CORRECTIONS = frozenset({EventRevoked, EventRestored, EventAmended})


def effective_log(events: Sequence[Fact], upto: int | None = None, start: int = 1) -> list[Entry]:
    """(position, fact in force) for lines start..upto, with the corrections among them applied.

    Corrections recorded after `upto` do not reach back: the log as it stood after line `upto`.
    Corrections themselves are not facts of the table and do not appear.
    """
    end = len(events) if upto is None else min(upto, len(events))
    window = events[start - 1 : end]
    corrections = [(p, e) for p, e in enumerate(window, start) if type(e) in CORRECTIONS]
    if not corrections:
        return list(enumerate(window, start))
    revoked: set[int] = set()
    amended: dict[int, list[tuple[int, Fact]]] = {}
    for position, event in corrections:
        if isinstance(event, EventRevoked):
            revoked.add(event.target)
        elif isinstance(event, EventRestored):
            revoked.discard(event.target)
        elif isinstance(event, EventAmended):
            amended.setdefault(event.target, []).append((position, event.replacement))
    skipped = revoked.union(p for p, _ in corrections)
    return [
        (p, _in_force(e, amended[p], revoked) if p in amended else e)
        for p, e in enumerate(window, start)
        if p not in skipped
    ]


def _in_force(event: Fact, amendments: list[tuple[int, Fact]], revoked: set[int]) -> Fact:
    for position, replacement in reversed(amendments):
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
