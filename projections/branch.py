"""What-if branches: the log a branch of an encounter starts with, forked at a line in either
timeline (as written, or as corrected)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast
from uuid import UUID

from domain.corrections import CORRECTION_TYPES
from domain.events import (
    LABEL_MOST,
    BranchOf,
    CombatantJoined,
    EncounterCreated,
    EventAmended,
    Fact,
)
from domain.integrity import LogError, LogIntegrity
from domain.jsonl import parse_event
from projections.history import Timeline
from projections.render import named


def forked(
    events: Sequence[Fact],
    parent: UUID,
    at: int,
    timeline: Timeline = "then",
    name: str | None = None,
) -> list[Fact]:
    """The branch's log: line 1 is the parent's, naming the parent and `at`; lines 2..at are the
    parent's as written (`then`, corrections included), and as corrected (`corrected`) the
    corrections recorded later that reach back into them follow (`corrected_lines`). LogError
    naming `at` when the branch cannot be made."""
    if not 1 <= at <= len(events):
        raise LogError(at, f"the log ends at line {len(events)}", "at")
    first = cast(EncounterCreated, events[0])
    branch_of = BranchOf(encounter=parent, position=at, timeline=timeline).model_dump(mode="json")
    called = name or branch_name(first.name, at)
    created = parse_event({**first.to_json_dict(), "name": called, "branch_of": branch_of}, 1)
    if timeline == "then":
        return [created, *events[1:at]]
    branch = takes_corrections([created, *corrected_lines(events, at)], at)
    return names_no_later_joiner(branch, events, at)


def names_no_later_joiner(branch: list[Fact], events: Sequence[Fact], at: int) -> list[Fact]:
    """The branch, unless a correction it carries names — in any field that names combatants,
    free-text ones such as a condition's `source` included — someone who joins the parent only
    after line `at`: the branch never has them, so its players would read a name the parent's
    players may never have been shown (LogError naming `timeline`)."""
    joined = later_joiners(events, at)
    for position, fact in enumerate(branch[at:], at + 1):
        for who in sorted(named(fact.to_json_dict()) & joined):
            reason = (f"a correction recorded after line {at} names {who}, who joins only "
                      "after it")  # fmt: skip
            raise LogError(position, reason, "timeline")
    return branch


def later_joiners(events: Sequence[Fact], at: int) -> set[str]:
    """The combatants whose joining is recorded after line `at` (as written, or as an
    amendment's replacement), and who had not joined by line `at`."""
    early = {e.combatant for e in events[:at] if isinstance(e, CombatantJoined)}
    late = set()
    for event in events[at:]:
        fact = event.replacement if isinstance(event, EventAmended) else event
        if isinstance(fact, CombatantJoined) and fact.combatant not in early:
            late.add(fact.combatant)
    return late


def takes_corrections(branch: list[Fact], at: int) -> list[Fact]:
    """The branch as corrected if its log can hold the later corrections it carries; LogError
    naming `timeline` if one cannot be taken there (say it replaces a line with a fact about
    someone who joins after line `at`)."""
    integrity = LogIntegrity()
    for position, fact in enumerate(branch, 1):
        try:
            integrity.append(fact)
        except LogError as exc:
            reason = f"a correction recorded after line {at} cannot be taken there: {exc.reason}"
            raise LogError(position, reason, "timeline") from None
    return branch


def branch_name(name: str, at: int) -> str:
    """The parent's name with the line it was forked at, within the length a name holds."""
    suffix = f" (branch at line {at})"
    return name[: LABEL_MOST - len(suffix)] + suffix


def corrected_lines(events: Sequence[Fact], at: int) -> list[Fact]:
    """Lines 2..at as written, then every correction recorded after line `at` that reaches back
    into them (or corrects such a correction), in order and with its own envelope, its target
    renumbered when that is one of those corrections: folded, the table after line `at` as
    corrected. Every position a fact cites keeps its meaning, and every version of a line stays
    in the log, as the player view needs to keep hidden what was ever hidden. Corrections of
    one action (an undo of several lines) stay one: those carried are consecutive lines still,
    each naming the first of them."""
    moved: dict[int, int] = {}
    begun: dict[int, int] = {}  # an action's first line: where the first of its lines carried is
    later: list[Fact] = []
    for position, event in enumerate(events[at:], at + 1):
        if type(event) not in CORRECTION_TYPES:
            continue
        target: int = event.target  # type: ignore[attr-defined]
        if target <= at or target in moved:
            moved[position] = at + len(later) + 1
            changes = {"target": target if target <= at else moved[target]}
            if event.action is not None:
                changes["action"] = begun.setdefault(event.action, moved[position])
            later.append(event.model_copy(update=changes))
    return [*events[1:at], *later]
