"""What no table can mean is refused at the door, as a whole problem body naming the field and
the bound, and nothing is recorded: numbers past ±10^6, times the store cannot keep, bodies
nested past 32 levels, event types that are not names, corrections given as a replacement."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_api import PARTY, listed, open_table, operator, url
from tests.test_api_errors import problem

BOUND = "must lie between -1000000 and 1000000"
TIME = "must lie between 0001-01-02T00:00:00+00:00 and 9999-12-30T00:00:00+00:00"
NESTED = "a JSON body nests at most 32 arrays and objects deep"
NOT_A_NAME = "the event type is a string, such as 'NoteAdded'"
CREATED = b'{"type":"EncounterCreated","name":"Imported","ruleset":"dnd35"}\n'


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    return open_table(client, PARTY)


def version(client: TestClient, opened: dict[str, Any]) -> int:
    return int(client.get(url(opened, "state"), headers=opened["gm"]).json()["version"])


def nested(levels: int) -> dict[str, Any]:
    """An object nested `levels` deep: {"a": {"a": … {}}}."""
    value: dict[str, Any] = {}
    for _ in range(levels - 1):
        value = {"a": value}
    return value


def appended(client: TestClient, opened: dict[str, Any], *facts: dict[str, Any]) -> Any:
    return client.post(url(opened, "facts"), json={"facts": list(facts)}, headers=opened["gm"])


@pytest.mark.parametrize(
    ("fact", "field"),
    [
        ({"type": "DamageDealt", "target": "goblin", "amount": 2**63 - 1}, "facts[1].amount"),
        ({"type": "HealingApplied", "target": "goblin", "amount": 10**6 + 1}, "facts[1].amount"),
        ({"type": "InitiativeRolled", "combatant": "goblin", "natural": 3, "modifier": -(10**7)},
         "facts[1].modifier"),
        ({"type": "AttackMade", "attacker": "goblin", "target": "valeros", "natural": 3,
          "total": 10**9}, "facts[1].total"),
        ({"type": "ConditionApplied", "target": "goblin", "condition": "burning",
          "value": 10**12}, "facts[1].value"),
        ({"type": "SavingThrowRolled", "combatant": "goblin", "save": "will", "natural": 3,
          "total": 4, "dc": 10**7}, "facts[1].dc"),
        ({"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
          "stats": {"max_hp": 2**62}}, "facts[1].stats"),
        ({"type": "InitiativeRolled", "combatant": "goblin", "roll": "1d20+2000000"},
         "facts[1].roll"),
    ],
    ids=["damage of 2^63-1", "healing", "a modifier", "an attack's total", "ongoing damage",
         "a save's DC", "a stat", "a rolled total"],
)  # fmt: skip
def test_a_number_no_table_can_mean_is_a_422_naming_its_field_and_nothing_is_appended(
    client: TestClient, opened: dict[str, Any], fact: dict[str, Any], field: str
) -> None:
    note = {"type": "NoteAdded", "text": "first of the batch"}
    reply = appended(client, opened, note, fact)
    reason = "'max_hp' " + BOUND if field.endswith("stats") else BOUND
    assert (reply.status_code, reply.json()) == (422, problem(422, "Invalid fact", reason, field))
    assert version(client, opened) == 4


def test_an_option_no_table_can_mean_is_a_422_and_no_encounter_is_opened(
    client: TestClient,
) -> None:
    body = {"name": "Huge", "ruleset": "dnd35", "options": {"massive_damage_threshold": 10**7}}
    reply = client.post("/encounters", json=body, headers=operator(client))
    assert reply.status_code == 422
    reason = "'massive_damage_threshold' " + BOUND
    assert reply.json() == problem(
        422, "The log cannot take this fact", f"line 1: {reason}", "options", reason
    )
    assert listed(client) == []


def test_an_imported_line_stamped_before_utc_begins_is_a_422_and_nothing_is_stored(
    client: TestClient,
) -> None:
    line = b'{"type":"NoteAdded","text":"x","at":"0001-01-01T00:00:00+14:00"}\n'
    reply = client.post("/encounters/import", content=CREATED + line, headers=operator(client))
    assert reply.status_code == 422
    assert reply.json() == problem(422, "Invalid log", f"line 2: {TIME}", "line 2.at", TIME)
    assert listed(client) == []


@pytest.mark.parametrize("since", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:00:00-05:00"])
def test_stats_since_a_time_the_store_cannot_hold_is_a_422_naming_since(
    client: TestClient, since: str
) -> None:
    reply = client.get("/stats", params={"since": since}, headers=operator(client))
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid request", TIME, "since"),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("fact", "field"),
    [({"type": "CombatantJoined", "combatant": "ogre", "name": "Og\x00re", "side": "foes"},
      "facts[0].name"),
     ({"type": "NoteAdded", "text": "before\x00after"}, "facts[0].text")],
    ids=["a name", "a note"],
)  # fmt: skip
def test_text_with_a_nul_character_is_a_422_naming_its_field(
    client: TestClient, opened: dict[str, Any], fact: dict[str, Any], field: str
) -> None:
    """No name needs U+0000, and PostgreSQL's text columns (the analytics) cannot hold it."""
    reply = appended(client, opened, fact)
    reason = "must not contain the NUL character (U+0000)"
    assert (reply.status_code, reply.json()) == (422, problem(422, "Invalid fact", reason, field))
    assert version(client, opened) == 4


@pytest.mark.parametrize(
    ("kind", "what"), [(["NoteAdded"], "a list"), ({"name": "NoteAdded"}, "an object")],
    ids=["a list", "an object"],
)  # fmt: skip
def test_an_event_type_that_is_not_a_name_is_a_422_in_facts_and_in_an_import(
    client: TestClient, opened: dict[str, Any], kind: Any, what: str
) -> None:
    reply = appended(client, opened, {"type": kind, "text": what})
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid fact", NOT_A_NAME, "facts[0].type"),
    )  # fmt: skip
    line = b'{"type":' + repr(kind).replace("'", '"').encode() + b',"text":"x"}\n'
    reply = client.post("/encounters/import", content=CREATED + line, headers=operator(client))
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid log", f"line 2: {NOT_A_NAME}", "line 2.type", NOT_A_NAME),
    )  # fmt: skip
    assert version(client, opened) == 4 and len(listed(client)) == 1


@pytest.mark.parametrize(
    "replacement",
    [{"type": "EventRevoked", "target": 3}, {"type": "EventRestored", "target": 3},
     {"type": "EventAmended", "target": 3, "replacement": {"type": "NoteAdded", "text": "x"}},
     {"type": "EncounterCreated", "name": "Another", "ruleset": "orcus"}],
    ids=["undo", "redo", "amend", "a new encounter"],
)  # fmt: skip
def test_a_correction_or_a_new_encounter_cannot_replace_a_line(
    client: TestClient, opened: dict[str, Any], replacement: dict[str, Any]
) -> None:
    body = {"position": 2, "replacement": replacement}
    reply = client.post(url(opened, "amend"), json=body, headers=opened["gm"])
    reason = f"{replacement['type']} cannot replace a line: a replacement is a fact from the table"
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid fact", reason, "replacement.type"),
    )  # fmt: skip
    assert version(client, opened) == 4


@pytest.mark.parametrize("levels", [33, 600, 5000])
def test_stats_nested_past_the_budget_are_a_422_naming_them(
    client: TestClient, opened: dict[str, Any], levels: int
) -> None:
    """The body nests 3 levels before the stats ({"facts": [{"stats": …}]}): at 600 the
    framework's parser still reads it and a route would recurse; at 5000 it cannot."""
    joined = b'{"type":"CombatantJoined","combatant":"ogre","name":"Ogre","side":"foes","stats":'
    body = b'{"facts":[' + joined + b'{"a":' * (levels - 1) + b"{}" + b"}" * levels + b"]}"
    headers = {**opened["gm"], "content-type": "application/json"}
    reply = client.post(url(opened, "facts"), content=body, headers=headers)
    field = "facts[0].stats" if levels < 1000 else "body"
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Body nested too deep", NESTED, field),
    )  # fmt: skip
    assert version(client, opened) == 4


def test_options_nested_600_deep_are_a_422_naming_them(client: TestClient) -> None:
    body = {"name": "Deep", "ruleset": "orcus", "options": nested(600)}
    reply = client.post("/encounters", json=body, headers=operator(client))
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Body nested too deep", NESTED, "options"),
    )  # fmt: skip
    assert listed(client) == []


def test_stats_nested_to_the_budget_reach_the_ruleset_which_names_what_it_does_not_read(
    client: TestClient, opened: dict[str, Any]
) -> None:
    """32 levels in all: the body's 3, then 29 of stats."""
    joined = {"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
              "stats": {"max_hp": 30, "notes": nested(28)}}  # fmt: skip
    reply = appended(client, opened, joined)
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "The log cannot take this fact", "line 5: Extra inputs are not permitted",
                     "facts[0].stats.notes", "Extra inputs are not permitted"),
    )  # fmt: skip


def test_an_imported_line_nested_past_the_budget_is_a_422_naming_it(client: TestClient) -> None:
    line = b'{"type":"CombatantJoined","combatant":"o","name":"O","side":"foes","stats":'
    line += b'{"a":' * 40 + b"{}" + b"}" * 40 + b"}\n"
    reply = client.post("/encounters/import", content=CREATED + line, headers=operator(client))
    reason = "nested deeper than 32 levels at 'stats" + ".a" * 31 + "'"
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid log", f"line 2: {reason}", "line 2.stats", reason),
    )  # fmt: skip
    assert listed(client) == []


@pytest.mark.parametrize("name", ["ruleset", "side", "combatant"])
def test_a_stats_filter_with_a_nul_character_is_a_422_naming_it(
    client: TestClient, name: str
) -> None:
    """PostgreSQL cannot compare such a text (the fuzz found it there)."""
    reply = client.get("/stats", params={name: "dnd\x0035"}, headers=operator(client))
    reason = "must not contain the NUL character (U+0000)"
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid request", reason, name),
    )  # fmt: skip
