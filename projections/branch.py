"""What-if branches: the log a branch of an encounter starts with, forked at a line in either
timeline (as written, or as corrected)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast
from uuid import UUID

from domain.corrections import CORRECTION_TYPES, Corrections
from domain.events import ENVELOPE, BranchOf, EncounterCreated, Fact, NoteAdded
from domain.integrity import LogError
from domain.jsonl import parse_event
from projections.effective import corrected_log

Timeline = Literal["then", "corrected"]
NAMED = 200  # the most a name holds (domain.events.Label)


def forked(
    events: Sequence[Fact],
    corrections: Corrections,
    parent: UUID,
    at: int,
    timeline: Timeline = "then",
    name: str | None = None,
) -> list[Fact]:
    """The branch's log: line 1 is the parent's, naming the parent and `at`; lines 2..at are the
    parent's as written (`then`, corrections included) or as corrected (every correction of the
    whole log applied). LogError naming `at` (or `name`) when the branch cannot be made."""
    if not 1 <= at <= len(events):
        raise LogError(at, f"the log ends at line {len(events)}", "at")
    first = cast(EncounterCreated, events[0])
    branch = BranchOf(encounter=parent, position=at, timeline=timeline).model_dump(mode="json")
    named = name or branch_name(first.name, at)
    created = parse_event({**first.to_json_dict(), "name": named, "branch_of": branch}, 1)
    lines = events[1:at] if timeline == "then" else corrected_lines(events, corrections, at)
    return [created, *lines]


def branch_name(name: str, at: int) -> str:
    """The parent's name with the line it was forked at, within the length a name holds."""
    suffix = f" (branch at line {at})"
    return name[: NAMED - len(suffix)] + suffix


def corrected_lines(events: Sequence[Fact], corrections: Corrections, at: int) -> list[Fact]:
    """Lines 2..at as corrected, each keeping its position and envelope (`at`, `by` …): the fact
    in force there, or a note where no fact is (a line revoked, a correction), so every position
    a fact cites (an attack, a save's `against`) still names the same line."""
    fixes = [p for p, e in enumerate(events[1:at], 2) if type(e) in CORRECTION_TYPES]
    in_force = dict(corrected_log(events, 2, at, corrections, fixes))
    lines = []
    for position, written in enumerate(events[1:at], 2):
        envelope = {k: v for k, v in written if k in ENVELOPE and k in written.model_fields_set}
        fact = in_force.get(position)
        if fact is None:
            text = f"line {position} of the parent is not in force as corrected"
            fact = NoteAdded(text=text)
        lines.append(fact if fact is written else fact.model_copy(update=envelope))
    return lines
