"""The views the table fold builds: the table, its combatants and their conditions.

Conditions and damage tracks are immutable values. The table and its combatants are mutable
slotted dataclasses, and only inside one fold: every entry point hands out a private copy
(`copy_table`), so no caller ever sees a view change. This keeps a fold near 5 µs per event,
which the undo and replay latency targets need; a frozen table rebuilt on every fact costs ~60 µs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pydantic import BaseModel

from domain.events import Duration
from domain.rulesets.base import SHARED_TRAITS, CommonOptions, Effect, Ruleset, Traits

NEVER = float("inf")
NOTES_KEPT = 50


@dataclass(frozen=True, slots=True)
class Condition(Effect):
    """A condition in force, with the bookkeeping its duration needs."""

    duration: Duration | None = None
    beneficial: bool | None = None
    began_round: int | None = None
    began_count: float = NEVER
    began_slot: str | None = None
    skips: int = 0
    saved_round: int | None = None  # the round of the latest failed save against it (save ends)


@dataclass(slots=True)
class Member:
    """A combatant as the table sees it."""

    id: str
    name: str
    side: str
    kind: str
    hidden: bool
    group: str | None
    joined: int
    stats: BaseModel  # the ruleset's stats model
    body: Any  # the ruleset's own damage track (each system's Body type)
    initiative: int | None = None
    count: float | None = None
    placed: bool = False
    modifier: int = 0
    tie_rank: int | None = None
    conditions: tuple[Condition, ...] = ()
    regular_turns: int = 0
    acted: bool = False
    delaying: bool = False
    readied: bool = False
    left: bool = False

    def copy(self) -> Member:
        """An independent copy (its values are immutable, so a shallow copy is enough)."""
        new = Member.__new__(Member)
        for name in Member.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new


class TurnStart(NamedTuple):
    """What a turn's start changed, kept so a delayer stepping in first can undo it."""

    member_id: str
    regular_turns: int
    acted: bool
    readied: bool
    body: Any
    conditions: dict[str, tuple[Condition, ...]]
    round_before: Table | None = None  # the table before this turn's round began (a delayer
    # may still take its turn in the round just gone: Traits.delay_within_round)


class Due(NamedTuple):
    """When any timed condition at the table may run out, so most turns check none of them."""

    round: float  # the earliest round an N-round condition ends in (NEVER: none)
    first: tuple[float, float]  # (round, -count) of the first turn one ends before (by count)
    turns_of: frozenset[str]  # whose turns some condition lasts until the start or end of


@dataclass(slots=True)
class Table:
    """The whole table at one point of the log."""

    rules: Ruleset[Any, CommonOptions, BaseModel] = field(compare=False)  # the encounter's (one
    # ruleset, perhaps another object of it when read back from a stored table); Body varies
    options: CommonOptions  # the ruleset's options model, as the GM chose them
    name: str
    position: int = 1
    phase: str = "setup"
    round: int = 0
    turn: str | None = None
    order: list[str] = field(default_factory=list)
    members: dict[str, Member] = field(default_factory=dict)
    aware: frozenset[str] | None = None
    attacks: dict[int, str | None] = field(default_factory=dict)
    attackers: dict[int, str] = field(default_factory=dict)
    attacks_forgotten: int = 0
    began_this_round: set[str] = field(default_factory=set)
    last_ended: str | None = None
    deferred_ties: list[list[str]] = field(default_factory=list)
    deferred_moves: list[str] = field(default_factory=list)
    timed: set[str] = field(default_factory=set)
    just_started: TurnStart | None = None
    prior_start: TurnStart | None = None
    notes: list[str] = field(default_factory=list)
    traits: Traits = SHARED_TRAITS
    due: Due | None = field(default=None, compare=False)  # when a timed condition may next run
    # out (None: work it out again): a cache, as `landed` is a note for the step just taken
    landed: int = field(default=0, compare=False)  # the line of the latest damage applied (not
    # copied: read as it lands)

    @property
    def started(self) -> bool:
        return self.phase != "setup"


def set_conditions(table: Table, member: Member, conditions: tuple[Condition, ...]) -> None:
    """Replace a combatant's conditions, keeping the index of who has timed ones up to date."""
    member.conditions = conditions
    table.due = None
    if any(c.duration is not None for c in conditions):
        table.timed.add(member.id)
    else:
        table.timed.discard(member.id)


def copy_table(table: Table) -> Table:
    """An independent copy of a table, so folding on from it never changes the original."""
    return Table(
        rules=table.rules,
        options=table.options,
        name=table.name,
        position=table.position,
        phase=table.phase,
        round=table.round,
        turn=table.turn,
        order=list(table.order),
        members={k: m.copy() for k, m in table.members.items()},
        aware=table.aware,
        attacks=dict(table.attacks),
        attackers=dict(table.attackers),
        attacks_forgotten=table.attacks_forgotten,
        began_this_round=set(table.began_this_round),
        last_ended=table.last_ended,
        deferred_ties=list(table.deferred_ties),
        deferred_moves=list(table.deferred_moves),
        timed=set(table.timed),
        just_started=table.just_started,
        prior_start=table.prior_start,
        notes=list(table.notes),
        traits=table.traits,
        due=table.due,
    )


def note(table: Table, text: str) -> None:
    """Something the GM should see about a fact the table could not take as written."""
    table.notes.append(f"line {table.position}: {text}")
    del table.notes[:-NOTES_KEPT]
