"""The frozen views the table fold builds: the table, its combatants and their conditions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from immutables import Map

from domain.events import Duration
from domain.rulesets.base import Effect

NEVER = float("inf")


@dataclass(frozen=True, slots=True)
class Condition(Effect):
    """A condition in force, with the bookkeeping its duration needs."""

    duration: Duration | None = None
    beneficial: bool | None = None
    began_round: int | None = None
    began_count: float = NEVER
    began_slot: str | None = None
    skips: int = 0


@dataclass(frozen=True, slots=True)
class Member:
    """A combatant as the table sees it."""

    id: str
    name: str
    side: str
    kind: str
    hidden: bool
    group: str | None
    joined: int
    stats: Any
    body: Any
    initiative: int | None = None
    modifier: int = 0
    tie_rank: int | None = None
    conditions: tuple[Condition, ...] = ()
    regular_turns: int = 0
    acted: bool = False
    delaying: bool = False
    readied: bool = False
    left: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """The whole table at one point of the log."""

    rules: Any
    options: Any
    name: str
    position: int = 1
    phase: str = "setup"
    round: int = 0
    turn: str | None = None
    order: tuple[str, ...] = ()
    members: Map[str, Member] = field(default_factory=Map)
    aware: frozenset[str] | None = None
    attacks: Map[int, str | None] = field(default_factory=Map)
    began_this_round: frozenset[str] = frozenset()
    last_ended: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def started(self) -> bool:
        return self.phase != "setup"
