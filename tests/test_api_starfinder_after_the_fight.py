"""Over HTTP: a Starfinder fight with damage reduction, its end, and what follows the end."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from api.service.tokens import analytics_token
from tests.test_starfinder_builders import party, stats

ROBOT = {"type": "CombatantJoined", "combatant": "robot", "name": "Security robot",
         "side": "foes", "stats": stats(30, dr={"amount": 5, "overcome_by": "magic"},
                                        resist={"fire": 10})}  # fmt: skip


def opened(client: TestClient) -> tuple[str, dict[str, str]]:
    """A Starfinder encounter opened with the operator token; its id and the GM's header."""
    operator = {"Authorization": f"Bearer {analytics_token(runtime_of(client.app).secret)}"}
    reply = client.post("/encounters", json={"name": "Derelict", "ruleset": "starfinder"},
                        headers=operator)  # fmt: skip
    assert reply.status_code == 201
    encounter = reply.json()
    return encounter["id"], {"Authorization": f"Bearer {encounter['gm_token']}"}


def append(client: TestClient, encounter: str, gm: dict[str, str], *facts: Any) -> Any:
    return client.post(f"/encounters/{encounter}/facts", json={"facts": list(facts)}, headers=gm)


def test_a_fight_with_damage_reduction_ends_and_the_hourly_check_follows(
    client: TestClient,
) -> None:
    encounter, gm = opened(client)
    fight = [*party()[1:], ROBOT,
             {"type": "DamageDealt", "target": "robot", "amount": 9, "damage_type": "piercing"},
             {"type": "DamageDealt", "target": "navasi", "amount": 40},
             {"type": "ResolveSpent", "combatant": "navasi", "amount": 1},
             {"type": "CombatEnded"},
             {"type": "CheckRolled", "combatant": "navasi", "check": "constitution",
              "natural": 17, "total": 20}]  # fmt: skip
    assert append(client, encounter, gm, *fight).status_code == 201
    shown = client.get(f"/encounters/{encounter}/state", headers=gm).json()
    assert shown["phase"] == "ended"
    assert shown["combatants"]["robot"]["vitals"]["hp"] == 26
    assert shown["combatants"]["robot"]["vitals"]["damage_stopped"] == 5
    assert shown["combatants"]["navasi"]["vitals"]["hp"] == 1


def test_a_turn_after_the_end_is_a_422_naming_the_fact_and_its_type(client: TestClient) -> None:
    encounter, gm = opened(client)
    assert append(client, encounter, gm, *party()[1:], {"type": "CombatEnded"}).status_code == 201
    reply = append(client, encounter, gm, {"type": "NoteAdded", "text": "loot"},
                   {"type": "TurnEnded", "combatant": "navasi"})  # fmt: skip
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "facts[1].type"
    assert len(client.get(f"/encounters/{encounter}/log", headers=gm).json()) == 9


def test_a_resistance_the_rules_do_not_know_is_a_422_naming_it(client: TestClient) -> None:
    encounter, gm = opened(client)
    bad = {**ROBOT, "stats": stats(30, resist={"poison": 5})}
    reply = append(client, encounter, gm, bad)
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "facts[0].stats.resist.poison"
