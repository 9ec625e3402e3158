"""POST /rulesets/{ruleset}/damage: a stored attack's damage rolls as the ruleset deals them."""

from __future__ import annotations

from typing import Any

LONGSWORD = {"name": "Longsword", "bonus": [6, 1], "damage": "1d8+3", "damage_type": "slashing",
             "threat": 19, "extra_damage": [{"damage": "1d6", "damage_type": "fire"}]}  # fmt: skip


def test_a_confirmed_critical_rolls_the_dice_multiplier_times_and_the_extra_dice_once(
    client: Any,
) -> None:
    reply = client.post("/rulesets/dnd35/damage", json={"attack": LONGSWORD, "critical": True})
    assert reply.status_code == 200, reply.text
    assert reply.json() == {
        "rolls": [
            {"roll": "2d8+6", "damage_type": "slashing"},
            {"roll": "1d6", "damage_type": "fire"},
        ]
    }


def test_a_hit_rolls_the_damage_once(client: Any) -> None:
    reply = client.post("/rulesets/dnd35/damage", json={"attack": {**LONGSWORD, "multiplier": 3}})
    assert [r["roll"] for r in reply.json()["rolls"]] == ["1d8+3", "1d6"]


def test_an_orcus_critical_is_the_maximum_and_its_dice(client: Any) -> None:
    power = {"name": "Flame Strike", "bonus": 6, "vs": "reflex", "damage": "2d8+4",
             "critical": "1d6"}  # fmt: skip
    reply = client.post("/rulesets/orcus/damage", json={"attack": power, "critical": True})
    assert [r["roll"] for r in reply.json()["rolls"]] == ["20", "1d6"]


def test_an_attack_the_ruleset_refuses_is_a_422_naming_its_field(client: Any) -> None:
    reply = client.post("/rulesets/dnd35/damage", json={"attack": {**LONGSWORD, "damage": "1d0"}})
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "attack.damage"
