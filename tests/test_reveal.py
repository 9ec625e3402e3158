"""The GM reveals a hidden combatant (`CombatantRevealed`): players see it from that line on, and
nothing it did while hidden."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.events import CombatantRevealed, EncounterCreated
from domain.integrity import LogError, LogIntegrity
from tests.redaction_helpers import AMBUSH, open_fight, player_log, player_state, url, write

REVEAL = {"type": "CombatantRevealed", "combatant": "sniper"}
SHOT = {"type": "DamageDealt", "target": "valeros", "amount": 3, "source": "sniper"}


@pytest.fixture
def revealed(client: TestClient) -> dict[str, Any]:
    """The sniper shoots unseen (line 5), is revealed (line 6) and shoots again (line 7)."""
    return open_fight(client, [*AMBUSH, SHOT, REVEAL, SHOT])


def test_a_revealed_combatant_is_no_longer_hidden_in_the_gms_table(
    client: TestClient, revealed: dict[str, Any]
) -> None:
    gm = client.get(url(revealed, "state"), headers=revealed["gm"]).json()
    assert "hidden" not in gm["combatants"]["sniper"]
    before = client.get(url(revealed, "state?at=5"), headers=revealed["gm"]).json()
    assert before["combatants"]["sniper"]["hidden"] is True


def test_players_see_a_revealed_combatant_from_the_reveal_on(
    client: TestClient, revealed: dict[str, Any]
) -> None:
    assert "sniper" not in player_state(client, revealed, "?at=5")["combatants"]
    shown = player_state(client, revealed, "?at=6")["combatants"]["sniper"]
    assert (shown["name"], shown["vitals"]) == ("Sniper", {"descriptor": "healthy"})


def test_players_see_nothing_a_revealed_combatant_did_while_hidden(
    client: TestClient, revealed: dict[str, Any]
) -> None:
    log = player_log(client, revealed)
    assert [line["position"] for line in log] == [1, 2, 3, 6, 7]
    assert log[3]["fact"]["type"] == "CombatantRevealed"


def test_revoking_the_reveal_hides_the_combatant_again_everywhere(
    client: TestClient, revealed: dict[str, Any]
) -> None:
    write(client, revealed, "undo", {"position": 6})
    assert "sniper" not in player_state(client, revealed)["combatants"]
    assert "sniper" not in player_state(client, revealed, "?at=7")["combatants"]
    assert [line["position"] for line in player_log(client, revealed)] == [1, 2, 3, 6, 8]


def test_a_join_amended_to_visible_reveals_from_the_amendment_on(
    client: TestClient,
) -> None:
    opened = open_fight(client, [*AMBUSH, SHOT])
    write(client, opened, "amend", {"position": 4, "replacement": {**AMBUSH[2], "hidden": False}})
    assert "sniper" not in player_state(client, opened, "?at=5")["combatants"]
    assert "sniper" in player_state(client, opened, "?at=6")["combatants"]
    assert "sniper" in player_state(client, opened)["combatants"]
    assert [line["position"] for line in player_log(client, opened)] == [1, 2, 3, 4]


def test_revealing_someone_who_never_joined_is_refused_naming_the_combatant(
    client: TestClient, revealed: dict[str, Any]
) -> None:
    stranger = {"type": "CombatantRevealed", "combatant": "ghost"}
    reply = client.post(url(revealed, "facts"), json={"facts": [stranger]}, headers=revealed["gm"])
    assert reply.status_code == 422
    assert reply.json()["errors"][0]["field"] == "facts[0].combatant"


def test_the_log_checks_that_a_revealed_combatant_has_joined() -> None:
    log = LogIntegrity()
    log.append(EncounterCreated(name="Ambush", ruleset="dnd35"))
    with pytest.raises(LogError) as refused:
        log.append(CombatantRevealed(combatant="sniper"))
    assert (refused.value.position, refused.value.field) == (2, "combatant")
