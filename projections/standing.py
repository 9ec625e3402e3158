"""The GM's standing ruling on players' proposals, read from the log: the latest
`StandingRulingSet` in force (undone or amended, the one before it is), and which proposals it
accepts unasked — a player's initiative and their own saving throws."""

from __future__ import annotations

from collections.abc import Sequence

from domain.events import (
    ActionProposed,
    Fact,
    InitiativeRolled,
    SavingThrowRolled,
    StandingRulingSet,
)
from projections.effective import effective_log


def accepts_routine(events: Sequence[Fact], upto: int | None = None) -> bool:
    """Whether, after line `upto` (None: the whole log, as corrected), the GM's standing ruling
    accepts a player's initiative and own saves without asking (off until the GM sets it)."""
    found = False
    for _, fact in effective_log(events, upto):
        if isinstance(fact, StandingRulingSet):
            found = fact.accept_routine
    return found


def routine(proposal: ActionProposed) -> bool:
    """Whether the standing ruling takes `proposal` unasked: each of its facts is the proposer's
    own initiative or saving throw (the log holds every proposed fact to the proposer anyway)."""
    return all(
        isinstance(fact, InitiativeRolled | SavingThrowRolled)
        and fact.combatant == proposal.combatant
        for fact in proposal.facts
    )
