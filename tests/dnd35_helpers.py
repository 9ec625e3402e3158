"""D&D 3.5 hit-point helpers: valeros (and kyra, the healer) as the table sees them."""

from __future__ import annotations

from typing import Any

from tests.builders import created, joined, log, state

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
