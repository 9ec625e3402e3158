"""Round and turn: who acts next, turn and round hooks, and when timed conditions run out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from domain.events import RoundsDuration, TurnDuration
from domain.rulesets.base import Ctx
from projections import departures
from projections.order import in_order, insert, settle_tie
from projections.view import NEVER, Condition, Due, Member, Table, TurnStart, set_conditions

Ends = Callable[[Condition, int], bool]
# Two NamedTuples made for nearly every fact, from their fields in order, without the call to
# their generated __new__ (the fold's most frequent call after the steps themselves):
_new_ctx: Callable[[type[Ctx], tuple[Any, ...]], Ctx] = tuple.__new__
_new_start: Callable[[type[TurnStart], tuple[Any, ...]], TurnStart] = tuple.__new__


def ctx(table: Table, member: Member) -> Ctx:
    """What the ruleset may read about `member` at this point of the log."""
    return _new_ctx(Ctx, (
        table.options, member.stats, member.kind, table.position, table.round, table.phase,
        table.turn == member.id, member.regular_turns, member.acted, member.conditions,
        table.phase == "surprise" and member.id not in (table.aware or ()),
    ))  # fmt: skip


def count_of(table: Table, member_id: str | None) -> float:
    """The initiative count a turn is taken on (setup: before every count)."""
    member = table.members.get(member_id) if member_id else None
    return NEVER if member is None or member.count is None else member.count


def eligible(table: Table, member: Member) -> bool:
    """Whether the turn comes to this combatant now."""
    if member.left or member.delaying or not table.rules.takes_turn(member.body):
        return False
    if table.phase != "surprise":
        return True
    surprise_turns = table.traits.surprised_take_turn  # Orcus L1067: a turn with no actions
    return surprise_turns or member.id in (table.aware or ())


def start_combat(table: Table) -> None:
    """CombatStarted: a surprise round if some but not all are aware, then the first turn."""
    present = {m.id for m in table.members.values() if not m.left}
    aware = present & (table.aware or present)
    surprise = 0 < len(aware) < len(present)
    first = 0 if surprise else 1
    for member in table.members.values():
        rebased = (_rebased(c, first) if c.began_round is None else c for c in member.conditions)
        set_conditions(table, member, tuple(rebased))
    table.phase = "surprise" if surprise else "combat"
    table.round = first
    table.order = [m.id for m in in_order(table)]
    _round_hooks(table)
    _first_turn(table, start=0)


def _rebased(c: Condition, first_round: int) -> Condition:
    return replace(c, began_round=first_round)


def end_turn(table: Table, member_id: str) -> None:
    """The current turn ends: end-of-turn rules and expiries, then the next combatant's turn."""
    member = table.members[member_id]
    _turn_rule(table, member, table.traits.body_turn_ended, table.rules.turn_ended)
    if table.timed and member_id in (table.due or _due(table)).turns_of:
        _expire_turn_bound(table, member_id, "end_of_turn")
    table.last_ended = member_id
    advance(table, member_id)


def advance(table: Table, after: str) -> None:
    """Pass the turn to the next combatant who can take one, starting new rounds as needed."""
    try:
        start = table.order.index(after) + 1  # one scan of the order where `in` took a second
    except ValueError:
        start = 0
    _first_turn(table, start)


def first_turn(table: Table) -> None:
    """Give the turn to the first combatant in order who can take one, in the current round."""
    _first_turn(table, start=0)


def joins(table: Table, member_id: str) -> None:
    """True20 "Joining a Fight" L141: a newcomer placed between the turn just ended and the turn
    begun after it, nothing of which has happened yet, acts now, as a DelayEnded there does."""
    pending = _passed_over(table, member_id)
    if pending is not None:
        unstart(table, pending)
        start_turn(table, member_id)
    keep_turn_start(table)


def keep_turn_start(table: Table) -> None:
    """A join is no part of anyone's turn: a turn just begun stays just begun (True20 L141)."""
    if table.rules.places_by_count and table.just_started is None:
        table.just_started = table.prior_start


def _passed_over(table: Table, member_id: str) -> TurnStart | None:
    """The just begun turn a newcomer's place comes before, when the rules let it act now."""
    pending = table.prior_start
    if not table.rules.places_by_count or pending is None or pending.member_id != table.turn:
        return None
    if table.turn not in table.order or not eligible(table, table.members[member_id]):
        return None
    new, now = table.order.index(member_id), table.order.index(table.turn)
    last = table.order.index(table.last_ended) if table.last_ended in table.order else -1
    return pending if new < now and not new < last < now else None  # a round may have turned


def _could_act(table: Table, member: Member) -> bool:
    return not (member.left or member.delaying) and table.rules.takes_turn(member.body)


def _first_turn(table: Table, start: int) -> None:
    """The rest of this round first; then, if anyone at all can act, the next round (twice when
    the surprise round had no one left to act)."""
    members = table.members
    for member_id in table.order[start:]:  # most turns: the next in order takes it
        if eligible(table, members[member_id]):
            return start_turn(table, member_id)
    _next_rounds(table)


def _next_rounds(table: Table) -> None:
    """`_first_turn` once the rest of this round has no one to act (as it was, from a search
    of the rest of the round that finds no one)."""
    before: Table | None = None
    start = len(table.order)
    for _ in range(3):
        for member_id in table.order[start:]:
            if eligible(table, table.members[member_id]):
                start_turn(table, member_id)
                if before is not None and table.just_started is not None:
                    table.just_started = table.just_started._replace(round_before=before)
                return
        if not any(_could_act(table, table.members[i]) for i in table.order):
            break
        before = before or departures.round_end(table)
        _new_round(table)
        start = 0
    table.turn = None


def _new_round(table: Table) -> None:
    table.round += 1
    table.phase = "combat" if table.phase == "surprise" else table.phase
    table.turn = None
    table.began_this_round = set()
    for tied in table.deferred_ties:
        settle_tie(table, tied)
    for member_id in table.deferred_moves:
        if member_id in table.order:
            insert(table, member_id)
    table.deferred_ties, table.deferred_moves = [], []
    if table.traits.delay_within_round:
        departures.waste_delays(table)
    now = table.round
    _expire_rounds(table, lambda c, end: now > end)
    _round_hooks(table)


def _round_hooks(table: Table) -> None:
    if not table.rules.round_hooks:
        return
    for member in table.members.values():
        if not member.left:
            member.body = table.rules.round_started(member.body, ctx(table, member))


def start_turn(table: Table, member_id: str) -> None:
    """A combatant's turn begins: expiries first, then the ruleset's start-of-turn rules."""
    if member_id in table.began_this_round:
        table.turn = member_id
        return
    member = table.members[member_id]
    before = _expire_at_start(table, member) if table.timed else {}
    table.just_started = _new_start(
        TurnStart,
        (member.id, member.regular_turns, member.acted, member.readied, member.body, before, None),
    )
    member.regular_turns += 1 if table.phase == "combat" else 0
    member.acted = True
    member.readied = False
    table.turn = member_id
    table.began_this_round.add(member_id)
    _turn_rule(table, member, table.traits.body_turn_started, table.rules.turn_started)


def _turn_rule(
    table: Table,
    member: Member,
    on_body: Callable[[Any], Any] | None,
    rule: Callable[[Any, Ctx], Any],
) -> None:
    """The ruleset's rule for a turn's start or end on `member`: on the body alone where the
    system says it reads nothing else (`on_body`: no Ctx built), else `rule` with the Ctx, and
    then what ends when its source falls (Orcus marks)."""
    if on_body is not None and not table.traits.end_with_source:
        member.body = on_body(member.body)
        return
    seen = ctx(table, member)
    member.body = rule(member.body, seen)
    if table.traits.end_with_source:
        departures.source_fell(table, member, seen)


def _expire_at_start(table: Table, member: Member) -> dict[str, tuple[Condition, ...]]:
    """What runs out as this combatant's turn starts. Returns the timed conditions as they were
    when any may change as the turn starts (else none: most turns, nothing is read or copied)."""
    due, member_id = table.due or _due(table), member.id
    count = NEVER if member.count is None else member.count  # count_of, its member at hand
    rounds = table.round >= due.round and (
        table.options.duration_key == "slot" or (table.round, -count) >= due.first
    )
    bound = member_id in due.turns_of
    if not (rounds or bound or table.traits.end_with_source):
        return {}
    before = {i: table.members[i].conditions for i in table.timed}  # no one else's may change
    if rounds:
        _expire_rounds(table, lambda c, end: _reached(table, c, end, count, member_id))
    if bound:
        _expire_turn_bound(table, member_id, "start_of_turn")
    return before


def unstart(table: Table, start: TurnStart) -> None:
    """Undo a turn's start that nothing has followed yet: a delayer steps in before it."""
    for member_id, conditions in start.conditions.items():
        set_conditions(table, table.members[member_id], conditions)
    member = table.members[start.member_id]
    member.regular_turns, member.acted = start.regular_turns, start.acted
    member.readied, member.body = start.readied, start.body
    table.began_this_round.discard(member.id)


def _reached(table: Table, c: Condition, end: int, count: float, member_id: str) -> bool:
    """000 "THE COMBAT ROUND": an N-round effect ends just before the count it began on."""
    if table.round != end:
        return table.round > end
    if table.options.duration_key == "slot" and c.began_slot is not None:
        return member_id == c.began_slot or count < c.began_count
    return count <= c.began_count


def _due(table: Table) -> Due:
    """When a timed condition may next run out, worked out again only once conditions change."""
    if table.due is None:  # conditions changed since it was last worked out
        first, turns_of = (NEVER, NEVER), set()
        for member_id in table.timed:
            for c in table.members[member_id].conditions:
                d = c.duration
                if type(d) is RoundsDuration and c.began_round is not None:
                    first = min(first, (c.began_round + d.rounds, -c.began_count))  # _reached
                elif type(d) is TurnDuration:
                    turns_of.add(d.of)
        table.due = Due(first[0], first, frozenset(turns_of))
    return table.due


def due_with(due: Due, c: Condition) -> Due:
    """`due` once condition `c` is added to what it was worked out from (as `_due` would find
    it again): a condition applied costs one comparison, not a look at every timed condition,
    which grew with the crowd (200 combatants: `_due` was the fold's largest cost)."""
    d = c.duration
    if type(d) is RoundsDuration and c.began_round is not None:
        first = min(due.first, (c.began_round + d.rounds, -c.began_count))
        return Due(first[0], first, due.turns_of)
    if type(d) is TurnDuration and d.of not in due.turns_of:
        return Due(due.round, due.first, due.turns_of | {d.of})
    return due


def _expire_rounds(table: Table, due: Ends) -> None:
    now = table.round
    if now < (table.due or _due(table)).round:
        return  # every check of `due` needs the round to have reached the condition's end
    for member_id in list(table.timed):
        member = table.members[member_id]
        for condition in member.conditions:
            if _ran_out(condition, now, due):  # most turns nothing runs out, nothing is copied
                kept = tuple(c for c in member.conditions if not _ran_out(c, now, due))
                set_conditions(table, member, kept)
                break


def _ran_out(c: Condition, now: int, due: Ends) -> bool:
    """Whether `due` says this N-round condition ran out; one that ends in a later round has
    not, which saves asking (most of the conditions at the table, most turns)."""
    if type(c.duration) is not RoundsDuration or c.began_round is None:
        return False
    end = c.began_round + c.duration.rounds
    return end <= now and due(c, end)


def _expire_turn_bound(table: Table, member_id: str, point: str) -> None:
    """Conditions lasting until this point of this combatant's turn (callers first ask `_due`
    whether any lasts until a point of its turn at all)."""
    for timed_id in list(table.timed):
        member = table.members[timed_id]
        for condition in member.conditions:
            if _bound(condition, member_id, point):  # else nothing ticks, and nothing is copied
                ticked = tuple(t for c in member.conditions if (t := _tick(c, member_id, point)))
                set_conditions(table, member, ticked)
                break


def _bound(c: Condition, member_id: str, point: str) -> bool:
    """Whether the condition lasts until this point of this combatant's turn."""
    d = c.duration
    return type(d) is TurnDuration and d.of == member_id and d.until == point


def _tick(c: Condition, member_id: str, point: str) -> Condition | None:
    if not _bound(c, member_id, point):
        return c
    if c.skips > 0:
        return replace(c, skips=c.skips - 1)
    return None


def remaining_rounds(table: Table, c: Condition) -> int | None:
    """Rounds left of an N-round condition, counted at its starting count."""
    if type(c.duration) is not RoundsDuration:
        return None
    if c.began_round is None:
        return c.duration.rounds
    end = c.began_round + c.duration.rounds
    return max(0, end - table.round + (0 if _count_passed(table, c) else 1))


def _count_passed(table: Table, c: Condition) -> bool:
    """Whether this round's turn has reached the count (or, by option, the slot) it began on."""
    if table.turn is None:
        return True  # between turns after the last one (ended, or no one can act)
    if table.options.duration_key == "slot" and c.began_slot is not None:
        slot_passed = c.began_slot in table.began_this_round
        return slot_passed or count_of(table, table.turn) < c.began_count
    return count_of(table, table.turn) <= c.began_count
