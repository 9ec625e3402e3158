"""Initiative, surprise and flat-footed, and whose turn it is (seed 000)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import created, damage, fact, fight, joined, rolled, started, turn_ended, view
from tests.turn_helpers import ABC, Line, abc, ambush, clock, ended, statuses

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


def test_one_who_left_keeps_its_place_in_the_order_marked_left() -> None:
    # CONTRACT §2: `order` is everyone in initiative order; those who left keep no turn
    table = abc(fact("CombatantLeft", combatant="b"), *ended("a", "c"))
    assert table["order"] == ["a", "b", "c"]
    assert "left" in statuses(table, "b")
    assert clock(table) == ("combat", 2, "a")


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


def test_a_new_result_for_someone_already_in_the_order_moves_it_from_the_next_round() -> None:
    # True20 refocus (001 L210-211) and GM re-rolls: this round's turns stand, no one acts twice
    lines = [fight(*ABC), turn_ended("a"), turn_ended("b"), rolled("c", 20, 0)]
    now = view(*lines)
    assert (now["order"], now["turn"]) == (["a", "b", "c"], "c")
    after = view(*lines, turn_ended("c"))
    assert (after["round"], after["order"], after["turn"]) == (2, ["c", "a", "b"], "c")
    assert view(*lines, turn_ended("c"), turn_ended("c"))["turn"] == "a"
