"""What a client sends that the table cannot record: dice that cannot be rolled and numbers past
64 bits are 422s naming the field, and nothing is appended (never a 500)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_api import PARTY, listed, open_table, operator, url
from tests.test_api_errors import problem

HIT = {"type": "DamageDealt", "target": "goblin", "amount": 3}
TOO_BIG = "the number does not fit in 64 bits: it must lie between -9223372036854775808 and " \
    "9223372036854775807"  # fmt: skip


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    return open_table(client, PARTY)


def version(client: TestClient, opened: dict[str, Any]) -> int:
    return int(client.get(url(opened, "state"), headers=opened["gm"]).json()["version"])


@pytest.mark.parametrize(
    ("roll", "reason"),
    [
        ("1d20/0", "cannot roll '1d20/0': Cannot divide by zero."),
        ("1d20%0", "cannot roll '1d20%0': Cannot divide by zero."),
        ("1d20+", "cannot roll '1d20+': not dice notation at the end (column 5)"),
        ("1d20 + x", "cannot roll '1d20 + x': not dice notation at 'x' (column 8)"),
        ("1d20" + "+1" * 100, "dice notation is at most 200 characters"),
        ("2d6", "'2d6' rolls no d20"),
        (20, "a roll is dice notation such as '1d20+5'"),
    ],
    ids=["division by zero", "modulo zero", "cut short", "not dice",
         "too long", "no d20", "a number"],
)  # fmt: skip
def test_dice_that_cannot_be_rolled_are_a_422_naming_the_roll_in_the_batch(
    client: TestClient, opened: dict[str, Any], roll: Any, reason: str
) -> None:
    initiative = {"type": "InitiativeRolled", "combatant": "valeros", "roll": roll}
    reply = client.post(
        url(opened, "facts"), json={"facts": [HIT, initiative]}, headers=opened["gm"]
    )
    assert reply.status_code == 422
    assert reply.json() == problem(422, "Bad dice notation", reason, "facts[1].roll")
    assert version(client, opened) == 4


@pytest.mark.parametrize(
    ("roll", "reason"),
    [
        ("0d6", "cannot roll '0d6': '0d6' rolls no dice"),
        ("2d8+0d6", "cannot roll '2d8+0d6': '0d6' rolls no dice"),
        ("1d0", "cannot roll '1d0': Cannot roll a 0-sided die."),
        ("1d-4", "cannot roll '1d-4': not dice notation at '-' (column 3)"),
    ],
    ids=["no dice", "no dice beside some", "a die of no sides", "a die of negative sides"],
)
def test_damage_rolled_with_no_dice_or_dice_of_no_sides_is_a_422_naming_the_roll(
    client: TestClient, opened: dict[str, Any], roll: str, reason: str
) -> None:
    damage = {"type": "DamageDealt", "target": "goblin", "roll": roll}
    reply = client.post(url(opened, "facts"), json={"facts": [damage]}, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Bad dice notation", reason, "facts[0].roll"),
    )  # fmt: skip
    assert version(client, opened) == 4


def test_a_roll_on_a_fact_that_takes_none_is_a_422_naming_the_roll(
    client: TestClient, opened: dict[str, Any]
) -> None:
    note = {"type": "NoteAdded", "text": "lucky", "roll": "1d20"}
    reply = client.post(url(opened, "facts"), json={"facts": [note]}, headers=opened["gm"])
    assert reply.status_code == 422
    assert reply.json() == problem(
        422, "Bad dice notation", "a NoteAdded takes no roll", "facts[0].roll"
    )


@pytest.mark.parametrize(
    ("fact", "field"),
    [
        ({"type": "InitiativeRolled", "combatant": "valeros", "natural": 12, "modifier": 10**30},
         "facts[1].modifier"),
        ({"type": "DamageDealt", "target": "goblin", "amount": 2**63}, "facts[1].amount"),
        ({"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
          "stats": {"max_hp": 30, "defenses": {"ac": -(2**63) - 1}}},
         "facts[1].stats.defenses.ac"),
        ({"type": "InitiativeRolled", "combatant": "valeros",
          "roll": "1d20+99999999999999999999999"}, "facts[1].roll"),
    ],
    ids=["an initiative modifier", "damage", "a stat", "a rolled total"],
)  # fmt: skip
def test_a_number_past_64_bits_is_a_422_naming_its_field_and_nothing_is_appended(
    client: TestClient, opened: dict[str, Any], fact: dict[str, Any], field: str
) -> None:
    reply = client.post(url(opened, "facts"), json={"facts": [HIT, fact]}, headers=opened["gm"])
    assert reply.status_code == 422
    assert reply.json() == problem(422, "Number out of range", TOO_BIG, field)
    assert version(client, opened) == 4


def test_an_amendment_past_64_bits_is_a_422_naming_the_replacements_field(
    client: TestClient, opened: dict[str, Any]
) -> None:
    client.post(url(opened, "facts"), json={"facts": [HIT]}, headers=opened["gm"])
    body = {"position": 5, "replacement": {**HIT, "amount": 10**30}}
    reply = client.post(url(opened, "amend"), json=body, headers=opened["gm"])
    assert reply.status_code == 422
    assert reply.json() == problem(422, "Number out of range", TOO_BIG, "replacement.amount")
    assert version(client, opened) == 5


def test_an_option_past_64_bits_is_a_422_and_no_encounter_is_opened(client: TestClient) -> None:
    body = {"name": "Huge", "ruleset": "orcus", "options": {"anything": 10**30}}
    reply = client.post("/encounters", json=body, headers=operator(client))
    assert reply.status_code == 422
    assert reply.json() == problem(422, "Number out of range", TOO_BIG, "options.anything")
    assert listed(client) == []


def test_the_largest_modifier_a_table_can_mean_is_recorded_as_given(
    client: TestClient, opened: dict[str, Any]
) -> None:
    note = {"type": "InitiativeRolled", "combatant": "valeros", "natural": 1, "modifier": 10**6}
    reply = client.post(url(opened, "facts"), json={"facts": [note]}, headers=opened["gm"])
    assert reply.status_code == 201
    line = client.get(url(opened, "log"), headers=opened["gm"]).json()[-1]["fact"]
    assert line["modifier"] == 10**6
