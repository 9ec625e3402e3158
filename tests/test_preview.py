"""A dry run of facts (POST /preview): the table and lines an append would make, nothing stored;
and `derived` on the GM's log lines (what each attack, damage, save and check did)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.gm_page_helpers import FIGHTERS, gm_state, open_fight, record

ATTACK = {"type": "AttackMade", "attacker": "tordek", "target": "grask", "natural": 14,
          "total": 19}  # fmt: skip
DAMAGE = {"type": "DamageDealt", "target": "grask", "amount": 7, "attack": 4,
          "damage_type": "slashing"}  # fmt: skip


@pytest.fixture
def fight(client: TestClient) -> dict[str, Any]:
    return open_fight(client, FIGHTERS)


def preview(client: TestClient, fight: dict[str, Any], facts: list[Any]) -> Any:
    return client.post(f"/encounters/{fight['id']}/preview", json={"facts": facts},
                       headers=fight["gm"])  # fmt: skip


def test_a_preview_shows_the_hit_against_ac_and_the_damage_before_anything_is_recorded(
    client: TestClient, fight: dict[str, Any]
) -> None:
    """000 "ATTACK ROLL": 19 hits; Grask has not acted yet, so it is flat-footed (000 L216-223)
    and the roll is measured against its flat-footed AC 14; the 7 damage leaves it at 4 HP."""
    reply = preview(client, fight, [ATTACK, DAMAGE])
    assert reply.status_code == 200, reply.text
    lines = reply.json()["lines"]
    assert [line["position"] for line in lines] == [4, 5]
    assert lines[0]["derived"] == {"outcome": "hit", "threat": False, "defense": "flat_footed",
                                   "defense_value": 14, "total_used": 19}  # fmt: skip
    assert lines[1]["derived"] == {"applied": True, "amount_applied": 7, "stopped": 0}
    assert reply.json()["state"]["combatants"]["grask"]["vitals"]["hp"] == 4
    assert reply.json()["state"]["version"] == 5
    assert gm_state(client, fight)["version"] == 3  # nothing stored
    assert gm_state(client, fight)["combatants"]["grask"]["vitals"]["hp"] == 11


def test_a_previewed_roll_comes_back_as_dice_the_gm_then_records_unchanged(
    client: TestClient, fight: dict[str, Any]
) -> None:
    rolled = {"type": "AttackMade", "attacker": "tordek", "target": "grask", "roll": "1d20+5"}
    line = preview(client, fight, [rolled]).json()["lines"][0]
    fact = line["fact"]
    assert "roll" not in fact and fact["total"] == fact["natural"] + 5
    record(client, fight, [fact])
    log = client.get(f"/encounters/{fight['id']}/log", headers=fight["gm"]).json()
    assert {k: log[-1]["fact"][k] for k in fact} == fact
    assert log[-1]["derived"] == line["derived"]


def test_a_preview_refuses_what_an_append_refuses_naming_the_field_as_sent(
    client: TestClient, fight: dict[str, Any]
) -> None:
    unknown = {**DAMAGE, "target": "nobody", "attack": None}
    del unknown["attack"]
    reply = preview(client, fight, [ATTACK, unknown])
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "facts[1].target"
    bad_dice = preview(client, fight, [{**ATTACK, "roll": "1d20+"}])
    assert bad_dice.status_code == 422
    assert bad_dice.json()["errors"][0]["field"] == "facts[0].roll"


def test_players_cannot_preview(client: TestClient, fight: dict[str, Any]) -> None:
    reply = client.post(f"/encounters/{fight['id']}/preview", json={"facts": [ATTACK]},
                        headers=fight["player"])  # fmt: skip
    assert reply.status_code == 403


def test_a_preview_shows_a_miss_drops_its_damage(client: TestClient, fight: dict[str, Any]) -> None:
    """000 "ATTACK ROLL": 12 against AC 15 misses; damage tied to a miss is not applied."""
    missed = {**ATTACK, "natural": 7, "total": 12}
    lines = preview(client, fight, [missed, DAMAGE]).json()["lines"]
    assert lines[0]["derived"]["outcome"] == "miss"
    assert lines[1]["derived"] == {"applied": False, "amount_applied": 0, "stopped": 0}


def test_the_log_says_what_each_line_did_as_the_log_now_stands(
    client: TestClient, fight: dict[str, Any]
) -> None:
    """After the attack is amended into a miss, its line and its damage's line say so."""
    record(client, fight, [
        {"type": "TemporaryHitPointsGained", "target": "grask", "amount": 3},
        ATTACK, {**DAMAGE, "attack": 5},
        {"type": "SavingThrowRolled", "combatant": "grask", "save": "will", "natural": 1,
         "total": 4, "dc": 12},
    ])  # fmt: skip
    log = client.get(f"/encounters/{fight['id']}/log", headers=fight["gm"]).json()
    assert [line.get("derived") for line in log[3:]] == [
        None,
        {"outcome": "hit", "threat": False, "defense": "flat_footed", "defense_value": 14,
         "total_used": 19},
        {"applied": True, "amount_applied": 4, "stopped": 3},
        {"outcome": "failure"},
    ]  # fmt: skip
    amend = {"position": 5, "replacement": {**ATTACK, "natural": 2, "total": 7}}
    client.post(f"/encounters/{fight['id']}/amend", json=amend, headers=fight["gm"])
    log = client.get(f"/encounters/{fight['id']}/log", headers=fight["gm"]).json()
    assert log[4]["derived"]["outcome"] == "miss" and log[4]["derived"]["total_used"] == 7
    assert log[5]["derived"]["applied"] is False


def test_a_threat_is_a_natural_20_and_a_confirmed_one_is_a_critical(
    client: TestClient, fight: dict[str, Any]
) -> None:
    """000 "Critical Hits": a threat confirmed by a second roll that hits is a critical."""
    threat = {**ATTACK, "natural": 20, "total": 25, "confirm_natural": 12, "confirm_total": 17}
    derived = preview(client, fight, [threat]).json()["lines"][0]["derived"]
    assert derived["outcome"] == "critical" and derived["threat"] is True


def test_the_player_log_carries_no_derived_numbers(
    client: TestClient, fight: dict[str, Any]
) -> None:
    record(client, fight, [ATTACK])
    log = client.get(f"/encounters/{fight['id']}/log", headers=fight["player"]).json()
    assert all(line.get("derived") is None for line in log)
