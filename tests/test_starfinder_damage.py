"""Starfinder damage (seed 002 "Taking Damage"): temporary HP, then Stamina, then Hit Points."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import damage, fact, healing, turn_ended
from tests.test_starfinder_builders import KSARIK, NAVASI, OBOZAYA, spent, table, track

DYING = ["dying", "unconscious", "helpless"]
STABLE = ["stable", "unconscious", "helpless"]
HEALTHY = ["healthy"]
DOWN = damage(NAVASI, 40)  # 8 SP, 22 HP: 0 HP with 10 left over

DAMAGE: list[Any] = [
    pytest.param([damage(NAVASI, 5)], {}, (3, 22, 4, HEALTHY),
                 id="002 Stamina Points: damage comes off Stamina Points first"),
    pytest.param([damage(NAVASI, 11)], {}, (0, 19, 4, HEALTHY),
                 id="002 Stamina Points: the leftover damage comes off Hit Points"),
    pytest.param([fact("TemporaryHitPointsGained", target=NAVASI, amount=5), damage(NAVASI, 10)],
                 {}, (3, 22, 4, HEALTHY),
                 id="002 Temporary Hit Points: subtracted from temporary HP first"),
    pytest.param([damage(NAVASI, 29)], {}, (0, 1, 4, HEALTHY),
                 id="002 Hit Points: not hindered in any way until HP reach 0"),
    pytest.param([DOWN], {}, (0, 0, 4, DYING),
                 id="002 Effects of HP Damage: reduced to 0 HP, unconscious and dying"),
    pytest.param([damage(NAVASI, 51)], {}, (0, 0, 4, DYING),
                 id="002 Massive Damage: 21 left over against 22 max HP only drops her"),
    pytest.param([damage(NAVASI, 52)], {}, (0, 0, 4, ["dead"]),
                 id="002 Massive Damage: remaining damage equal to max HP kills"),
    pytest.param([DOWN, damage(NAVASI, 22)], {}, (0, 0, 4, ["dead"]),
                 id="002 Massive Damage: a single attack of max HP while at 0 HP kills"),
    pytest.param([DOWN, damage(NAVASI, 21)], {}, (0, 0, 3, DYING),
                 id="002 Taking Damage While Dying: 21 at 0 HP costs RP, not life"),
    pytest.param([damage(NAVASI, 40, nonlethal=True)], {}, (0, 0, 4, STABLE),
                 id="002 Dealing Nonlethal Damage: exactly 0 HP, unconscious and stable"),
    pytest.param([damage(NAVASI, 80, nonlethal=True)], {}, (0, 0, 4, STABLE),
                 id="P16 default: nonlethal damage never kills by massive damage"),
    pytest.param([damage(NAVASI, 80, nonlethal=True)], {"nonlethal_massive_damage": True},
                 (0, 0, 4, ["dead"]), id="P16 option: nonlethal overflow of max HP kills"),
    pytest.param([damage(NAVASI, 15), healing(NAVASI, 20)], {}, (0, 22, 4, HEALTHY),
                 id="002 Magical Healing: restores HP only, never above the maximum"),
    pytest.param([damage(NAVASI, 5), healing(NAVASI, 9, kind="stamina")], {},
                 (8, 22, 4, HEALTHY), id="002 Healing Limits: SP never above the maximum"),
    pytest.param([DOWN, healing(NAVASI, 3)], {}, (0, 3, 4, HEALTHY),
                 id="002 Healing: 1 HP or more makes a dying creature fully functional"),
    pytest.param([DOWN, healing(NAVASI, 0, kind="stabilize")], {}, (0, 0, 4, STABLE),
                 id="002 Healing: any healing, such as the stabilize spell, stabilizes"),
    pytest.param([DOWN, healing(NAVASI, 5, kind="stamina")], {}, (5, 0, 4, DYING),
                 id="002 Effects of HP Damage: regaining SP at 0 HP does not wake you"),
    pytest.param([damage(NAVASI, 6), spent(NAVASI, 1, "stamina")], {}, (8, 22, 3, HEALTHY),
                 id="002 Recovering Stamina Points: 1 RP and 10 minutes restore all SP"),
    pytest.param([damage(NAVASI, 12), fact("RestTaken", kind="long")], {}, (8, 19, 4, HEALTHY),
                 id="002 Recovering SP and HP: a night's rest, all SP and 1 HP per level"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "expected"), DAMAGE)
def test_damage_takes_temporary_hp_then_stamina_then_hit_points(
    lines: list[Any], options: dict[str, Any], expected: Any
) -> None:
    assert track(table(turn_ended(NAVASI), *lines, **options)) == expected


MONSTERS: list[Any] = [
    pytest.param([damage(KSARIK, 30)], {}, (0, 0, 0, ["dead"]),
                 id="002 Monster and NPC Death: a monster reduced to 0 HP is dead"),
    pytest.param([damage(KSARIK, 35, nonlethal=True)], {}, (0, 0, 0,
                 ["unconscious", "helpless"]),
                 id="002 Monster and NPC Death: unless the last damage was nonlethal"),
    pytest.param([damage(KSARIK, 35, nonlethal=True), damage(KSARIK, 1)], {}, (0, 0, 0, ["dead"]),
                 id="002 Monster and NPC Death: lethal damage after the knockout kills"),
    pytest.param([damage(KSARIK, 30), turn_ended(KSARIK), turn_ended(NAVASI),
                  turn_ended(OBOZAYA)],
                 {"monster_death": "three_rounds"}, (0, 0, 0, DYING),
                 id="002 Monster and NPC Death option: still alive at its turn in round 3"),
    pytest.param([damage(KSARIK, 30), *[turn_ended(KSARIK), turn_ended(NAVASI),
                  turn_ended(OBOZAYA)] * 3],
                 {"monster_death": "three_rounds"}, (0, 0, 0, ["dead"]),
                 id="002 Monster and NPC Death option: dies 3 rounds after dropping"),
    pytest.param([damage(KSARIK, 30), damage(KSARIK, 2)],
                 {"monster_death": "three_rounds"}, (0, 0, 0, ["dead"]),
                 id="002 Monster and NPC Death option: unless it takes more damage"),
    pytest.param([damage(KSARIK, 30), healing(KSARIK, 4), turn_ended(KSARIK)],
                 {"monster_death": "three_rounds"}, (0, 4, 0, HEALTHY),
                 id="002 Monster and NPC Death option: or receives healing"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "expected"), MONSTERS)
def test_monsters_without_resolve_die_at_zero_hit_points(
    lines: list[Any], options: dict[str, Any], expected: Any
) -> None:
    state = table(turn_ended(NAVASI), turn_ended(OBOZAYA), *lines, **options)
    assert track(state, KSARIK) == expected


def test_an_npc_with_resolve_uses_the_dying_rules_when_the_gm_says_so() -> None:
    from tests.builders import joined, log, state
    from tests.test_starfinder_builders import party, stats

    boss = joined("zo", 30, side="foes", stats=stats(30, 10, 3, 2, dying_rules=True))
    events = log(party(), boss, damage("zo", 45))
    assert track(state(events), "zo") == (0, 0, 3, DYING)
