"""The campaign trend's answer (`GET /stats/trends`): its models and the OpenAPI example."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from api.http.schemas.encounters import example

FOE_TYPE: dict[str, Any] = {
    "foe_type": "Goblin", "side": "foes", "combatants": 4, "encounters": 2,
    "damage_dealt": {"total": 18, "lethal": 18, "nonlethal": 0},
    "damage_taken": {"total": 15, "lethal": 15, "nonlethal": 0},
    "damage_dealt_by_type": {"untyped": 18}, "damage_taken_by_type": {"untyped": 15},
    "healing_received": 0, "attacks": 3, "hits": 2, "hit_rate": 0.667, "criticals": 0,
    "natural_1s": 0, "natural_20s": 0, "knockouts": 1, "kills": 0, "knocked_out": 1, "deaths": 0,
}  # fmt: skip
TREND_EXAMPLE: dict[str, Any] = {
    "campaign": "crypt",
    "sessions": [{"id": "fri", "date": "2026-11-20", "title": "Into the Warrens"},
                 {"id": "sat", "date": "2026-11-21", "title": None}],
    "party": [
        {"combatant": "kyra", "name": "Kyra", "sessions": [
            {"session": "fri", "fights": 1, "damage_dealt": 0, "damage_taken": 14, "attacks": 1,
             "hits": 0, "hit_rate": 0.0, "knocked_out": 1, "healing_received": 5},
            {"session": "sat", "fights": 1, "damage_dealt": 10, "damage_taken": 4, "attacks": 2,
             "hits": 2, "hit_rate": 1.0, "knocked_out": 0, "healing_received": 0}]},
        {"combatant": "valeros", "name": "Valeros", "sessions": [
            {"session": "fri", "fights": 2, "damage_dealt": 13, "damage_taken": 12,
             "attacks": 3, "hits": 2, "hit_rate": 0.667, "knocked_out": 0,
             "healing_received": 0},
            {"session": "sat", "fights": 0, "damage_dealt": None, "damage_taken": None,
             "attacks": None, "hits": None, "hit_rate": None, "knocked_out": None,
             "healing_received": None}]},
    ],
    "foe_types": [FOE_TYPE],
}  # fmt: skip


class SessionHeld(BaseModel):
    """A session of the campaign: its id, date (ISO) and title."""

    id: str
    date: str
    title: str | None


class SessionFigures(BaseModel):
    """A PC's figures in one session, summed over its fights there; every figure None (and
    `fights` 0) when it fought no fight that session: absent, not zero."""

    session: str
    fights: int
    damage_dealt: int | None
    damage_taken: int | None
    attacks: int | None
    hits: int | None
    hit_rate: float | None  # hits / attacks (None: no attack)
    knocked_out: int | None  # times it went down
    healing_received: int | None


class PcTrend(BaseModel):
    """A player character and its figures, one entry per session in date order."""

    combatant: str
    name: str
    sessions: list[SessionFigures]


class Trend(BaseModel):
    """A campaign's party across its sessions, and its foes per foe type (the name without its
    number: "Goblin" over every goblin), as `/stats?group=type` counts them."""

    model_config = example(TREND_EXAMPLE)

    campaign: str
    sessions: list[SessionHeld]
    party: list[PcTrend]
    foe_types: list[dict[str, Any]]
