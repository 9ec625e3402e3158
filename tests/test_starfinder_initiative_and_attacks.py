"""Starfinder initiative, surprise, EAC/KAC and critical hits, conditions (seed 002)."""

from __future__ import annotations

from typing import Any

import pytest

from projections.table import table_at
from tests.builders import attack, condition, created, fact, joined, log, rolled, started, view
from tests.test_starfinder_builders import KSARIK, NAVASI, OBOZAYA, party, stats, table


def test_a_tie_goes_to_the_higher_initiative_modifier() -> None:
    lines = [
        created("starfinder"),
        joined("a", 10, stats=stats(10, mod=1)),
        joined("b", 10, stats=stats(10, mod=4)),
        rolled("a", 16, 1),
        rolled("b", 13, 4),
    ]
    assert view(*lines, started())["order"] == ["b", "a"]  # 002 "Initiative" L25


def test_a_tie_on_modifier_too_waits_for_the_roll_off() -> None:
    lines = [
        created("starfinder"),
        joined("a", 10, stats=stats(10, mod=2)),
        joined("b", 10, stats=stats(10, mod=2)),
        rolled("a", 12, 2),
        rolled("b", 12, 2),
    ]
    assert view(*lines)["initiative_ties"] == [["a", "b"]]
    settled = view(*lines, fact("InitiativeTieBroken", order=["b", "a"]), started())
    assert settled["order"] == ["b", "a"] and settled["initiative_ties"] == []


ATTACKS: list[Any] = [
    pytest.param({"natural": 12, "total": 14, "defense": "eac"}, [], "hit",
                 id="002 EAC: an energy attack of 14 hits EAC 14"),
    pytest.param({"natural": 12, "total": 14, "defense": "kac"}, [], "miss",
                 id="002 KAC: a kinetic attack of 14 misses KAC 16"),
    pytest.param({"natural": 1, "total": 30, "defense": "eac"}, [], "miss",
                 id="002 Automatic Misses and Hits: a natural 1 always misses"),
    pytest.param({"natural": 20, "total": 15, "defense": "kac"}, [], "hit",
                 id="002 Critical Hits: a natural 20 below the AC hits, for normal damage"),
    pytest.param({"natural": 20, "total": 16, "defense": "kac"}, [], "critical",
                 id="002 Critical Hits: a natural 20 that meets the AC is a critical"),
    pytest.param({"natural": 14, "total": 14, "defense": "kac"},
                 [condition(NAVASI, "flat-footed")], "hit",
                 id="002 Who Is Surprised?: flat-footed is -2 to AC (KAC 14)"),
    pytest.param({"natural": 14, "total": 19, "defense": "eac"},
                 [condition(NAVASI, "cover")], "hit", id="002 Cover: +4 AC (EAC 18)"),
    pytest.param({"natural": 14, "total": 17, "defense": "eac"},
                 [condition(NAVASI, "cover")], "miss", id="002 Cover: 17 misses EAC 18"),
    pytest.param({"natural": 15, "total": 23, "defense": "maneuver"}, [], "miss",
                 id="002 Combat Maneuver: against KAC + 8 (24)"),
    pytest.param({"natural": 15, "total": 24, "defense": "maneuver"}, [], "hit",
                 id="002 Combat Maneuver: 24 meets KAC + 8"),
    pytest.param({"natural": 15, "total": 24}, [], None,
                 id="002 Armor Class: with no EAC or KAC named, the GM rules"),
]  # fmt: skip


@pytest.mark.parametrize(("roll", "before", "outcome"), ATTACKS)
def test_attacks_are_against_eac_or_kac(roll: dict[str, Any], before: Any, outcome: Any) -> None:
    events = log(party(), *before, attack(KSARIK, NAVASI, **roll))
    assert table_at(events).attacks[len(events)] == outcome


def surprise_fight(*lines: Any) -> dict[str, Any]:
    """Navasi and Obozaya ambush the ksarik (who acts second on count 17)."""
    base = party()
    base[6] = rolled(KSARIK, 16, 1)
    base.insert(7, fact("SurpriseDetermined", aware=[NAVASI, OBOZAYA]))
    return view(base, *lines)


SURPRISE: list[Any] = [
    pytest.param([], KSARIK, ["flat_footed", "surprised"],
                 id="002 Who Is Surprised?: surprised combatants are flat-footed"),
    pytest.param([fact("TurnEnded", combatant=NAVASI), fact("TurnEnded", combatant=OBOZAYA)],
                 KSARIK, ["flat_footed"], id="002 Who Is Surprised?: until it has acted"),
    pytest.param([fact("TurnEnded", combatant=NAVASI), fact("TurnEnded", combatant=OBOZAYA),
                  fact("TurnEnded", combatant=NAVASI), fact("TurnEnded", combatant=KSARIK)],
                 KSARIK, ["healthy"],
                 id="002 Who Is Surprised?: aware and acted, no longer flat-footed"),
    pytest.param([fact("TurnEnded", combatant=NAVASI)], NAVASI, ["healthy"],
                 id="002 Surprise: the aware act in the surprise round, not flat-footed"),
    pytest.param([], OBOZAYA, ["healthy"],
                 id="002 Who Is Surprised? L41: aware, not flat-footed before acting either"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "who", "expected"), SURPRISE)
def test_surprised_combatants_are_flat_footed(lines: Any, who: str, expected: Any) -> None:
    assert surprise_fight(*lines)["combatants"][who]["statuses"] == expected


def test_pinned_carries_grappled_and_unconscious_is_helpless() -> None:
    state = table(condition(NAVASI, "pinned"), condition(OBOZAYA, "unconscious"))
    assert state["combatants"][NAVASI]["statuses"] == ["grappled"]  # 002 "Grapple" L373-389
    assert state["combatants"][OBOZAYA]["statuses"] == ["helpless"]


def test_a_one_round_effect_ends_just_before_its_count_next_round() -> None:
    on_14 = [
        fact("TurnEnded", combatant=NAVASI),
        condition(KSARIK, "shaken", duration={"rounds": 1}),
        fact("TurnEnded", combatant=OBOZAYA),
        fact("TurnEnded", combatant=KSARIK),
    ]
    kept = table(*on_14)  # 002 "Combat Round" L45-51: cast on count 14, ends just before 14
    assert kept["round"] == 2 and kept["combatants"][KSARIK]["conditions"][0]["name"] == "shaken"
    gone = table(*on_14, fact("TurnEnded", combatant=NAVASI))
    assert gone["turn"] == OBOZAYA and gone["combatants"][KSARIK]["conditions"] == []


def test_a_delayer_keeps_its_new_place_for_the_rest_of_the_fight() -> None:
    lines = [
        fact("Delayed", combatant=NAVASI),
        fact("TurnEnded", combatant=OBOZAYA),
        fact("DelayEnded", combatant=NAVASI),
        fact("TurnEnded", combatant=NAVASI),
    ]
    state = table(*lines)  # 002 "Delay" L543-545: the count for the rest of combat
    assert state["order"] == [OBOZAYA, NAVASI, KSARIK] and state["turn"] == KSARIK
    assert table(*lines, fact("TurnEnded", combatant=KSARIK))["turn"] == OBOZAYA


def test_a_readied_action_moves_the_readier_before_its_trigger() -> None:
    lines = [
        fact("ActionReadied", combatant=NAVASI, trigger="the ksarik moves"),
        fact("TurnEnded", combatant=NAVASI),
        fact("TurnEnded", combatant=OBOZAYA),
        fact("ReadiedActionTaken", combatant=NAVASI, before=KSARIK),
    ]
    state = table(*lines)  # 002 "Ready an Action" L551-561
    assert state["order"] == [OBOZAYA, NAVASI, KSARIK]
