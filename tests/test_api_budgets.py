"""What one request may ask of the service's CPU: dice rolled (per roll, per request), selectors
per roll, lines per import. Past a budget it is a problem naming the budget and the field, and
nothing is recorded; up to it, the request is taken whole."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.compute.dice import (
    DICE_PER_REQUEST,
    DICE_PER_ROLL,
    DICE_PER_SELECTING_ROLL,
    SELECTORS_PER_ROLL,
)
from api.http.facts import IMPORT_LINES
from tests.test_api import PARTY, listed, open_table, operator, url
from tests.test_api_errors import problem

CREATED = b'{"type":"EncounterCreated","name":"Imported","ruleset":"dnd35"}\n'
SELECTING = "one roll that keeps, drops or rerolls"
NOTE = b'{"type":"NoteAdded","text":"x"}\n'


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    return open_table(client, PARTY)


def version(client: TestClient, opened: dict[str, Any]) -> int:
    return int(client.get(url(opened, "state"), headers=opened["gm"]).json()["version"])


def damage(roll: str) -> dict[str, Any]:
    return {"type": "DamageDealt", "target": "goblin", "roll": roll}


def appended(client: TestClient, opened: dict[str, Any], facts: list[dict[str, Any]]) -> Any:
    return client.post(url(opened, "facts"), json={"facts": facts}, headers=opened["gm"])


def test_the_budgets_are_the_ones_the_readme_gives() -> None:
    budgets = (DICE_PER_ROLL, DICE_PER_SELECTING_ROLL, SELECTORS_PER_ROLL, DICE_PER_REQUEST)
    assert (*budgets, IMPORT_LINES) == (100, 20, 3, 1000, 5_000)


@pytest.mark.parametrize(
    ("facts", "field", "detail"),
    [
        ([{"type": "InitiativeRolled", "combatant": "goblin", "roll": "999d20kh1"}],
         "facts[0].roll", f"{SELECTING} may roll at most 20 dice"),
        ([damage("101d6")], "facts[0].roll", "one roll may roll at most 100 dice"),
        ([damage("1d6")] + [damage("100d6")] * 10,
         "facts[10].roll", "one request may roll at most 1000 dice"),
        ([damage("5d6e<7")], "facts[0].roll", f"{SELECTING} may roll at most 20 dice"),
        ([damage("10d6kh9kh8kh7kh6")], "facts[0].roll", "one roll may apply at most 3 selectors"),
    ],
    ids=["999 dice kept highest", "101 dice", "1001 dice in one request",
         "dice that explode on every face", "four selectors"],
)  # fmt: skip
def test_dice_past_the_budget_are_a_422_naming_the_roll_and_nothing_is_appended(
    client: TestClient, opened: dict[str, Any], facts: list[Any], field: str, detail: str
) -> None:
    reply = appended(client, opened, facts)
    assert (reply.status_code, reply.json()) == (422, problem(422, "Too many dice", detail, field))
    assert version(client, opened) == 4


def test_a_batch_rolling_the_whole_dice_budget_is_recorded(
    client: TestClient, opened: dict[str, Any]
) -> None:
    """500 goblin attacks at advantage: 1,000 d20s, each a kept highest of two."""
    attack = {"type": "AttackMade", "attacker": "goblin", "target": "valeros",
              "roll": "2d20kh1+4"}  # fmt: skip
    reply = appended(client, opened, [attack] * 500)
    assert (reply.status_code, reply.json()) == (201, {"first": 5, "version": 504})
    log = client.get(url(opened, "log"), headers=opened["gm"]).json()
    assert all(line["fact"]["total"] - line["fact"]["natural"] == 4 for line in log[4:])


def test_a_roll_with_three_selectors_is_rolled(client: TestClient, opened: dict[str, Any]) -> None:
    """8 dice, the 1s rerolled (each reroll counts toward the 20), the highest 6 kept."""
    reply = appended(client, opened, [damage("8d6rr1mi2kh6")])
    assert reply.status_code == 201
    amount = client.get(url(opened, "log"), headers=opened["gm"]).json()[-1]["fact"]["amount"]
    assert 6 * 2 <= amount <= 6 * 6


def test_an_import_past_the_line_budget_is_a_413_and_nothing_is_stored(
    client: TestClient,
) -> None:
    body = CREATED + NOTE * IMPORT_LINES
    reply = client.post("/encounters/import", content=body, headers=operator(client))
    detail = f"an import holds at most {IMPORT_LINES} lines; this one has {IMPORT_LINES + 1}"
    assert (reply.status_code, reply.json()) == (
        413, problem(413, "Import too long", detail, "body"),
    )  # fmt: skip
    assert listed(client) == []


def test_an_import_of_the_whole_line_budget_is_stored(client: TestClient) -> None:
    body = CREATED + NOTE * (IMPORT_LINES - 2) + NOTE.rstrip(b"\n")  # no newline at the end
    reply = client.post("/encounters/import", content=body, headers=operator(client))
    assert (reply.status_code, reply.json()["version"]) == (201, IMPORT_LINES)
    assert [e["version"] for e in listed(client)] == [IMPORT_LINES]


@pytest.mark.parametrize("offload", ["process", "thread", "inline"])
def test_dice_and_imports_answer_alike_wherever_they_run(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, offload: str
) -> None:
    """COMBATLOG_OFFLOAD: the same records and the same refusals (raised in a worker process,
    a thread, or on the event loop)."""
    from api.http.app import create_app

    monkeypatch.setenv("COMBATLOG_OFFLOAD", offload)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'p.sqlite'}", folder=tmp_path)) as client:
        opened = open_table(client, PARTY)
        assert appended(client, opened, [damage("2d6kh1")]).status_code == 201
        reply = appended(client, opened, [damage("21d6kh1")])
        detail = f"{SELECTING} may roll at most 20 dice"
        assert (reply.status_code, reply.json()) == (
            422, problem(422, "Too many dice", detail, "facts[0].roll"),
        )  # fmt: skip
        whole = CREATED + NOTE * IMPORT_LINES
        reply = client.post("/encounters/import", content=whole, headers=operator(client))
        assert (reply.status_code, reply.json()["title"]) == (413, "Import too long")
        reply = client.post("/encounters/import", content=CREATED + NOTE, headers=operator(client))
        assert (reply.status_code, reply.json()["version"]) == (201, 2)
        gm = {"Authorization": f"Bearer {reply.json()['gm_token']}"}
        log = client.get(f"/encounters/{reply.json()['id']}/log", headers=gm).json()
        assert [line["fact"]["type"] for line in log] == ["EncounterCreated", "NoteAdded"]
        assert version(client, opened) == 5
