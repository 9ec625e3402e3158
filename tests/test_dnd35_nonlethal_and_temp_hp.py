"""D&D 3.5 nonlethal damage and temporary hit points, per seed 000 and the digest's options."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import damage, fact, healing
from tests.dnd35_helpers import V, hp_view, track, vitals

KNOCKED_OUT = ["unconscious", "helpless"]

# (lines from line 4 on, max_hp, house rules, then valeros's vitals, then his statuses)
HIT_POINTS = [
    pytest.param([damage(V, 5), damage(V, 15, nonlethal=True)], 20, {},
                 vitals(15, nonlethal=15), ["staggered"],
                 id="000 NONLETHAL L1296-1299: nonlethal equal to current hp staggers"),
    pytest.param([damage(V, 5), damage(V, 16, nonlethal=True)], 20, {},
                 vitals(15, nonlethal=16), KNOCKED_OUT,
                 id="000 NONLETHAL L1302-1304: nonlethal above current hp knocks out"),
    pytest.param([damage(V, 30, nonlethal=True)], 20, {}, vitals(20, nonlethal=30), KNOCKED_OUT,
                 id="000 NONLETHAL L1281-1284: nonlethal is never deducted from hp"),
    pytest.param([damage(V, 10, nonlethal=True), damage(V, 10)], 20, {},
                 vitals(10, nonlethal=10), ["staggered"],
                 id="000 NONLETHAL L1286-1288: lethal damage lowering hp can stagger too"),
    pytest.param([damage(V, 10, nonlethal=True), damage(V, 11)], 20, {},
                 vitals(9, nonlethal=10), KNOCKED_OUT,
                 id="000 NONLETHAL L1286-1288: lethal damage lowering hp can knock out too"),
    pytest.param([damage(V, 5), damage(V, 15, nonlethal=True), healing(V, 2, kind="natural")],
                 20, {}, vitals(17, nonlethal=15), ["healthy"],
                 id="000 NONLETHAL L1299-1301: staggered ends once hp again exceed nonlethal"),
    pytest.param([damage(V, 5), damage(V, 8, nonlethal=True), healing(V, 3)], 20, {},
                 vitals(18, nonlethal=5), ["healthy"],
                 id="000 NONLETHAL L1310-1312: healing of no kind is magical: removes nonlethal"),
    pytest.param([damage(V, 5), damage(V, 8, nonlethal=True), healing(V, 3, kind="magical")],
                 20, {}, vitals(18, nonlethal=5), ["healthy"],
                 id="000 NONLETHAL L1310-1312: kind magical removes as much nonlethal"),
    pytest.param([damage(V, 5), damage(V, 8, nonlethal=True), healing(V, 3, kind="natural")],
                 20, {}, vitals(18, nonlethal=8), ["healthy"],
                 id="000 NONLETHAL L1308-1312: natural healing of hp leaves nonlethal alone"),
    pytest.param([fact("TemporaryHitPointsGained", target=V, amount=5), damage(V, 3)], 20, {},
                 vitals(20, temp_hp=2), ["healthy"],
                 id="000 TEMPORARY HIT POINTS L1273-1276: temporary hp are lost first"),
    pytest.param([fact("TemporaryHitPointsGained", target=V, amount=5), damage(V, 8)], 20, {},
                 vitals(17, temp_hp=0), ["healthy"],
                 id="000 TEMPORARY HIT POINTS L1273-1276: the rest comes off hp"),
    pytest.param([fact("TemporaryHitPointsGained", target=V, amount=5), damage(V, 8),
                  healing(V, 10)], 20, {}, vitals(20, temp_hp=0), ["healthy"],
                 id="000 TEMPORARY HIT POINTS L1270-1271: lost temporary hp are never restored"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=5),
                  damage(V, 3, nonlethal=True), healing(V, 4, kind="natural")], 20, {},
                 vitals(14, temp_hp=5, nonlethal=3), ["healthy"],
                 id="000 TEMPORARY HIT POINTS L1270-1271: healing leaves unspent temporary hp"),
    pytest.param([fact("TemporaryHitPointsGained", target=V, amount=5), damage(V, 25)], 20, {},
                 vitals(0), ["disabled"],
                 id="000 TEMPORARY HIT POINTS: 5 temporary then 20 hp, exactly 0"),
    pytest.param([fact("TemporaryHitPointsGained", target=V, amount=5), damage(V, 2),
                  fact("TemporaryHitPointsLost", target=V)], 20, {}, vitals(20), ["healthy"],
                 id="000 TEMPORARY HIT POINTS L1263-1268: what is left of them goes away"),
    pytest.param([damage(V, 20)], 20, {"nonlethal_at_zero": "literal"}, vitals(0),
                 ["disabled", "staggered"],
                 id="digest A8 literal: hp 0 with nonlethal 0 also reads as staggered"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=5),
                  damage(V, 10, nonlethal=True)], 20, {}, vitals(10, temp_hp=5, nonlethal=10),
                 ["healthy"], id="digest A9 default: nonlethal 10 against 10 hp + 5 temporary"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=5),
                  damage(V, 10, nonlethal=True)], 20, {"nonlethal_includes_temp_hp": False},
                 vitals(10, temp_hp=5, nonlethal=10), ["staggered"],
                 id="digest A9 option: nonlethal 10 against 10 hp alone staggers"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=5),
                  damage(V, 12, nonlethal=True)], 20, {"nonlethal_includes_temp_hp": False},
                 vitals(10, temp_hp=5, nonlethal=12), KNOCKED_OUT,
                 id="digest A9 option: nonlethal 12 against 10 hp alone knocks out"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=10),
                  damage(V, 13), healing(V, 6), fact("TemporaryHitPointsLost", target=V)],
                 40, {}, vitals(33, 40), ["healthy"],
                 id="digest A10 worked example, pool (default): 30/40, +10, -13, +6, expire → 33"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=10),
                  damage(V, 13), healing(V, 6), fact("TemporaryHitPointsLost", target=V)],
                 40, {"temp_hp_model": "noted_total"}, vitals(30, 40), ["healthy"],
                 id="digest A10 worked example, noted_total: 30/40, +10, -13, +6, expire → 30"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=10),
                  damage(V, 13)], 40, {"temp_hp_model": "noted_total"}, vitals(27, 40),
                 ["healthy"], id="000 L1266-1268 noted_total: below the noted total, all used up"),
    pytest.param([damage(V, 10), fact("TemporaryHitPointsGained", target=V, amount=10),
                  damage(V, 4), fact("TemporaryHitPointsLost", target=V)],
                 40, {"temp_hp_model": "noted_total"}, vitals(30, 40), ["healthy"],
                 id="000 L1263-1266 noted_total: hp drop back to the noted total"),
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
