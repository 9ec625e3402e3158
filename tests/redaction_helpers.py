"""Player-view test helpers: open a fight over HTTP, gather everything a player reads."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import orjson
from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from api.http.feeds import lines_after
from api.service.tokens import analytics_token

AMBUSH = [
    {"type": "CombatantJoined", "combatant": "valeros", "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12, "defenses": {"ac": 18}}},
    {"type": "CombatantJoined", "combatant": "goblin", "name": "Goblin", "side": "foes",
     "stats": {"max_hp": 6, "defenses": {"ac": 15}}},
    {"type": "CombatantJoined", "combatant": "sniper", "name": "Sniper", "side": "foes",
     "hidden": True, "stats": {"max_hp": 9}},
]  # fmt: skip


def open_fight(
    client: TestClient, facts: list[dict[str, Any]], ruleset: str = "dnd35"
) -> dict[str, Any]:
    """A new encounter (opened with the operator token) with `facts` appended after line 1."""
    operator = {"Authorization": f"Bearer {analytics_token(runtime_of(client.app).secret)}"}
    body = {"name": "Ambush at the mill", "ruleset": ruleset}
    encounter = client.post("/encounters", json=body, headers=operator).json()
    gm = {"Authorization": f"Bearer {encounter['gm_token']}"}
    opened = {**encounter, "gm": gm,
              "player": {"Authorization": f"Bearer {encounter['player_token']}"}}  # fmt: skip
    if facts:
        write(client, opened, "facts", {"facts": facts})
    return opened


def url(opened: dict[str, Any], tail: str) -> str:
    return f"/encounters/{opened['id']}/{tail}"


def write(
    client: TestClient, opened: dict[str, Any], route: str, body: dict[str, Any], **headers: str
) -> dict[str, Any]:
    """A GM's write (facts, undo, redo, amend) that must succeed."""
    reply = client.post(url(opened, route), json=body, headers={**opened["gm"], **headers})
    assert reply.status_code == 201, reply.text
    found: dict[str, Any] = reply.json()
    return found


def player_log(client: TestClient, opened: dict[str, Any]) -> list[dict[str, Any]]:
    reply = client.get(url(opened, "log"), headers=opened["player"])
    assert reply.status_code == 200
    found: list[dict[str, Any]] = reply.json()
    return found


def player_state(client: TestClient, opened: dict[str, Any], query: str = "") -> dict[str, Any]:
    reply = client.get(url(opened, f"state{query}"), headers=opened["player"])
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()
    return found


def streamed(client: TestClient, opened: dict[str, Any], after: int = 0) -> list[dict[str, Any]]:
    """What the player's stream sends from `Last-Event-ID: after`."""
    history = runtime_of(client.app).encounters.history(UUID(opened["id"]))
    return [orjson.loads(m["data"]) for m in lines_after(history, sent=after, caller="player")]


def everything_a_player_reads(client: TestClient, opened: dict[str, Any]) -> str:
    """The player's log, export and stream, and the state after every line in both timelines."""
    version = player_state(client, opened)["version"]
    states = [
        player_state(client, opened, f"?at={n}&timeline={timeline}")
        for n in range(1, version + 1)
        for timeline in ("then", "corrected")
    ]
    export = client.get(url(opened, "export"), headers=opened["player"]).content.decode()
    parts = [player_log(client, opened), export, streamed(client, opened), states]
    return orjson.dumps(parts).decode()
