"""What an encounter is filed under: the campaign and session in force, read from its log.

Line 1 may name a campaign and a session (`EncounterCreated`); an `EncounterFiled` later
replaces them. Both are facts, so undoing a filing (or amending it) files the encounter as it
was before, in either timeline."""

from __future__ import annotations

from collections.abc import Sequence

from domain.events import EncounterCreated, EncounterFiled, Fact, Filed
from projections.effective import effective_log


def filed_under(events: Sequence[Fact], upto: int | None = None) -> Filed:
    """The campaign and session in force after line `upto` (None: the whole log, as corrected)."""
    found = Filed()
    for _, fact in effective_log(events, upto):
        if isinstance(fact, EncounterCreated | EncounterFiled):
            found = Filed(campaign=fact.campaign, session=fact.session)
    return found


def is_branch(events: Sequence[Fact]) -> bool:
    """Whether the encounter is a what-if branch of another (line 1 names its parent)."""
    return (
        bool(events) and isinstance(events[0], EncounterCreated) and events[0].branch_of is not None
    )
