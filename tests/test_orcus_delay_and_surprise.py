"""Orcus delay and surprise (004 Delay L1375-1381, Surprise L1064-1067, Surprised L1547-1552)."""

from __future__ import annotations

from typing import Any

from tests.builders import condition, created, fact, joined, rolled, started, turn_ended, view
from tests.test_orcus_support import hero, monster, of, orcus_fight

# kyra 20, orc 19, ezren 18: kyra's turn in round 1 once line 8 starts the fight
PARTY = (hero("kyra"), monster("orc"), hero("ezren", 30))


def fight(*lines: Any, **options: Any) -> dict[str, Any]:
    return view(orcus_fight(*PARTY, **options), list(lines))


def clock(state: dict[str, Any]) -> tuple[str, int, str | None]:
    return state["phase"], state["round"], state["turn"]


def delays(combatant: str) -> Any:
    return fact("Delayed", combatant=combatant)


def steps_in(combatant: str) -> Any:
    return fact("DelayEnded", combatant=combatant)


# --- Delay -------------------------------------------------------------------------------------


def test_a_delay_taken_right_after_the_rounds_last_turn_belongs_to_that_round() -> None:
    """004 Delay L1376: "later in the same round"; L1381: the count it is taken on."""
    state = fight(delays("kyra"), turn_ended("orc"), turn_ended("ezren"), steps_in("kyra"))

    assert clock(state) == ("combat", 1, "kyra")
    assert state["order"] == ["orc", "ezren", "kyra"]
    assert of(state)["initiative"] == of(state, "ezren")["initiative"]
    assert state["warnings"] == []


def test_the_delayer_then_acts_last_in_every_later_round() -> None:
    """004 Delay L1376: the new, lower count holds "for the rest of the combat"."""
    lines = [delays("kyra"), turn_ended("orc"), turn_ended("ezren"), steps_in("kyra")]
    turns = [clock(fight(*lines, *map(turn_ended, who)))[1:]
             for who in ([], ["kyra"], ["kyra", "orc"], ["kyra", "orc", "ezren"])]  # fmt: skip

    assert turns == [(1, "kyra"), (2, "orc"), (2, "ezren"), (2, "kyra")]


def test_two_delayers_can_both_still_step_in_after_the_rounds_last_turn() -> None:
    """004 Delay L1376: each takes its turn later in the same round, in the order they step in."""
    lines = [delays("kyra"), delays("orc"), turn_ended("ezren"), steps_in("orc"),
             turn_ended("orc"), steps_in("kyra")]  # fmt: skip
    state = fight(*lines)

    assert clock(state) == ("combat", 1, "kyra") and state["warnings"] == []
    assert state["order"] == ["ezren", "orc", "kyra"]
    assert clock(fight(*lines, turn_ended("kyra"))) == ("combat", 2, "ezren")


def test_a_delay_not_taken_by_the_rounds_end_is_wasted() -> None:
    """004 Delay L1377: the turn for that round is wasted; A7 (b): the old count is kept."""
    state = fight(delays("kyra"), turn_ended("orc"), turn_ended("ezren"))

    assert clock(state) == ("combat", 2, "kyra")
    assert state["order"] == ["kyra", "orc", "ezren"]
    assert "delaying" not in of(state)["statuses"]
    assert state["warnings"] == [
        "line 11: Kyra did not take its delayed turn in round 1: that turn is lost, and it acts "
        "at its old count"
    ]


def test_a_wasted_delay_cannot_be_taken_later_in_the_next_round() -> None:
    """004 Delay L1377: once the round is over, the delayed turn is gone."""
    state = fight(delays("kyra"), *map(turn_ended, ("orc", "ezren", "kyra")), steps_in("kyra"))

    assert clock(state) == ("combat", 2, "orc")
    assert "line 13: kyra is not delaying" in state["warnings"]


def test_a_delayer_stepping_in_takes_back_the_start_of_the_next_round() -> None:
    """004 Your Turn L1073: kyra's persistent fire ticks when her round-2 turn starts; the orc
    stepping in at the end of round 1 comes first, so nothing has ticked yet (then it does)."""
    lines = [turn_ended("kyra"), burning(), delays("orc"), turn_ended("ezren")]

    assert of(fight(*lines))["vitals"]["hp"] == 35
    assert of(fight(*lines, steps_in("orc")))["vitals"]["hp"] == 40
    assert of(fight(*lines, steps_in("orc"), turn_ended("orc")))["vitals"]["hp"] == 35


def burning(target: str = "kyra") -> Any:
    return condition(target, "persistent fire", source="orc", value=5, damage_type="fire",
                     duration={"save_ends": True})  # fmt: skip


def test_a_delayers_persistent_damage_waits_for_the_turn_it_takes() -> None:
    """004 Delay L1376: it takes its turn "normally" at the later count, so the start of its
    turn (persistent damage, L1073) comes then (digest A7 (a))."""
    lines = [turn_ended("kyra"), burning(), *map(turn_ended, ("orc", "ezren")), delays("kyra")]

    assert of(fight(*lines))["vitals"]["hp"] == 40
    assert of(fight(*lines, turn_ended("orc"), steps_in("kyra")))["vitals"]["hp"] == 35


def test_a_wasted_delayed_turn_has_no_start() -> None:
    """004 Delay L1377: the turn for that round is wasted, its start with it (A7 (a))."""
    lines = [turn_ended("kyra"), burning(), *map(turn_ended, ("orc", "ezren")), delays("kyra"),
             *map(turn_ended, ("orc", "ezren"))]  # fmt: skip

    assert clock(fight(*lines)) == ("combat", 3, "kyra")
    assert of(fight(*lines))["vitals"]["hp"] == 35


def boon(name: str, target: str = "kyra", of_: str = "kyra", beneficial: bool = True) -> Any:
    until = {"until": "end_of_turn", "of": of_, "next": True}
    return condition(target, name, source="kyra", duration=until, beneficial=beneficial)


def test_beneficial_effects_ending_at_the_delayers_turn_end_go_as_it_delays() -> None:
    """004 Delay L1380 (A7 (c): only those on the delayer; harmful ones wait for its turn)."""
    lines = [boon("feint"), boon("hexed", beneficial=False), boon("aided", target="ezren"),
             *map(turn_ended, ("kyra", "orc", "ezren")), delays("kyra")]  # fmt: skip
    state = fight(*lines)

    assert [c["name"] for c in of(state)["conditions"]] == ["hexed"]
    assert [c["name"] for c in of(state, "ezren")["conditions"]] == ["aided"]
    assert [c["name"] for c in of(fight(*lines[:-1]))["conditions"]] == ["feint", "hexed"]


def test_a_boon_gained_on_this_very_turn_is_not_ended_by_the_delay() -> None:
    """004 Delay L1380: it ends at the end of kyra's *next* turn, not of this one."""
    state = fight(turn_ended("kyra"), turn_ended("orc"), turn_ended("ezren"), boon("feint"),
                  delays("kyra"))  # fmt: skip
    assert [c["name"] for c in of(state)["conditions"]] == ["feint"]


def test_in_dnd35_a_delayer_still_steps_in_at_the_top_of_the_next_round() -> None:
    """The other systems keep the shared rule: a delay runs across rounds (CONTRACT, Turns)."""
    lines = [created(), joined("kyra"), joined("ezren"), rolled("kyra", 20), rolled("ezren", 10),
             started(), delays("kyra"), turn_ended("ezren")]  # fmt: skip
    state = view(lines)
    assert clock(state) == ("combat", 2, "ezren") and "delaying" in of(state)["statuses"]


# --- Surprise ----------------------------------------------------------------------------------

AMBUSH = fact("SurpriseDetermined", aware=["orc"])


def ambush(*lines: Any, **options: Any) -> dict[str, Any]:
    setup = orcus_fight(*PARTY, **options)
    return view(setup[:-1], AMBUSH, setup[-1], list(lines))


def test_a_surprised_creature_takes_its_first_turn_in_the_surprise_round() -> None:
    """004 Surprise L1067: "you can't take actions on your first turn of the combat" — it has
    that turn, in the surprise round, in initiative order."""
    turns = [clock(ambush(*map(turn_ended, who)))
             for who in ([], ["kyra"], ["kyra", "orc"], ["kyra", "orc", "ezren"])]  # fmt: skip

    assert turns == [("surprise", 0, "kyra"), ("surprise", 0, "orc"), ("surprise", 0, "ezren"),
                     ("combat", 1, "kyra")]  # fmt: skip


def test_surprised_lasts_until_the_surprise_round_ends() -> None:
    """004 Surprised L1552: "You lose this condition when the surprise round ends"."""
    assert "surprised" in of(ambush(turn_ended("kyra")))["statuses"]
    assert "surprised" not in of(ambush(*map(turn_ended, ("kyra", "orc", "ezren"))))["statuses"]
    assert "surprised" not in of(ambush(), "orc")["statuses"]


def test_a_surprised_creature_that_attacks_on_its_surprise_turn_is_flagged() -> None:
    """004 Surprise L1067 (A2 default): no actions on that turn."""
    swing = fact("AttackMade", attacker="kyra", target="orc", natural=15, total=20)
    warning = "line 10: Kyra is surprised and can take no actions in the surprise round"

    assert warning in ambush(swing)["warnings"]
    assert warning not in ambush(swing, surprised_first_turn="one_standard")["warnings"]
    assert not any("surprised" in w for w in ambush(*map(turn_ended, ("kyra", "orc", "ezren")),
                                                    swing)["warnings"])  # fmt: skip
