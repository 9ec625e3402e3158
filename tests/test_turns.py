"""Initiative, surprise, turns, delay and ready, and when timed conditions end (seed 000)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import (
    condition,
    created,
    damage,
    fact,
    fight,
    joined,
    log,
    rolled,
    save,
    started,
    state,
    turn_ended,
    view,
)

Line = dict[str, Any]

# a 15, b 10, c 5 (modifiers 0): a's turn in round 1 when the combat starts
ABC = (("a", 15, 0), ("b", 10, 0), ("c", 5, 0))


def abc(*lines: Line, **options: Any) -> dict[str, Any]:
    return view(fight(*ABC, **options), *lines)


def clock(table: dict[str, Any]) -> tuple[str, int, str | None]:
    return table["phase"], table["round"], table["turn"]


def statuses(table: dict[str, Any], combatant: str) -> list[str]:
    return list(table["combatants"][combatant]["statuses"])


def ended(*combatants: str) -> list[Line]:
    return [turn_ended(c) for c in combatants]


# --- initiative -------------------------------------------------------------------------------


def test_the_order_runs_from_the_highest_result_down() -> None:
    # 000 Initiative Checks L206-208: "counting down from highest result to lowest"
    table = view(fight(("a", 8, 0), ("b", 17, 1), ("c", 11, 4)))

    assert (table["order"], clock(table)) == (["b", "c", "a"], ("combat", 1, "b"))


def test_the_same_order_every_round() -> None:
    # 000 THE COMBAT ROUND L319-321: "Each round of a combat uses the same initiative order"
    turns = [clock(abc(*ended(*("abc" * 3)[:k]))) for k in range(7)]

    assert [t[1:] for t in turns] == [
        (1, "a"), (1, "b"), (1, "c"), (2, "a"), (2, "b"), (2, "c"), (3, "a"),
    ]  # fmt: skip


def test_initiative_rolled_just_after_the_start_still_begins_round_1() -> None:
    # 000 Combat L19-21 step 3: those who have not rolled do so, then the first regular round;
    # CONTRACT §1: setup facts *may* come before CombatStarted
    table = view(created(), joined("a"), joined("b"), started(), rolled("a", 10), rolled("b", 5))

    assert clock(table) == ("combat", 1, "a")


def test_a_tie_goes_to_the_higher_initiative_modifier_as_rolled() -> None:
    # 000 Initiative Checks L212-214: tied combatants act in order of total initiative modifier
    lines = [created(), joined("a", stats={"initiative_modifier": 5}), joined("b"),
             rolled("a", 12, 1), rolled("b", 11, 2), started()]  # fmt: skip

    table = view(lines)

    assert (table["order"], table["initiative_ties"]) == (["b", "a"], [])


def test_a_tie_with_equal_modifiers_waits_for_the_gm() -> None:
    # 000 Initiative Checks L214-215: still tied, "the tied characters should roll again"
    table = view(fight(("a", 10, 1), ("b", 10, 1), ("c", 5, 0)))

    assert [sorted(t) for t in table["initiative_ties"]] == [["a", "b"]]
    assert any("tie" in w for w in table["warnings"])


def test_a_tie_broken_before_the_start_sets_the_order() -> None:
    lines = fight(("a", 10, 1), ("b", 10, 1), ("c", 5, 0))
    lines.insert(-1, fact("InitiativeTieBroken", order=["b", "a"]))

    table = view(lines)

    assert (table["order"], table["initiative_ties"], table["turn"]) == (["b", "a", "c"], [], "b")


def test_a_tie_broken_after_the_start_sets_the_order_of_later_rounds() -> None:
    table = view(fight(("c", 15, 0), ("a", 10, 1), ("b", 10, 1)),
                 fact("InitiativeTieBroken", order=["b", "a"]), *ended("c", "b", "a"))  # fmt: skip

    assert (table["order"], table["initiative_ties"]) == (["c", "b", "a"], [])
    assert clock(table) == ("combat", 2, "c")


def test_a_tie_broken_while_one_of_the_tied_acts_costs_the_other_no_turn() -> None:
    # 000 Combat L24-25: everyone has a turn each round; the GM settles the tie during a's turn
    table = view(fight(("a", 10, 1), ("b", 10, 1), ("c", 5, 0)),
                 fact("InitiativeTieBroken", order=["b", "a"]), turn_ended("a"))  # fmt: skip

    assert clock(table) == ("combat", 1, "b")


# --- surprise and flat-footed -------------------------------------------------------------------


def ambush(**options: Any) -> list[Line]:
    """a (15) and c (10) are aware, b (12) is not: a surprise round."""
    return [created(**options), joined("a"), joined("b"), joined("c", side="foes"),
            fact("SurpriseDetermined", aware=["a", "c"]), rolled("a", 15), rolled("b", 12),
            rolled("c", 10), started()]  # fmt: skip


def test_the_surprise_round_is_round_0_and_only_the_aware_act() -> None:
    # 000 SURPRISE › The Surprise Round L237-246; CONTRACT §2: round 0 during the surprise round
    timeline = [clock(view(ambush(), *ended(*"ac"[:k]))) for k in range(3)]

    assert timeline == [("surprise", 0, "a"), ("surprise", 0, "c"), ("combat", 1, "a")]


def test_the_unaware_show_surprised_and_flat_footed_in_the_surprise_round() -> None:
    # 000 Unaware Combatants L247-251
    table = view(ambush())

    assert "surprised" in statuses(table, "b")
    assert "flat_footed" in statuses(table, "b")
    assert "surprised" not in statuses(table, "a")


def test_surprised_ends_with_the_surprise_round_but_flat_footed_lasts_to_the_first_turn() -> None:
    table = view(ambush(), *ended("a", "c"))

    assert "surprised" not in statuses(table, "b")
    assert "flat_footed" in statuses(table, "b")
    assert "flat_footed" not in statuses(view(ambush(), *ended("a", "c", "a")), "b")


@pytest.mark.parametrize(
    ("options", "flat_footed"),
    [
        pytest.param({}, True, id="000 Flat-Footed L216-218 (A1 default): first regular turn"),
        pytest.param({"flat_footed_until": "first_action"}, False,
                     id="000 Combat L6-7 (A1 option first_action): acting ends it"),
    ],
)  # fmt: skip
def test_acting_in_the_surprise_round_and_flat_footedness(
    options: dict[str, Any], flat_footed: bool
) -> None:
    table = view(ambush(**options), turn_ended("a"))

    assert ("flat_footed" in statuses(table, "a")) == flat_footed


def test_everyone_is_flat_footed_until_their_first_regular_turn() -> None:
    # 000 Flat-Footed L216-218
    first, second = abc(), abc(turn_ended("a"))

    assert ["flat_footed" in statuses(first, c) for c in "abc"] == [False, True, True]
    assert ["flat_footed" in statuses(second, c) for c in "abc"] == [False, False, True]


@pytest.mark.parametrize(
    "aware",
    [pytest.param(["a", "b", "c"], id="everyone aware"), pytest.param([], id="no one aware")],
)
def test_no_surprise_round_when_everyone_or_no_one_is_aware(aware: list[str]) -> None:
    # 000 Combat L17-18: "If no one or everyone starts the battle aware, there is no surprise round"
    lines = fight(*ABC)
    lines.insert(-1, fact("SurpriseDetermined", aware=aware))

    assert clock(view(lines)) == ("combat", 1, "a")


# --- whose turn ---------------------------------------------------------------------------------


def test_the_turn_passes_over_the_dead() -> None:
    # CONTRACT §2: dead combatants keep no turn
    assert clock(abc(damage("b", 30), turn_ended("a"))) == ("combat", 1, "c")
    assert clock(abc(damage("c", 30), *ended("a", "b"))) == ("combat", 2, "a")


def test_the_dying_keep_their_turn_to_roll_for_stabilization() -> None:
    # 000 Inaction L224-225 and STABLE L1185-1187: the slot stays; the d% roll comes on its turn
    assert clock(abc(damage("b", 25), turn_ended("a"))) == ("combat", 1, "b")


def test_the_turn_passes_over_those_who_left() -> None:
    assert clock(abc(fact("CombatantLeft", combatant="b"), turn_ended("a"))) == ("combat", 1, "c")


def test_leaving_on_ones_own_turn_passes_the_turn() -> None:
    assert clock(abc(fact("CombatantLeft", combatant="a"))) == ("combat", 1, "b")


def test_a_turn_ended_for_someone_else_leaves_the_turn_and_warns() -> None:
    table = abc(turn_ended("c"))

    assert clock(table) == ("combat", 1, "a")
    assert any("c" in w and "turn" in w for w in table["warnings"])


def joiner(result: int) -> list[Line]:
    """d joins during b's turn in round 1 and rolls `result`."""
    return [turn_ended("a"), joined("d", side="foes"), rolled("d", result)]


def test_a_newcomer_whose_count_has_passed_waits_for_the_next_round() -> None:
    # digest 1.5, a product rule (the seed is silent): placed by its result, no turn if passed
    table = abc(*joiner(12), *ended("b", "c"))

    assert table["order"] == ["a", "d", "b", "c"]
    assert clock(table) == ("combat", 2, "a")
    assert clock(abc(*joiner(12), *ended("b", "c", "a"))) == ("combat", 2, "d")


def test_a_newcomer_whose_count_is_still_to_come_acts_this_round() -> None:
    table = abc(*joiner(7), turn_ended("b"))

    assert (table["order"], clock(table)) == (["a", "b", "d", "c"], ("combat", 1, "d"))


def test_a_newcomer_is_flat_footed_until_its_first_turn() -> None:
    # digest 1.5 (product rule, by analogy with 000 Flat-Footed L216-218)
    assert "flat_footed" in statuses(abc(*joiner(12), *ended("b", "c")), "d")
    assert "flat_footed" not in statuses(abc(*joiner(12), *ended("b", "c", "a")), "d")


# --- delay and ready (CONTRACT §2; the seed's Special Initiative Actions are missing) -----------

DELAY = [fact("Delayed", combatant="a"), turn_ended("b"), fact("DelayEnded", combatant="a")]


def test_delaying_passes_the_turn_and_shows_delaying() -> None:
    table = abc(fact("Delayed", combatant="a"))

    assert clock(table) == ("combat", 1, "b")
    assert "delaying" in statuses(table, "a")


def test_ending_a_delay_acts_now_right_after_the_turn_that_just_ended() -> None:
    table = abc(*DELAY)

    assert (table["order"], clock(table)) == (["b", "a", "c"], ("combat", 1, "a"))
    assert "delaying" not in statuses(table, "a")


def test_the_delayer_keeps_its_new_place_in_later_rounds() -> None:
    turns = [clock(abc(*DELAY, *ended(*"acba"[:k])))[1:] for k in range(5)]

    assert turns == [(1, "a"), (1, "c"), (2, "b"), (2, "a"), (2, "c")]


def test_a_delayer_stepping_in_is_no_initiative_tie_to_settle() -> None:
    # CONTRACT §2: DelayEnded itself sets the place; there is nothing for the GM to reroll
    assert abc(*DELAY)["initiative_ties"] == []


def test_the_next_combatant_is_still_flat_footed_while_the_delayer_acts_before_it() -> None:
    # 000 Flat-Footed L216-218: c's first regular turn has not come while a acts before it
    assert "flat_footed" in statuses(abc(*DELAY), "c")


def test_a_delayer_who_steps_in_at_the_top_of_the_next_round_stays_in_initiative_order() -> None:
    # CONTRACT §2 `order`: everyone in initiative order; a acts first in round 2
    table = abc(fact("Delayed", combatant="a"), *ended("b", "c"), fact("DelayEnded", combatant="a"))
    counts = [table["combatants"][c]["initiative"] for c in table["order"]]

    assert (table["order"], clock(table)) == (["a", "b", "c"], ("combat", 2, "a"))
    assert counts == sorted(counts, reverse=True)


def test_an_effect_begun_on_b_outlasts_the_turn_of_a_delayer_now_placed_before_b() -> None:
    # 000 L329-331: begun on b's turn (count 10) in round 2, 1 round: in force until b's count
    # in round 3, so still in force on the turn of a, who now acts before b
    setup = [*fight(*ABC), fact("Delayed", combatant="a"), *ended("b", "c"),
             fact("DelayEnded", combatant="a"), turn_ended("a")]  # fmt: skip

    seen = timeline(setup, [lasting("c", rounds=1), *ended("b", "c", "a")], "c")

    assert seen == [(2, "b", 1), (2, "c", 1), (3, "a", 1), (3, "b", None)]


READY = [fact("ActionReadied", combatant="a", trigger="c casts"), *ended("a", "b"),
         fact("ReadiedActionTaken", combatant="a", before="c")]  # fmt: skip


def test_readying_shows_readied_until_the_action_is_taken() -> None:
    assert "readied" in statuses(abc(*READY[:2]), "a")
    assert "readied" not in statuses(abc(*READY), "a")


def test_a_readied_action_puts_the_readier_just_before_its_trigger_from_then_on() -> None:
    turns = [clock(abc(*READY, *ended(*"cbac"[:k])))[1:] for k in range(5)]

    assert abc(*READY)["order"] == ["b", "a", "c"]
    assert turns == [(1, "c"), (2, "b"), (2, "a"), (2, "c"), (3, "b")]


def test_a_readied_action_is_no_initiative_tie_to_settle() -> None:
    assert abc(*READY)["initiative_ties"] == []


# --- durations ----------------------------------------------------------------------------------

ON = "on"


def timeline(setup: list[Line], steps: list[Line], target: str) -> list[tuple[Any, ...]]:
    """(round, turn, remaining rounds / ON / None when gone) after each step, via `at`."""
    events = log(*setup, *steps)
    seen = []
    for at in range(len(setup) + 1, len(events) + 1):
        table = state(events, at)
        shown = table["combatants"][target]["conditions"]
        left = shown[0].get("remaining_rounds", ON) if shown else None
        seen.append((table["round"], table["turn"], left))
    return seen


def lasting(target: str, **duration: Any) -> Line:
    return condition(target, "shaken", duration=duration)


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
                 id="end of a's turn, a acting now: the following one"),
    pytest.param({"until": "end_of_turn", "of": "a", "next": False}, [ON, None],
                 id="end of a's turn, next false, a acting now: this one"),
    pytest.param({"until": "end_of_turn", "of": "c"}, [ON, ON, ON, None],
                 id="end of c's next turn, c not acting"),
    pytest.param({"until": "end_of_turn", "of": "c", "next": False}, [ON, ON, ON, None],
                 id="end of c's turn, next false, c not acting: the first to come"),
    pytest.param({"until": "start_of_turn", "of": "b"}, [ON, None],
                 id="start of b's next turn"),
    pytest.param({"until": "start_of_turn", "of": "a"}, [ON, ON, ON, None],
                 id="start of a's next turn, a acting now: next round"),
]  # fmt: skip


@pytest.mark.parametrize(("duration", "expected"), TURN_BOUND)
def test_turn_bound_durations(duration: dict[str, Any], expected: list[Any]) -> None:
    # CONTRACT §1 ConditionApplied.duration; begun on a's turn, steps: a, b, c, a end
    seen = timeline(fight(*ABC), [lasting("b", **duration), *ended(*"abca")], "b")

    assert [left for _, _, left in seen[: len(expected)]] == expected


HELD = condition("b", "held", duration={"save_ends": True})
SAVES = [
    pytest.param(save("b", "will", 12, 17, dc=15, against="held"), False, id="total 17 vs DC 15"),
    pytest.param(save("b", "will", 12, 15, dc=15, against="held"), False, id="total = DC saves"),
    pytest.param(save("b", "will", 12, 14, dc=15, against="held"), True, id="total 14 fails"),
    pytest.param(save("b", "will", 20, 3, against="held"), False,
                 id="000 SAVING THROWS L200-201: natural 20 always succeeds"),
    pytest.param(save("b", "will", 1, 30, dc=15, against="held"), True,
                 id="000 SAVING THROWS L198-199: natural 1 always fails"),
    pytest.param(save("b", "will", 12, 17, dc=15, against="prone"), True,
                 id="a save against another condition"),
    pytest.param(save("a", "will", 12, 17, dc=15, against="held"), True,
                 id="someone else's save"),
    pytest.param(save("b", "will", 5, 9, dc=15, against="held", outcome="success"), False,
                 id="the GM ruled a success"),
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


def test_a_dying_combatant_who_delays_is_flagged_for_the_gm() -> None:
    # 000 STABLE CHARACTERS AND RECOVERY L1188-1190: no special initiative actions while dying
    table = view(fight(("a", 15, 0), ("b", 10, 0)), damage("a", 21), fact("Delayed", combatant="a"))
    assert "line 8: A is unconscious and cannot delay" in table["warnings"]
