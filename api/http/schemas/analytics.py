"""What the analytics routes answer (api/http/routes/analytics.py), with their examples."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

REPORT_EXAMPLE: dict[str, Any] = {
    "encounters": [
        {"id": "3f2b8c1e-6a4d-4e8f-9b2a-7c1d5e9f0a42", "name": "Goblin ambush",
         "ruleset": "dnd35", "started_at": "2026-11-24T19:02:00+00:00", "ended": True,
         "rounds": 3, "events": 99, "seconds": 1094.0, "seconds_per_round": 265.0}
    ],
    "combatants": [
        {"combatant": "valeros", "name": "Valeros", "side": "party", "encounters": 1,
         "damage_dealt": {"total": 22, "lethal": 7, "nonlethal": 15},
         "damage_taken": {"total": 21, "lethal": 21, "nonlethal": 0},
         "damage_dealt_by_type": {"bludgeoning": 15, "slashing": 7},
         "damage_taken_by_type": {"piercing": 21},
         "healing_received": 9, "attacks": 4, "hits": 3, "hit_rate": 0.75, "criticals": 0,
         "natural_1s": 0, "natural_20s": 0, "knockouts": 1, "kills": 0, "knocked_out": 0,
         "deaths": 0}
    ],
    "damage_by_round": [
        {"round": 1, "dealer": "valeros", "lethal": 7, "nonlethal": 0, "total": 7}
    ],
    "damage_taken_by_round": [
        {"round": 1, "target": "goblin-2", "lethal": 7, "nonlethal": 0, "total": 7}
    ],
    "damage_by_type": [
        {"damage_type": "piercing", "lethal": 21, "nonlethal": 0, "total": 21},
        {"damage_type": "bludgeoning", "lethal": 0, "nonlethal": 15, "total": 15},
        {"damage_type": "slashing", "lethal": 7, "nonlethal": 0, "total": 7},
    ],
    "turns": {"turns": 12, "mean_seconds": 41.5,
              "by_combatant": [{"combatant": "valeros", "turns": 3, "mean_seconds": 55.0,
                                "longest_seconds": 80.0}]},
    "round_times": [
        {"round": 1, "encounters": 1, "mean_seconds": 250.0, "longest_seconds": 250.0},
        {"round": 2, "encounters": 1, "mean_seconds": 280.0, "longest_seconds": 280.0},
    ],
    "conditions": [{"combatant": "goblin-2", "condition": "shaken", "rounds": 2}],
    "most_dangerous_foe": {"combatant": "goblin-2", "name": "Goblin", "damage_dealt": 21,
                           "knockouts": 1, "kills": 0},
    "hp_over_time": {"goblin-2": [{"position": 4, "round": 0, "hp": 6},
                                  {"position": 13, "round": 1, "hp": -1}]},
}  # fmt: skip


class Report(BaseModel):
    """Figures for the encounters and combatants asked about (docs/analytics.md)."""

    model_config = ConfigDict(json_schema_extra={"examples": [REPORT_EXAMPLE]})

    encounters: list[dict[str, Any]]
    combatants: list[dict[str, Any]]
    damage_by_round: list[dict[str, Any]]
    damage_taken_by_round: list[dict[str, Any]]
    damage_by_type: list[dict[str, Any]]
    turns: dict[str, Any]
    round_times: list[dict[str, Any]]
    conditions: list[dict[str, Any]]
    most_dangerous_foe: dict[str, Any] | None
    hp_over_time: dict[str, list[dict[str, int]]]
