"""Threat ranges and confirmation rolls: an attack line's derived outcome and its critical status
(`threat`, and `confirmation` awaited/confirmed/failed where the system rolls one), per ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from projections.analytics import figures
from projections.derived import derived_lines
from projections.effective import effective_log
from tests.builders import amended, attack, created, fact, log

# A target with the one defense 15 each system measures attacks against, and its attacker.
TARGETS = {
    "dnd35": ({"max_hp": 30, "defenses": {"ac": 15}}, None),
    "d20modern": ({"max_hp": 30, "defenses": {"defense": 15}}, None),
    "true20": ({"defenses": {"defense": 15}}, None),
    "starfinder": ({"max_hp": 30, "defenses": {"eac": 15, "kac": 15}}, "kac"),
    "orcus": ({"max_hp": 30, "defenses": {"ac": 15}}, None),
}
ATTACKER = {"dnd35": {"max_hp": 30}, "d20modern": {"max_hp": 30}, "true20": {},
            "starfinder": {"max_hp": 30}, "orcus": {"max_hp": 30}}  # fmt: skip


def duel(system: str) -> list[dict[str, Any]]:
    """Valeros (line 2) and a goblin with defense 15 (line 3), no one flat-footed by its stats."""
    target, _ = TARGETS[system]
    return [created(system),
            fact("CombatantJoined", combatant="valeros", name="Valeros", side="party",
                 stats=ATTACKER[system]),
            fact("CombatantJoined", combatant="goblin", name="Goblin", side="foes",
                 stats=target)]  # fmt: skip


def swing(system: str, natural: int, total: int, **fields: Any) -> dict[str, Any]:
    defense = TARGETS[system][1]
    named = {"defense": defense} if defense else {}
    return attack("valeros", "goblin", natural, total, **named, **fields)


def derived(system: str, *lines: dict[str, Any]) -> dict[str, Any]:
    """What the last line did, as the rules derive it: outcome, threat and confirmation."""
    events = log(*duel(system), *lines)
    found = derived_lines(effective_log(events))[1][len(events)]
    return {k: found[k] for k in ("outcome", "threat", "confirmation") if k in found}


def critical(outcome: str, confirmation: str | None = None) -> dict[str, Any]:
    threat = {"threat": True} | ({"confirmation": confirmation} if confirmation else {})
    return {"outcome": outcome, **threat}


HIT, MISS = {"outcome": "hit", "threat": False}, {"outcome": "miss", "threat": False}
CONFIRMED = {"confirm_natural": 11, "confirm_total": 16}
FAILED = {"confirm_natural": 4, "confirm_total": 9}

CASES: list[Any] = [
    # D&D 3.5 (seed 000)
    pytest.param("dnd35", swing("dnd35", 19, 24, threat=19, **CONFIRMED),
                 critical("critical", "confirmed"),
                 id="000 L716-723, L730-735: a 19 threatens with a 19-20 weapon; the "
                    "confirmation hits, a critical"),
    pytest.param("dnd35", swing("dnd35", 19, 24, threat=19), critical("hit", "awaited"),
                 id="000 L716-719: a 19-20 weapon's 19 that hits asks for its confirmation roll"),
    pytest.param("dnd35", swing("dnd35", 19, 24, threat=19, **FAILED), critical("hit", "failed"),
                 id="000 L723: the confirmation roll misses, just a regular hit"),
    pytest.param("dnd35", swing("dnd35", 19, 14, threat=19), MISS,
                 id="000 L733-735: a 19 is no automatic hit; a miss is not a threat"),
    pytest.param("dnd35", swing("dnd35", 19, 24, **CONFIRMED), HIT,
                 id="000 L726-727: unless otherwise specified the threat range is 20"),
    pytest.param("dnd35", swing("dnd35", 18, 23, threat=19, **CONFIRMED), HIT,
                 id="000 L730-735: an 18 is outside a 19-20 threat range"),
    pytest.param("dnd35", swing("dnd35", 15, 20, threat=15, **CONFIRMED),
                 critical("critical", "confirmed"),
                 id="000 L730-733: a wider threat range (15-20) threatens on a 15"),
    pytest.param("dnd35", swing("dnd35", 20, 8), critical("hit", "awaited"),
                 id="000 L716-718: a natural 20 hits regardless of AC and threatens"),
    pytest.param("dnd35", swing("dnd35", 20, 8, confirm_natural=20, confirm_total=8),
                 critical("critical", "confirmed"),
                 id="000 L681-683, L720-722: a natural 20 on the confirmation hits"),
    pytest.param("dnd35", swing("dnd35", 19, 24, threat=19, outcome="hit"),
                 critical("hit"), id="the GM's ruling settles it: no confirmation awaited"),
    # d20 Modern (seed 003)
    pytest.param("d20modern", swing("d20modern", 19, 22, threat=19, **CONFIRMED),
                 critical("critical", "confirmed"),
                 id="003 L83-85: an expanded threat range threatens; the second roll hits"),
    pytest.param("d20modern", swing("d20modern", 19, 12, threat=19), MISS,
                 id="003 L85: even with these weapons only a 20 is an automatic hit"),
    pytest.param("d20modern", swing("d20modern", 20, 9), critical("hit", "awaited"),
                 id="003 L17, L83: a natural 20 is always a hit and a threat"),
    # True20 (seed 001)
    pytest.param("true20", swing("true20", 19, 22, threat=19, **CONFIRMED),
                 critical("critical", "confirmed"),
                 id="001 L119-120: Improved Critical threatens on a 19; the second roll hits"),
    pytest.param("true20", swing("true20", 19, 22, threat=19), critical("hit", "awaited"),
                 id="001 L119: a threat asks for another attack roll"),
    pytest.param("true20", swing("true20", 19, 12, threat=19), MISS,
                 id="001 L120: a roll that does not hit is not a threat; only 20s always hit"),
    pytest.param("true20", swing("true20", 20, 25, **FAILED), critical("hit", "failed"),
                 id="001 L119: the second roll below Defense, still a normal hit"),
    pytest.param("true20", swing("true20", 20, 25, confirm_natural=1, confirm_total=16),
                 critical("hit", "failed"),
                 id="001 L106, L119: the second roll is an attack roll, a natural 1 misses"),
    pytest.param("dnd35", swing("dnd35", 20, 25, confirm_natural=1, confirm_total=16),
                 critical("hit", "failed"),
                 id="000 L681-683, L719: the critical roll is an attack roll, a 1 misses"),
    # Starfinder (seed 002): no threat range, no confirmation roll
    pytest.param("starfinder", swing("starfinder", 20, 18), critical("critical"),
                 id="002 L345: a natural 20 whose total reaches the AC is a critical hit"),
    pytest.param("starfinder", swing("starfinder", 20, 12), critical("hit"),
                 id="002 L347: a natural 20 below the AC still hits, for normal damage"),
    pytest.param("starfinder", swing("starfinder", 19, 24, threat=19), HIT,
                 id="002 L345 (digest 6.3): only a natural 20 crits; no wider threat range"),
    # Orcus (seed 004): a natural 20 that would have hit anyway
    pytest.param("orcus", swing("orcus", 20, 18), critical("critical"),
                 id="004 L1167: a 20 that would have hit anyway is a critical hit"),
    pytest.param("orcus", swing("orcus", 20, 12), critical("hit"),
                 id="004 L1167: a 20 hits regardless; short of the defense, no critical"),
    pytest.param("orcus", swing("orcus", 19, 24, threat=19), HIT,
                 id="004 L1167: only a d20 roll of 20 crits"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "line", "expected"), CASES)
def test_an_attacks_threat_and_its_confirmation_follow_the_systems_text(
    system: str, line: dict[str, Any], expected: dict[str, Any]
) -> None:
    assert derived(system, line) == expected


def test_amending_the_awaited_threat_with_its_confirmation_makes_the_critical() -> None:
    """000 L716-723: the page asks for the confirmation roll; the GM amends the attack with it."""
    threat = swing("dnd35", 19, 24, threat=19)
    confirmed = amended(4, {**threat, **CONFIRMED})
    assert derived("dnd35", threat) == critical("hit", "awaited")
    events = log(*duel("dnd35"), threat, confirmed)
    assert derived_lines(effective_log(events))[1][4]["confirmation"] == "confirmed"


def test_a_19_counts_as_a_critical_in_the_figures_only_with_its_threat_range() -> None:
    with_range = log(*duel("dnd35"), swing("dnd35", 19, 24, threat=19, **CONFIRMED))
    without = log(*duel("dnd35"), swing("dnd35", 19, 24, **CONFIRMED))
    assert figures(with_range).fighters["valeros"].criticals == 1
    assert figures(without).fighters["valeros"].criticals == 0
