"""The lines of each GM action, as the GM's log lists them (`action_lines`) and as a reader who
does not see every line may read them (players: an action cut at the lines kept from them)."""

from __future__ import annotations

import pytest

from domain.events import Fact, NoteAdded
from projections.actions import Lines, action_lines, shown_actions


def lines(*actions: int | None) -> list[Fact]:
    """Notes from line 1 on, each naming the action given (None: a line alone)."""
    return [NoteAdded(text=f"line {n}", action=a) for n, a in enumerate(actions, 1)]


@pytest.mark.parametrize(
    ("events", "after", "found"),
    [
        pytest.param(lines(None, None, 3, 3), 0, {3: (3, 4), 4: (3, 4)},
                     id="an-attack-and-its-damage"),
        pytest.param(lines(None, 2, 2, 2, 5, 5), 0,
                     {2: (2, 3, 4), 3: (2, 3, 4), 4: (2, 3, 4), 5: (5, 6), 6: (5, 6)},
                     id="two-actions-one-after-the-other"),
        pytest.param(lines(None, 2, 2, 2), 3, {4: (2, 3, 4)},
                     id="a-stream-resumed-inside-an-action-still-lists-all-its-lines"),
        pytest.param(lines(None, None, 3, None), 0, {}, id="an-action-of-one-line-is-a-line-alone"),
        pytest.param(lines(None, None, None), 0, {}, id="an-old-log-without-actions"),
    ],
)  # fmt: skip
def test_each_line_of_an_action_lists_every_line_of_it(
    events: list[Fact], after: int, found: dict[int, Lines]
) -> None:
    assert action_lines(events, after) == found


@pytest.mark.parametrize(
    ("run", "hidden", "found"),
    [
        pytest.param((4, 5, 6, 7), set(), {4: 4, 5: 4, 6: 4, 7: 4}, id="all-seen"),
        pytest.param((4, 5, 6, 7), {4}, {5: 5, 6: 5, 7: 5}, id="its-first-line-kept-from-them"),
        pytest.param((4, 5, 6, 7), {5}, {6: 6, 7: 6}, id="cut-where-a-line-is-kept-from-them"),
        pytest.param((4, 5, 6), {5}, {}, id="pieces-of-one-line-name-no-action"),
        pytest.param((4, 5), {5}, {}, id="the-attack-seen-its-damage-not"),
    ],
)  # fmt: skip
def test_a_reader_reads_an_action_only_among_the_consecutive_lines_it_sees(
    run: Lines, hidden: set[int], found: dict[int, int]
) -> None:
    assert shown_actions(dict.fromkeys(run, run), lambda p: p not in hidden) == found
