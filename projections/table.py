"""The table fold: every fact in force, in order, evolves the table the players see."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from domain.events import (
    ActionReadied,
    AttackMade,
    CheckRolled,
    CombatantJoined,
    CombatantLeft,
    CombatantRevealed,
    CombatEnded,
    CombatStarted,
    ConditionApplied,
    ConditionRemoved,
    DamageDealt,
    Delayed,
    DelayEnded,
    EncounterCreated,
    Fact,
    HealingApplied,
    InitiativeRolled,
    InitiativeTieBroken,
    NoteAdded,
    ReadiedActionTaken,
    ResolveSpent,
    RestTaken,
    SavingThrowRolled,
    SurpriseDetermined,
    TemporaryHitPointsGained,
    TemporaryHitPointsLost,
    TurnDuration,
    TurnEnded,
)
from domain.integrity import AFTER_THE_FIGHT
from domain.rulesets import ruleset_for
from domain.rulesets.base import traits_of
from projections import clock, departures, order
from projections.effective import effective_log
from projections.view import NEVER, Condition, Member, Table, copy_table, set_conditions

NOTES_KEPT = 50
ATTACKS_KEPT = 512  # damage refers to a recent attack; older outcomes are forgotten (applied)


def initial(created: EncounterCreated) -> Table:
    """The table of a new encounter: no one yet, the house rules in force."""
    rules = ruleset_for(created.ruleset)
    options = rules.options_model.model_validate(created.options)
    return Table(rules=rules, options=options, name=created.name,
                 traits=traits_of(rules, options))  # fmt: skip


def evolve(table: Table, position: int, fact: Fact) -> Table:
    """The table after one fact in force at `position` (the given table is left as it was)."""
    table = copy_table(table)
    apply(table, position, fact)
    return table


def fold(entries: Iterable[tuple[int, Fact]], table: Table | None = None) -> Table:
    """Fold facts in force into a copy of `table` (or a new one from line 1's EncounterCreated)."""
    folded = None if table is None else copy_table(table)
    for position, fact in entries:
        if folded is None:
            assert isinstance(fact, EncounterCreated), "line 1 must be EncounterCreated"
            folded = initial(fact)
        else:
            apply(folded, position, fact)
    assert folded is not None, "an empty log has no table"
    return folded


def table_at(events: Sequence[Fact], at: int | None = None) -> Table:
    """The table after line `at` (default: the whole log), as the first `at` lines stood."""
    return fold(effective_log(events, at))


def apply(table: Table, position: int, fact: Fact) -> None:
    """Evolve `table` in place by one fact in force (private to folds: callers get copies)."""
    table.position = position
    table.prior_start, table.just_started = table.just_started, None
    if table.phase == "ended" and fact.type_name not in AFTER_THE_FIGHT:
        return note(table, f"the combat has ended; {fact.type_name} not applied")
    STEPS.get(type(fact), _to_ruleset)(table, fact)


def _ignore(table: Table, fact: Any) -> None:
    return None


def _to_ruleset(table: Table, fact: Any) -> None:
    """A fact the table has no step for (a ruleset's own) goes to the body it names."""
    aimed = getattr(fact, "target", None) or getattr(fact, "combatant", None)
    if isinstance(aimed, str):
        _take(table, aimed, fact)


def note(table: Table, text: str) -> None:
    """Something the GM should see about a fact the table could not take as written."""
    table.notes.append(f"line {table.position}: {text}")
    del table.notes[:-NOTES_KEPT]


def _turn_ended(table: Table, fact: TurnEnded) -> None:
    if table.turn == fact.combatant:
        clock.end_turn(table, fact.combatant)
    else:
        _not_turn(table, fact.combatant)


def _not_turn(table: Table, member_id: str) -> None:
    whose = f"{table.turn}'s" if table.turn else "no one's"
    note(table, f"it is {whose} turn, not {member_id}'s; the turn does not pass")


def _take(table: Table, member_id: str | None, fact: Fact) -> None:
    member = table.members.get(member_id) if member_id else None
    if member is not None and not member.left:
        member.body = table.rules.take(member.body, fact, clock.ctx(table, member))
        if table.traits.end_with_source:
            departures.source_fell(table, member, clock.ctx(table, member))


def _aimed(table: Table, fact: Any) -> None:
    _take(table, fact.target, fact)


def _by_combatant(table: Table, fact: Any) -> None:
    _take(table, fact.combatant, fact)


def _join(table: Table, fact: CombatantJoined) -> None:
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


def _revealed(table: Table, fact: CombatantRevealed) -> None:
    member = table.members.get(fact.combatant)
    if member is not None:
        member.hidden = False


def _leave(table: Table, fact: CombatantLeft) -> None:
    member = table.members.get(fact.combatant)
    if member is None:
        return
    if table.turn == member.id:
        clock.advance(table, member.id)
    # CONTRACT §2: `order` is everyone in initiative order; one who left keeps its place there
    # (with "left" among its statuses) and the turn passes over it, as over the dead.
    member.left, member.delaying, member.readied = True, False, False


def _initiative(table: Table, fact: InitiativeRolled) -> None:
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


def _tie_broken(table: Table, fact: InitiativeTieBroken) -> None:
    for rank, member_id in enumerate(fact.order):
        if member_id in table.members:
            table.members[member_id].tie_rank = rank
    if table.started and table.began_this_round.intersection(fact.order):
        table.deferred_ties.append(fact.order)  # this round's turns stand; next round, the ruling
    elif table.started:
        order.settle_tie(table, fact.order)


def _surprise(table: Table, fact: SurpriseDetermined) -> None:
    table.aware = frozenset(fact.aware)


def _combat_started(table: Table, fact: CombatStarted) -> None:
    if table.started:
        note(table, "combat already started")
    else:
        clock.start_combat(table)


def _delay(table: Table, fact: Delayed) -> None:
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


def _delay_ended(table: Table, fact: DelayEnded) -> None:
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


def _readied(table: Table, fact: ActionReadied) -> None:
    member = table.members.get(fact.combatant)
    if member is not None:
        _warn_if_out(table, member, "ready an action")
        member.readied = True


def _warn_if_out(table: Table, member: Member, action: str) -> None:
    """000 L1188-1190: the unconscious and dying cannot change their initiative count."""
    if "unconscious" in table.rules.statuses(member.body, clock.ctx(table, member)):
        note(table, f"{member.name} is unconscious and cannot {action}")


def _readied_taken(table: Table, fact: ReadiedActionTaken) -> None:
    member = table.members.get(fact.combatant)
    if member is not None:
        member.readied, member.acted = False, True
        if fact.before is None and table.rules.places_by_count:
            order.take_count(table, member.id)
        else:
            order.move_before(table, member.id, fact.before)


def _attack(table: Table, fact: AttackMade) -> None:
    attacker = table.members.get(fact.attacker)
    if attacker is not None:
        _warn_if_surprised(table, attacker)
        attacker.acted = True
    target = table.members.get(fact.target)
    outcome = None
    if target is not None:
        by = None if attacker is None else (attacker.body, clock.ctx(table, attacker))
        outcome = table.rules.attack_outcome(fact, target.body, clock.ctx(table, target), by)
    table.attacks[table.position] = outcome
    _take(table, fact.attacker, fact)  # what attacking does to the attacker (True20's disabled)
    table.attackers[table.position] = fact.attacker
    if len(table.attacks) > ATTACKS_KEPT:
        for stale in list(table.attacks)[: ATTACKS_KEPT // 2]:
            del table.attacks[stale]
            table.attackers.pop(stale, None)
            table.attacks_forgotten = stale


def _warn_if_surprised(table: Table, attacker: Member) -> None:
    """Orcus L1067: a surprised creature takes its surprise-round turn but no actions in it."""
    if table.traits.surprised_no_actions and clock.ctx(table, attacker).surprised:
        note(table, f"{attacker.name} is surprised and can take no actions in the surprise round")


def damage_dropped(table: Table, fact: DamageDealt) -> str | None:
    """Why the table does not apply this damage (its attack missed or is not in force), or None."""
    attack = fact.attack
    if attack is not None and attack > table.attacks_forgotten:
        if attack not in table.attacks:
            return f"damage refers to line {attack}, no attack in force; not applied"
        missed = table.attacks[attack] == "miss" and not fact.on_miss
        if missed and not table.traits.miss_damage_applies:
            return f"the attack at line {attack} missed; its damage is not applied"
    return None


def _damage(table: Table, fact: DamageDealt) -> None:
    dropped = damage_dropped(table, fact)
    if dropped is not None:
        return note(table, dropped)
    if missed(table, fact):
        fact = fact.model_copy(update={"on_miss": True})  # the power's Miss: damage
    _take(table, fact.target, _as_dealt(table, fact))
    table.landed = table.position


def dealer(table: Table, fact: DamageDealt) -> str | None:
    """Who dealt the damage, as the table reads it: the linked attack's attacker, else a
    combatant named as its source (None when neither)."""
    attacker = table.attackers.get(fact.attack) if fact.attack is not None else None
    if attacker is None and fact.source is not None and fact.source in table.members:
        return fact.source
    return attacker


def missed(table: Table, fact: DamageDealt) -> bool:
    """Whether this damage cites an attack in force that missed (so it is Miss: damage)."""
    attack = fact.attack
    return (
        attack is not None
        and attack > table.attacks_forgotten
        and table.attacks.get(attack) == "miss"
        and not fact.on_miss
    )


def _as_dealt(table: Table, fact: DamageDealt) -> DamageDealt:
    """The damage after what the attacker's own state does to it (Orcus: weakened halves it)."""
    by = table.attackers.get(fact.attack) if fact.attack is not None else fact.source
    attacker = table.members.get(by) if by is not None else None
    if table.traits.dealt is None or attacker is None:
        return fact
    return table.traits.dealt(fact, attacker.body, clock.ctx(table, attacker))


def _condition(table: Table, fact: ConditionApplied) -> None:
    member = table.members.get(fact.target)
    if member is None:
        return
    d = fact.duration
    acting = (
        isinstance(d, TurnDuration) and d.next and d.until == "end_of_turn" and table.turn == d.of
    )
    started = table.started
    if fact.condition.lower() in table.traits.exclusive:  # Orcus L1516: the new mark supersedes
        _drop_conditions(table, member.id, lambda c: c.name.lower() == fact.condition.lower())
    condition = Condition(
        fact.condition, fact.source, fact.value, fact.damage_type, table.position,
        duration=d, beneficial=fact.beneficial,
        began_round=table.round if started else None,
        began_count=clock.count_of(table, table.turn) if started else NEVER,
        began_slot=table.turn, skips=1 if acting else 0,
    )  # fmt: skip
    set_conditions(table, member, (*member.conditions, condition))
    if table.traits.end_with_source:
        departures.source_fell(table, member, clock.ctx(table, member))


def _drop_conditions(table: Table, member_id: str, drop: Callable[[Condition], bool]) -> None:
    member = table.members.get(member_id)
    if member is not None:
        set_conditions(table, member, tuple(c for c in member.conditions if not drop(c)))


def _condition_removed(table: Table, fact: ConditionRemoved) -> None:
    _drop_conditions(table, fact.target, lambda c: c.name == fact.condition)


def _save(table: Table, fact: SavingThrowRolled) -> None:
    _take(table, fact.combatant, fact)
    against = fact.against
    if against is None:
        return

    def ends(c: Condition) -> bool:
        return bool(getattr(c.duration, "save_ends", False)) and against in (c.name, c.position)

    if table.rules.save_succeeds(fact, table.options):
        return _drop_conditions(table, fact.combatant, ends)
    member = table.members.get(fact.combatant)
    if member is not None and any(ends(c) for c in member.conditions):
        kept = (replace(c, saved_round=table.round) if ends(c) else c for c in member.conditions)
        set_conditions(table, member, tuple(kept))


def _check(table: Table, fact: CheckRolled) -> None:
    _take(table, fact.target or fact.combatant, fact)


def _rest(table: Table, fact: RestTaken) -> None:
    for member_id in fact.combatants if fact.combatants is not None else list(table.members):
        _take(table, member_id, fact)


def _ended(table: Table, fact: CombatEnded) -> None:
    table.phase, table.turn = "ended", None


STEPS: dict[type, Callable[[Table, Any], None]] = {
    CombatantJoined: _join,
    CombatantRevealed: _revealed,
    CombatantLeft: _leave,
    SurpriseDetermined: _surprise,
    InitiativeRolled: _initiative,
    InitiativeTieBroken: _tie_broken,
    CombatStarted: _combat_started,
    TurnEnded: _turn_ended,
    Delayed: _delay,
    DelayEnded: _delay_ended,
    ActionReadied: _readied,
    ReadiedActionTaken: _readied_taken,
    AttackMade: _attack,
    DamageDealt: _damage,
    HealingApplied: _aimed,
    TemporaryHitPointsGained: _aimed,
    TemporaryHitPointsLost: _aimed,
    ConditionApplied: _condition,
    ConditionRemoved: _condition_removed,
    SavingThrowRolled: _save,
    CheckRolled: _check,
    ResolveSpent: _by_combatant,
    RestTaken: _rest,
    NoteAdded: _ignore,
    CombatEnded: _ended,
}
