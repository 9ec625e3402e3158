"""The 3.5 / d20 Modern house rule "foes die at 0" (`monster_death: at_zero`, mooks), mirroring
Starfinder's `monster_death`: a monster (kind npc) at 0 HP or below is dead, so it asks for no
stabilization roll each round; characters keep the hit point track (000 L1147-1181)."""

from __future__ import annotations

from typing import Any

import pytest

from projections.prompts import prompts
from projections.table import table_at
from tests.builders import (
    check,
    created,
    damage,
    fact,
    healing,
    joined,
    log,
    rolled,
    save,
    started,
    state,
    turn_ended,
)

AT_ZERO = {"monster_death": "at_zero"}
DYING = ["dying", "unconscious", "helpless"]


def orc(
    system: str, *lines: dict[str, Any], kind: str = "npc", max_hp: int = 13, **options: Any
) -> Any:
    """The orc (13 HP, Con 13) after the lines, beside Valeros, both in a started fight."""
    events = log(created(system, **options), joined("valeros", 20),
                 joined("orc", max_hp, side="foes", kind=kind, stats={"constitution": 13}),
                 rolled("valeros", 15), rolled("orc", 10), started(), *lines)  # fmt: skip
    me = state(events)["combatants"]["orc"]
    return me["vitals"]["hp"], [s for s in me["statuses"] if s != "flat_footed"]


FOES: list[Any] = [
    pytest.param("dnd35", [damage("orc", 14)], {}, "npc", (-1, DYING),
                 id="000 DYING L1165-1174 (default): a monster at -1 is dying as characters are"),
    pytest.param("dnd35", [damage("orc", 14)], AT_ZERO, "npc", (-1, ["dead"]),
                 id="house rule at_zero: a monster at -1 is dead"),
    pytest.param("dnd35", [damage("orc", 13)], AT_ZERO, "npc", (0, ["dead"]),
                 id="house rule at_zero: at exactly 0 HP it is dead, not disabled (000 L1147)"),
    pytest.param("dnd35", [damage("orc", 12)], AT_ZERO, "npc", (1, ["healthy"]),
                 id="house rule at_zero: at 1 HP it fights on"),
    pytest.param("dnd35", [damage("orc", 14)], AT_ZERO, "pc", (-1, DYING),
                 id="house rule at_zero: only monsters (kind npc); a character is dying"),
    pytest.param("dnd35", [damage("orc", 14, nonlethal=True)], AT_ZERO, "npc",
                 (13, ["unconscious", "helpless"]),
                 id="000 L1277-1305: nonlethal damage takes no HP; the knocked-out orc lives"),
    pytest.param("dnd35", [damage("orc", 14), healing("orc", 10)], AT_ZERO, "npc", (-1, ["dead"]),
                 id="000 DEAD: the dead monster is not healed back"),
    pytest.param("dnd35", [damage("orc", 14), fact("EventRevoked", target=7)], AT_ZERO, "npc",
                 (13, ["healthy"]), id="undoing the killing blow takes back the death"),
    pytest.param("d20modern", [damage("orc", 14)], AT_ZERO, "npc", (-1, ["dead"]),
                 id="003 L136 with the house rule: a monster at -1 is dead, not dying"),
    pytest.param("d20modern", [damage("orc", 14)], {}, "npc", (-1, DYING),
                 id="003 L136 (default): a monster at -1 is dying"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "lines", "options", "kind", "expected"), FOES)
def test_a_monster_at_zero_hp_dies_under_the_house_rule(
    system: str, lines: list[Any], options: dict[str, Any], kind: str, expected: Any
) -> None:
    assert orc(system, *lines, kind=kind, **options) == expected


def test_a_failed_massive_damage_save_that_drops_a_monster_to_minus_1_kills_it() -> None:
    """d20 Modern (digest G3): a failed save drops HP to -1, dying; a monster under the house
    rule is dead there, as it is by default dying."""
    lines = [damage("orc", 13), save("orc", "fortitude", 3, 5)]
    assert orc("d20modern", *lines, max_hp=20) == (-1, DYING)
    assert orc("d20modern", *lines, max_hp=20, **AT_ZERO) == (-1, ["dead"])


def fight(**options: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The table and its prompts once Valeros has dropped the orc to -2 and ended his turn."""
    events = log(created(**options), joined("valeros", 20), joined("orc", 13, side="foes"),
                 rolled("valeros", 15), rolled("orc", 10), started(), damage("orc", 15),
                 turn_ended("valeros"))  # fmt: skip
    return state(events), prompts(table_at(events))


def test_a_dying_monster_asks_for_its_stabilization_roll_each_round_by_default() -> None:
    """000 L1165-1174: the dying roll d% each turn, so the GM is prompted for the orc."""
    table, asked = fight()
    assert table["turn"] == "orc"
    assert [p["kind"] for p in asked] == ["stabilize"]


def test_under_the_house_rule_the_dead_monster_asks_for_nothing_and_keeps_no_turn() -> None:
    table, asked = fight(**AT_ZERO)
    assert asked == [] and table["warnings"] == []
    assert (table["turn"], table["round"]) == ("valeros", 2)


def test_a_stabilization_check_for_a_monster_the_house_rule_killed_changes_nothing() -> None:
    assert orc("dnd35", damage("orc", 14), check("orc", "stabilize", 5), **AT_ZERO) == (
        -1,
        ["dead"],
    )
