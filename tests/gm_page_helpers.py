"""Encounters opened over HTTP with the operator token (needed to create one once it is
required), and the facts of a small 3.5 fight the GM page's API tests share."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from api.service.tokens import analytics_token

FIGHTERS = [
    {"type": "CombatantJoined", "combatant": "tordek", "name": "Tordek", "side": "party",
     "stats": {"max_hp": 20, "defenses": {"ac": 17, "touch": 10, "flat_footed": 16}}},
    {"type": "CombatantJoined", "combatant": "grask", "name": "Grask", "side": "foes",
     "stats": {"max_hp": 11, "defenses": {"ac": 15, "touch": 11, "flat_footed": 14}}},
]  # fmt: skip


def operator(client: TestClient) -> dict[str, str]:
    """The operator header (the analytics token): it creates, imports and keeps the library."""
    secret = runtime_of(client.app).secret
    return {"Authorization": f"Bearer {analytics_token(secret)}"}


def open_fight(
    client: TestClient, facts: list[dict[str, Any]], ruleset: str = "dnd35", **options: Any
) -> dict[str, Any]:
    """A new encounter with `facts` after line 1: its id, tokens, and `gm` / `player` headers."""
    body = {"name": "At the bridge", "ruleset": ruleset, "options": options}
    reply = client.post("/encounters", json=body, headers=operator(client))
    assert reply.status_code == 201, reply.text
    opened: dict[str, Any] = reply.json()
    opened["gm"] = {"Authorization": f"Bearer {opened['gm_token']}"}
    opened["player"] = {"Authorization": f"Bearer {opened['player_token']}"}
    if facts:
        record(client, opened, facts)
    return opened


def record(client: TestClient, opened: dict[str, Any], facts: list[dict[str, Any]]) -> None:
    """Append `facts` as the GM."""
    reply = client.post(f"/encounters/{opened['id']}/facts", json={"facts": facts},
                        headers=opened["gm"])  # fmt: skip
    assert reply.status_code == 201, reply.text


def gm_state(client: TestClient, opened: dict[str, Any]) -> dict[str, Any]:
    reply = client.get(f"/encounters/{opened['id']}/state", headers=opened["gm"])
    assert reply.status_code == 200, reply.text
    state: dict[str, Any] = reply.json()
    return state
