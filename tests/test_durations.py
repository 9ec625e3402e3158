"""When timed conditions end: rounds, turn-bound durations and save ends (seed 000)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import condition, fact, fight, save, turn_ended, view
from tests.turn_helpers import ABC, ON, Line, abc, ambush, ended, lasting, timeline


def test_n_rounds_end_just_before_the_count_they_began_on() -> None:
    # 000 THE COMBAT ROUND L329-331: begun on a's turn (count 15), lasting 2 rounds
    seen = timeline(fight(*ABC), [lasting("c", rounds=2), *ended(*"abcabc")], "c")

    assert seen == [
        (1, "a", 2), (1, "b", 2), (1, "c", 2), (2, "a", 1), (2, "b", 1), (2, "c", 1),
        (3, "a", None),
    ]  # fmt: skip


def test_one_round_begun_on_a_later_count_outlasts_the_turns_above_it() -> None:
    # 000 L325-331: "from one round to the same initiative count in the next round"
    seen = timeline([*fight(*ABC), turn_ended("a")], [lasting("c", rounds=1), *ended(*"bca")], "c")

    assert seen == [(1, "b", 1), (1, "c", 1), (2, "a", 1), (2, "b", None)]


def test_one_round_begun_in_the_surprise_round_ends_before_its_count_in_round_1() -> None:
    # digest 1.7 (derived): the surprise round counts as a round; begun at a's count 15
    seen = timeline(ambush(), [lasting("b", rounds=1), *ended("a", "c", "a")], "b")

    assert seen == [(0, "a", 1), (0, "c", 1), (1, "a", None), (1, "b", None)]


# a 15 (+2) and b 15 (+1) share count 15; c 5. The effect begins on b's turn.
TIED = (("a", 13, 2), ("b", 14, 1), ("c", 5, 0))


@pytest.mark.parametrize(
    ("key", "at_a_in_round_2"),
    [
        pytest.param("count", None,
                     id="000 L329-331 (A2 default count): before the first at count 15, a"),
        pytest.param("slot", 1, id="digest A2 option slot: before b's own slot; a still under it"),
    ],
)  # fmt: skip
def test_a_tied_count_ends_the_effect_by_the_duration_key_option(
    key: str, at_a_in_round_2: int | None
) -> None:
    setup = [*fight(*TIED, duration_key=key), turn_ended("a")]

    seen = timeline(setup, [lasting("c", rounds=1), *ended("b", "c", "a")], "c")

    assert seen == [(1, "b", 1), (1, "c", 1), (2, "a", at_a_in_round_2), (2, "b", None)]


TURN_BOUND = [
    pytest.param({"until": "end_of_turn", "of": "a"}, [ON, ON, ON, ON, None],
                 id="§1 next=true: end of a's turn, a acting now, the following one"),
    pytest.param({"until": "end_of_turn", "of": "a", "next": False}, [ON, None],
                 id="§1 next=false: end of a's turn, a acting now, this one"),
    pytest.param({"until": "end_of_turn", "of": "c"}, [ON, ON, ON, None],
                 id="§1 next=true: end of c's next turn, c not acting"),
    pytest.param({"until": "end_of_turn", "of": "c", "next": False}, [ON, ON, ON, None],
                 id="§1 next=false: end of c's turn, c not acting, the first to come"),
    pytest.param({"until": "start_of_turn", "of": "b"}, [ON, None],
                 id="§1 next=true: start of b's next turn"),
    pytest.param({"until": "start_of_turn", "of": "a"}, [ON, ON, ON, None],
                 id="§1 next=true: start of a's next turn, a acting now, next round"),
]  # fmt: skip


@pytest.mark.parametrize(("duration", "expected"), TURN_BOUND)
def test_turn_bound_durations(duration: dict[str, Any], expected: list[Any]) -> None:
    # CONTRACT §1 ConditionApplied.duration; begun on a's turn, steps: a, b, c, a end
    seen = timeline(fight(*ABC), [lasting("b", **duration), *ended(*"abca")], "b")

    assert [left for _, _, left in seen[: len(expected)]] == expected


HELD = condition("b", "held", duration={"save_ends": True})
SAVES = [
    pytest.param(save("b", "will", 12, 17, dc=15, against="held"), False,
                 id="000 L177+L36 (equals or beats): total 17 vs DC 15 saves"),
    pytest.param(save("b", "will", 12, 15, dc=15, against="held"), False,
                 id="000 L177+L36 (equals or beats): total equal to the DC saves"),
    pytest.param(save("b", "will", 12, 14, dc=15, against="held"), True,
                 id="000 L177+L36 (equals or beats): total 14 vs DC 15 fails"),
    pytest.param(save("b", "will", 20, 3, against="held"), False,
                 id="000 SAVING THROWS L200-201: natural 20 always succeeds"),
    pytest.param(save("b", "will", 1, 30, dc=15, against="held"), True,
                 id="000 SAVING THROWS L198-199: natural 1 always fails"),
    pytest.param(save("b", "will", 12, 17, dc=15, against="prone"), True,
                 id="CONTRACT §1 SavingThrowRolled.against: a save against another condition"),
    pytest.param(save("a", "will", 12, 17, dc=15, against="held"), True,
                 id="CONTRACT §1 SavingThrowRolled.combatant: someone else's save"),
    pytest.param(save("b", "will", 5, 9, dc=15, against="held", outcome="success"), False,
                 id="contract extension SavingThrowRolled.outcome: the GM ruled a success"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "kept"), SAVES)
def test_save_ends_conditions_end_on_a_successful_save_against_them(line: Line, kept: bool) -> None:
    table = abc(HELD, line)

    assert bool(table["combatants"]["b"]["conditions"]) == kept


def test_a_save_against_the_conditions_line_ends_it_too() -> None:
    lines = fight(*ABC)
    held_at = len(lines) + 1

    table = view(lines, HELD, save("b", "will", 12, 17, dc=15, against=held_at))

    assert table["combatants"]["b"]["conditions"] == []


def test_a_condition_without_duration_stays_until_removed() -> None:
    still = abc(condition("b", "prone"), *ended(*"abcabc"))
    removed = abc(condition("b", "prone"), fact("ConditionRemoved", target="b", condition="prone"))

    assert still["combatants"]["b"]["conditions"] == [{"name": "prone"}]
    assert removed["combatants"]["b"]["conditions"] == []
