"""A GM's actions in the log: the lines one write recorded, consecutive, each naming the first
(`Fact.action`), kept as each action's first and last line (`LogIntegrity.actions`)."""

from __future__ import annotations

Actions = dict[int, int]  # an action's first line: its last; in the order the actions began


def action_at(actions: Actions, position: int) -> tuple[int, int]:
    """The first and last line of the action line `position` is one of: (position, position)
    for a line on its own. Actions begin in the order of their first lines, so the search goes
    back from the latest and stops at the first that begins at or before `position`."""
    for first, last in reversed(actions.items()):
        if first <= position:
            return (first, last) if position <= last else (position, position)
    return position, position


def refused(actions: Actions, action: int, position: int) -> str | None:
    """Why line `position` cannot name `action` as its action's first line (None: it can). An
    action's lines are one run: a line begins an action (naming itself) or goes on with the one
    the line just before is one of."""
    if position == 1:
        return "line 1 opens the log; it is no part of an action"
    if action == position or actions.get(action) == position - 1:
        return None
    return (
        f"an action's lines follow each other, each naming the first: line {position} may "
        f"name itself (beginning an action) or go on with line {position - 1}'s, not name "
        f"line {action}"
    )
