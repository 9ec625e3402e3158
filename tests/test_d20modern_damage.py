"""d20 Modern hit points (seed 003 L136) and massive damage against the Constitution score."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import (
    created,
    damage,
    fact,
    joined,
    log,
    rolled,
    save,
    started,
    state,
    turn_ended,
)

M = "d20modern"
V = "hallorann"
FIRST = 3  # the first line after the encounter and Hallorann


def hallorann(
    *lines: dict[str, Any], max_hp: int = 40, con: int | None = 12, **options: Any
) -> Any:
    """Hallorann (Con 12 unless told) alone, before combat, after `lines` from line 3 on."""
    stats: dict[str, Any] = {} if con is None else {"constitution": con}
    events = log(created(M, **options), joined(V, max_hp, stats=stats), *lines)
    return state(events)


def fortitude(natural: int, total: int, against: int = FIRST) -> dict[str, Any]:
    return save(V, "fortitude", natural, total, dc=15, against=against)


def track(table: dict[str, Any]) -> tuple[int, list[str]]:
    """Hallorann's hit points and the statuses of his hit point track (before combat, everyone
    is flat-footed too: 003 L3)."""
    me = table["combatants"][V]
    return me["vitals"]["hp"], [s for s in me["statuses"] if s != "flat_footed"]


def massive_warnings(table: dict[str, Any]) -> list[str]:
    return [w for w in table["warnings"] if "massive damage" in w]


# (lines from line 3 on, max_hp, Con score, house rules, whether a save is asked for)
THRESHOLD = [
    pytest.param([damage(V, 12)], 40, 12, {}, True,
                 id="CONTRACT §1 (MSRD, not seed 003): a hit of Con or more calls for a save"),
    pytest.param([damage(V, 11)], 40, 12, {}, False,
                 id="CONTRACT §1: a hit below the Con score does not"),
    pytest.param([damage(V, 15)], 40, 18, {}, False,
                 id="CONTRACT §1: the threshold is the target's own Con score (18)"),
    pytest.param([damage(V, 6), damage(V, 6)], 40, 12, {}, False,
                 id="digest G3: two hits adding up to the Con score call for none"),
    pytest.param([damage(V, 50)], 40, 12, {}, False,
                 id="003 Hit Points L136: a hit that kills outright (-10) asks for no save"),
    pytest.param([damage(V, 30)], 40, None, {}, False,
                 id="CONTRACT §1: no Constitution score given, no threshold"),
    pytest.param([damage(V, 12, nonlethal=True)], 40, 12, {}, False,
                 id="digest A7 default (3.5 track): nonlethal damage does not count"),
    pytest.param([damage(V, 12, nonlethal=True)], 40, 12,
                 {"massive_damage_counts_nonlethal": True}, True,
                 id="digest A7 option (3.5 track): nonlethal damage counts"),
    pytest.param([damage(V, 12), fortitude(11, 16)], 40, 12, {}, False,
                 id="MSRD DC 15 Fortitude: once the save is made nothing more is asked"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "max_hp", "con", "options", "asked"), THRESHOLD)
def test_massive_damage_is_a_single_hit_of_the_constitution_score_or_more(
    lines: list[dict[str, Any]], max_hp: int, con: int | None, options: dict[str, Any], asked: bool
) -> None:
    found = massive_warnings(hallorann(*lines, max_hp=max_hp, con=con, **options))

    assert bool(found) == asked
    assert all("DC 15 Fortitude" in w and f"line {FIRST}" in w for w in found)


# (lines from line 3 on, max_hp, house rules, hp, statuses)
FAILED_SAVES = [
    pytest.param([damage(V, 14)], 40, {}, 26, ["healthy"],
                 id="digest G3: until the save, the hit only takes its 14 hit points"),
    pytest.param([damage(V, 14), fortitude(4, 8)], 40, {}, -1,
                 ["dying", "unconscious", "helpless"],
                 id="digest §11 (MSRD): a failed save drops hit points to -1, dying"),
    pytest.param([damage(V, 14), fortitude(4, 8)], 20, {}, -1, ["dying", "unconscious",
                 "helpless"], id="digest §11 (MSRD): from 6 hit points to -1 too"),
    pytest.param([damage(V, 16), fortitude(4, 8)], 12, {}, -4,
                 ["dying", "unconscious", "helpless"],
                 id="digest §11 (MSRD): hit points already below -1 stay where they are"),
    pytest.param([damage(V, 14), fortitude(12, 15)], 40, {}, 26, ["healthy"],
                 id="MSRD DC 15 Fortitude: a save of 15 changes nothing"),
    pytest.param([damage(V, 14), fortitude(1, 25)], 40, {}, -1,
                 ["dying", "unconscious", "helpless"],
                 id="003 Saving Throws L147: a natural 1 always fails"),
    pytest.param([damage(V, 14), fortitude(20, 9)], 40, {}, 26, ["healthy"],
                 id="003 Saving Throws L147: a natural 20 always succeeds"),
    pytest.param([damage(V, 14), fortitude(4, 8)], 40, {"massive_damage_result": "dead"}, 26,
                 ["dead"], id="digest G3 option: a failed save kills, as in 3.5"),
    pytest.param([damage(V, 5), fortitude(2, 4)], 40, {}, 35, ["healthy"],
                 id="a failed save no massive damage called for changes nothing"),
    pytest.param([damage(V, 14), fortitude(4, 8), fact("EventRevoked", target=FIRST)], 40, {},
                 40, ["healthy"], id="CONTRACT §1 EventRevoked: undoing the hit undoes the drop"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "max_hp", "options", "hp", "statuses"), FAILED_SAVES)
def test_a_failed_massive_damage_save_leaves_the_combatant_dying(
    lines: list[dict[str, Any]], max_hp: int, options: dict[str, Any], hp: int, statuses: list[str]
) -> None:
    assert track(hallorann(*lines, max_hp=max_hp, **options)) == (hp, statuses)


# (damage taken from 10 hit points, statuses)
THRESHOLDS = [
    pytest.param(9, ["healthy"], id="003 Hit Points L136: above 0 is no state of its own"),
    pytest.param(10, ["disabled"], id="003 Hit Points L136: at 0 disabled"),
    pytest.param(11, ["dying", "unconscious", "helpless"], id="003 Hit Points L136: -1 dying"),
    pytest.param(19, ["dying", "unconscious", "helpless"], id="003 Hit Points L136: -9 dying"),
    pytest.param(20, ["dead"], id="003 Hit Points L136: at -10 dead"),
]  # fmt: skip


@pytest.mark.parametrize(("amount", "statuses"), THRESHOLDS)
def test_hit_points_cross_into_disabled_dying_and_dead(amount: int, statuses: list[str]) -> None:
    assert track(hallorann(damage(V, amount), max_hp=10, con=30)) == (10 - amount, statuses)


@pytest.mark.parametrize("ruleset", ["d20modern", "dnd35"])
def test_only_dnd35_asks_the_dying_for_a_stabilization_roll(ruleset: str) -> None:
    events = log(created(ruleset), joined(V, 10), joined("gunman"), rolled("gunman", 15),
                 rolled(V, 5), started(), damage(V, 12), turn_ended("gunman"))  # fmt: skip

    asked = [w for w in state(events)["warnings"] if "stabilize" in w]
    assert bool(asked) == (ruleset == "dnd35")  # digest G3: seed 003 has no such rule
