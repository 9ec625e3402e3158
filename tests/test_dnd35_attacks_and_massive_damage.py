"""D&D 3.5 massive damage and its Fortitude save, and attacks that gate their damage."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import attack, created, damage, fact, joined, log, save, state, turn_ended
from tests.dnd35_helpers import FIRST, HEALER, V, hp_view, track, vitals


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


def test_damage_marked_on_miss_applies_though_its_attack_missed() -> None:
    """Extension: a power's "Miss:" damage (Orcus "Miss: half damage") cites the attack and is
    applied when it misses; revoking the attack still takes it away."""
    goblin = joined(GOBLIN, 20, side="foes", stats={"defenses": AC15})
    setup = [created(), joined(V), goblin, attack(V, GOBLIN, 9, 14)]
    half = damage(GOBLIN, 3, attack=FIRST, on_miss=True)
    assert state(log(*setup, half))["combatants"][GOBLIN]["vitals"] == vitals(17)
    undone = log(*setup, half, fact("EventRevoked", target=FIRST))
    assert state(undone)["combatants"][GOBLIN]["vitals"] == vitals(20)


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
