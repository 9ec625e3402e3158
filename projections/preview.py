"""A dry run: the table and what each line of a batch would do appended after a log, with
nothing stored (the GM's preview, and a player's proposal as its acceptance would write it)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.commands import AppendFacts, named
from domain.corrections import is_correction
from domain.events import Fact
from domain.integrity import LogError, LogIntegrity
from projections.derived import Derived, derived_lines
from projections.effective import effective_log
from projections.history import History
from projections.view import Table


def dry_run(history: History, facts: Sequence[Fact]) -> tuple[Table, dict[int, Derived]]:
    """The table after `facts` appended to the log of `history` (left as it was), and what each
    of them did (`derived`, by its line)."""
    if any(is_correction(f) for f in facts):  # a correction may reach back: fold it all
        return derived_lines(effective_log([*history.events, *facts]))
    return derived_lines(enumerate(facts, history.version + 1), history.table())


def checked(events: Sequence[Fact], facts: Sequence[Fact]) -> None:
    """The log's integrity checks, as an append runs them; LogError names `facts[n].field`."""
    integrity = LogIntegrity()
    for event in events:
        integrity.record(event)
    for index, fact in enumerate(facts):
        try:
            integrity.append(fact)
        except LogError as exc:
            raise named(AppendFacts(tuple(facts)), exc, index) from None
