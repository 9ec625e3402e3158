"""D&D 3.5 hit points, given events → then view, per rule of seed 000 and the digest's options."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import (
    attack,
    check,
    created,
    damage,
    fact,
    fight,
    healing,
    joined,
    log,
    save,
    state,
    turn_ended,
)

V = "valeros"
HEALER = "kyra"
FIRST = 4  # lines 1-3 are EncounterCreated, valeros joining and kyra joining: line 4 is the first


def track(*lines: dict[str, Any], max_hp: int = 20, **options: Any) -> dict[str, Any]:
    """valeros as the table sees him after the lines, under the given house rules."""
    events = log(created(**options), joined(V, max_hp), joined(HEALER), *lines)
    me: dict[str, Any] = state(events)["combatants"][V]
    return me


def hp_view(me: dict[str, Any]) -> tuple[dict[str, int], list[str]]:
    """The vitals and the damage-track statuses (flat-footed is the turn order's business)."""
    return me["vitals"], [s for s in me["statuses"] if s != "flat_footed"]


def vitals(hp: int, max_hp: int = 20, temp_hp: int = 0, nonlethal: int = 0) -> dict[str, int]:
    return {"hp": hp, "max_hp": max_hp, "temp_hp": temp_hp, "nonlethal": nonlethal}


DYING = ["dying", "unconscious", "helpless"]
STABLE = ["stable", "unconscious", "helpless"]
KNOCKED_OUT = ["unconscious", "helpless"]

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


def massive_warnings(*lines: dict[str, Any], max_hp: int = 100, **options: Any) -> list[str]:
    events = log(created(**options), joined(V, max_hp), joined(HEALER), *lines)
    return [w for w in state(events)["warnings"] if "Fortitude" in w]


# (lines from line 4 on, max_hp, house rules, whether a DC 15 Fortitude save is asked for)
MASSIVE = [
    pytest.param([damage(V, 50)], 100, {}, True,
                 id="000 Massive Damage L1140-1144: a single attack of 50 calls for a save"),
    pytest.param([damage(V, 49)], 100, {}, False,
                 id="000 Massive Damage L1140-1144: 49 does not"),
    pytest.param([damage(V, 30), damage(V, 30)], 100, {}, False,
                 id="000 Massive Damage L1144-1146: several attacks adding up to 50 do not"),
    pytest.param([damage(V, 50)], 45, {}, True,
                 id="digest 5.6: hp 45 hit for 50 is dying at -5 and must still save"),
    pytest.param([damage(V, 60)], 45, {}, False,
                 id="000 Massive Damage L1141: a hit that kills outright asks no save"),
    pytest.param([damage(V, 50, nonlethal=True)], 100, {}, False,
                 id="digest A7 default: nonlethal does not count as massive damage"),
    pytest.param([damage(V, 50, nonlethal=True)], 100,
                 {"massive_damage_counts_nonlethal": True}, True,
                 id="digest A7 option: nonlethal counts"),
    pytest.param([fact("TemporaryHitPointsGained", target=V, amount=10), damage(V, 50)], 100,
                 {}, True, id="digest A7 default: counted before temporary hp absorb it"),
    pytest.param([fact("TemporaryHitPointsGained", target=V, amount=10), damage(V, 50)], 100,
                 {"massive_damage_before_temp_hp": False}, False,
                 id="digest A7 option: counted after temporary hp absorb it (40)"),
    pytest.param([damage(V, 50), save(V, "fortitude", 12, 15, against=FIRST)], 100, {}, False,
                 id="000 Massive Damage L1142-1143: the save made, nothing more is asked"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "max_hp", "options", "asked"), MASSIVE)
def test_massive_damage_asks_for_a_dc_15_fortitude_save(
    lines: list[dict[str, Any]], max_hp: int, options: dict[str, Any], asked: bool
) -> None:
    found = massive_warnings(*lines, max_hp=max_hp, **options)

    hit = FIRST + next(n for n, line in enumerate(lines) if line["type"] == "DamageDealt")
    assert bool(found) == asked
    assert all("DC 15" in w and f"line {hit}" in w for w in found)


MASSIVE_SAVES = [
    pytest.param(save(V, "fortitude", 8, 12, against=FIRST), 100, vitals(50, 100), ["dead"],
                 id="000 Massive Damage L1142-1143: a failed save kills whatever the hp"),
    pytest.param(save(V, "fortitude", 8, 12, against=FIRST), 45, vitals(-5, 45), ["dead"],
                 id="000 Massive Damage: a failed save kills the dying too"),
    pytest.param(save(V, "fortitude", 10, 15, against=FIRST), 100, vitals(50, 100),
                 ["healthy"], id="000 Massive Damage L1142: a save of 15 survives"),
    pytest.param(save(V, "fortitude", 1, 25, against=FIRST), 100, vitals(50, 100), ["dead"],
                 id="000 SAVING THROWS L198-199: a natural 1 always fails"),
    pytest.param(save(V, "fortitude", 20, 10, against=FIRST), 100, vitals(50, 100),
                 ["healthy"], id="000 SAVING THROWS L200-201: a natural 20 always succeeds"),
    pytest.param(save(V, "reflex", 3, 4, against=FIRST), 100, vitals(50, 100), ["healthy"],
                 id="000 Massive Damage: only a Fortitude save answers it"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "max_hp", "hp", "statuses"), MASSIVE_SAVES)
def test_the_massive_damage_save_decides_life_or_death(
    line: dict[str, Any], max_hp: int, hp: dict[str, int], statuses: list[str]
) -> None:
    assert hp_view(track(damage(V, 50), line, max_hp=max_hp)) == (hp, statuses)


def test_a_failed_save_the_massive_damage_did_not_call_for_kills_no_one() -> None:
    me = track(damage(V, 10), save(V, "fortitude", 2, 5, against=FIRST), max_hp=100)

    assert hp_view(me) == (vitals(90, 100), ["healthy"])


def test_revoking_the_massive_hit_takes_back_the_death_it_caused() -> None:
    events = log(
        created(),
        joined(V, 100),
        joined(HEALER),
        damage(V, 50),
        save(V, "fortitude", 3, 7, against=FIRST),
        fact("EventRevoked", target=FIRST),
    )

    assert hp_view(state(events)["combatants"][V]) == (vitals(100, 100), ["healthy"])


# --- attacks gate damage ------------------------------------------------------------------------

GOBLIN = "goblin"


def struck(attack_line: dict[str, Any], guard: dict[str, int], *more: dict[str, Any]) -> Any:
    """The goblin's vitals after valeros's attack (line 4) and 5 damage citing it (line 5)."""
    goblin = joined(GOBLIN, 20, side="foes", stats={"defenses": guard})
    events = log(created(), joined(V), goblin, attack_line, damage(GOBLIN, 5, attack=FIRST), *more)
    return state(events)["combatants"][GOBLIN]["vitals"]


AC15 = {"ac": 15}
ATTACKS = [
    pytest.param(attack(V, GOBLIN, 10, 15), AC15, 15,
                 id="000 ATTACK ROLL L676-680: a total equal to AC hits"),
    pytest.param(attack(V, GOBLIN, 9, 14), AC15, 20,
                 id="000 ATTACK ROLL L676-680: below AC misses, its damage is not applied"),
    pytest.param(attack(V, GOBLIN, 1, 30), AC15, 20,
                 id="000 Automatic Misses L681-683: a natural 1 always misses"),
    pytest.param(attack(V, GOBLIN, 1, 30), {}, 20,
                 id="000 Automatic Misses L681-683: a natural 1 misses even with no AC known"),
    pytest.param(attack(V, GOBLIN, 20, 3), AC15, 15,
                 id="000 Automatic Hits L683-684: a natural 20 always hits"),
    pytest.param(attack(V, GOBLIN, 4, 6, outcome="hit"), AC15, 15,
                 id="CONTRACT §1 AttackMade.outcome: the GM ruled a hit"),
    pytest.param(attack(V, GOBLIN, 18, 25, outcome="miss"), AC15, 20,
                 id="CONTRACT §1 AttackMade.outcome: the GM ruled a miss"),
    pytest.param(attack(V, GOBLIN, 10, 13, defense="touch"), {"ac": 18, "touch": 13}, 15,
                 id="000 ARMOR CLASS Touch Attacks: a touch attack against touch AC"),
    pytest.param(attack(V, GOBLIN, 10, 15), {"ac": 18, "flat_footed": 15}, 15,
                 id="000 Flat-Footed L216-220: before its first turn the flat-footed AC is hit"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "defenses", "hp"), ATTACKS)
def test_a_missed_attack_deals_no_damage(
    line: dict[str, Any], defenses: dict[str, int], hp: int
) -> None:
    assert struck(line, defenses) == vitals(hp)


def test_amending_a_miss_into_a_hit_applies_the_damage_that_cited_it() -> None:
    ruled_hit = {**attack(V, GOBLIN, 9, 14, outcome="hit")}

    assert struck(
        attack(V, GOBLIN, 9, 14), AC15, fact("EventAmended", target=FIRST, replacement=ruled_hit)
    ) == vitals(15)


def test_the_full_ac_counts_once_the_target_has_had_its_first_regular_turn() -> None:
    guard = {"defenses": {"ac": 18, "flat_footed": 15}}
    setup = [created(), joined(GOBLIN, 20, side="foes", stats=guard), joined(V),
             fact("InitiativeRolled", combatant=GOBLIN, natural=18, modifier=0),
             fact("InitiativeRolled", combatant=V, natural=5, modifier=0), fact("CombatStarted"),
             turn_ended(GOBLIN)]  # fmt: skip
    events = log(*setup, attack(V, GOBLIN, 10, 15), damage(GOBLIN, 5, attack=len(setup) + 1))

    assert state(events)["combatants"][GOBLIN]["vitals"] == vitals(20)


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
