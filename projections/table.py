"""The table fold: every fact in force, in order, evolves the table the players see."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from domain.events import (
    ActionReadied,
    AttackMade,
    CheckRolled,
    CombatantJoined,
    CombatantLeft,
    CombatEnded,
    CombatStarted,
    ConditionApplied,
    ConditionRemoved,
    DamageDealt,
    Delayed,
    DelayEnded,
    EncounterCreated,
    Fact,
    InitiativeRolled,
    InitiativeTieBroken,
    ReadiedActionTaken,
    RestTaken,
    SavingThrowRolled,
    SurpriseDetermined,
    TurnDuration,
    TurnEnded,
)
from domain.rulesets import ruleset_for
from projections import clock, order
from projections.effective import effective_log
from projections.view import NEVER, Condition, Member, Table

NOTES_KEPT = 50
AIMED = ("target", "combatant")


def initial(created: EncounterCreated) -> Table:
    """The table of a new encounter: no one yet, the house rules in force."""
    rules = ruleset_for(created.ruleset)
    return Table(
        rules=rules, options=rules.options_model.model_validate(created.options), name=created.name
    )


def evolve(table: Table, position: int, fact: Fact) -> Table:
    """The table after one fact in force at `position`."""
    table = replace(table, position=position)
    match fact:
        case CombatantJoined():
            return _join(table, fact)
        case CombatantLeft(combatant=c):
            return _leave(table, c)
        case SurpriseDetermined(aware=aware):
            return replace(table, aware=frozenset(aware))
        case InitiativeRolled():
            return _initiative(table, fact)
        case InitiativeTieBroken(order=tied):
            return _tie_broken(table, tied)
        case CombatStarted():
            return (
                clock.start_combat(table)
                if not table.started
                else _note(table, "combat already started")
            )
        case TurnEnded(combatant=c):
            return clock.end_turn(table, c) if _is_turn(table, c) else _not_turn(table, c)
        case Delayed(combatant=c):
            return _delay(table, c) if _is_turn(table, c) else _not_turn(table, c)
        case DelayEnded(combatant=c):
            return _delay_ended(table, c)
        case ActionReadied(combatant=c):
            return _update(table, c, readied=True)
        case ReadiedActionTaken(combatant=c, before=b):
            return order.move_before(_update(table, c, readied=False, acted=True), c, b)
        case AttackMade():
            return _attack(table, fact)
        case DamageDealt():
            return _damage(table, fact)
        case ConditionApplied():
            return _apply_condition(table, fact)
        case ConditionRemoved(target=t, condition=name):
            return _remove_conditions(table, t, lambda c: c.name == name)
        case SavingThrowRolled():
            return _save_ends(_take(table, fact.combatant, fact), fact)
        case CheckRolled(combatant=c, target=t):
            return _take(table, t or c, fact)
        case RestTaken(combatants=who):
            return _rest(table, fact, who)
        case CombatEnded():
            return replace(table, phase="ended", turn=None)
        case _:
            aimed = next(
                (getattr(fact, f) for f in AIMED if isinstance(getattr(fact, f, None), str)), None
            )
            return _take(table, aimed, fact) if aimed else table


def fold(entries: Iterable[tuple[int, Fact]], table: Table | None = None) -> Table:
    """Fold facts in force into the table (the first is EncounterCreated when none is given)."""
    for position, fact in entries:
        if table is None:
            assert isinstance(fact, EncounterCreated), "line 1 must be EncounterCreated"
            table = initial(fact)
        else:
            table = evolve(table, position, fact)
    assert table is not None, "an empty log has no table"
    return table


def table_at(events: Sequence[Fact], at: int | None = None) -> Table:
    """The table after line `at` (default: the whole log), as the first `at` lines stood."""
    return fold(effective_log(events, at))


def _note(table: Table, text: str) -> Table:
    return replace(table, notes=(*table.notes, f"line {table.position}: {text}")[-NOTES_KEPT:])


def _is_turn(table: Table, member_id: str) -> bool:
    return table.turn == member_id and member_id in table.members


def _not_turn(table: Table, member_id: str) -> Table:
    whose = table.turn or "no one's"
    return _note(table, f"it is {whose} turn, not {member_id}'s; the turn does not pass")


def _update(table: Table, member_id: str, **changes: Any) -> Table:
    member = table.members.get(member_id)
    if member is None:
        return table
    return replace(table, members=table.members.set(member_id, replace(member, **changes)))


def _take(table: Table, member_id: str | None, fact: Fact) -> Table:
    member = table.members.get(member_id) if member_id else None
    if member is None or member.left:
        return table
    return clock.with_body(
        table, member, table.rules.take(member.body, fact, clock.ctx(table, member))
    )


def _join(table: Table, fact: CombatantJoined) -> Table:
    stats = table.rules.stats_model.model_validate(fact.stats)
    kind = fact.kind or ("pc" if fact.side == "party" else "npc")
    member = Member(
        id=fact.combatant, name=fact.name, side=fact.side, kind=kind, hidden=fact.hidden,
        group=fact.group, joined=table.position, stats=stats, body=None,
    )  # fmt: skip
    member = replace(member, body=table.rules.new_body(clock.ctx(table, member)))
    mate = next((m for m in table.members.values() if fact.group and m.group == fact.group), None)
    if mate is not None and mate.initiative is not None:
        member = replace(member, initiative=mate.initiative, modifier=mate.modifier)
    table = replace(table, members=table.members.set(member.id, member))
    return _place(table, member.id) if member.initiative is not None else table


def _place(table: Table, member_id: str) -> Table:
    """Mid-fight (a product rule; the texts are silent): by result, no turn if its count passed."""
    return replace(table, order=order.insert(table, member_id)) if table.started else table


def _leave(table: Table, member_id: str) -> Table:
    if member_id not in table.members:
        return table
    if table.turn == member_id:
        table = clock.advance(table, member_id)
    table = _update(table, member_id, left=True, delaying=False, readied=False)
    return replace(table, order=tuple(i for i in table.order if i != member_id))


def _initiative(table: Table, fact: InitiativeRolled) -> Table:
    roller = table.members.get(fact.combatant)
    if roller is None:
        return table
    result = fact.natural + fact.modifier
    sharing = [m.id for m in table.members.values() if roller.group and m.group == roller.group]
    for member_id in sharing or [roller.id]:
        table = _update(table, member_id, initiative=result, modifier=fact.modifier)
        table = _place(table, member_id)
    return table


def _tie_broken(table: Table, tied: list[str]) -> Table:
    for rank, member_id in enumerate(tied):
        table = _update(table, member_id, tie_rank=rank)
    return replace(table, order=order.settle_tie(table, tied)) if table.started else table


def _delay(table: Table, member_id: str) -> Table:
    table = _update(table, member_id, delaying=True, acted=True)
    return clock.advance(replace(table, last_ended=member_id), member_id)


def _delay_ended(table: Table, member_id: str) -> Table:
    """CONTRACT §2: the delayer acts now, placed right after the combatant whose turn just ended."""
    member = table.members.get(member_id)
    if member is None or not member.delaying:
        return _note(table, f"{member_id} is not delaying")
    table = _update(table, member_id, delaying=False)
    count = clock.count_of(table, table.last_ended or table.turn)
    if table.turn is not None and table.turn in table.order:
        table = order.move_before(table, member_id, table.turn)
    table = _update(table, member_id, initiative=None if count == NEVER else int(count))
    return clock.start_turn(table, member_id)


def _attack(table: Table, fact: AttackMade) -> Table:
    table = _update(table, fact.attacker, acted=True)
    target = table.members.get(fact.target)
    outcome = None
    if target is not None:
        target_ctx = clock.ctx(table, target)
        flat_footed = "flat_footed" in table.rules.statuses(target.body, target_ctx)
        outcome = table.rules.attack_outcome(fact, target_ctx, flat_footed)
    return replace(table, attacks=table.attacks.set(table.position, outcome))


def _damage(table: Table, fact: DamageDealt) -> Table:
    if fact.attack is not None:
        if fact.attack not in table.attacks:
            return _note(
                table,
                f"damage refers to line {fact.attack}, which is no attack in force; not applied",
            )
        if table.attacks[fact.attack] == "miss":
            return _note(
                table, f"the attack at line {fact.attack} missed; its damage is not applied"
            )
    return _take(table, fact.target, fact)


def _apply_condition(table: Table, fact: ConditionApplied) -> Table:
    member = table.members.get(fact.target)
    if member is None:
        return table
    d = fact.duration
    acting_now = (
        isinstance(d, TurnDuration) and d.next and d.until == "end_of_turn" and table.turn == d.of
    )
    condition = Condition(
        name=fact.condition, source=fact.source, value=fact.value, damage_type=fact.damage_type,
        position=table.position, duration=d, beneficial=fact.beneficial,
        began_round=table.round if table.started else None,
        began_count=clock.count_of(table, table.turn) if table.started else NEVER,
        began_slot=table.turn, skips=1 if acting_now else 0,
    )  # fmt: skip
    return _update(table, member.id, conditions=(*member.conditions, condition))


def _remove_conditions(table: Table, member_id: str, drop: Any) -> Table:
    member = table.members.get(member_id)
    if member is None:
        return table
    return _update(table, member_id, conditions=tuple(c for c in member.conditions if not drop(c)))


def _save_ends(table: Table, save: SavingThrowRolled) -> Table:
    if save.against is None or not table.rules.save_succeeds(save):
        return table

    def ended(c: Condition) -> bool:
        saves = getattr(c.duration, "save_ends", False)
        return bool(saves) and save.against in (c.name, c.position)

    return _remove_conditions(table, save.combatant, ended)


def _rest(table: Table, fact: RestTaken, who: list[str] | None) -> Table:
    for member_id in who if who is not None else list(table.members.keys()):
        table = _take(table, member_id, fact)
    return table
