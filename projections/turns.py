"""The turn order's steps: who joins, leaves and rolls initiative, ties, surprise, the start of
combat, and each turn's end, delay and readied action."""

from __future__ import annotations

from domain.events import (
    ActionReadied,
    CombatantJoined,
    CombatantLeft,
    CombatantRevealed,
    CombatStarted,
    Delayed,
    DelayEnded,
    InitiativeRolled,
    InitiativeTieBroken,
    ReadiedActionTaken,
    SurpriseDetermined,
    TurnEnded,
)
from projections import clock, departures, order
from projections.view import Member, Table, note


def turn_ended(table: Table, fact: TurnEnded) -> None:
    """The acting combatant's turn ends and the next begins (another's TurnEnded is noted)."""
    if table.turn == fact.combatant:
        clock.end_turn(table, fact.combatant)
    else:
        _not_turn(table, fact.combatant)


def _not_turn(table: Table, member_id: str) -> None:
    whose = f"{table.turn}'s" if table.turn else "no one's"
    note(table, f"it is {whose} turn, not {member_id}'s; the turn does not pass")


def join(table: Table, fact: CombatantJoined) -> None:
    """A combatant joins, unhurt, sharing its group's initiative if the group has rolled."""
    kind = fact.kind or ("pc" if fact.side == "party" else "npc")
    stats = table.rules.stats_model.model_validate(fact.stats)
    member = Member(fact.combatant, fact.name, fact.side, kind, fact.hidden, fact.group,
                    table.position, stats, None)  # fmt: skip
    member.body = table.rules.new_body(clock.ctx(table, member))
    mate = next((m for m in table.members.values() if fact.group and m.group == fact.group), None)
    if mate is not None and mate.initiative is not None:
        member.initiative, member.count = mate.initiative, mate.initiative
        member.modifier = mate.modifier
    table.members[member.id] = member
    if member.initiative is not None and table.started:
        _enter(table, member.id)
    clock.keep_turn_start(table)


def revealed(table: Table, fact: CombatantRevealed) -> None:
    """A hidden combatant is shown to the players."""
    member = table.members.get(fact.combatant)
    if member is not None:
        member.hidden = False


def leave(table: Table, fact: CombatantLeft) -> None:
    """A combatant leaves the fight; if it was acting, the turn passes."""
    member = table.members.get(fact.combatant)
    if member is None:
        return
    if table.turn == member.id:
        clock.advance(table, member.id)
    # CONTRACT §2: `order` is everyone in initiative order; one who left keeps its place there
    # (with "left" among its statuses) and the turn passes over it, as over the dead.
    member.left, member.delaying, member.readied = True, False, False


def initiative(table: Table, fact: InitiativeRolled) -> None:
    """Mid-fight newcomers (a product rule; the texts are silent) are placed by result now; a
    new result for someone already in the order (True20's refocus, a GM's re-roll) moves it
    from the next round on, so no one acts twice or not at all this round."""
    roller = table.members.get(fact.combatant)
    if roller is None:
        return
    group = roller.group
    sharing = [m for m in table.members.values() if group and m.group == group] or [roller]
    for member in sharing:
        member.initiative = fact.natural + fact.modifier
        member.count, member.modifier, member.placed = member.initiative, fact.modifier, False
        if table.started and member.id in table.order:
            table.deferred_moves.append(member.id)
        elif table.started:
            _enter(table, member.id)


def _enter(table: Table, member_id: str) -> None:
    """A combatant takes its place in a running fight; if no one had a turn, the first is up."""
    order.insert(table, member_id)
    if table.turn is None and table.phase in ("surprise", "combat"):
        clock.first_turn(table)
    else:
        clock.joins(table, member_id)


def tie_broken(table: Table, fact: InitiativeTieBroken) -> None:
    """The GM settles a tie (from next round on, if some of the tied have acted this round)."""
    for rank, member_id in enumerate(fact.order):
        if member_id in table.members:
            table.members[member_id].tie_rank = rank
    if table.started and table.began_this_round.intersection(fact.order):
        table.deferred_ties.append(fact.order)  # this round's turns stand; next round, the ruling
    elif table.started:
        order.settle_tie(table, fact.order)


def surprise(table: Table, fact: SurpriseDetermined) -> None:
    """Who was aware when the fight began (the rest are surprised)."""
    table.aware = frozenset(fact.aware)


def combat_started(table: Table, fact: CombatStarted) -> None:
    """The fight begins: the surprise round or round 1, and the first turn."""
    if table.started:
        note(table, "combat already started")
    else:
        clock.start_combat(table)


def delay(table: Table, fact: Delayed) -> None:
    """The acting combatant delays: it steps out of the order and the turn passes."""
    if table.turn != fact.combatant:
        return _not_turn(table, fact.combatant)
    member = table.members[fact.combatant]
    _warn_if_out(table, member, "delay")
    started = table.prior_start  # Orcus A7 (a): the turn starts when the delayer takes it
    if table.traits.delay_defers_start and started and started.member_id == member.id:
        clock.unstart(table, started)
    member.delaying = member.acted = True
    if table.traits.delay_ends_boons:
        departures.delay_ends_boons(table, member)
    table.last_ended = member.id
    clock.advance(table, member.id)


def delay_ended(table: Table, fact: DelayEnded) -> None:
    """CONTRACT §2: the delayer acts now, placed right after the combatant whose turn just ended."""
    member = table.members.get(fact.combatant)
    started = table.prior_start
    if member is not None and departures.took_back(table, member.id, started):
        order.move_after(table, member.id, table.last_ended)
        return clock.start_turn(table, member.id)
    if member is None or not member.delaying:
        return note(table, f"{fact.combatant} is not delaying")
    member.delaying = False
    if started is not None and started.member_id == table.turn:
        clock.unstart(table, started)
    if table.turn is not None:
        order.move_before(table, member.id, table.turn, show="previous")
    clock.start_turn(table, member.id)


def readied(table: Table, fact: ActionReadied) -> None:
    """A combatant readies an action for a trigger."""
    member = table.members.get(fact.combatant)
    if member is not None:
        _warn_if_out(table, member, "ready an action")
        member.readied = True


def _warn_if_out(table: Table, member: Member, action: str) -> None:
    """000 L1188-1190: the unconscious and dying cannot change their initiative count."""
    if "unconscious" in table.rules.statuses(member.body, clock.ctx(table, member)):
        note(table, f"{member.name} is unconscious and cannot {action}")


def readied_taken(table: Table, fact: ReadiedActionTaken) -> None:
    """A readied action goes off: the readier moves before the one named (True20: to this count)."""
    member = table.members.get(fact.combatant)
    if member is not None:
        member.readied, member.acted = False, True
        if fact.before is None and table.rules.places_by_count:
            order.take_count(table, member.id)
        else:
            order.move_before(table, member.id, fact.before)
