"""What the GM keeps from the players stays kept after undo and amendment (issue 11, item 1):
hidden combatants and foes' numbers are judged from every version of every join, a withdrawn
line is a bare marker, and the envelope's key and author never reach a player."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.redaction_helpers import (
    AMBUSH,
    everything_a_player_reads,
    open_fight,
    player_log,
    player_state,
    streamed,
    url,
    write,
)

SNIPER_SHOOTS = [
    {"type": "DamageDealt", "target": "sniper", "amount": 3},
    {"type": "ConditionApplied", "target": "valeros", "condition": "shaken", "source": "sniper"},
]  # fmt: skip


@pytest.fixture
def ambush(client: TestClient) -> dict[str, Any]:
    return open_fight(client, [*AMBUSH, *SNIPER_SHOOTS])  # lines 2-4 join, 5-6 the sniper's


def test_revoking_a_hidden_combatants_join_shows_players_nothing_of_it(
    client: TestClient, ambush: dict[str, Any]
) -> None:
    write(client, ambush, "undo", {"position": 4, "reason": "the sniper was never there"})
    seen = everything_a_player_reads(client, ambush)
    assert "sniper" not in seen.lower()
    assert {"position": 4, "withdrawn": True} in player_log(client, ambush)
    assert {"position": 4, "withdrawn": True} in streamed(client, ambush)


def test_amending_a_hidden_join_into_another_combatant_shows_players_nothing_of_the_first(
    client: TestClient, ambush: dict[str, Any]
) -> None:
    archer = {"type": "CombatantJoined", "combatant": "archer", "name": "Archer", "side": "foes",
              "stats": {"max_hp": 7}}  # fmt: skip
    write(client, ambush, "amend", {"position": 4, "replacement": archer, "reason": "no sniper"})
    seen = everything_a_player_reads(client, ambush)
    assert "sniper" not in seen.lower()
    assert '"max_hp":7' not in seen  # the archer is a foe: its stats stay the GM's
    assert player_log(client, ambush)[3] == {"position": 4, "withdrawn": True}


def test_revoking_a_visible_foes_join_does_not_show_its_hit_points_or_the_damage_it_took(
    client: TestClient,
) -> None:
    opened = open_fight(client, [*AMBUSH, {"type": "DamageDealt", "target": "goblin", "amount": 4}])
    write(client, opened, "undo", {"position": 3})
    log = {line["position"]: line for line in player_log(client, opened)}  # line 4 is hidden
    assert log[3] == {"position": 3, "withdrawn": True}
    assert log[5]["fact"] == {"type": "DamageDealt", "target": "goblin", "at": log[5]["fact"]["at"]}
    assert '"max_hp":6' not in everything_a_player_reads(client, opened)


def test_a_join_amended_to_hidden_is_hidden_at_every_earlier_line_too(
    client: TestClient,
) -> None:
    opened = open_fight(client, [*AMBUSH, {"type": "DamageDealt", "target": "goblin", "amount": 4}])
    assert "goblin" in player_state(client, opened, "?at=5")["combatants"]
    hidden_goblin = {**AMBUSH[1], "hidden": True}
    write(client, opened, "amend", {"position": 3, "replacement": hidden_goblin})
    for at in range(1, 7):
        for timeline in ("then", "corrected"):
            state = player_state(client, opened, f"?at={at}&timeline={timeline}")
            assert "goblin" not in state["combatants"], (at, timeline)
    assert "goblin" not in everything_a_player_reads(client, opened).lower()


def test_a_players_stream_from_the_first_line_withdraws_what_was_undone(
    client: TestClient, ambush: dict[str, Any]
) -> None:
    write(client, ambush, "undo", {"position": 5, "reason": "the sniper missed"})
    sent = streamed(client, ambush)
    assert [m["position"] for m in sent] == list(range(1, 8))
    assert sent[3] == {"position": 4, "fact": None}  # the sniper's join: still hidden
    assert sent[4] == {"position": 5, "withdrawn": True}
    assert sent[6]["fact"] == {"type": "EventRevoked", "target": 5, "at": sent[6]["fact"]["at"]}


def test_the_player_log_carries_no_idempotency_key_or_author_but_keeps_the_time(
    client: TestClient, ambush: dict[str, Any]
) -> None:
    hit = {"type": "DamageDealt", "target": "valeros", "amount": 2}
    write(client, ambush, "facts", {"facts": [hit]}, **{"Idempotency-Key": "gm-laptop-0042"})
    seen = everything_a_player_reads(client, ambush)
    assert "gm-laptop-0042" not in seen
    assert '"by"' not in seen and '"key"' not in seen
    assert all("at" in line["fact"] for line in player_log(client, ambush) if "fact" in line)
    gm_log = client.get(url(ambush, "log"), headers=ambush["gm"]).json()
    assert gm_log[-1]["fact"]["key"] == "gm-laptop-0042"


def test_a_correction_reaches_players_without_the_gms_reason(
    client: TestClient, ambush: dict[str, Any]
) -> None:
    write(client, ambush, "undo", {"position": 2, "reason": "Valeros was asleep"})
    write(client, ambush, "redo", {"position": 2, "reason": "he woke up"})
    amended = {"type": "CombatantJoined", "combatant": "valeros", "name": "Valeros",
               "side": "party", "stats": {"max_hp": 14}}  # fmt: skip
    write(client, ambush, "amend", {"position": 2, "replacement": amended, "reason": "a typo"})
    facts = [line["fact"] for line in player_log(client, ambush)[-3:]]
    assert [{k: v for k, v in f.items() if k != "at"} for f in facts] == [
        {"type": "EventRevoked", "target": 2},
        {"type": "EventRestored", "target": 2},
        {"type": "EventAmended", "target": 2, "replacement": amended},
    ]


def test_a_superseded_amendment_is_withdrawn_like_the_line_it_replaced(
    client: TestClient, ambush: dict[str, Any]
) -> None:
    first = {"type": "DamageDealt", "target": "valeros", "amount": 5}
    second = {"type": "DamageDealt", "target": "valeros", "amount": 6}
    write(client, ambush, "facts", {"facts": [{**first, "amount": 4}]})  # line 7
    write(client, ambush, "amend", {"position": 7, "replacement": first})  # line 8
    write(client, ambush, "amend", {"position": 7, "replacement": second})  # line 9
    log = player_log(client, ambush)
    assert log[-3:-1] == [{"position": 7, "withdrawn": True}, {"position": 8, "withdrawn": True}]
    assert log[-1]["fact"]["replacement"] == second
    assert player_state(client, ambush)["combatants"]["valeros"]["vitals"]["hp"] == 6
