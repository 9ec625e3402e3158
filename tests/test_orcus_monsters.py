"""Orcus monsters: mooks, elites, bosses, death at 0 HP, knock-outs, Coup de Grace (seed 004)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import condition, damage, fact, turn_ended, view
from tests.test_orcus_support import DOWN, hero, monster, of, orcus_fight

KNOCKED_OUT = ["staggered", "knocked_out", *DOWN]


def hit(amount: int, **fields: Any) -> dict[str, Any]:
    return damage("orc", amount, **fields)


# (the orc's role, max HP and extra stats, lines, house rules, then its vitals and statuses)
MONSTERS = [
    pytest.param("mook", 30, {}, [], {}, (1, 1), ["healthy"],
                 id="004 Mooks L1589: 1 HP only, whatever the stat block says"),
    pytest.param("minion", 1, {}, [hit(4)], {}, (-3, 1), ["dead"],
                 id="004 Mooks L1587-1589: any hit cuts a mook down"),
    pytest.param("mook", 1, {}, [hit(9, source="miss")], {}, (1, 1), ["healthy"],
                 id="004 Mooks L1589: a mook takes no damage from attacks that miss it"),
    pytest.param("standard", 30, {}, [hit(4, source="miss")], {}, (26, 30), ["healthy"],
                 id="004 Mooks L1589: others do take a power's miss damage"),
    pytest.param("mook", 1, {}, [hit(4, on_miss=True)], {}, (1, 1), ["healthy"],
                 id="004 Mooks L1589: nor damage marked on_miss"),
    pytest.param("standard", 30, {}, [hit(30)], {}, (0, 30), ["dead"],
                 id="004 Monsters and Death L1465: a monster dies at 0 HP"),
    pytest.param("standard", 30, {"death_saves": True}, [hit(30)], {}, (0, 30),
                 ["staggered", "dying", *DOWN],
                 id="004 Monsters and Death L1466: a mighty villain follows the PC rules"),
    pytest.param("standard", 30, {}, [hit(31)], {"monsters_die_at_zero": False}, (-1, 30),
                 ["staggered", "dying", *DOWN],
                 id="004 L1465 option: every monster makes death saves"),
    pytest.param("elite skulker", 30, {}, [], {"rank_hp": "multiply"}, (60, 60), ["healthy"],
                 id="004 Elites L1593 (option multiply): twice as much HP"),
    pytest.param("boss", 30, {}, [], {"rank_hp": "multiply"}, (120, 120), ["healthy"],
                 id="004 Bosses L1600 (option multiply): four times as much HP"),
    pytest.param("boss", 120, {}, [hit(60)], {}, (60, 120), ["staggered"],
                 id="004 Bosses: max_hp as the stat block gives it (the default)"),
    pytest.param("standard", 30, {}, [hit(30, nonlethal=True)], {}, (0, 30), KNOCKED_OUT,
                 id="004 Knocking a Creature Out L1470-1471: unconscious, not dead"),
    pytest.param("standard", 30, {}, [hit(33, nonlethal=True)], {}, (-3, 30), KNOCKED_OUT,
                 id="A18: a knocked-out creature keeps its real HP"),
    pytest.param("standard", 30, {}, [hit(33, nonlethal=True)], {"knockout_hp": "zero"},
                 (0, 30), KNOCKED_OUT, id="A18 option zero: knocked out at 0 HP"),
    pytest.param("standard", 30, {}, [hit(33, nonlethal=True), fact("RestTaken", kind="short")],
                 {}, (1, 30), ["staggered"],
                 id="004 Knocking a Creature Out L1471: it heals 1 HP after a short rest"),
    pytest.param("standard", 30, {}, [hit(25), condition("orc", "helpless"),
                                      hit(15, source="coup de grace", nonlethal=True)],
                 {}, (-10, 30), ["dead"],
                 id="004 Coup de Grace L1346: damage ≥ the staggered value kills"),
    pytest.param("standard", 30, {"death_saves": True},
                 [hit(32), hit(14, source="coup de grace")], {}, (-16, 30), ["dead"],
                 id="004 Coup de Grace L1346: 14 < 15 just deals damage; -16 ≤ -15 kills"),
    pytest.param("standard", 30, {"death_saves": True},
                 [hit(31), hit(12, source="coup de grace")], {}, (-13, 30),
                 ["staggered", "dying", *DOWN],
                 id="004 Coup de Grace L1346: otherwise they just take the damage"),
    pytest.param("standard", 30, {"incorporeal": True}, [hit(15)], {}, (23, 30), ["healthy"],
                 id="004 Incorporeal L1674: half damage from attacks (7)"),
    pytest.param("standard", 30, {"incorporeal": True}, [hit(15, source="falling")], {},
                 (15, 30), ["staggered"], id="004 L1674: falling is not an attack"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("role", "max_hp", "extra", "lines", "options", "hp", "statuses"), MONSTERS
)
def test_monster_ranks_and_deaths(
    role: str, max_hp: int, extra: dict[str, Any], lines: list[Any], options: dict[str, Any],
    hp: tuple[int, int], statuses: list[str],
) -> None:  # fmt: skip
    setup = orcus_fight(hero(), monster("orc", max_hp, role, **extra), **options)
    orc = of(view(setup, lines), "orc")
    assert ((orc["vitals"]["hp"], orc["vitals"]["max_hp"]), orc["statuses"]) == (hp, statuses)


@pytest.mark.parametrize(
    ("level", "recoveries"),
    [pytest.param(10, 1, id="004 Recoveries L1686: monsters have at least 1"),
     pytest.param(11, 2, id="004 Recoveries L1686: level 11+ have 2"),
     pytest.param(21, 3, id="004 Recoveries L1686: level 21+ have 3")],
)  # fmt: skip
def test_monster_recoveries_follow_level(level: int, recoveries: int) -> None:
    orc = of(view(orcus_fight(monster("orc", 50, level=level))), "orc")
    assert orc["vitals"]["recoveries"] == recoveries


def test_persistent_damage_still_kills_a_mook_at_the_start_of_its_turn() -> None:
    """004 Mooks L1589: only damage from attacks that miss spares a mook (digest §13)."""
    lines = [
        condition("orc", "persistent acid", value=3, damage_type="acid",
                  duration={"save_ends": True}),
        turn_ended("kyra"),
    ]  # fmt: skip
    state = view(orcus_fight(hero(), monster("orc", 1, "mook")), lines)
    orc = of(state, "orc")
    assert (orc["vitals"]["hp"], orc["statuses"]) == (-2, ["dead"])
