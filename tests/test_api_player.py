"""The player view: no hidden combatant and no number about a foe's vitals, in the state (now and
`?at=N`), the log, the export and the live stream alike."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import orjson
import pytest
from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from api.http.feeds import lines_after
from tests.test_api import PARTY, open_table, url

SHAKEN_UNTIL_THE_SNIPERS_TURN = {
    "type": "ConditionApplied", "target": "valeros", "condition": "shaken",
    "duration": {"until": "end_of_turn", "of": "sniper"},
}  # fmt: skip
BLEEDING = {"type": "ConditionApplied", "target": "goblin", "condition": "bleeding", "value": 2,
            "source": "valeros"}  # fmt: skip
HIT = {"type": "DamageDealt", "target": "goblin", "amount": 4}


@pytest.fixture
def opened(client: TestClient) -> dict[str, Any]:
    return open_table(client, [*PARTY, SHAKEN_UNTIL_THE_SNIPERS_TURN, BLEEDING, HIT])


def without_times(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in fact.items() if k != "at"} for fact in facts]


# lines 2-7 are one write, one action: players read it cut at lines 4 and 5 (the sniper's), as
# two actions beginning at lines 2 and 6, so no line they see is tied to one they do not
PLAYER_LOG = [
    {"type": "EncounterCreated", "name": "Goblin ambush", "ruleset": "dnd35", "options": {}},
    {"type": "CombatantJoined", "combatant": "valeros", "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12, "defenses": {"ac": 18}}, "action": 2},
    {"type": "CombatantJoined", "combatant": "goblin", "name": "Goblin", "side": "foes",
     "action": 2},
    {"type": "ConditionApplied", "target": "goblin", "condition": "bleeding", "source": "valeros",
     "action": 6},
    {"type": "DamageDealt", "target": "goblin", "action": 6},
]  # fmt: skip


def test_a_player_exports_the_log_as_the_player_log_shows_it(
    client: TestClient, opened: dict[str, Any]
) -> None:
    reply = client.get(url(opened, "export"), headers=opened["player"])
    assert (reply.status_code, reply.headers["content-type"]) == (200, "application/x-ndjson")
    exported = [orjson.loads(line) for line in reply.content.splitlines()]
    assert without_times(exported) == PLAYER_LOG
    log = client.get(url(opened, "log"), headers=opened["player"]).json()
    assert exported == [line["fact"] for line in log]


def test_the_gm_still_exports_every_line_and_number(
    client: TestClient, opened: dict[str, Any]
) -> None:
    reply = client.get(url(opened, "export"), headers=opened["gm"])
    assert without_times([orjson.loads(line) for line in reply.content.splitlines()])[3:] == [
        {**PARTY[2], "by": "gm", "action": 2},
        {**SHAKEN_UNTIL_THE_SNIPERS_TURN, "by": "gm", "action": 2},
        {**BLEEDING, "by": "gm", "action": 2},
        {**HIT, "by": "gm", "action": 2},
    ]


def test_the_live_stream_shows_players_the_player_log_with_placeholders_for_hidden_lines(
    client: TestClient, opened: dict[str, Any]
) -> None:
    history = runtime_of(client.app).encounters.history(UUID(opened["id"]))
    sent = [orjson.loads(m["data"]) for m in lines_after(history, sent=0, caller="player")]
    shown = [message["fact"] for message in sent if message["fact"] is not None]
    assert without_times(shown) == PLAYER_LOG
    assert [m["position"] for m in sent if m["fact"] is None] == [4, 5]


def test_a_duration_ending_on_a_hidden_combatants_turn_is_not_shown_to_players(
    client: TestClient, opened: dict[str, Any]
) -> None:
    gm = client.get(url(opened, "state"), headers=opened["gm"]).json()
    assert gm["combatants"]["valeros"]["conditions"] == [
        {"name": "shaken", "until": {"until": "end_of_turn", "of": "sniper"}}
    ]
    player = client.get(url(opened, "state"), headers=opened["player"]).json()
    assert player["combatants"]["valeros"]["conditions"] == [{"name": "shaken"}]


def test_players_see_a_foes_condition_but_not_its_damage_per_round(
    client: TestClient, opened: dict[str, Any]
) -> None:
    player = client.get(url(opened, "state"), headers=opened["player"]).json()
    assert player["combatants"]["goblin"]["conditions"] == [
        {"name": "bleeding", "source": "valeros"}
    ]


def test_players_see_the_table_as_it_stood_after_an_earlier_line(
    client: TestClient, opened: dict[str, Any]
) -> None:
    reply = client.get(url(opened, "state?at=4"), headers=opened["player"])
    assert reply.status_code == 200
    assert reply.json() == {
        "ruleset": "dnd35", "version": 4, "phase": "setup", "round": 0, "turn": None,
        "order": [], "initiative_ties": [], "warnings": [],
        "combatants": {
            "valeros": {"name": "Valeros", "side": "party", "kind": "pc", "initiative": None,
                        "vitals": {"hp": 12, "max_hp": 12, "temp_hp": 0, "nonlethal": 0},
                        "statuses": ["healthy", "flat_footed"], "conditions": []},
            "goblin": {"name": "Goblin", "side": "foes", "kind": "npc", "initiative": None,
                       "vitals": {"descriptor": "healthy"},
                       "statuses": ["healthy", "flat_footed"], "conditions": []},
        },
    }  # fmt: skip
    now = client.get(url(opened, "state"), headers=opened["player"]).json()
    assert now["combatants"]["goblin"]["vitals"] == {"descriptor": "badly hurt"}


STARSHIP_CREW = [
    {"type": "CombatantJoined", "combatant": "navasi", "name": "Navasi", "side": "party",
     "stats": {"max_hp": 22, "max_stamina": 15, "max_resolve": 5, "initiative_modifier": 3,
               "dexterity": 3, "defenses": {"eac": 15, "kac": 16}}},
    {"type": "CombatantJoined", "combatant": "captain", "name": "Pirate captain", "side": "foes",
     "stats": {"max_hp": 30, "max_stamina": 20, "max_resolve": 4, "initiative_modifier": 2,
               "dexterity": 2, "defenses": {"eac": 16, "kac": 18}}},
    {"type": "ResolveSpent", "combatant": "captain", "amount": 1, "purpose": "stay_in_the_fight"},
    {"type": "ResolveSpent", "combatant": "navasi", "amount": 2, "purpose": "stabilize"},
]  # fmt: skip


def test_players_do_not_see_how_much_resolve_a_foe_spends_but_see_their_own(
    client: TestClient,
) -> None:
    opened = open_table(client, STARSHIP_CREW, ruleset="starfinder")
    log = client.get(url(opened, "log"), headers=opened["player"]).json()
    assert without_times([line["fact"] for line in log[3:]]) == [
        {"type": "ResolveSpent", "combatant": "captain", "purpose": "stay_in_the_fight",
         "action": 2},
        {"type": "ResolveSpent", "combatant": "navasi", "amount": 2, "purpose": "stabilize",
         "action": 2},
    ]  # fmt: skip


def test_a_foes_saving_throw_keeps_the_name_of_the_save(
    client: TestClient, opened: dict[str, Any]
) -> None:
    save = {"type": "SavingThrowRolled", "combatant": "goblin", "save": "will", "natural": 8,
            "total": 9}  # fmt: skip
    client.post(url(opened, "facts"), json={"facts": [save]}, headers=opened["gm"])
    log = client.get(url(opened, "log"), headers=opened["player"]).json()
    assert without_times([log[-1]["fact"]]) == [save]
