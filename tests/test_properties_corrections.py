"""Properties of every valid log, all five rulesets: undo, redo and amend as if always so, for a
line and for an action (the lines of one write)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from domain.commands import Redo, Undo
from domain.decide import decide
from domain.events import (
    CombatantJoined,
    DamageDealt,
    Event,
    EventAmended,
    EventRestored,
    EventRevoked,
    Fact,
    SavingThrowRolled,
)
from domain.integrity import LogError
from domain.jsonl import check_log
from tests.builders import state
from tests.strategies import FAST, Builder, logs, simple_fact


def table_view(events: Sequence[Fact]) -> dict[str, Any]:
    """The state without what depends on line numbers: the version and the warnings."""
    shown = state(events)
    del shown["version"], shown["warnings"]
    return shown


def references(event: Fact) -> list[int]:
    """The log positions a fact points at."""
    match event:
        case DamageDealt(attack=int(p)):
            return [p]
        case SavingThrowRolled(against=int(p)):
            return [p]
        case EventRevoked(target=p) | EventRestored(target=p):
            return [p]
        case EventAmended(target=p, replacement=r):
            return [p, *references(r)]
    return []


def nothing_after_points_at(events: list[Event], p: int) -> bool:
    """No line after `p` refers to `p` or later: removing line p renumbers no reference."""
    return all(r < p for e in events[p:] for r in references(e))


def accepts(events: list[Event], event: Fact) -> bool:
    integrity = check_log(events)
    try:
        integrity.check(event)
    except LogError:
        return False
    return True


def as_one_action(events: list[Event], first: int, last: int) -> list[Event]:
    """The log with lines first..last recorded as one write: each naming the first."""
    action = [e.model_copy(update={"action": first}) for e in events[first - 1 : last]]
    return [*events[: first - 1], *action, *events[last:]]


def undo_of_the_action(events: list[Event], first: int) -> list[Fact]:
    """What Undo(action=first) records on the log, checked as the log takes it."""
    integrity = check_log(events)
    undo = decide(integrity, Undo(action=first))
    integrity.extend(undo)
    return undo


def an_action(events: list[Event], data: st.DataObject) -> tuple[int, int]:
    """Two to four consecutive lines after line 1, each a fact or an amendment in force, no
    line after them pointing into them or beyond (removing them renumbers no reference; lines
    of the action may point at each other, as a damage at its attack)."""
    assume(len(events) >= 3)
    first = data.draw(st.integers(2, len(events) - 1), label="action's first line")
    last = data.draw(st.integers(first + 1, min(len(events), first + 3)), label="its last")
    revoked = check_log(events).revoked
    lines = range(first, last + 1)
    assume(not any(isinstance(events[p - 1], EventRevoked | EventRestored) for p in lines))
    assume(revoked.isdisjoint(lines))
    assume(all(r < first for e in events[last:] for r in references(e)))
    return first, last


# --- the properties ---------------------------------------------------------------------------


@FAST
@given(logs(), st.data())
def test_undo_is_as_if_it_never_happened(events: list[Event], data: st.DataObject) -> None:
    candidates = [
        p for p in range(2, len(events) + 1)
        if nothing_after_points_at(events, p) and accepts(events, EventRevoked(target=p))
    ]  # fmt: skip
    assume(candidates)
    p = data.draw(st.sampled_from(candidates), label="revoked line")

    undone = [*events, EventRevoked(target=p)]
    never = events[: p - 1] + events[p:]

    assert table_view(undone) == table_view(never)


@FAST
@given(logs(), st.data())
def test_undoing_an_action_is_as_if_none_of_its_lines_happened(
    events: list[Event], data: st.DataObject
) -> None:
    first, last = an_action(events, data)
    written = as_one_action(events, first, last)
    undo = undo_of_the_action(written, first)

    assert [fact.target for fact in undo] == list(range(first, last + 1))  # type: ignore[attr-defined]
    undone = [*written, *undo]
    never = events[: first - 1] + events[last:]

    assert table_view(undone) == table_view(never)


@FAST
@given(logs(), st.data())
def test_undoing_an_action_then_redoing_is_as_if_nothing_was_undone(
    events: list[Event], data: st.DataObject
) -> None:
    first, last = an_action(events, data)
    written = as_one_action(events, first, last)
    undo = undo_of_the_action(written, first)
    redo = decide(check_log([*written, *undo]), Redo())

    assert [fact.target for fact in redo] == list(range(first, last + 1))  # type: ignore[attr-defined]
    assert table_view([*written, *undo, *redo]) == table_view(events)


@FAST
@given(logs(), st.data())
def test_undo_then_redo_is_as_if_nothing_was_undone(
    events: list[Event], data: st.DataObject
) -> None:
    candidates = [p for p in range(2, len(events) + 1) if accepts(events, EventRevoked(target=p))]
    assume(candidates)
    p = data.draw(st.sampled_from(candidates), label="revoked and restored line")

    redone = [*events, EventRevoked(target=p), EventRestored(target=p)]

    assert table_view(redone) == table_view(events)


@FAST
@given(logs(), st.data())
def test_amending_is_as_if_it_was_always_the_replacement(
    events: list[Event], data: st.DataObject
) -> None:
    corrected = {t for e in events if isinstance(e, EventRevoked | EventRestored | EventAmended)
                 for t in [e.target]}  # fmt: skip
    ruleset = getattr(events[0], "ruleset", "dnd35")
    b = Builder(data.draw, refs=False, corrections=False, ruleset=ruleset)
    b.integrity = check_log(events)
    replacement = simple_fact(b)
    candidates = [
        p for p in range(2, len(events) + 1)
        if p not in corrected and accepts(events, EventAmended(target=p, replacement=replacement))
    ]  # fmt: skip
    assume(candidates)
    p = data.draw(st.sampled_from(candidates), label="amended line")

    amended = [*events, EventAmended(target=p, replacement=replacement)]
    always = [*events[: p - 1], replacement, *events[p:]]

    assert table_view(amended) == table_view(always)


@FAST
@given(logs(), st.data())
def test_folds_never_raise_when_a_join_is_revoked_and_references_dangle(
    events: list[Event], data: st.DataObject
) -> None:
    joins = [n for n, e in enumerate(events, start=1) if isinstance(e, CombatantJoined)]
    undo = [
        EventRevoked(target=p)
        for p in data.draw(st.lists(st.sampled_from(joins), unique=True, min_size=1))
    ]
    ok = [u for u in undo if accepts(events, u)]
    assume(ok)
    events = [*events, *ok[:1]]
    for u in ok[1:]:
        if accepts(events, u):
            events.append(u)

    shown = state(events)

    assert shown["version"] == len(events)
