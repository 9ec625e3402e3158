"""Turn-order helpers: a fight of a, b and c, an ambush, and what the table shows over time."""

from __future__ import annotations

from typing import Any

from tests.builders import (
    condition,
    created,
    fact,
    fight,
    joined,
    log,
    rolled,
    started,
    state,
    turn_ended,
    view,
)

Line = dict[str, Any]

# a 15, b 10, c 5 (modifiers 0): a's turn in round 1 when the combat starts
ABC = (("a", 15, 0), ("b", 10, 0), ("c", 5, 0))


def abc(*lines: Line, **options: Any) -> dict[str, Any]:
    return view(fight(*ABC, **options), *lines)


def clock(table: dict[str, Any]) -> tuple[str, int, str | None]:
    return table["phase"], table["round"], table["turn"]


def statuses(table: dict[str, Any], combatant: str) -> list[str]:
    return list(table["combatants"][combatant]["statuses"])


def ended(*combatants: str) -> list[Line]:
    return [turn_ended(c) for c in combatants]


def ambush(**options: Any) -> list[Line]:
    """a (15) and c (10) are aware, b (12) is not: a surprise round."""
    return [created(**options), joined("a"), joined("b"), joined("c", side="foes"),
            fact("SurpriseDetermined", aware=["a", "c"]), rolled("a", 15), rolled("b", 12),
            rolled("c", 10), started()]  # fmt: skip


ON = "on"


def timeline(setup: list[Line], steps: list[Line], target: str) -> list[tuple[Any, ...]]:
    """(round, turn, remaining rounds / ON / None when gone) after each step, via `at`."""
    events = log(*setup, *steps)
    seen = []
    for at in range(len(setup) + 1, len(events) + 1):
        table = state(events, at)
        shown = table["combatants"][target]["conditions"]
        left = shown[0].get("remaining_rounds", ON) if shown else None
        seen.append((table["round"], table["turn"], left))
    return seen


def lasting(target: str, **duration: Any) -> Line:
    return condition(target, "shaken", duration=duration)
