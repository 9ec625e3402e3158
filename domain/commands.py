"""What a GM asks of the log: open or import an encounter, append facts, undo, redo or amend a
line, accept or decline a player's proposal; and what a player asks: propose (each a frozen
value)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from domain.events import ActionProposed, EncounterCreated, Fact, TableFact
from domain.integrity import LogError


@dataclass(frozen=True, slots=True)
class AppendFacts:
    """Record these facts as the next lines, all or none."""

    facts: tuple[Fact, ...]


@dataclass(frozen=True, slots=True)
class Undo:
    """Revoke line `position` alone, or every line in force of the action beginning at line
    `action`, or, when neither is given, of the latest action in force."""

    position: int | None = None
    reason: str | None = None
    action: int | None = None


@dataclass(frozen=True, slots=True)
class Redo:
    """Restore line `position` alone, or every revoked line of the action beginning at line
    `action`, or, when neither is given, every line the latest undo in force took back."""

    position: int | None = None
    reason: str | None = None
    action: int | None = None


@dataclass(frozen=True, slots=True)
class Amend:
    """Correct the ruling at `position`: `replacement` takes effect there."""

    position: int
    replacement: TableFact
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Create:
    """Open a new encounter whose line 1 is `created`."""

    created: EncounterCreated


@dataclass(frozen=True, slots=True)
class Import:
    """Open a new encounter holding a whole log as it was written, every line checked and kept
    with its own `at`, `by` and key."""

    facts: tuple[Fact, ...]


@dataclass(frozen=True, slots=True)
class Propose:
    """A player's proposal, for a character the player holds. `nameable`: the combatants that
    player can see (any other is refused as one who never joined); `players`: the player
    characters in the fight (the service reads both from the table: projections/proposals.py)."""

    proposal: ActionProposed
    nameable: frozenset[str]
    players: frozenset[str]


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the proposal at line `proposal` (`proposed`: that line, as the log holds it):
    as proposed, or as the GM's `facts` when given (an edit), in one action."""

    proposal: int
    proposed: ActionProposed
    facts: tuple[Fact, ...] | None = None
    standing: bool = False  # by the GM's standing ruling, unasked (StandingRulingSet)


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline the proposal at line `proposal`, with a reason for its player."""

    proposal: int
    reason: str | None = None


Command: TypeAlias = (
    AppendFacts | Undo | Redo | Amend | Create | Import | Propose | Accept | Decline
)


def named(command: Command, exc: LogError, index: int) -> LogError:
    """A refusal of the `index`-th fact a command decided, its field named as the command names
    it: `target` of the third fact appended is `facts[2].target`; a correction's is `position`;
    an acceptance's second fact's is `facts[1].target`; a new log's keeps the line's own
    field."""
    field = exc.field
    if isinstance(command, AppendFacts):
        field = f"facts[{index}].{field}" if field else field
    elif isinstance(command, Accept) and index > 0:  # line 0 is the acceptance itself
        field = f"facts[{index - 1}].{field}" if field else field
    elif isinstance(command, Undo | Redo | Amend) and field == "target":
        field = "position"
    refused = LogError(exc.position, exc.reason, field)
    refused.index = index
    return refused
