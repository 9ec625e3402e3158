"""Corrections in one value: the lines revoked and each line's amendments, a line at a time."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from domain.events import EventAmended, EventRestored, EventRevoked, Fact
from domain.lean import kinds_with_twins

# The correction types, named here once: undo, redo and amend (CONTRACT §1).
Correction = EventRevoked | EventRestored | EventAmended
CORRECTION_MODELS: tuple[type[Fact], ...] = (EventRevoked, EventRestored, EventAmended)
CORRECTION_NAMES = frozenset(str(t.model_fields["type"].default) for t in CORRECTION_MODELS)
# ... and their lean twins (domain/lean.py), for a lookup by exact type
CORRECTION_TYPES: frozenset[type[Fact]] = kinds_with_twins(CORRECTION_MODELS)
UNREVOCABLE_NAMES = frozenset({"EventRevoked", "EventRestored"})  # undo/redo the target instead


def is_correction(fact: Fact) -> bool:
    """Whether the fact corrects another line rather than happening at the table."""
    return type(fact) in CORRECTION_TYPES


@dataclass(slots=True)
class Corrections:
    """What the corrections taken so far say: the lines revoked (not restored) and, per line, the
    lines amending it in order. A revoked amendment no longer applies, so the one before it (or
    the original) is back in force."""

    revoked: set[int] = field(default_factory=set)
    amendments: dict[int, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, events: Sequence[Fact], lines: Iterable[int]) -> Corrections:
        """The corrections at `lines` (positions of correction lines of `events`), in order."""
        found = cls()
        for position in lines:
            found.take(position, events[position - 1])
        return found

    def take(self, position: int, correction: Fact) -> None:
        """The correction at line `position` (any other fact changes nothing)."""
        match correction:
            case EventRevoked(target=target):
                self.revoked.add(target)
            case EventRestored(target=target):
                self.revoked.discard(target)
            case EventAmended(target=target):
                self.amendments.setdefault(target, []).append(position)

    def amended_by(self, position: int) -> int | None:
        """The amendment of line `position` in force: its latest one not revoked, if any."""
        for line in reversed(self.amendments.get(position, ())):
            if line not in self.revoked:
                return line
        return None

    def source(self, position: int) -> int | None:
        """The line whose content is in force at `position`: None if it is revoked, else its
        amendment in force, else the line itself."""
        if position in self.revoked:
            return None
        return self.amended_by(position) or position

    def in_force(self, events: Sequence[Fact], position: int) -> Fact | None:
        """The fact in force at `position` of `events` (None if revoked)."""
        line = self.source(position)
        if line is None:
            return None
        fact = events[line - 1]
        return fact.replacement if isinstance(fact, EventAmended) and line != position else fact

    def replacements(self, events: Sequence[Fact], start: int, upto: int) -> dict[int, Fact]:
        """Each line of start..upto whose amendment is in force, with the replacement in force."""
        found: dict[int, Fact] = {}
        for target in self.amendments:
            line = self.amended_by(target) if start <= target <= upto else None
            if line is not None:
                amendment = events[line - 1]
                assert isinstance(amendment, EventAmended)
                found[target] = amendment.replacement
        return found

    def withdrawn(self) -> set[int]:
        """Lines whose content is no longer in force: revoked lines, amended lines, and
        amendments revoked, superseded or aimed at a revoked line."""
        gone = set(self.revoked)
        for target, lines in self.amendments.items():
            live = self.amended_by(target)
            in_force = None if target in self.revoked else live
            gone.update(line for line in lines if line != in_force)
            if live is not None:
                gone.add(target)
        return gone
