"""The GM's actions in a log: the lines one write recorded, each naming the first (`action`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.events import Fact

Lines = tuple[int, ...]


def action_lines(events: Sequence[Fact], after: int = 0) -> dict[int, Lines]:
    """Each line after `after` that is one of an action of several lines: every line of that
    action, in order, itself included (lines before `after` too). An action is read as the run
    of consecutive lines naming the same first line, so any log reads (the log's integrity
    holds every run to begin at the line it names)."""
    found: dict[int, Lines] = {}
    for position in range(after + 1, len(events) + 1):
        if position not in found and events[position - 1].action is not None:
            run = run_of(events, position)
            if len(run) > 1:
                found.update(dict.fromkeys((p for p in run if p > after), run))
    return found


def run_of(events: Sequence[Fact], position: int) -> Lines:
    """The consecutive lines around `position` naming the same action as it does."""
    action = events[position - 1].action
    first, last = position, position
    while first > 1 and events[first - 2].action == action:
        first -= 1
    while last < len(events) and events[last].action == action:
        last += 1
    return tuple(range(first, last + 1))


def shown_actions(runs: dict[int, Lines], shown: Callable[[int], bool]) -> dict[int, int]:
    """The actions as a reader who sees only the lines `shown` may read them: each action cut
    at the lines it cannot see, each piece of two lines or more beginning at its first line. A
    piece never spans a line kept from the reader, so nothing ties a line it sees to one it
    does not (an action's lines are consecutive: a tie across a gap would say the gap is part
    of it)."""
    found: dict[int, int] = {}
    for run in set(runs.values()):
        piece: list[int] = []
        for position in (*run, 0):  # 0: past the run's end, closing the last piece
            if position and shown(position):
                piece.append(position)
                continue
            if len(piece) > 1:
                found.update(dict.fromkeys(piece, piece[0]))
            piece = []
    return found
