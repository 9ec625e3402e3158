"""Whom players may not see, and whose numbers: decided from every version of every join."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from domain.corrections import Corrections, is_correction
from domain.events import CombatantJoined, CombatantRevealed, EventAmended, Fact
from projections.view import NEVER, Table


@dataclass(frozen=True, slots=True)
class Cast:
    """`shown_from`: for each combatant hidden in some version of a join, the first line from
    which players may see it (NEVER while no reveal is in force); `foes`: combatants on a side
    with no player character in some version; `friendly`: the sides with a PC now."""

    shown_from: dict[str, float]
    foes: frozenset[str]
    friendly: frozenset[str]

    def hidden_at(self, combatant: str, position: int) -> bool:
        """Whether a line at `position` naming `combatant` is kept from players."""
        return position < self.shown_from.get(combatant, 0)

    def hidden(self, position: int) -> set[str]:
        """Every combatant kept from players at `position`."""
        return {c for c, first in self.shown_from.items() if position < first}

    def foe(self, combatant: str, side: str | None = None) -> bool:
        """Whether players may not see this combatant's numbers."""
        return combatant in self.foes or (side is not None and side not in self.friendly)


@dataclass(slots=True)
class _Versions:
    """Every version of each line that ever joined or revealed someone."""

    of: dict[int, list[Fact]]
    touched: dict[int, list[int]]  # the corrections aimed at each line
    corrections: Corrections

    def now(self, events: Sequence[Fact], position: int) -> Fact | None:
        """The line's fact in force now (None if revoked)."""
        return self.corrections.in_force(events, position)

    def settled_at(self, positions: Iterable[int]) -> int:
        """The last line that wrote or corrected any of `positions`."""
        return max(max([p, *self.touched.get(p, [])]) for p in positions)


def cast_of(events: Sequence[Fact], lines: Iterable[int], table: Table) -> Cast:
    """The cast of the log `events`, from `lines` (the positions of every join, reveal and
    correction in it) and `table` (the table now, every correction applied)."""
    versions = _versions(events, lines)
    friendly = frozenset(m.side for m in table.members.values() if m.kind == "pc")
    hidden: set[str] = set()
    foes: set[str] = set()
    joins: dict[str, list[int]] = {}
    for position, facts in versions.of.items():
        joined = [f for f in facts if isinstance(f, CombatantJoined)]
        if any(j.hidden for j in joined):  # the line hid someone: all it ever joined stay hidden
            hidden.update(j.combatant for j in joined)
        foes.update(j.combatant for j in joined if j.side not in friendly)
        for combatant in {j.combatant for j in joined}:
            joins.setdefault(combatant, []).append(position)
    shown_from = {c: _revealed_at(c, events, versions, joins[c], table) for c in hidden}
    return Cast(shown_from, frozenset(foes), friendly)


def _versions(events: Sequence[Fact], lines: Iterable[int]) -> _Versions:
    of: dict[int, list[Fact]] = {}
    touched: dict[int, list[int]] = {}
    corrections = Corrections()
    aimed_at: dict[int, int] = {}  # each amendment's target
    for position in sorted(set(lines)):
        event = events[position - 1]
        if not is_correction(event):
            of.setdefault(position, []).insert(0, event)
            continue
        target: int = event.target  # type: ignore[attr-defined]
        for line in {target, aimed_at.get(target, target)}:  # undoing an amendment touches its line
            touched.setdefault(line, []).append(position)
        corrections.take(position, event)
        if isinstance(event, EventAmended):
            of.setdefault(target, []).append(event.replacement)
            aimed_at[position] = target
    return _Versions(of, touched, corrections)


def _revealed_at(
    combatant: str, events: Sequence[Fact], versions: _Versions, joins: list[int], table: Table
) -> float:
    """The first line from which a combatant hidden in some version is shown: once a join in
    force shows it (from the last line that wrote or corrected any of its joins), or from a
    `CombatantRevealed` in force after its join; NEVER while it is hidden now."""
    member = table.members.get(combatant)
    if member is None or member.hidden:
        return NEVER
    found: list[float] = []
    join = versions.now(events, member.joined)
    if isinstance(join, CombatantJoined) and join.combatant == combatant and not join.hidden:
        found.append(versions.settled_at(joins))
    for position in versions.of:
        reveal = versions.now(events, position) if position > member.joined else None
        if isinstance(reveal, CombatantRevealed) and reveal.combatant == combatant:
            found.append(versions.settled_at([position]))
    return min(found, default=NEVER)
