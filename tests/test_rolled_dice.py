"""Damage and healing the service rolls keep their dice (`rolled`: the notation and each kept die's
face), so the log can say "11 slashing damage (2d8+3: rolled 7, 1)"; the rules read the amount."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from api.compute.dice import resolve_roll
from domain.events import DamageDealt
from tests.gm_page_helpers import FIGHTERS, open_fight, record


def the_log(client: TestClient, fight: dict[str, Any]) -> list[dict[str, Any]]:
    reply = client.get(f"/encounters/{fight['id']}/log", headers=fight["gm"])
    assert reply.status_code == 200, reply.text
    return list(reply.json())


def test_a_rolled_damage_and_healing_keep_their_dice_and_their_sum_is_the_amount(
    client: TestClient,
) -> None:
    fight = open_fight(client, FIGHTERS)
    record(client, fight, [
        {"type": "DamageDealt", "target": "grask", "roll": "2d8+3", "damage_type": "slashing"},
        {"type": "HealingApplied", "target": "grask", "roll": "1d4"},
        {"type": "DamageDealt", "target": "grask", "amount": 2},
    ])  # fmt: skip
    dealt, healed, typed = (line["fact"] for line in the_log(client, fight)[-3:])
    assert dealt["rolled"]["notation"] == "2d8+3" and len(dealt["rolled"]["dice"]) == 2
    assert dealt["amount"] == sum(dealt["rolled"]["dice"]) + 3
    assert all(1 <= face <= 8 for face in dealt["rolled"]["dice"])
    assert healed["rolled"]["notation"] == "1d4" and [healed["amount"]] == healed["rolled"]["dice"]
    assert "rolled" not in typed  # typed: no dice to keep


def test_only_the_kept_dice_are_kept_and_a_d20_roll_keeps_none() -> None:
    best = resolve_roll({"type": "DamageDealt", "target": "g", "roll": "4d6kh3"})
    assert len(best["rolled"]["dice"]) == 3 and best["amount"] == sum(best["rolled"]["dice"])
    save = resolve_roll({"type": "SavingThrowRolled", "combatant": "g", "save": "will",
                         "roll": "1d20+2"})  # fmt: skip
    assert "rolled" not in save and save["total"] == save["natural"] + 2
    assert DamageDealt.model_validate(best).rolled is not None  # the fact takes it
