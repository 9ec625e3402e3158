"""What-if branches over HTTP (issue 16 item 5): a GM forks a fight at a line, plays the other
ruling forward on the branch, and compares it with the fight; the parent is never touched."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_api import PARTY, open_table, operator, url
from tests.test_api_errors import problem

FIGHT = Path(__file__).parent.parent / "replay_fixtures" / "dnd35" / "whole-fight.jsonl"


def imported(client: TestClient) -> dict[str, Any]:
    """The whole fight (an undo at line 74, an amendment at 75) as a stored encounter."""
    reply = client.post("/encounters/import", content=FIGHT.read_bytes(), headers=operator(client))
    assert reply.status_code == 201
    return {**reply.json(), "gm": bearer(reply.json()["gm_token"])}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def fork(client: TestClient, parent: dict[str, Any], **body: Any) -> Any:
    return client.post(f"/encounters/{parent['id']}/fork", json=body, headers=parent["gm"])


def seen(client: TestClient, encounter: dict[str, Any], query: str = "") -> tuple[Any, ...]:
    """Everything the GM reads of an encounter: its export, state and log."""
    base, gm = f"/encounters/{encounter['id']}", encounter["gm"]
    export = client.get(f"{base}/export", headers=gm).content
    return (
        export,
        client.get(f"{base}/state{query}", headers=gm).json(),
        client.get(f"{base}/log", headers=gm).json(),
    )


@pytest.mark.parametrize(
    ("at", "timeline", "lines"),
    [(60, "then", 60), (60, "corrected", 61), (80, "corrected", 80)],  # 61: line 75's amendment
)
def test_a_fork_starts_where_the_parent_stood_and_plays_on_without_touching_it(
    client: TestClient, at: int, timeline: str, lines: int
) -> None:
    parent = imported(client)
    before = seen(client, parent)
    reply = fork(client, parent, at=at, timeline=timeline)
    assert reply.status_code == 201
    branch = reply.json()
    assert (sorted(branch), branch["version"]) == (
        ["gm_token", "id", "player_token", "version"], lines,
    )  # fmt: skip
    branch["gm"] = bearer(branch["gm_token"])
    _, state, log = seen(client, branch)
    _, then, _ = seen(client, parent, f"?at={at}&timeline={timeline}")
    assert {**state, "version": at} == then
    assert log[0]["fact"]["branch_of"] == {
        "encounter": parent["id"], "position": at, "timeline": timeline,
    }  # fmt: skip
    played = {"facts": [{"type": "TurnEnded", "combatant": state["turn"]}]}
    appended = client.post(f"/encounters/{branch['id']}/facts", json=played, headers=branch["gm"])
    assert appended.json() == {"first": lines + 1, "version": lines + 1}
    assert seen(client, parent) == before


def test_the_player_view_of_a_branch_keeps_hidden_things_and_the_parents_id_hidden(
    client: TestClient,
) -> None:
    parent = open_table(client, PARTY)  # the sniper is hidden
    branch = fork(client, parent, at=4).json()
    player = bearer(branch["player_token"])
    base = f"/encounters/{branch['id']}"
    log = client.get(f"{base}/log", headers=player).json()
    assert log[0]["fact"]["branch_of"] == {"position": 4, "timeline": "then"}
    read = [client.get(f"{base}/{tail}", headers=player).text for tail in ("state", "export")]
    for text in [*read, str(log)]:
        assert parent["id"] not in text and "sniper" not in text.lower()
    gm_log = client.get(f"{base}/log", headers=bearer(branch["gm_token"])).json()
    assert "sniper" in str(gm_log)


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        ({"at": 5}, "at", "the log ends at line 4"),
        ({"at": 0}, "at", "Input should be greater than or equal to 1"),
        ({"at": "3"}, "at", "Input should be a valid integer"),
        ({"at": 2, "timeline": "sideways"}, "timeline", "Input should be 'then' or 'corrected'"),
        ({"timeline": "then"}, "at", "Field required"),
    ],
)
def test_a_bad_line_or_timeline_is_a_422_naming_the_field_and_nothing_is_stored(
    client: TestClient, body: dict[str, Any], field: str, reason: str
) -> None:
    parent = open_table(client, PARTY)
    reply = fork(client, parent, **body)
    assert reply.status_code == 422
    assert reply.json()["errors"] == [{"field": field, "reason": reason}]
    assert len(client.get("/encounters", headers=operator(client)).json()) == 1


def test_only_the_gm_forks(client: TestClient) -> None:
    parent = open_table(client, PARTY)
    reply = fork(client, {**parent, "gm": parent["player"]}, at=2)
    assert reply.status_code == 403
    assert reply.json() == problem(403, "GM only", "the player token is read-only", "authorization")


def compare(client: TestClient, a: dict[str, Any], b: dict[str, Any], query: str = "") -> Any:
    """Both GM tokens: `a`'s as Authorization, `b`'s as X-Other-Token."""
    headers = {**a["gm"], "X-Other-Token": b["gm_token"]}
    return client.get(f"/encounters/{a['id']}/compare/{b['id']}{query}", headers=headers)


def test_compare_needs_the_other_encounters_gm_token(client: TestClient) -> None:
    """A branch's token alone never reads its parent: the parent's GM may have rotated the
    token the branch was forked with, to shut someone out."""
    parent = open_table(client, PARTY)
    branch = fork(client, parent, at=3).json()
    branch["gm"] = bearer(branch["gm_token"])
    alone = client.get(f"/encounters/{branch['id']}/compare/{parent['id']}", headers=branch["gm"])
    assert alone.status_code == 401
    assert alone.json()["errors"][0]["field"] == "x-other-token"
    as_player = compare(client, branch, {**parent, "gm_token": parent["player_token"]})
    assert as_player.status_code == 403
    assert compare(client, branch, parent).status_code == 200
    rotated = client.post(f"/encounters/{parent['id']}/tokens", json={"rotate": "gm"},
                          headers=parent["gm"])  # fmt: skip
    assert rotated.status_code == 200
    assert compare(client, branch, parent).status_code == 403  # the old token, rotated away
    parent["gm_token"] = rotated.json()["gm_token"]
    assert compare(client, branch, parent).status_code == 200


def test_compare_lists_what_two_branches_ruled_differently(client: TestClient) -> None:
    parent = open_table(client, PARTY)
    a, b = (fork(client, parent, at=4).json() for _ in range(2))
    for branch, amount in ((a, 4), (b, 7)):
        branch["gm"] = bearer(branch["gm_token"])
        damage = {"facts": [{"type": "DamageDealt", "target": "goblin", "amount": amount}]}
        client.post(f"/encounters/{branch['id']}/facts", json=damage, headers=branch["gm"])
    reply = compare(client, a, b)
    assert reply.status_code == 200
    compared = reply.json()
    assert compared["differences"] == [  # 6 - 4 against 6 - 7; flat-footed before the fight
        "Goblin: hp 2 → -1; healthy, flat-footed → dying, unconscious, helpless, flat-footed"
    ]
    assert (compared["a"]["version"], compared["b"]["version"]) == (5, 5)
    assert compare(client, a, b, "?at=4").json()["differences"] == []
    with_parent = compare(client, parent, b).json()["differences"]
    assert with_parent == [
        "Goblin: hp 6 → -1; healthy, flat-footed → dying, unconscious, helpless, flat-footed"
    ]


def test_compare_refuses_unrelated_encounters_and_lines_past_either_end(client: TestClient) -> None:
    parent, stranger = open_table(client, PARTY), open_table(client, PARTY)
    branch = fork(client, parent, at=3).json()
    reply = compare(client, parent, stranger)
    assert reply.status_code == 422 and reply.json()["errors"][0]["field"] == "other"
    past = compare(client, parent, branch, "?at=4")  # the branch ends at line 3
    assert past.status_code == 422
    assert past.json()["errors"] == [{"field": "at", "reason": "the log ends at line 3"}]
    assert compare(client, {**parent, "gm": parent["player"]}, branch).status_code == 403


def test_fork_and_compare_are_in_the_openapi_document(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "post" in paths["/encounters/{encounter_id}/fork"]
    assert "get" in paths["/encounters/{encounter_id}/compare/{other}"]


def test_a_fork_as_corrected_that_cannot_take_a_later_correction_is_a_422_naming_timeline(
    client: TestClient,
) -> None:
    parent = open_table(client, PARTY)  # the goblin joins at line 3
    amend = {"position": 2, "replacement": {"type": "TurnEnded", "combatant": "goblin"}}
    assert client.post(url(parent, "amend"), json=amend, headers=parent["gm"]).status_code == 201
    reply = fork(client, parent, at=2, timeline="corrected")
    assert reply.status_code == 422
    assert (reply.json()["title"], reply.json()["errors"][0]["field"]) == (
        "Cannot fork as corrected", "timeline",
    )  # fmt: skip
    assert fork(client, parent, at=2).status_code == 201  # as written it can


def keyed_fork(client: TestClient, parent: dict[str, Any], key: str, **body: Any) -> Any:
    headers = {**parent["gm"], "Idempotency-Key": key}
    return client.post(f"/encounters/{parent['id']}/fork", json=body, headers=headers)


def encounters(client: TestClient) -> list[str]:
    return [e["id"] for e in client.get("/encounters", headers=operator(client)).json()]


def test_a_retried_fork_with_its_key_answers_the_same_branch_and_makes_no_second(
    client: TestClient,
) -> None:
    parent = open_table(client, PARTY)
    first = keyed_fork(client, parent, "try-it", at=3, name="What if")
    again = keyed_fork(client, parent, "try-it", at=3, name="What if")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert sorted(encounters(client)) == sorted([parent["id"], first.json()["id"]])
    player = bearer(first.json()["player_token"])
    seen_by_player = [client.get(f"/encounters/{first.json()['id']}/{tail}", headers=player).text
                      for tail in ("log", "export")]  # fmt: skip
    assert not any("try-it" in text or parent["id"] in text for text in seen_by_player)
    other = keyed_fork(client, parent, "another-try", at=3, name="What if")
    assert other.json()["id"] not in (parent["id"], first.json()["id"])
    unkeyed = [fork(client, parent, at=3).json()["id"] for _ in range(2)]
    assert len(set(encounters(client))) == 5 and unkeyed[0] != unkeyed[1]


@pytest.mark.parametrize(
    "body",
    [{"at": 2, "name": "What if"}, {"at": 3, "name": "What else"},
     {"at": 3, "name": "What if", "timeline": "corrected"}],
    ids=["another line", "another name", "another timeline"],
)  # fmt: skip
def test_a_fork_key_reused_with_another_body_is_a_422_naming_it_and_makes_nothing(
    client: TestClient, body: dict[str, Any]
) -> None:
    parent = open_table(client, PARTY)
    keyed_fork(client, parent, "try-it", at=3, name="What if")
    before = encounters(client)
    reply = keyed_fork(client, parent, "try-it", **body)
    assert reply.status_code == 422
    assert (reply.json()["title"], [e["field"] for e in reply.json()["errors"]]) == (
        "Idempotency-Key reused", ["Idempotency-Key"]
    )  # fmt: skip
    assert encounters(client) == before


def test_a_retried_fork_is_recognised_after_a_restart(tmp_path: Path) -> None:
    from api.http.app import create_app

    database = f"sqlite:///{tmp_path / 'api.sqlite'}"
    with TestClient(create_app(database, folder=tmp_path)) as client:
        parent = open_table(client, PARTY)
        first = keyed_fork(client, parent, "try-it", at=3).json()
    with TestClient(create_app(database, folder=tmp_path)) as client:
        assert keyed_fork(client, parent, "try-it", at=3).json() == first
        assert keyed_fork(client, parent, "try-it", at=2).status_code == 422
        assert len(encounters(client)) == 2
