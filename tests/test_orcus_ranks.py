"""Orcus monster ranks: elite and boss HP, save bonuses and action points (004 "Rank")."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.orcus.options import Stats
from tests.builders import condition, damage, save, turn_ended, view
from tests.test_orcus_support import DOWN, hero, monster, of, orcus_fight

# (the orc's role, then its save bonus and action points per encounter)
RANKS = [
    pytest.param("standard", 0, 0, id="004 Standard L1584-1585: the default, no bonus"),
    pytest.param("mook", 0, 0, id="004 Mooks L1588-1590: no save bonus or action points"),
    pytest.param("elite skulker", 2, 1,
                 id="004 Elites L1595-1596: +2 on saving throws, 1 action point"),
    pytest.param("boss", 5, 2, id="004 Bosses L1602-1603: +5 on saving throws, 2 action points"),
    pytest.param("solo blocker", 5, 2, id="digest §0: a solo is a boss"),
]  # fmt: skip


@pytest.mark.parametrize(("role", "save_bonus", "action_points"), RANKS)
def test_each_rank_has_its_save_bonus_and_action_points(
    role: str, save_bonus: int, action_points: int
) -> None:
    stats = Stats(max_hp=40, role=role)
    assert (stats.save_bonus, stats.action_points) == (save_bonus, action_points)


# (the orc's role and max HP, damage it takes, then its hp, max hp and statuses), rank_hp multiply
MULTIPLIED = [
    pytest.param("elite", 30, 0, (60, 60), ["healthy"],
                 id="004 Elites L1594: twice as much HP (30 → 60)"),
    pytest.param("elite striker", 30, 30, (30, 60), ["staggered"],
                 id="004 Staggered L1449: half of the doubled maximum (30 of 60)"),
    pytest.param("boss", 30, 0, (120, 120), ["healthy"],
                 id="004 Bosses L1601: four times as much HP (30 → 120)"),
    pytest.param("boss spoiler", 30, 59, (61, 120), ["healthy"],
                 id="004 Staggered L1449: 61 of 120 is above half"),
    pytest.param("standard", 30, 0, (30, 30), ["healthy"],
                 id="004 Standard L1585: standard HP unchanged"),
    pytest.param("mook", 30, 0, (1, 1), ["healthy"],
                 id="004 Mooks L1589: 1 HP only, whatever the multiplier"),
]  # fmt: skip


@pytest.mark.parametrize(("role", "max_hp", "taken", "hp", "statuses"), MULTIPLIED)
def test_with_rank_hp_multiply_elites_double_and_bosses_quadruple(
    role: str, max_hp: int, taken: int, hp: tuple[int, int], statuses: list[str]
) -> None:
    setup = orcus_fight(hero(), monster("orc", max_hp, role), rank_hp="multiply")
    orc = of(view(setup, [damage("orc", taken)] if taken else []), "orc")
    assert ((orc["vitals"]["hp"], orc["vitals"]["max_hp"]), orc["statuses"]) == (hp, statuses)


def dazed_orc(role: str, natural: int, total: int) -> list[str]:
    """The orc's conditions after a dazed (save ends) and its save at the end of its turn."""
    lines = [condition("orc", "dazed", source="kyra", duration={"save_ends": True}),
             turn_ended("kyra"), save("orc", "save", natural, total, against="dazed")]  # fmt: skip
    orc = of(view(orcus_fight(hero(), monster("orc", 40, role)), lines), "orc")
    return [c["name"] for c in orc["conditions"]]


# (the orc's role, its save as rolled and as announced, then the conditions left)
SAVES = [
    pytest.param("boss", 5, 10, [],
                 id="004 Bosses L1602 + Saving Throws L1127: 5 + 5 announced as 10 ends it"),
    pytest.param("boss", 5, 5, ["dazed"],
                 id="004 Saving Throws L1127: the total as announced; the rank is not re-added"),
    pytest.param("elite", 8, 10, [],
                 id="004 Elites L1595 + L1127: 8 + 2 announced as 10 ends it"),
    pytest.param("standard", 8, 8, ["dazed"], id="004 Saving Throws L1127: 8 fails"),
]  # fmt: skip


@pytest.mark.parametrize(("role", "natural", "total", "left"), SAVES)
def test_a_save_total_includes_the_rank_bonus_as_announced(
    role: str, natural: int, total: int, left: list[str]
) -> None:
    assert dazed_orc(role, natural, total) == left


def test_an_elite_making_death_saves_counts_its_bonus_in_the_total() -> None:
    """004 Death Saving Throws L1460-1461 ("aided only by … saving throw" bonuses), Elites
    L1595: 8 + 2 announced as 10 succeeds, so no failure is counted."""
    lines: list[Any] = [damage("orc", 45), turn_ended("kyra"),
                        save("orc", "death", 8, 10)]  # fmt: skip
    setup = orcus_fight(hero(), monster("orc", 40, "elite", death_saves=True))
    orc = of(view(setup, lines), "orc")
    assert (orc["vitals"]["death_save_failures"], orc["statuses"]) == (
        0, ["staggered", "dying", *DOWN],
    )  # fmt: skip
