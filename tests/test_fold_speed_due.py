"""When timed conditions run out, kept up to date as each condition is applied, is what working
it out again from every condition at the table finds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from benchmarks.synthetic import CROWD, RULESETS, fight
from domain.events import (
    CombatantJoined,
    CombatStarted,
    ConditionApplied,
    EncounterCreated,
    InitiativeRolled,
    RoundsDuration,
    SaveEndsDuration,
    TurnDuration,
    TurnEnded,
)
from projections import clock
from projections.table import apply, initial
from projections.view import Due, Table


def worked_out_again(table: Table) -> Due:
    return clock._due(replace(table, due=None))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_due_kept_as_conditions_are_applied_is_the_due_worked_out_again(ruleset: str) -> None:
    log = fight(3000, seed=3, ruleset=ruleset, fighters=CROWD)
    table = initial(log[0])  # type: ignore[arg-type]
    for position, fact in enumerate(log[1:], 2):
        apply(table, position, fact)
        if isinstance(fact, ConditionApplied) and table.due is not None:
            assert table.due == worked_out_again(table), position


def test_every_kind_of_duration_applied_mid_fight_keeps_the_due() -> None:
    joins = [
        fact
        for who in ("a", "b")
        for fact in (
            CombatantJoined(combatant=who, name=who, side=who, stats={"max_hp": 9}),
            InitiativeRolled(combatant=who, natural=10, modifier=0),
        )
    ]
    durations = [
        RoundsDuration(rounds=2),
        TurnDuration(until="end_of_turn", of="b"),
        TurnDuration(until="start_of_turn", of="a", next=False),
        SaveEndsDuration(save_ends=True),
        None,
        RoundsDuration(rounds=1),
    ]
    log = [EncounterCreated(name="x", ruleset="dnd35"), *joins, CombatStarted()]
    for n, duration in enumerate(durations):
        log += [ConditionApplied(target="ab"[n % 2], condition=f"c{n}", duration=duration)]
        log += [TurnEnded(combatant="a" if n % 2 == 0 else "b")]
    table = initial(log[0])  # type: ignore[arg-type]
    for position, fact in enumerate(log[1:], 2):
        clock._due(table)  # worked out before each line, so each line keeps it
        apply(table, position, fact)
        if isinstance(fact, ConditionApplied):
            assert table.due == worked_out_again(table), position
