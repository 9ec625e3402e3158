"""Who may do what over HTTP: a table's key (the operator token, for the default table) opens and
imports encounters; a GM rotates an encounter's tokens; a token no secret could make is a 401,
never a 500 (issue 11, items 2, 5)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.service.doors import NO_TABLE
from tests.test_api import PARTY, listed, open_table, operator, url
from tests.test_api_errors import problem

LOG = b'{"type":"EncounterCreated","name":"Smuggled in","ruleset":"dnd35"}\n'
NEW = {"name": "Uninvited", "ruleset": "dnd35"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("route", ["open", "import"])
def test_anyone_who_reaches_the_port_without_a_table_key_opens_nothing(
    client: TestClient, route: str
) -> None:
    table = open_table(client, PARTY)
    send = (
        (lambda h: client.post("/encounters", json=NEW, headers=h))
        if route == "open"
        else (lambda h: client.post("/encounters/import", content=LOG, headers=h))
    )
    missing = send({})
    assert (missing.status_code, missing.json()) == (401, problem(
        401, "Token needed", "send Authorization: Bearer <table key>", "authorization"
    ))  # fmt: skip
    for wrong in (table["gm"], table["player"]):
        refused = send(wrong)
        assert (refused.status_code, refused.json()) == (
            403, problem(403, "Wrong token", NO_TABLE, "authorization")
        )  # fmt: skip
    assert [e["id"] for e in listed(client)] == [table["id"]]
    assert send(operator(client)).status_code == 201


def test_a_body_without_the_operator_token_is_refused_before_it_is_judged(
    client: TestClient,
) -> None:
    reply = client.post("/encounters", json={"name": "", "ruleset": "chess"})
    assert reply.status_code == 401  # nothing about the body is told to a stranger


@pytest.mark.parametrize("where", ["header", "query"])
def test_a_token_that_is_not_ascii_is_a_401_naming_where_it_came_from(
    client: TestClient, where: str
) -> None:
    table = open_table(client, PARTY)
    odd = "gm_\u00e9\u00e9\u00e9"
    if where == "header":
        sent = {"Authorization": f"Bearer {odd}".encode()}  # as a client sends UTF-8 bytes
        reply = client.get(url(table, "state"), headers=sent)
    else:
        reply = client.get(url(table, "state"), params={"token": odd})
    field = "authorization" if where == "header" else "token"
    assert (reply.status_code, reply.json()) == (
        401, problem(401, "Not a token", "a token is printable ASCII", field)
    )  # fmt: skip


def test_a_non_ascii_token_on_an_operator_route_is_a_401_too(client: TestClient) -> None:
    reply = client.get("/encounters", headers={"Authorization": "Bearer stats_\u00ff".encode()})
    assert reply.status_code == 401 and reply.json()["title"] == "Not a token"


def rotate(client: TestClient, table: dict[str, Any], role: str, as_: str = "gm") -> Any:
    return client.post(url(table, "tokens"), json={"rotate": role}, headers=table[as_])


def test_a_gm_rotates_the_player_token_and_the_old_one_is_refused(client: TestClient) -> None:
    table = open_table(client, PARTY)
    reply = rotate(client, table, "player")
    assert reply.status_code == 200
    fresh = reply.json()
    assert fresh["id"] == table["id"] and fresh["gm_token"] == table["gm_token"]
    assert fresh["player_token"] != table["player_token"]
    old = client.get(url(table, "state"), headers=table["player"])
    assert (old.status_code, old.json()) == (403, problem(
        403, "Wrong token", "this token opens no door on this encounter", "authorization"
    ))  # fmt: skip
    assert (
        client.get(url(table, "state"), params={"token": table["player_token"]}).status_code == 403
    )
    assert client.get(url(table, "state"), headers=bearer(fresh["player_token"])).status_code == 200
    assert client.get(url(table, "state"), headers=table["gm"]).status_code == 200


def test_a_gm_rotates_its_own_token_and_keeps_the_table_with_the_new_one(
    client: TestClient,
) -> None:
    table = open_table(client, PARTY)
    fresh = rotate(client, table, "gm").json()
    note = {"facts": [{"type": "NoteAdded", "text": "the old token leaked"}]}
    assert client.post(url(table, "facts"), json=note, headers=table["gm"]).status_code == 403
    written = client.post(url(table, "facts"), json=note, headers=bearer(fresh["gm_token"]))
    assert written.status_code == 201
    again = rotate(client, {**table, "gm": bearer(fresh["gm_token"])}, "gm").json()
    assert len({table["gm_token"], fresh["gm_token"], again["gm_token"]}) == 3


def test_a_player_cannot_rotate_and_a_rotation_names_a_role_the_table_has(
    client: TestClient,
) -> None:
    table = open_table(client, PARTY)
    assert rotate(client, table, "player", as_="player").status_code == 403
    wrong = rotate(client, table, "operator")
    assert wrong.status_code == 422 and wrong.json()["errors"][0]["field"] == "rotate"
    assert client.get(url(table, "state"), headers=table["player"]).status_code == 200


def test_a_rotation_holds_after_a_restart(tmp_path: Any) -> None:
    from api.http.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'api.sqlite'}", folder=tmp_path)
    with TestClient(app) as client:
        table = open_table(client, PARTY)
        fresh = rotate(client, table, "player").json()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'api.sqlite'}", folder=tmp_path)) as again:
        assert again.get(url(table, "state"), headers=table["player"]).status_code == 403
        new = bearer(fresh["player_token"])
        assert again.get(url(table, "state"), headers=new).status_code == 200


@pytest.mark.parametrize("route", ["undo", "redo", "amend"])
@pytest.mark.parametrize("given", ["5", 5.0, True], ids=["text", "a float", "true"])
def test_a_correction_names_its_position_as_a_json_integer_or_is_a_422(
    client: TestClient, route: str, given: Any
) -> None:
    table = open_table(client, PARTY)
    note = {"type": "NoteAdded", "text": "a hit"}
    client.post(url(table, "facts"), json={"facts": [note]}, headers=table["gm"])
    body: dict[str, Any] = {"position": given}
    if route == "amend":
        body["replacement"] = {"type": "NoteAdded", "text": "a miss"}
    reply = client.post(url(table, route), json=body, headers=table["gm"])
    assert reply.status_code == 422
    assert [e["field"] for e in reply.json()["errors"]] == ["position"]
    version = client.get(url(table, "state"), headers=table["gm"]).json()["version"]
    assert version == 5


@pytest.mark.parametrize("route", ["facts", "undo"])
def test_an_expected_version_given_as_text_is_a_422_naming_it(
    client: TestClient, route: str
) -> None:
    table = open_table(client, PARTY)
    body: dict[str, Any] = {"expected_version": "4"}
    if route == "facts":
        body["facts"] = [{"type": "NoteAdded", "text": "late"}]
    reply = client.post(url(table, route), json=body, headers=table["gm"])
    assert reply.status_code == 422
    assert [e["field"] for e in reply.json()["errors"]] == ["expected_version"]
