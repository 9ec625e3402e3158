"""The damage a hit rolls, a confirmed critical's as each system deals it (multiplied, doubled,
maximized, a higher damage bonus), asked of the ruleset through its protocol."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets import ruleset_for
from domain.rulesets.attacks import maximum, multiplied

NOTATIONS: list[Any] = [
    pytest.param("1d8+3", 2, "2d8+6", 11,
                 id="000 L724-727: rolled twice with all the usual bonuses, 1d8+3 is 2d8+6"),
    pytest.param("1d12+4", 3, "3d12+12", 16, id="000 L736-738: a x3 weapon rolls three times"),
    pytest.param("2d6 + 1d4 - 1", 2, "4d6+2d4-2", 15,
                 id="003 L77: every die and modifier, as many times"),
    pytest.param("d6", 2, "2d6", 6, id="a lone die written without its count"),
    pytest.param("5", 2, "10", 5, id="a fixed damage doubles too"),
    pytest.param("1d4-5", 2, "2d4-10", 0, id="004 L1212: never negative damage"),
]  # fmt: skip


@pytest.mark.parametrize(("notation", "times", "rolled", "most"), NOTATIONS)
def test_a_notation_rolled_several_times_and_at_its_most(
    notation: str, times: int, rolled: str, most: int
) -> None:
    assert (multiplied(notation, times), maximum(notation)) == (rolled, most)


LONGSWORD = {"name": "Longsword", "bonus": 6, "damage": "1d8+3", "damage_type": "slashing",
             "threat": 19}  # fmt: skip
FLAMING = {**LONGSWORD, "extra_damage": [{"damage": "1d6", "damage_type": "fire"}]}
# (system, the stored attack, confirmed critical?, the rolls as (notation, damage type))
ROLLS: list[Any] = [
    pytest.param("dnd35", LONGSWORD, False, [("1d8+3", "slashing")],
                 id="000 L80-85: a hit rolls the weapon's damage once"),
    pytest.param("dnd35", LONGSWORD, True, [("2d8+6", "slashing")],
                 id="000 L724-727: a confirmed critical rolls it x2, bonuses included"),
    pytest.param("dnd35", {**LONGSWORD, "multiplier": 3}, True, [("3d8+9", "slashing")],
                 id="000 L736-738: a x3 weapon rolls three times"),
    pytest.param("dnd35", FLAMING, True, [("2d8+6", "slashing"), ("1d6", "fire")],
                 id="000 L728-729: extra damage over the weapon's is not multiplied"),
    pytest.param("d20modern", {"name": "Pistol", "bonus": 3, "damage": "2d6",
                               "extra_damage": [{"damage": "1d6"}]}, True,
                 [("4d6", None), ("1d6", None)],
                 id="003 L77-87: multiplied, bonus damage dice not"),
    pytest.param("starfinder", {"name": "Flame pistol", "bonus": 5, "damage": "1d6+2",
                                "damage_type": "fire", "defense": "eac",
                                "extra_damage": [{"damage": "1d6", "damage_type": "fire"}]},
                 True, [("2d6+4", "fire"), ("2d6", "fire")],
                 id="002 L345: damage twice, special abilities' extra damage included"),
    pytest.param("starfinder", {"name": "Baton", "bonus": 5, "damage": "1d4+1", "defense": "kac"},
                 False, [("1d4+1", None)], id="002 L93-99: a hit rolls its damage once"),
    pytest.param("true20", {"name": "Short sword", "bonus": 4, "damage": 4}, True, [("7", None)],
                 id="001 L119: if unspecified, a critical raises the damage bonus by +3"),
    pytest.param("true20", {"name": "Rifle", "bonus": 4, "damage": 5, "critical": 4}, True,
                 [("9", None)], id="001 L119, L336: by what the weapon says"),
    pytest.param("true20", {"name": "Rifle", "bonus": 4, "damage": 5}, False, [("5", None)],
                 id="001 L114-116: a hit's damage bonus, nothing rolled"),
    pytest.param("orcus", {"name": "Greatsword", "bonus": 7, "vs": "ac", "damage": "2d8+4"},
                 True, [("20", None)], id="004 L1215-1216: a critical does maximum damage"),
    pytest.param("orcus", {"name": "Greatsword", "bonus": 7, "vs": "ac", "damage": "2d8+4",
                           "critical": "1d6"}, True, [("20", None), ("1d6", None)],
                 id="004 L1216, L2207: extra critical dice are rolled, not maximized"),
    pytest.param("orcus", {"name": "Greatsword", "bonus": 7, "vs": "ac", "damage": "2d8+4",
                           "critical": "1d6"}, False, [("2d8+4", None)],
                 id="004 L1211-1212: a hit rolls the power's damage"),
    pytest.param("orcus", {"name": "Daze", "bonus": 5, "vs": "will", "hit": "dazed"}, True, [],
                 id="004 L980: a power with no damage rolls none"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "stored", "confirmed", "rolls"), ROLLS)
def test_a_hit_rolls_its_damage_and_a_confirmed_critical_as_the_system_deals_it(
    system: str, stored: dict[str, Any], confirmed: bool, rolls: list[tuple[str, str | None]]
) -> None:
    rules = ruleset_for(system)
    found = rules.critical_damage(rules.attack_model.model_validate(stored), confirmed)
    assert [(r.roll, r.damage_type) for r in found] == rolls
