"""A whole session replayed as one log: its fights in the order they were fought, their lines
numbered on from one fight to the next, and the GM's table of the fight at any session line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from api.campaigns.sessions import Fight
from api.service.encounters import Encounters
from projections.history import Timeline


@dataclass(frozen=True)
class Span:
    """One fight of the session and its range of session lines (first..last, 1-based)."""

    id: str
    name: str
    ruleset: str
    first: int
    last: int


def spans(encounters: Encounters, fights: Sequence[Fight]) -> list[Span]:
    """Each fight's range of session lines, in order, counted from its log as it stands."""
    found, before = [], 0
    for fight in fights:
        lines = encounters.read(UUID(fight.id), lambda h: h.version)
        found.append(Span(fight.id, fight.name, fight.ruleset, before + 1, before + lines))
        before += lines
    return found


def fight_at(session: Sequence[Span], at: int) -> Span:
    """The fight holding session line `at` (within 1..the last fight's last line)."""
    return next(span for span in session if span.first <= at <= span.last)


def table_at(
    encounters: Encounters, span: Span, line: int | None, timeline: Timeline = "then"
) -> dict[str, Any]:
    """The GM's table state (CONTRACT §2) of the fight after its own line `line` (None: its
    end): as it stood then, or as corrected."""
    return encounters.read(UUID(span.id), lambda history: history.gm_state(line, timeline))
