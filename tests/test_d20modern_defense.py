"""d20 Modern attacks against Defense (seed 003 L15-17, L90-130): whether the damage lands."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import (
    attack,
    created,
    damage,
    joined,
    log,
    rejection,
    rolled,
    started,
    state,
    turn_ended,
)

M = "d20modern"
AGENT, THUG = "reyes", "thug"
STATS = {"initiative_modifier": 0, "constitution": 12}
VEST = {"defense_parts": {"dexterity": 3, "class_bonus": 2, "equipment": 4}}  # 19, ff 16, touch 15


def thug_hp(line: dict[str, Any], guard: dict[str, Any], acted: bool, **options: Any) -> int:
    """The thug's HP (20) after the agent's attack and 5 damage citing it, in round 1: the
    thug has taken its turn already (acted) or not yet."""
    setup = [
        created(M, **options),
        joined(AGENT, stats=STATS),
        joined(THUG, side="foes", stats={**STATS, **guard}),
    ]
    first, second = (THUG, AGENT) if acted else (AGENT, THUG)
    setup += [rolled(first, 15), rolled(second, 10), started()]
    if acted:
        setup.append(turn_ended(THUG))
    events = log(*setup, line, damage(THUG, 5, attack=len(setup) + 1))
    hp: int = state(events)["combatants"][THUG]["vitals"]["hp"]
    return hp


HIT, MISS = 15, 20


def shot(natural: int, total: int, **fields: Any) -> dict[str, Any]:
    return attack(AGENT, THUG, natural, total, **fields)


# (the attack, the thug's stats, whether the thug has acted, house rules, HP after)
DEFENSE = [
    pytest.param(shot(10, 19), VEST, True, {}, HIT,
                 id="003 Attack Roll L15: a total equal to Defense hits"),
    pytest.param(shot(10, 18), VEST, True, {}, MISS,
                 id="003 Attack Roll L15: a total below Defense misses, its damage is not applied"),
    pytest.param(shot(1, 30), VEST, True, {}, MISS,
                 id="003 Attack Roll L17: a natural 1 is always a miss"),
    pytest.param(shot(20, 5), VEST, True, {}, HIT,
                 id="003 Attack Roll L17: a natural 20 is always a hit"),
    pytest.param(shot(10, 16), {"defense_parts": {"dexterity": 2, "class_bonus": 3,
                 "equipment": 2, "size": -1}}, True, {}, HIT,
                 id="003 Defense L92: 10 + Dex + class + equipment + size (16) is hit by 16"),
    pytest.param(shot(10, 15), {"defense_parts": {"dexterity": 2, "class_bonus": 3,
                 "equipment": 2, "size": -1}}, True, {}, MISS,
                 id="003 Defense L92: 10 + Dex + class + equipment + size (16) is missed by 15"),
    pytest.param(shot(10, 16), VEST, False, {}, HIT,
                 id="003 Dexterity Modifier L98: flat-footed, the Dex bonus is lost (16)"),
    pytest.param(shot(10, 15), VEST, False, {}, MISS,
                 id="003 Class Bonus L102: the class bonus stays even when flat-footed"),
    pytest.param(shot(10, 11), {"defense_parts": {"class_bonus": 1, "dodge": 2}}, False, {},
                 HIT, id="003 Dodge Bonuses L124: what denies the Dex bonus denies dodge"),
    pytest.param(shot(10, 12), {"defense_parts": {"class_bonus": 1, "dodge": 2}}, True, {},
                 MISS, id="003 Dodge Bonuses L124: dodge counts once the combatant has acted"),
    pytest.param(shot(10, 15, defense="touch"), VEST, True, {}, HIT,
                 id="003 Touch Attacks L130: no equipment bonus against a touch attack"),
    pytest.param(shot(10, 14, defense="touch"), VEST, True, {}, MISS,
                 id="003 Touch Attacks L130: class bonus and Dex apply against touch"),
    pytest.param(shot(10, 12, defense="touch"), VEST, False, {}, HIT,
                 id="003 L98 and L130: a flat-footed touch Defense has no Dex bonus either"),
    pytest.param(shot(10, 10, defense="touch"), {"defense_parts": {"natural_armor": 3}}, True,
                 {}, HIT, id="digest M3 default: natural armor does not count against touch"),
    pytest.param(shot(10, 10, defense="touch"), {"defense_parts": {"natural_armor": 3}}, True,
                 {"touch_includes_natural_armor": True}, MISS,
                 id="digest M3 option: natural armor counts against touch"),
    pytest.param(shot(10, 10), {"defense_parts": {"dexterity": -1, "class_bonus": 1}}, False,
                 {}, HIT, id="digest M4 default: flat-footed keeps a Dex penalty (10)"),
    pytest.param(shot(10, 10), {"defense_parts": {"dexterity": -1, "class_bonus": 1}}, False,
                 {"flat_footed_keeps_dex_penalty": False}, MISS,
                 id="digest M4 option: flat-footed drops the whole Dex modifier (11)"),
    pytest.param(shot(10, 14), {"defenses": {"defense": 18, "flat_footed": 14}}, False, {},
                 HIT, id="CONTRACT §1 stats: a given flat-footed Defense counts until it acts"),
    pytest.param(shot(10, 14), {"defenses": {"defense": 18, "flat_footed": 14}}, True, {},
                 MISS, id="003 L3: once it has acted, the full Defense counts"),
    pytest.param(shot(10, 16, defense="flat_footed"), VEST, True, {}, HIT,
                 id="CONTRACT §1 AttackMade.defense: the Defense the GM names counts"),
    pytest.param(shot(10, 12), {**VEST, "defenses": {"defense": 12}}, True, {}, HIT,
                 id="CONTRACT §1 stats: a Defense given outright wins over its parts"),
    pytest.param(shot(4, 6, outcome="hit"), VEST, True, {}, HIT,
                 id="CONTRACT §1 AttackMade.outcome: the GM's ruling stands"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "guard", "acted", "options", "hp"), DEFENSE)
def test_an_attack_lands_only_if_it_beats_the_defense_that_counts(
    line: dict[str, Any], guard: dict[str, Any], acted: bool, options: dict[str, Any], hp: int
) -> None:
    assert thug_hp(line, guard, acted, **options) == hp


def test_in_round_one_the_full_defense_counts_for_whoever_acted_in_the_surprise_round() -> None:
    setup = [
        created(M),
        joined(AGENT, stats=STATS),
        joined(THUG, side="foes", stats={**STATS, **VEST}),
        joined("clerk", stats=STATS),
        {"type": "SurpriseDetermined", "aware": [AGENT, THUG]},
        rolled(AGENT, 15),
        rolled(THUG, 5),
        rolled("clerk", 1),
        started(),
        turn_ended(AGENT),
        turn_ended(THUG),
    ]
    events = log(*setup, shot(10, 16), damage(THUG, 5, attack=len(setup) + 1))

    table = state(events)
    assert (table["round"], table["turn"]) == (1, AGENT)
    assert table["combatants"][THUG]["vitals"]["hp"] == MISS  # 16 < 19, not the flat-footed 16


def test_a_defense_named_ac_is_refused_in_d20_modern() -> None:
    error = rejection(created(M), joined(THUG, stats={"defenses": {"ac": 15}}))

    assert (error.position, error.field) == (2, "stats.defenses")
    assert "Defense, not AC" in error.reason
