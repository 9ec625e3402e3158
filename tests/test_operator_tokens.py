"""The operator reads an encounter's current tokens over HTTP (as `combatlog tokens` prints them
on the service's machine), so the GM page opens a fight from a campaign's page; nobody else may."""

from __future__ import annotations

from uuid import uuid4

from fastapi.testclient import TestClient

from tests.test_api import open_table, operator


def test_the_operator_reads_an_encounters_current_tokens(client: TestClient) -> None:
    table = open_table(client, [])
    reply = client.get(f"/encounters/{table['id']}/tokens", headers=operator(client))
    assert reply.status_code == 200
    assert reply.json() == {
        "id": table["id"], "gm_token": table["gm_token"], "player_token": table["player_token"],
    }  # fmt: skip
    rotated = client.post(f"/encounters/{table['id']}/tokens", json={"rotate": "player"},
                          headers=table["gm"]).json()  # fmt: skip
    again = client.get(f"/encounters/{table['id']}/tokens", headers=operator(client)).json()
    assert again["player_token"] == rotated["player_token"] != table["player_token"]


def test_only_the_operator_reads_them(client: TestClient) -> None:
    table = open_table(client, [])
    path = f"/encounters/{table['id']}/tokens"
    assert client.get(path).status_code == 401
    assert client.get(path, headers=table["gm"]).status_code == 403
    assert client.get(path, headers=table["player"]).status_code == 403
    # an id no fight has answers as one of another table's fights does (issue 23): a key learns
    # nothing of which ids exist
    unknown = client.get(f"/encounters/{uuid4()}/tokens", headers=operator(client))
    assert unknown.status_code == 403
