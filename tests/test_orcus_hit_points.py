"""Orcus HP, staggered, instant death, healing from 0 and temporary HP, per seed 004."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import condition, damage, fact, healing, view
from tests.test_orcus_support import DOWN, hero, of, orcus_fight

DYING = ["staggered", "dying", *DOWN]


def temp(amount: int) -> dict[str, Any]:
    return fact("TemporaryHitPointsGained", target="kyra", amount=amount)


# (kyra's max HP, lines after the fight starts, house rules, then her hp, temp_hp, statuses)
TRACK = [
    pytest.param(40, [damage("kyra", 19)], {}, 21, 0, ["healthy"],
                 id="004 Staggered L1449: 21 of 40 is not staggered"),
    pytest.param(40, [damage("kyra", 20)], {}, 20, 0, ["staggered"],
                 id="004 Staggered L1449: half maximum HP or fewer is staggered"),
    pytest.param(40, [damage("kyra", 40)], {}, 0, 0, DYING,
                 id="004 Falling Unconscious L1457-1458: 0 HP is unconscious and dying"),
    pytest.param(40, [damage("kyra", 59)], {}, -19, 0, DYING,
                 id="004 Making an Attack: HP go negative; -19 of 40 is still dying"),
    pytest.param(40, [damage("kyra", 60)], {}, -20, 0, ["dead"],
                 id="004 Instant Death L1455-1456: -(staggered value) kills"),
    pytest.param(40, [damage("kyra", 30), damage("kyra", 30)], {}, -20, 0, ["dead"],
                 id="004 Instant Death L1456: small hits add up to the total"),
    pytest.param(45, [damage("kyra", 67)], {}, -22, 0, ["dead"],
                 id="004 Rounding L103-104 (A5): 45 max, staggered value 22, -22 kills"),
    pytest.param(45, [damage("kyra", 67)], {"staggered_value": "exact"}, -22, 0, DYING,
                 id="A5 option exact: 45 max dies only at -23"),
    pytest.param(45, [damage("kyra", 68)], {"staggered_value": "exact"}, -23, 0, ["dead"],
                 id="A5 option exact: -23 kills"),
    pytest.param(40, [damage("kyra", 50), healing("kyra", 7)], {}, 7, 0, ["staggered"],
                 id="004 Healing on Negative HP L1452-1454: -10 healed 7 is 7, awake"),
    pytest.param(40, [damage("kyra", 5), healing("kyra", 10)], {}, 40, 0, ["healthy"],
                 id="004 Healing L1441: never above maximum HP"),
    pytest.param(40, [damage("kyra", 60), healing("kyra", 30)], {}, -20, 0, ["dead"],
                 id="004 Healing L1442: the dead cannot regain hit points"),
    pytest.param(40, [temp(10), temp(12)], {}, 40, 12, ["healthy"],
                 id="004 Temporary HP L1476: 10 then 12 is 12, never 22"),
    pytest.param(40, [temp(12), temp(10)], {}, 40, 12, ["healthy"],
                 id="004 Temporary HP L1476: the creature keeps the higher pool"),
    pytest.param(40, [temp(12), temp(10)], {"temp_hp_choice": "newest"}, 40, 10, ["healthy"],
                 id="004 L1476 option newest: each recorded gain replaces the pool"),
    pytest.param(40, [temp(5), damage("kyra", 7)], {}, 38, 0, ["healthy"],
                 id="004 Temporary HP L1474: 5 temporary and 7 damage lose 2 HP"),
    pytest.param(40, [temp(5), damage("kyra", 7), healing("kyra", 9)], {}, 40, 0, ["healthy"],
                 id="004 Temporary HP L1476: healing never restores temporary HP"),
    pytest.param(40, [damage("kyra", 45), temp(8)], {}, -5, 8, DYING,
                 id="004 Temporary HP L1477: temporary HP at 0 HP neither wake nor stabilize"),
    pytest.param(40, [damage("kyra", 45), temp(8), damage("kyra", 10)], {}, -7, 0, DYING,
                 id="004 Temporary HP L1477: they still absorb damage while dying"),
    pytest.param(22, [damage("kyra", 23), damage("kyra", 7)], {"no_negative_hp": True}, 0, 0,
                 DYING, id="004 Variant No Negative HP L1468-1469: 7 < 11 keeps the cleric at 0"),
    pytest.param(22, [damage("kyra", 23), damage("kyra", 13)], {"no_negative_hp": True}, 0, 0,
                 ["dead"], id="004 Variant No Negative HP L1469: a single 13 (≥ 11) kills"),
]  # fmt: skip


@pytest.mark.parametrize(("max_hp", "lines", "options", "hp", "temp_hp", "statuses"), TRACK)
def test_the_orcus_hit_point_track(
    max_hp: int, lines: list[Any], options: dict[str, Any], hp: int, temp_hp: int,
    statuses: list[str],
) -> None:  # fmt: skip
    kyra = of(view(orcus_fight(hero("kyra", max_hp), **options), lines))
    assert (kyra["vitals"]["hp"], kyra["vitals"]["temp_hp"], kyra["statuses"]) == (
        hp, temp_hp, statuses)  # fmt: skip


def fire(amount: int, kind: str | None = "fire") -> dict[str, Any]:
    return damage("kyra", amount, damage_type=kind)


# (kyra's resist and vulnerable stats, lines, house rules, then the damage she took)
RESISTANCE = [
    pytest.param({"fire": 5}, {}, [fire(12)], {}, 5 + 2,
                 id="004 Resistance L1237: resist fire 5 takes 5 off fire damage"),
    pytest.param({"fire": 5}, {}, [fire(12, None)], {}, 12,
                 id="004 Damage Types: untyped damage is not resisted by resist fire"),
    pytest.param({"fire": 5, "all": 3}, {}, [fire(12)], {}, 7,
                 id="004 Resistance L1239: only the highest resistance applies"),
    pytest.param({}, {"radiant": 5}, [fire(6, "radiant")], {}, 11,
                 id="004 Vulnerability L1237: vulnerable radiant 5 adds 5"),
    pytest.param({"fire": 5}, {"fire": 3}, [fire(12)], {}, 10,
                 id="004 L1239: a resistance and a vulnerability both apply"),
    pytest.param({}, {"fire": 2, "all": 4}, [fire(6)], {}, 10,
                 id="004 L1239: only the highest vulnerability applies"),
    pytest.param({"fire": 5}, {}, [fire(12, "fire and radiant")], {}, 12,
                 id="A12: two types are resisted only if both are"),
    pytest.param({"fire": 5}, {}, [fire(12, "fire and radiant")], {"two_types": "any_type"}, 7,
                 id="A12 option any_type: resist fire applies to fire and radiant"),
    pytest.param({"fire": 5, "radiant": 2}, {}, [fire(12, "fire/radiant")], {}, 10,
                 id="A12: both resisted, the lower value applies"),
    pytest.param({"fire": 5}, {}, [fire(3)], {}, 0,
                 id="004 Damage Rolls (A4): resisted damage stops at 0"),
    pytest.param({"fire": 5}, {}, [fire(3)], {"min_damage": 1}, 1,
                 id="004 Rounding L104 (A4 option): damage has a minimum of 1"),
    pytest.param({"fire": 5}, {}, [condition("kyra", "resist fire", value=10), fire(12)], {}, 2,
                 id="004 L1239: resist 10 from an effect beats resist 5, they do not add"),
    pytest.param({}, {}, [condition("kyra", "petrified"), fire(25, None)], {}, 5,
                 id="004 Petrified L1523: resistance to all 20"),
    pytest.param({}, {}, [condition("kyra", "vulnerable", value=4, damage_type="cold"),
                          fire(6, "cold")], {}, 10,
                 id="004 L1237: vulnerability from an effect, typed by damage_type"),
]  # fmt: skip


@pytest.mark.parametrize(("resist", "vulnerable", "lines", "options", "taken"), RESISTANCE)
def test_resistance_and_vulnerability_take_the_highest_of_each(
    resist: dict[str, int], vulnerable: dict[str, int], lines: list[Any],
    options: dict[str, Any], taken: int,
) -> None:  # fmt: skip
    kyra = hero("kyra", 40, resist=resist, vulnerable=vulnerable)
    state = view(orcus_fight(kyra, **options), lines)
    assert of(state)["vitals"]["hp"] == 40 - taken
