"""Delay and ready: where the delayer or readier acts from then on (CONTRACT §2, seed 000)."""

from __future__ import annotations

from tests.builders import damage, fact, fight, turn_ended, view
from tests.turn_helpers import ABC, abc, clock, ended, lasting, statuses, timeline

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


def test_a_dying_combatant_who_delays_is_flagged_for_the_gm() -> None:
    # 000 STABLE CHARACTERS AND RECOVERY L1188-1190: no special initiative actions while dying
    table = view(fight(("a", 15, 0), ("b", 10, 0)), damage("a", 21), fact("Delayed", combatant="a"))
    assert "line 8: A is unconscious and cannot delay" in table["warnings"]
