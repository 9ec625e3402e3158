"""D&D 3.5 disabled, dying, dead, stable and recovering, per seed 000 and the digest."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import check, damage, fight, healing, log, state, turn_ended
from tests.dnd35_helpers import HEALER, V, hp_view, track, vitals

DYING = ["dying", "unconscious", "helpless"]
STABLE = ["stable", "unconscious", "helpless"]

# (lines from line 4 on, max_hp, house rules, then valeros's vitals, then his statuses)
HIT_POINTS = [
    pytest.param([damage(V, 5)], 20, {}, vitals(15), ["healthy"],
                 id="000 L1135-1136: damage does not slow you down above 0"),
    pytest.param([damage(V, 20)], 20, {}, vitals(0), ["disabled"],
                 id="000 DISABLED L1147-1150: exactly 0 is disabled"),
    pytest.param([damage(V, 21)], 20, {}, vitals(-1), DYING,
                 id="000 DYING L1165-1174: -1 is dying, unconscious, helpless"),
    pytest.param([damage(V, 29)], 20, {}, vitals(-9), DYING,
                 id="000 DYING L1165-1174: -9 is still dying"),
    pytest.param([damage(V, 30)], 20, {}, vitals(-10), ["dead"],
                 id="000 DEAD L1175-1178: -10 is dead"),
    pytest.param([damage(V, 25), damage(V, 20)], 20, {}, vitals(-25), ["dead"],
                 id="000 DEAD L1175-1178: lower than -10 is dead"),
    pytest.param([damage(V, 30), healing(V, 20)], 20, {}, vitals(-10), ["dead"],
                 id="000 DEAD: the excerpt has no way back from death; healing does nothing"),
    pytest.param([damage(V, 22), check(V, "stabilize", 10)], 20, {}, vitals(-2), STABLE,
                 id="000 STABLE L1185-1187 (A5): d% 10 stabilizes"),
    pytest.param([damage(V, 22), check(V, "stabilize", 1)], 20, {}, vitals(-2), STABLE,
                 id="000 STABLE L1185-1187 (A5): d% 01 stabilizes"),
    pytest.param([damage(V, 22), check(V, "stabilize", 11)], 20, {}, vitals(-3), DYING,
                 id="000 STABLE L1185-1187 (A5): d% 11 fails and loses 1 hp"),
    pytest.param([damage(V, 22), check(V, "stabilize", 100)], 20, {}, vitals(-3), DYING,
                 id="000 STABLE L1185-1187 (A5): d% 00 fails and loses 1 hp"),
    pytest.param([damage(V, 29), check(V, "stabilize", 50)], 20, {}, vitals(-10), ["dead"],
                 id="000 STABLE L1189: a failed roll at -9 drops to -10, dead"),
    pytest.param([damage(V, 22), check(V, "stabilize", 40), check(V, "stabilize", 3)], 20, {},
                 vitals(-3), STABLE, id="000 STABLE L1185-1187: a roll on every later turn"),
    pytest.param([damage(V, 22), check(V, "stabilize", 50, outcome="success")], 20, {},
                 vitals(-2), STABLE, id="digest A5: the verdict recorded with the roll stands"),
    pytest.param([damage(V, 20), check(V, "stabilize", 3)], 20, {}, vitals(0), ["disabled"],
                 id="000 STABLE L1185: only the dying roll to stabilize; disabled is unchanged"),
    pytest.param([damage(V, 22), check(HEALER, "heal", 9, 15, target=V)], 20, {}, vitals(-2),
                 STABLE, id="000 STABLE L1193-1194: DC 15 Heal check by another stabilizes"),
    pytest.param([damage(V, 22), check(HEALER, "heal", 14, 14, target=V)], 20, {},
                 vitals(-2), DYING, id="000 STABLE L1193-1194: a Heal check of 14 does not"),
    pytest.param([damage(V, 25), healing(V, 1)], 20, {}, vitals(-4), STABLE,
                 id="000 STABLE L1195-1197: any healing of 1 or more stabilizes the dying"),
    pytest.param([damage(V, 25), healing(V, 5)], 20, {}, vitals(0), ["disabled"],
                 id="000 STABLE L1198-1199: healed to exactly 0 is conscious and disabled"),
    pytest.param([damage(V, 25), healing(V, 8)], 20, {}, vitals(3), ["healthy"],
                 id="000 STABLE L1199-1201: healed to 1 or more is fully functional"),
    pytest.param([damage(V, 25), healing(V, 1), healing(V, 2)], 20, {}, vitals(-2), STABLE,
                 id="000 STABLE L1198-1201: healed but still below 0 stays stable, unconscious"),
    pytest.param([damage(V, 25), damage(V, 3, nonlethal=True), healing(V, 2)], 20, {},
                 vitals(-3, nonlethal=1), STABLE,
                 id="000 NONLETHAL L1310-1312 + STABLE: magical healing while dying"),
    pytest.param([damage(V, 25), check(V, "stabilize", 4), check(V, "recovery", 60)], 20, {},
                 vitals(-6), STABLE,
                 id="000 Recovering without Help L1217-1221: a missed hourly roll costs 1 hp"),
    pytest.param([damage(V, 25), check(HEALER, "heal", 12, 16, target=V),
                  check(V, "recovery", 60)], 20, {}, vitals(-5), STABLE,
                 id="000 Recovering with Help L1206-1211: a tended character loses nothing"),
    pytest.param([damage(V, 20), healing(V, 1)], 20, {}, vitals(1), ["healthy"],
                 id="000 DISABLED L1158-1160: healing above 0 ends disabled"),
    pytest.param([damage(V, 25), healing(V, 1), damage(V, 1)], 20, {}, vitals(-5), DYING,
                 id="digest A6: new damage on a stable character makes it dying again"),
    pytest.param([damage(V, 22), check(V, "stabilize", 5), damage(V, 2)], 20, {}, vitals(-4),
                 DYING, id="digest A6: new damage after a successful d% roll: dying again"),
    pytest.param([damage(V, 5), healing(V, 100)], 20, {}, vitals(20), ["healthy"],
                 id="000 HEALING L1251-1256: never above full normal hit points"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "max_hp", "options", "hp", "statuses"), HIT_POINTS)
def test_the_hit_point_track_follows_the_srd(
    lines: list[dict[str, Any]],
    max_hp: int,
    options: dict[str, Any],
    hp: dict[str, int],
    statuses: list[str],
) -> None:
    assert hp_view(track(*lines, max_hp=max_hp, **options)) == (hp, statuses)


@pytest.mark.parametrize("help_", [
    pytest.param(check(HEALER, "heal", 12, 16, target=V), id="tended"),
    pytest.param(check(V, "stabilize", 4), id="on his own"),
])  # fmt: skip
def test_a_stable_character_who_regains_consciousness_is_disabled_and_awake(
    help_: dict[str, Any],
) -> None:
    # 000 Recovering with Help L1206-1209: "becoming conscious, at which point he is disabled"
    me = track(damage(V, 25), help_, check(V, "recovery", 7))

    assert me["vitals"] == vitals(-5)
    assert "disabled" in me["statuses"]
    assert not {"unconscious", "helpless", "dying"} & set(me["statuses"])


def test_a_dying_combatant_is_asked_to_roll_for_stabilization_on_its_turn() -> None:
    # 000 STABLE L1185-1187: "On the next turn after … roll d%"
    events = log(fight((V, 15, 0), (HEALER, 10, 0)), damage(HEALER, 22), turn_ended(V))

    view = state(events)
    assert view["turn"] == HEALER
    assert any("Kyra" in w and "d%" in w for w in view["warnings"])
    rolled = state(log(fight((V, 15, 0), (HEALER, 10, 0)), damage(HEALER, 22), turn_ended(V),
                       check(HEALER, "stabilize", 55)))  # fmt: skip
    assert not any("d%" in w for w in rolled["warnings"])


def test_no_stabilization_roll_is_asked_on_the_turn_it_drops() -> None:
    # 000 STABLE L1185: "On the next turn after" it is reduced to -1…-9
    events = log(fight((V, 15, 0), (HEALER, 10, 0)), turn_ended(V), damage(HEALER, 22))

    assert not any("d%" in w for w in state(events)["warnings"])
