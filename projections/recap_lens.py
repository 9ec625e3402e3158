"""Through whose eyes a recap is read: the GM's (the whole log and table) or the players'
(only what the redaction projection, projections/redaction.py, hands them).

The recap reads facts and tables only as a lens shows them, so the players' recap is the recap
of the player view itself: a combatant the player state does not hold cannot be named, a
number the player log strips cannot be counted, a reason it drops cannot be quoted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from domain.events import Fact
from projections.history import History
from projections.redaction import EVERYONE, PlayerLines, Viewer, player_state
from projections.render import state_json
from projections.table import table_at
from projections.view import Table

Shown = dict[str, Any]


class Lens(Protocol):
    """What one reader may see of a log: its facts, its tables, its corrections."""

    player: bool

    def fact(self, position: int, fact: Fact) -> Shown | None:
        """The fact in force at `position` as shown (None: not shown to this reader)."""

    def state(self, table: Table, position: int) -> Shown:
        """The table after line `position` as shown (CONTRACT §2)."""

    def line(self, position: int) -> Shown | None:
        """The line written at `position` (a correction among them) as shown (None: not
        shown, or withdrawn)."""

    def written(self, position: int) -> Shown | None:
        """The line at `position` as first written (None: its content is not shown)."""


class GmLens:
    """The GM sees every line and the whole table."""

    player = False

    def __init__(self, history: History) -> None:
        self.events: Sequence[Fact] = history.events

    def fact(self, position: int, fact: Fact) -> Shown | None:
        return fact.to_json_dict()

    def state(self, table: Table, position: int) -> Shown:
        return state_json(table, position)

    def line(self, position: int) -> Shown | None:
        return self.events[position - 1].to_json_dict()

    def written(self, position: int) -> Shown | None:
        return self.events[position - 1].to_json_dict()


class PlayerLens:
    """Players see the player log and the player state, nothing else."""

    player = True

    def __init__(self, history: History, viewer: Viewer = EVERYONE) -> None:
        self.events: Sequence[Fact] = history.events
        self.cast = history.cast()
        self.viewer = viewer
        self.lines = PlayerLines(history.events, self.cast, history.withdrawn(), viewer)

    def fact(self, position: int, fact: Fact) -> Shown | None:
        line = self.lines.line(position, fact, in_force=True)  # the fact in force at its line
        return None if line is None else line.get("fact")

    def state(self, table: Table, position: int) -> Shown:
        return player_state(table, position, self.cast, self.viewer)

    def line(self, position: int) -> Shown | None:
        line = self.lines.line(position, self.events[position - 1])
        return None if line is None else line.get("fact")

    def written(self, position: int) -> Shown | None:
        return None  # a revoked or replaced line is a bare withdrawn marker for players


def lens_for(history: History, player: bool, viewer: Viewer = EVERYONE) -> Lens:
    """The players' lens (as `viewer` sees it) or the GM's over one encounter's history."""
    return PlayerLens(history, viewer) if player else GmLens(history)


def begun(events: Sequence[Fact]) -> bool:
    """Whether the fight has begun (its combat started, as corrected): a fight the GM has only
    prepared, even filed under a session, is the GM's to know."""
    return table_at(events).started
