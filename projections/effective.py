"""The effective log: the one place where undo, redo and amendments are resolved."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domain.events import EventAmended, EventRestored, EventRevoked, Fact

Entry = tuple[int, Fact]
Amendments = dict[int, list[tuple[int, Fact]]]
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
    revoked, amended = resolved(corrections)
    skipped = revoked.union(p for p, _ in corrections)
    return [
        (p, in_force(e, amended[p], revoked) if p in amended else e)
        for p, e in enumerate(window, start)
        if p not in skipped
    ]


def corrected_log(
    events: Sequence[Fact], start: int, upto: int, corrections: Iterable[int]
) -> list[Entry]:
    """(position, fact in force) for lines start..upto with every correction of the whole log
    (`corrections`: the positions of all its correction lines) applied: the log as corrected."""
    at = list(corrections)
    revoked, amended = resolved((p, events[p - 1]) for p in at)
    skipped = revoked.union(at)
    window = events[start - 1 : min(upto, len(events))]
    return [
        (p, in_force(e, amended[p], revoked) if p in amended else e)
        for p, e in enumerate(window, start)
        if p not in skipped
    ]


def resolved(corrections: Iterable[Entry]) -> tuple[set[int], Amendments]:
    """The lines revoked and the amendments per target, after these correction lines in order."""
    revoked: set[int] = set()
    amended: Amendments = {}
    for position, event in corrections:
        if isinstance(event, EventRevoked):
            revoked.add(event.target)
        elif isinstance(event, EventRestored):
            revoked.discard(event.target)
        elif isinstance(event, EventAmended):
            amended.setdefault(event.target, []).append((position, event.replacement))
    return revoked, amended


def withdrawn(events: Sequence[Fact], corrections: Iterable[int]) -> set[int]:
    """Lines whose content is no longer in force, as the whole log stands: revoked lines,
    amended lines, and amendments revoked, superseded or aimed at a revoked line."""
    revoked, amended = resolved((p, events[p - 1]) for p in corrections)
    gone = set(revoked)
    for target, amendments in amended.items():
        live = [p for p, _ in amendments if p not in revoked]
        in_force = None if target in revoked or not live else live[-1]
        gone.update(p for p, _ in amendments if p != in_force)
        if live:
            gone.add(target)
    return gone


def in_force(event: Fact, amendments: list[tuple[int, Fact]], revoked: set[int]) -> Fact:
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
