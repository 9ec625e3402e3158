"""The GM's actions in a log: the lines one write recorded, each naming the first (`action`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from domain.events import Fact

Lines = tuple[int, ...]


def action_lines(events: Sequence[Fact], after: int = 0) -> dict[int, Lines]:
    """Each line after `after` that is one of an action of several lines: every line of that
    action, in order, itself included (lines before `after` too). An action is read as the run
    of consecutive lines naming the same first line, so any log reads (the log's integrity
    holds every run to begin at the line it names)."""
    begin = after  # back to the first line of an action that line `after + 1` goes on with
    stamp = events[after].action if after < len(events) else None
    while begin > 0 and stamp is not None and events[begin - 1].action == stamp:
        begin -= 1
    found: dict[int, Lines] = {}
    position = begin + 1
    for stamp, lines in groupby(event.action for event in events[begin:]):
        size = sum(1 for _ in lines)
        if stamp is not None and size > 1:
            run = tuple(range(position, position + size))
            found.update(dict.fromkeys(run[max(0, after + 1 - position) :], run))
        position += size
    return found


def shown_actions(runs: dict[int, Lines], shown: Callable[[int], bool]) -> dict[int, int]:
    """The actions as a reader who sees only the lines `shown` may read them: each action cut
    at the lines it cannot see, each piece of two lines or more beginning at its first line. A
    piece never spans a line kept from the reader, so nothing ties a line it sees to one it
    does not (an action's lines are consecutive: a tie across a gap would say the gap is part
    of it)."""
    found: dict[int, int] = {}
    last: Lines = ()
    for run in runs.values():
        if run is last:  # each of its lines names the same run: read it once
            continue
        last, piece = run, []
        for position in (*run, 0):  # 0: past the run's end, closing the last piece
            if position and shown(position):
                piece.append(position)
                continue
            if len(piece) > 1:
                found.update(dict.fromkeys(piece, piece[0]))
            piece = []
    return found
