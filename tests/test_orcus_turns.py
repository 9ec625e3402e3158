"""Orcus turns: persistent damage, save ends, turn-tied durations, regeneration, order (004)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import condition, damage, fact, rolled, save, turn_ended, view
from tests.test_orcus_support import hero, monster, of, orcus_fight

ROUND = [turn_ended("kyra"), turn_ended("orc")]  # from kyra's turn to her next one
SAVE_ENDS = {"save_ends": True}


def burning(amount: int = 5, kind: str = "fire", name: str = "persistent fire") -> Any:
    return condition("kyra", name, source="orc", value=amount, damage_type=kind,
                     duration=SAVE_ENDS)  # fmt: skip


def shakes_off(natural: int, against: str | int = "persistent fire") -> Any:
    return save("kyra", "save", natural, natural, against=against)


# (kyra's extra stats, lines after her round-1 turn began, house rules, then her hp)
TICKS = [
    pytest.param({}, [turn_ended("kyra"), burning()], {}, 40,
                 id="004 Persistent damage L998-999: not taken when applied"),
    pytest.param({}, [turn_ended("kyra"), burning(), turn_ended("orc")], {}, 35,
                 id="004 Your Turn L1073: taken at the start of the target's turn"),
    pytest.param({}, [turn_ended("kyra"), burning(), turn_ended("orc"), shakes_off(12),
                      *ROUND], {}, 35,
                 id="004 Save ends L996-997: 10+ at the end of the turn ends it"),
    pytest.param({}, [turn_ended("kyra"), burning(), turn_ended("orc"), shakes_off(7), *ROUND],
                 {}, 30, id="004 Save ends L996-997: a failed save keeps it ticking"),
    pytest.param({}, [burning(), shakes_off(10), *ROUND], {}, 40,
                 id="digest §13: applied on her own turn, saved at its end: never taken"),
    pytest.param({"resist": {"fire": 5}}, [turn_ended("kyra"), burning(), turn_ended("orc")],
                 {}, 40, id="A11: resistance applies to persistent damage"),
    pytest.param({}, [turn_ended("kyra"), burning(5), burning(3, name="burning oil"),
                      turn_ended("orc")], {}, 32,
                 id="A11: each persistent instance ticks separately"),
    pytest.param({}, [turn_ended("kyra"), burning(5), burning(3, name="burning oil"),
                      turn_ended("orc")], {"persistent_stacking": "highest_per_type"}, 35,
                 id="A11 option highest_per_type: only the higher fire instance"),
    pytest.param({}, [turn_ended("kyra"), burning(5), burning(3, name="burning oil"),
                      turn_ended("orc"), shakes_off(14, 8), *ROUND], {}, 29,
                 id="A11: a save against one position ends that instance only"),
    pytest.param({}, [damage("kyra", 55), turn_ended("kyra"), burning(), turn_ended("orc")],
                 {}, -20, id="digest §13: persistent damage can kill the dying (-20)"),
    pytest.param({"regeneration": 3}, [damage("kyra", 10), *ROUND], {}, 33,
                 id="004 Regeneration L1479-1480: heals at the start of each turn"),
    pytest.param({"regeneration": 3, "regeneration_while": "staggered"},
                 [damage("kyra", 10), *ROUND], {}, 30,
                 id="004 Staggered Regeneration L1661: not while unstaggered"),
    pytest.param({"regeneration": 3}, [damage("kyra", 45), *ROUND], {}, 3,
                 id="digest §11.4: regeneration at negative HP counts from 0"),
    pytest.param({"regeneration": 3},
                 [damage("kyra", 38), turn_ended("kyra"), burning(5), turn_ended("orc")],
                 {}, 0, id="A13: regeneration (5), then persistent damage (0)"),
    pytest.param({"regeneration": 3},
                 [damage("kyra", 38), turn_ended("kyra"), burning(5), turn_ended("orc")],
                 {"start_of_turn_order": "persistent_first"}, 3,
                 id="A13 option: persistent damage (-3), then regeneration from 0 (3)"),
    pytest.param({}, [damage("kyra", 10), condition("kyra", "regeneration", value=4),
                      *ROUND], {}, 34,
                 id="004 Regeneration L1481: regeneration from an effect"),
]  # fmt: skip


@pytest.mark.parametrize(("extra", "lines", "options", "hp"), TICKS)
def test_start_of_turn_damage_and_healing(
    extra: dict[str, Any], lines: list[Any], options: dict[str, Any], hp: int
) -> None:
    setup = orcus_fight(hero("kyra", 40, **extra), monster("orc", 40), **options)
    assert of(view(setup, lines))["vitals"]["hp"] == hp


def dazed_until_orcs_next_turn_ends() -> Any:
    until = {"until": "end_of_turn", "of": "orc", "next": True}
    return condition("kyra", "dazed", source="orc", duration=until)


# (lines after kyra's round-1 turn began, then whether kyra is still dazed)
TIED = [
    pytest.param([turn_ended("kyra"), dazed_until_orcs_next_turn_ends(), turn_ended("orc")],
                 True, id="004 Duration: applied on the orc's turn, that turn does not count"),
    pytest.param([turn_ended("kyra"), dazed_until_orcs_next_turn_ends(), turn_ended("orc"),
                  turn_ended("kyra")], True, id="004 Duration: kyra's own turn ends nothing"),
    pytest.param([turn_ended("kyra"), dazed_until_orcs_next_turn_ends(), turn_ended("orc"),
                  *ROUND], False, id="004 Duration: ends as the orc's next turn ends"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "dazed"), TIED)
def test_until_the_end_of_x_next_turn_is_tied_to_x(lines: list[Any], dazed: bool) -> None:
    kyra = of(view(orcus_fight(hero(), monster()), lines))
    assert any(c["name"] == "dazed" for c in kyra["conditions"]) is dazed


def test_initiative_ties_go_to_the_higher_modifier() -> None:
    """004 Initiative L1071: the higher initiative modifier goes first (then a coin flip)."""
    state = view(orcus_fight(hero(), monster())[:3], rolled("orc", 11, 1), rolled("kyra", 10, 2),
                 fact("CombatStarted"))  # fmt: skip
    assert state["order"] == ["kyra", "orc"] and state["initiative_ties"] == []


# (lines after the fight began with kyra, orc, ezren in that order, ending round 1)
ORDER = [
    pytest.param([fact("Delayed", combatant="kyra"), turn_ended("orc"),
                  fact("DelayEnded", combatant="kyra"), turn_ended("kyra"), turn_ended("ezren")],
                 id="004 Delay L1375-1381: the delayed count is kept for the rest of the fight"),
    pytest.param([fact("ActionReadied", combatant="kyra"), turn_ended("kyra"),
                  turn_ended("orc"), fact("ReadiedActionTaken", combatant="kyra", before="ezren"),
                  turn_ended("ezren")],
                 id="004 Ready L1404-1407: just before the creature that triggered it"),
]  # fmt: skip


@pytest.mark.parametrize("lines", ORDER)
def test_delay_and_ready_move_a_creature_for_the_rest_of_the_fight(lines: list[Any]) -> None:
    state = view(orcus_fight(hero("kyra"), monster("orc"), hero("ezren", 30)), lines)
    assert (state["order"], state["round"], state["turn"]) == (["orc", "kyra", "ezren"], 2, "orc")
