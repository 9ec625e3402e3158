"""Round and turn: who acts next, turn and round hooks, and when timed conditions run out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.events import RoundsDuration, TurnDuration
from domain.rulesets.base import Ctx
from projections.view import NEVER, Condition, Member, Table


def ctx(table: Table, member: Member) -> Ctx:
    """What the ruleset may read about `member` at this point of the log."""
    return Ctx(
        options=table.options,
        stats=member.stats,
        kind=member.kind,
        position=table.position,
        round=table.round,
        phase=table.phase,
        own_turn=table.turn == member.id,
        regular_turns=member.regular_turns,
        acted=member.acted,
        conditions=member.conditions,
    )


def with_body(table: Table, member: Member, body: Any) -> Table:
    """The table with one combatant's damage track replaced."""
    if body is member.body:
        return table
    return replace(table, members=table.members.set(member.id, replace(member, body=body)))


def count_of(table: Table, member_id: str | None) -> float:
    """The initiative count a turn is taken on (setup: before every count)."""
    member = table.members.get(member_id) if member_id else None
    return NEVER if member is None or member.initiative is None else member.initiative


def eligible(table: Table, member: Member) -> bool:
    """Whether the turn comes to this combatant now."""
    if member.left or member.delaying or not table.rules.takes_turn(member.body):
        return False
    return table.phase != "surprise" or member.id in (table.aware or ())


def start_combat(table: Table) -> Table:
    """CombatStarted: a surprise round if some but not all are aware, then the first turn."""
    present = {m.id for m in table.members.values() if not m.left}
    aware = present & (table.aware or present)
    surprise = 0 < len(aware) < len(present)
    first = 0 if surprise else 1
    members = table.members
    for member in table.members.values():
        rebased = tuple(
            replace(c, began_round=first) if c.began_round is None else c for c in member.conditions
        )
        members = members.set(member.id, replace(member, conditions=rebased))
    from projections.order import in_order

    table = replace(
        table,
        phase="surprise" if surprise else "combat",
        round=first,
        members=members,
        order=tuple(m.id for m in in_order(table)),
    )
    return _first_turn(_round_hooks(table), start=0)


def end_turn(table: Table, member_id: str) -> Table:
    """The current turn ends: end-of-turn rules and expiries, then the next combatant's turn."""
    member = table.members[member_id]
    table = with_body(table, member, table.rules.turn_ended(member.body, ctx(table, member)))
    table = _expire_turn_bound(table, member_id, "end_of_turn")
    return advance(replace(table, last_ended=member_id), member_id)


def advance(table: Table, after: str) -> Table:
    """Pass the turn to the next combatant who can take one, starting new rounds as needed."""
    if after not in table.order:
        return _first_turn(table, start=0)
    return _first_turn(table, start=table.order.index(after) + 1)


def _first_turn(table: Table, start: int) -> Table:
    for _ in range(2 * len(table.order) + 2):
        if start >= len(table.order):
            table, start = _new_round(table), 0
            continue
        member = table.members[table.order[start]]
        if eligible(table, member):
            return start_turn(table, member.id)
        start += 1
    return replace(table, turn=None)


def _new_round(table: Table) -> Table:
    phase = "combat" if table.phase == "surprise" else table.phase
    table = replace(
        table, round=table.round + 1, phase=phase, turn=None, began_this_round=frozenset()
    )
    return _round_hooks(_expire_rounds(table, lambda c, end: table.round + 1 > end))


def _round_hooks(table: Table) -> Table:
    for member in list(table.members.values()):
        if not member.left:
            table = with_body(
                table, member, table.rules.round_started(member.body, ctx(table, member))
            )
    return table


def start_turn(table: Table, member_id: str) -> Table:
    """A combatant's turn begins: expiries first, then the ruleset's start-of-turn rules."""
    if member_id in table.began_this_round:
        return replace(table, turn=member_id)
    count = count_of(table, member_id)
    table = _expire_rounds(table, lambda c, end: _reached(table, c, end, count, member_id))
    table = _expire_turn_bound(table, member_id, "start_of_turn")
    member = table.members[member_id]
    regular = member.regular_turns + (1 if table.phase == "combat" else 0)
    member = replace(member, regular_turns=regular, acted=True, readied=False)
    table = replace(
        table,
        turn=member_id,
        began_this_round=table.began_this_round | {member_id},
        members=table.members.set(member_id, member),
    )
    return with_body(table, member, table.rules.turn_started(member.body, ctx(table, member)))


def _reached(table: Table, c: Condition, end: int, count: float, member_id: str) -> bool:
    """000 "THE COMBAT ROUND": an N-round effect ends just before the count it began on."""
    if table.round != end:
        return table.round > end
    if table.options.duration_key == "slot" and c.began_slot is not None:
        return member_id == c.began_slot or count < c.began_count
    return count <= c.began_count


def _expire_rounds(table: Table, due: Any) -> Table:
    def keep(c: Condition) -> bool:
        if not isinstance(c.duration, RoundsDuration) or c.began_round is None:
            return True
        return not due(c, c.began_round + c.duration.rounds)

    return _filter_conditions(table, keep)


def _expire_turn_bound(table: Table, member_id: str, point: str) -> Table:
    def tick(c: Condition) -> Condition | None:
        d = c.duration
        if not isinstance(d, TurnDuration) or d.of != member_id or d.until != point:
            return c
        return replace(c, skips=c.skips - 1) if c.skips > 0 else None

    members = table.members
    for member in table.members.values():
        ticked = tuple(t for c in member.conditions if (t := tick(c)) is not None)
        if ticked != member.conditions:
            members = members.set(member.id, replace(member, conditions=ticked))
    return replace(table, members=members)


def _filter_conditions(table: Table, keep: Any) -> Table:
    members = table.members
    for member in table.members.values():
        kept = tuple(c for c in member.conditions if keep(c))
        if len(kept) != len(member.conditions):
            members = members.set(member.id, replace(member, conditions=kept))
    return replace(table, members=members) if members is not table.members else table


def remaining_rounds(table: Table, c: Condition) -> int | None:
    """Rounds left of an N-round condition, counted at its starting count."""
    if not isinstance(c.duration, RoundsDuration):
        return None
    if c.began_round is None:
        return c.duration.rounds
    end = c.began_round + c.duration.rounds
    before_count = count_of(table, table.turn) > c.began_count
    return max(0, end - table.round + (1 if before_count else 0))
