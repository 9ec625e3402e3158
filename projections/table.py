"""The table fold: every fact in force, in order, evolves the table (one step per event type)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeGuard, TypeVar, assert_never

from domain.after_the_fight import applies_after_the_fight
from domain.events import (
    EVENT_TYPES,
    ActionPointSpent,
    ActionProposed,
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
    ConvictionSpent,
    DamageDealt,
    Delayed,
    DelayEnded,
    EncounterCreated,
    EncounterFiled,
    Event,
    EventAmended,
    EventRestored,
    EventRevoked,
    Fact,
    HealingApplied,
    InitiativeRolled,
    InitiativeTieBroken,
    NoteAdded,
    ProposalAccepted,
    ProposalDeclined,
    ReadiedActionTaken,
    ResolveSpent,
    RestTaken,
    SavingThrowRolled,
    StandingRulingSet,
    SurpriseDetermined,
    TemporaryHitPointsGained,
    TemporaryHitPointsLost,
    TurnDuration,
    TurnEnded,
    TurnTimerSet,
)
from domain.lean import MODEL_OF, with_twins
from domain.rulesets import ruleset_for
from domain.rulesets.base import Ctx, traits_of
from projections import clock, departures, turns
from projections.effective import in_force
from projections.view import NEVER, Condition, Member, Table, copy_table, note, set_conditions

ATTACKS_KEPT = 512  # damage refers to a recent attack; older outcomes are forgotten (applied)


def initial(created: EncounterCreated) -> Table:
    """The table of a new encounter: no one yet, the house rules in force."""
    rules = ruleset_for(created.ruleset)
    options = rules.options_model.model_validate(created.options)
    return Table(rules=rules, options=options, name=created.name,
                 traits=traits_of(rules, options))  # fmt: skip


def fold(entries: Iterable[tuple[int, Fact]], table: Table | None = None) -> Table:
    """Fold facts in force into a copy of `table` (or a new one from line 1's EncounterCreated)."""
    lines = iter(entries)
    if table is None:
        _, created = next(lines, (0, None))
        assert created is not None, "an empty log has no table"
        assert isinstance(created, EncounterCreated), "line 1 must be EncounterCreated"
        folded = initial(created)
    else:
        folded = copy_table(table)
    fold_into(folded, lines)
    return folded


def table_at(events: Sequence[Fact], at: int | None = None) -> Table:
    """The table after line `at` (default: the whole log), as the first `at` lines stood."""
    return fold(in_force(events, at))


def apply(table: Table, position: int, fact: Fact) -> None:
    """Evolve `table` in place by one fact in force (private to folds: callers get copies);
    the analytics tally takes each line alone."""
    fold_into(table, ((position, fact),))


def fold_into(table: Table, entries: Iterable[tuple[int, Fact]]) -> None:
    """Evolve `table` in place by each fact in force, in order (private to folds)."""
    steps = STEPS
    for position, fact in entries:
        step = steps.get(type(fact))
        if step is None:
            raise TypeError(f"the table has no step for {type(fact).__name__}")
        table.position = position
        table.prior_start, table.just_started = table.just_started, None
        if table.phase == "ended" and not applies_after_the_fight(fact):
            note(table, f"the combat has ended; {fact.type_name} not applied")
        else:
            step(table, fact)


Step = Callable[[Table, Any], None]
F = TypeVar("F", bound=Fact)


def _for(fact: F, step: Callable[[Table, F], None]) -> Step:
    """`step`, once mypy has checked that it takes facts of this case's type."""
    return step


# Facts that change no table: a note; a player's proposal and the GM's rulings on it (the facts an
# acceptance writes do the changing); the GM's standing ruling on proposals and the phones' turn
# timer; line 1, the filing, and the corrections (they never reach a step).
CHANGE_NOTHING = (
    NoteAdded,
    ActionProposed,
    ProposalAccepted,
    ProposalDeclined,
    StandingRulingSet,
    TurnTimerSet,
    EncounterFiled,
    EncounterCreated,
    EventRevoked,
    EventRestored,
    EventAmended,
)


def step_for(fact: Event) -> Step:
    """The table's step for a fact of this type: one case per event type, so mypy proves that
    none is missed (`assert_never`) and that each step takes its case's type."""
    if isinstance(fact, CHANGE_NOTHING):
        return _for(fact, _nothing)
    match fact:
        case CombatantJoined():
            return _for(fact, turns.join)
        case CombatantRevealed():
            return _for(fact, turns.revealed)
        case CombatantLeft():
            return _for(fact, turns.leave)
        case SurpriseDetermined():
            return _for(fact, turns.surprise)
        case InitiativeRolled():
            return _for(fact, turns.initiative)
        case InitiativeTieBroken():
            return _for(fact, turns.tie_broken)
        case CombatStarted():
            return _for(fact, turns.combat_started)
        case TurnEnded():
            return _for(fact, turns.turn_ended)
        case Delayed():
            return _for(fact, turns.delay)
        case DelayEnded():
            return _for(fact, turns.delay_ended)
        case ActionReadied():
            return _for(fact, turns.readied)
        case ReadiedActionTaken():
            return _for(fact, turns.readied_taken)
        case AttackMade():
            return _for(fact, _attack)
        case DamageDealt():
            return _for(fact, _damage)
        case HealingApplied() | TemporaryHitPointsGained() | TemporaryHitPointsLost():
            return _for(fact, _aimed)
        case ConditionApplied():
            return _for(fact, _condition)
        case ConditionRemoved():
            return _for(fact, _condition_removed)
        case SavingThrowRolled():
            return _for(fact, _save)
        case CheckRolled():
            return _for(fact, _check)
        case ResolveSpent() | ConvictionSpent() | ActionPointSpent():
            return _for(fact, _by_combatant)
        case RestTaken():
            return _for(fact, _rest)
        case CombatEnded():
            return _for(fact, _ended)
        case _:
            assert_never(fact)


def _steps() -> dict[type[Fact], Step]:
    """Every event type's step, worked out once from `step_for` (a dict lookup per fact)."""
    steps = {}
    for kind in EVENT_TYPES.values():
        fact = kind.model_construct()  # a class pattern only asks the type
        assert is_event(fact), kind
        steps[kind] = step_for(fact)
    return with_twins(steps)  # a lean twin (domain/lean.py) takes its model's step


def is_event(fact: Fact) -> TypeGuard[Event]:
    """Whether `fact` is one of the log's event types (the union `step_for` covers)."""
    return type(fact) in EVENT_TYPES.values() or type(fact) in MODEL_OF


def _nothing(table: Table, fact: Fact) -> None:
    return None  # a note changes nothing at the table


def _check(table: Table, fact: CheckRolled) -> None:
    _take(table, fact.target or fact.combatant, fact)


def _aimed(
    table: Table, fact: HealingApplied | TemporaryHitPointsGained | TemporaryHitPointsLost
) -> None:
    _take(table, fact.target, fact)


def _by_combatant(table: Table, fact: ResolveSpent | ConvictionSpent | ActionPointSpent) -> None:
    _take(table, fact.combatant, fact)


def _take(table: Table, member_id: str | None, fact: Fact) -> None:
    member = table.members.get(member_id) if member_id else None
    if member is not None and not member.left:
        _taken(table, member, fact, clock.ctx(table, member))


def _taken(table: Table, member: Member, fact: Fact, seen: Ctx) -> None:
    """`member` takes `fact`; `seen` is its Ctx now (a fact the rules take changes only the
    body, which no Ctx holds, so the same Ctx serves what follows from it)."""
    member.body = table.rules.take(member.body, fact, seen)
    if table.traits.end_with_source:
        departures.source_fell(table, member, seen)


def _attack(table: Table, fact: AttackMade) -> None:
    traits, attacker = table.traits, table.members.get(fact.attacker)
    strains = traits.attacking_strains or traits.end_with_source  # else `take` changes nothing
    by = None
    if attacker is not None:
        if traits.surprised_no_actions:
            _warn_if_surprised(table, attacker)
        attacker.acted = True
        if strains or traits.attacker_modifies:  # else no rule reads it: a Ctx saved a line
            by = (attacker.body, clock.ctx(table, attacker))
    target = table.members.get(fact.target)
    outcome = None
    if target is not None:
        outcome = table.rules.attack_outcome(fact, target.body, clock.ctx(table, target), by)
    table.attacks[table.position] = outcome
    table.attackers[table.position] = fact.attacker
    if strains and attacker is not None and by is not None and not attacker.left:
        _taken(table, attacker, fact, by[1])  # what attacking does to it (True20's disabled)
    if len(table.attacks) > ATTACKS_KEPT:
        _forget_attacks(table)


def _forget_attacks(table: Table) -> None:
    for stale in list(table.attacks)[: ATTACKS_KEPT // 2]:
        del table.attacks[stale]
        table.attackers.pop(stale, None)
        table.attacks_forgotten = stale


def _warn_if_surprised(table: Table, attacker: Member) -> None:
    """Orcus L1067: a surprised creature takes its surprise-round turn but no actions in it."""
    if clock.ctx(table, attacker).surprised:
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
    traits = table.traits
    if traits.miss_damage_applies and missed(table, fact):  # else a miss's damage was dropped
        fact = fact.model_copy(update={"on_miss": True})  # the power's Miss: damage
    _take(table, fact.target, fact if traits.dealt is None else _as_dealt(table, fact))
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
    d = fact.duration  # exact types: a failed isinstance on a pydantic model costs ~0.1 µs
    acting = type(d) is TurnDuration and d.next and d.until == "end_of_turn" and table.turn == d.of
    started = table.started
    exclusive = table.traits.exclusive  # Orcus L1516: the new mark supersedes
    if exclusive and fact.condition.lower() in exclusive:
        _drop_conditions(table, member.id, lambda c: c.name.lower() == fact.condition.lower())
    condition = Condition(
        fact.condition, fact.source, fact.value, fact.damage_type, table.position,
        duration=d, beneficial=fact.beneficial,
        began_round=table.round if started else None,
        began_count=clock.count_of(table, table.turn) if started else NEVER,
        began_slot=table.turn, skips=1 if acting else 0,
    )  # fmt: skip
    due = table.due  # when timed conditions run out, kept as one is added
    set_conditions(table, member, (*member.conditions, condition))
    table.due = None if due is None else clock.due_with(due, condition)
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


def _rest(table: Table, fact: RestTaken) -> None:
    for member_id in fact.combatants if fact.combatants is not None else list(table.members):
        _take(table, member_id, fact)


def _ended(table: Table, fact: CombatEnded) -> None:
    table.phase, table.turn = "ended", None


STEPS: dict[type[Fact], Step] = _steps()
