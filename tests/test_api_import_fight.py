"""`POST /encounters/import-fight`: a fight in progress (an Improved Initiative saved encounter)
opened as a new encounter of the caller's table, standing where it stood, by the same reading as
`combatlog import-fight`; a file it cannot read is the 422 naming the place, nothing kept."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from api.library.importers.fight import fight_from
from tests.import_helpers import FIXTURES
from tests.tables_world import bearer
from tests.test_api import operator
from tests.test_api_library_import_file import table_key

FIGHT = FIXTURES / "improved_initiative_fight.json"


def imported(client: TestClient, auth: dict[str, str], text: str, **extra: Any) -> Any:
    body = {"file": text, "name": "crypt.json", **extra}
    return client.post("/encounters/import-fight", json=body, headers=auth)


def test_the_fight_opens_on_the_callers_table_where_it_stood(client: TestClient) -> None:
    thursday, friday = table_key(client, "thursday"), table_key(client, "friday")
    reply = imported(client, thursday, FIGHT.read_text())
    assert reply.status_code == 201, reply.text
    opened = reply.json()
    assert reply.headers["cache-control"] == "no-store"
    assert opened["name"] == "The crypt door"
    assert opened["version"] == len(fight_from(FIGHT.read_bytes()).facts) == 17
    assert [c["where"] for c in opened["combatants"]] == [f"Combatants[{n}]" for n in range(3)]
    assert {"source": "TemporaryHP", "outcome": "kept", "detail": "3 temporary hit points"} in (
        opened["combatants"][2]["lines"]
    )
    gm = bearer(opened["gm_token"])
    state = client.get(f"/encounters/{opened['id']}/state", headers=gm).json()
    assert (state["phase"], state["round"], state["turn"]) == ("combat", 2, "orc-2")
    logged = client.get(f"/encounters/{opened['id']}/export", headers=gm).text.splitlines()
    assert '"table":"thursday"' in logged[0]
    ids = [e["id"] for e in client.get("/encounters", headers=thursday).json()]
    assert ids == [opened["id"]]
    assert client.get("/encounters", headers=friday).json() == []


def test_undo_works_on_the_imported_fight(client: TestClient) -> None:
    opened = imported(client, operator(client), FIGHT.read_text()).json()
    gm = bearer(opened["gm_token"])
    undo = {"facts": [{"type": "EventRevoked", "target": 17, "reason": "one turn too far"}]}
    assert client.post(f"/encounters/{opened['id']}/facts", json=undo, headers=gm).is_success
    state = client.get(f"/encounters/{opened['id']}/state", headers=gm).json()
    assert (state["round"], state["turn"]) == (2, "orc-1")


def test_a_file_it_cannot_read_is_the_422_naming_the_place_and_nothing_is_kept(
    client: TestClient,
) -> None:
    auth = operator(client)
    no_block = '{"Combatants": [{"Id": "x", "Initiative": 3}]}'
    cases = [
        ("not json", "file", "crypt.json: not JSON"),
        ('{"Name": "Orc", "HP": {"Value": 5}}', "file", "crypt.json: not an Improved"),
        (no_block, "file.Combatants[0].StatBlock", "crypt.json: each combatant has one"),
    ]
    for text, field, start in cases:
        reply = imported(client, auth, text)
        assert reply.status_code == 422, reply.text
        assert reply.json()["errors"][0]["field"] == field
        assert reply.json()["detail"].startswith(start)
    wrong = imported(client, auth, FIGHT.read_text(), ruleset="gurps")
    assert (wrong.status_code, wrong.json()["errors"][0]["field"]) == (422, "ruleset")
    assert client.get("/encounters", headers=auth).json() == []


def test_a_foundry_combat_opens_in_starfinder_where_it_stood(client: TestClient) -> None:
    text = (FIXTURES / "foundry_combat_sfrpg.json").read_text()
    reply = imported(client, operator(client), text, ruleset="starfinder")
    assert reply.status_code == 201, reply.text
    opened = reply.json()
    gm = bearer(opened["gm_token"])
    state = client.get(f"/encounters/{opened['id']}/state", headers=gm).json()
    assert (state["ruleset"], state["round"], state["turn"]) == ("starfinder", 1, "obozaya")
    wrong = imported(client, operator(client), text)  # a dnd35 encounter cannot hold them
    assert (wrong.status_code, wrong.json()["errors"][0]["field"]) == (422, "ruleset")


def standing(client: TestClient, opened: dict[str, Any]) -> tuple[Any, ...]:
    """What an Improved Initiative encounter holds of a fight: round, turn, and each combatant's
    name, hit points, temporary hit points, initiative and hidden."""
    state = client.get(f"/encounters/{opened['id']}/state", headers=bearer(opened["gm_token"]))
    shown = state.json()
    each = {
        who: (c["name"], c["vitals"]["hp"], c["vitals"]["temp_hp"], c["initiative"],
              c.get("hidden", False))
        for who, c in shown["combatants"].items()
    }  # fmt: skip
    return shown["round"], shown["turn"], each


def test_a_fights_end_state_exported_to_improved_initiative_comes_back_the_same(
    client: TestClient,
) -> None:
    auth = operator(client)
    opened = imported(client, auth, FIGHT.read_text()).json()
    gm = bearer(opened["gm_token"])
    more = [
        {"type": "DamageDealt", "target": "kyra", "amount": 2},
        {"type": "ConditionApplied", "target": "orc-1", "condition": "shaken"},
        {"type": "TurnEnded", "combatant": "orc-2"},
    ]
    wrote = client.post(f"/encounters/{opened['id']}/facts", json={"facts": more}, headers=gm)
    assert wrote.is_success, wrote.text
    path = f"/encounters/{opened['id']}/export/improved-initiative"
    assert client.get(path, headers=bearer(opened["player_token"])).status_code == 403
    exported = client.get(path, headers=gm)
    assert exported.status_code == 200, exported.text
    saved = exported.json()
    assert (saved["Name"], saved["RoundCounter"], saved["ActiveCombatantId"]) == (
        "The crypt door", 3, "kyra",
    )  # fmt: skip
    orc = next(c for c in saved["Combatants"] if c["Id"] == "orc-1")
    assert [t["Text"] for t in orc["Tags"]] == ["shaken"]
    assert orc["StatBlock"]["Actions"] == [
        {"Name": "Falchion", "Content": "Falchion +4 melee (2d4+4/18-20)"}
    ]
    back = imported(client, auth, exported.text).json()
    assert standing(client, back) == standing(client, opened)
    assert standing(client, opened)[2]["kyra"] == ("Kyra", 7, 0, 17, False)


def test_a_dry_run_shows_how_the_fight_would_stand_and_keeps_nothing(client: TestClient) -> None:
    auth = table_key(client, "thursday")
    reply = imported(client, auth, FIGHT.read_text(), dry_run=True)
    assert reply.status_code == 200, reply.text
    assert reply.headers["cache-control"] == "no-store"
    shown = reply.json()
    assert "gm_token" not in shown and shown["kept"] is False
    assert (shown["name"], shown["phase"], shown["round"], shown["turn"]) == (
        "The crypt door", "combat", 2, "orc-2",
    )  # fmt: skip
    each = [
        (c["combatant"], c["initiative"], c["vitals"]["hp"], c["vitals"]["temp_hp"],
         c["hidden"], c["in_fight"], c["attacks"])
        for c in shown["combatants"]
    ]  # fmt: skip
    assert each == [
        ("kyra", 17, 9, 0, False, True, ["Mace"]),
        ("orc-1", 12, 5, 0, False, True, ["Falchion"]),
        ("orc-2", 8, 2, 3, True, True, ["Falchion"]),
    ]  # fmt: skip
    assert {"source": "Tags", "outcome": "kept",
            "detail": "a note in the log (conditions are the GM's to apply)"} in (
        shown["combatants"][1]["lines"]
    )  # fmt: skip
    assert client.get("/encounters", headers=auth).json() == []  # nothing kept
    opened = imported(client, auth, FIGHT.read_text()).json()  # then kept: the same facts
    logged = client.get(f"/encounters/{opened['id']}/export", headers=bearer(opened["gm_token"]))
    assert [json.loads(line) for line in logged.text.splitlines()] == shown["facts"]
    assert shown["version"] == opened["version"] == len(shown["facts"])


def test_a_dry_run_of_a_foundry_combat_names_the_defeated_and_what_did_not_map(
    client: TestClient,
) -> None:
    text = (FIXTURES / "foundry_combat_d35e.json").read_text()
    shown = imported(client, operator(client), text, dry_run=True).json()
    gone = next(c for c in shown["combatants"] if c["combatant"] == "hobgoblin-sergeant")
    assert (gone["in_fight"], gone["initiative"]) == (False, 12)
    ogre = next(c for c in shown["combatants"] if c["combatant"] == "ogre")
    assert (ogre["hidden"], ogre["vitals"]["hp"], ogre["vitals"]["max_hp"]) == (True, 20, 29)
    unmapped = [line for line in ogre["lines"] if line["outcome"] == "not tracked"]
    assert {"source": "combatants[2].tokenId", "outcome": "not tracked",
            "detail": "tokenId: not tracked"} in unmapped  # fmt: skip


def test_a_dry_run_of_a_file_it_cannot_read_is_the_same_422(client: TestClient) -> None:
    auth = operator(client)
    no_block = '{"Combatants": [{"Id": "x", "Initiative": 3}]}'
    reply = imported(client, auth, no_block, dry_run=True)
    assert reply.status_code == 422, reply.text
    assert reply.json()["errors"][0]["field"] == "file.Combatants[0].StatBlock"
    wrong = imported(client, auth, FIGHT.read_text(), ruleset="gurps", dry_run=True)
    assert (wrong.status_code, wrong.json()["errors"][0]["field"]) == (422, "ruleset")
