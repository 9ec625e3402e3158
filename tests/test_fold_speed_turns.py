"""A system's turn rules on the body alone (`Traits.body_turn_started`, `body_turn_ended`: the
fold builds no Ctx for them) are its `turn_started` and `turn_ended`, which read no Ctx at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.events import EncounterCreated, Event
from domain.jsonl import read_jsonl
from domain.rulesets import ruleset_for
from domain.rulesets.base import Traits, traits_of
from domain.rulesets.hitpoints import HitPoints
from domain.rulesets.systems import System
from projections.effective import effective_log
from projections.render import state_json
from projections.table import fold, fold_into, initial
from projections.view import Table
from tests.strategies import FAST, logs

FIXTURES = Path(__file__).resolve().parents[1] / "replay_fixtures"
LOGS = sorted(FIXTURES.glob("*/*.jsonl"))
HIT_POINT_SYSTEMS: tuple[System, ...] = ("dnd35", "d20modern")


class Unreadable:
    """A Ctx no rule may read: reading any of it fails the test, naming what was read."""

    def __getattribute__(self, name: str) -> NoReturn:
        raise AssertionError(f"the turn rule read ctx.{name}")

    def __getitem__(self, index: object) -> NoReturn:
        raise AssertionError(f"the turn rule read ctx[{index!r}]")


UNREADABLE: Any = Unreadable()


def assert_turn_rules_read_the_body_alone(table: Table, body: Any) -> None:
    """What the fold calls on the body alone is what the ruleset's hooks do, given no Ctx."""
    traits, rules = table.traits, table.rules
    if traits.body_turn_started is not None:
        assert rules.turn_started(body, UNREADABLE) == traits.body_turn_started(body)
    if traits.body_turn_ended is not None:
        assert rules.turn_ended(body, UNREADABLE) == traits.body_turn_ended(body)


def asking_the_hooks(traits: Traits) -> Traits:
    """The same traits with no turn rule on the body alone: the fold asks the hooks, with a Ctx."""
    return traits._replace(body_turn_started=None, body_turn_ended=None)


@pytest.mark.parametrize("system", HIT_POINT_SYSTEMS)
def test_the_hit_point_systems_take_their_turn_rules_on_the_body_alone(system: System) -> None:
    rules = ruleset_for(system)
    traits = traits_of(rules, rules.options_model())
    assert traits.body_turn_started is not None and traits.body_turn_ended is not None


def takes_turn_rules_on_the_body(log: Path) -> bool:
    """Whether the golden's system takes a turn rule on the body alone (the others read the Ctx:
    the fold hands them one)."""
    traits = fold(effective_log(read_jsonl(log.read_bytes()))[:1]).traits
    return traits.body_turn_started is not None or traits.body_turn_ended is not None


@pytest.mark.parametrize("log", [log for log in LOGS if takes_turn_rules_on_the_body(log)],
                         ids=lambda log: f"{log.parent.name}/{log.stem}")  # fmt: skip
def test_every_body_a_golden_fight_reaches_takes_its_turn_rules_without_a_ctx(log: Path) -> None:
    entries = effective_log(read_jsonl(log.read_bytes()))
    table = fold(entries[:1])
    for entry in entries[1:]:
        fold_into(table, [entry])
        for member in table.members.values():  # dying, stable, dead, rolls due …
            assert_turn_rules_read_the_body_alone(table, member.body)


@pytest.mark.parametrize("system", HIT_POINT_SYSTEMS)
@FAST
@given(
    st.builds(
        HitPoints,
        hp=st.integers(-12, 12),
        max_hp=st.integers(1, 12),
        temp_hp=st.integers(0, 5),
        nonlethal=st.integers(0, 15),
        stable=st.booleans(),
        tended=st.booleans(),
        conscious_again=st.booleans(),
        killed_by=st.sampled_from([None, "massive damage"]),
        stabilize_due=st.booleans(),
    )
)
def test_any_hit_point_track_takes_its_turn_rules_without_a_ctx(
    system: System, body: HitPoints
) -> None:
    table = initial(EncounterCreated(name="turn rules", ruleset=system))
    assert_turn_rules_read_the_body_alone(table, body)


@FAST
@given(logs())
def test_a_fold_taking_turn_rules_on_the_body_alone_is_the_fold_asking_the_hooks(
    events: list[Event],
) -> None:
    entries = effective_log(events)
    fast = fold(entries)
    asked = initial(entries[0][1])  # type: ignore[arg-type]
    asked.traits = asking_the_hooks(asked.traits)
    fold_into(asked, entries[1:])
    assert asked.members == fast.members
    assert state_json(asked, len(events)) == state_json(fast, len(events))
