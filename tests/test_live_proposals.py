"""Players' proposals on the live stream (issue 26), on a real `combatlog serve`: the GM's stream
carries each proposal as it is made, a player character's stream their own proposals and
rulings, and another player's stream nothing of them but a gap and the accepted facts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server_helpers import EventStream, Server, open_encounter, served
from tests.test_api_proposals import PARTY


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from served(tmp_path_factory.mktemp("live-proposals"))


@pytest.fixture
def client(server: Server) -> Iterator[httpx.Client]:
    with server.client() as http:
        yield http


@pytest.fixture
def table(client: httpx.Client, server: Server) -> dict[str, Any]:
    """Lidda and Kyra (PCs), a goblin, a hidden ogre (lines 1-5), each PC's link as headers."""
    opened = open_encounter(client, PARTY, server.operator)
    links = client.get(f"/encounters/{opened['id']}/characters", headers=opened["gm"]).json()
    for link in links:
        opened[link["combatant"]] = {"Authorization": f"Bearer {link['token']}"}
    return opened


def watch(client: httpx.Client, table: dict[str, Any], who: str) -> EventStream:
    return EventStream(client, f"/encounters/{table['id']}/stream", table[who], last_event_id=5)


def test_each_stream_carries_what_its_reader_may_see_of_a_proposal(
    client: httpx.Client, table: dict[str, Any]
) -> None:
    damage = {"type": "DamageDealt", "target": "goblin-2", "amount": 7}
    with watch(client, table, "gm") as gm, watch(client, table, "lidda") as lidda, \
            watch(client, table, "kyra") as kyra:  # fmt: skip
        made = client.post(f"/encounters/{table['id']}/proposals", json={"facts": [damage]},
                           headers=table["lidda"])  # fmt: skip
        assert made.status_code == 201, made.text
        asked = gm.next()
        assert (asked.id, asked.data["fact"]["type"]) == (6, "ActionProposed")
        assert asked.data["fact"]["by"] == "player:lidda"
        assert lidda.next().data["fact"]["facts"][0]["amount"] == 7
        assert kyra.next().data == {"position": 6, "fact": None}  # a gap, nothing of it
        accepted = client.post(f"/encounters/{table['id']}/proposals/6/accept", json={},
                               headers=table["gm"])  # fmt: skip
        assert accepted.status_code == 201
        assert [m.data["fact"]["type"] for m in gm.take(2)] == ["ProposalAccepted", "DamageDealt"]
        assert [m.data["fact"]["type"] for m in lidda.take(2)] == [
            "ProposalAccepted", "DamageDealt"]  # fmt: skip
        ruling, dealt = kyra.take(2)
        assert ruling.data == {"position": 7, "fact": None}
        assert dealt.data["fact"]["type"] == "DamageDealt" and "by" not in dealt.data["fact"]


def test_a_characters_stream_ends_when_its_link_is_replaced(
    client: httpx.Client, table: dict[str, Any]
) -> None:
    hit = {"facts": [{"type": "NoteAdded", "text": "the goblin snarls"}]}
    with watch(client, table, "lidda") as lidda, watch(client, table, "kyra") as kyra:
        rotated = client.post(f"/encounters/{table['id']}/characters/lidda/token",
                              headers=table["gm"])  # fmt: skip
        assert rotated.status_code == 200
        client.post(f"/encounters/{table['id']}/facts", json=hit, headers=table["gm"])
        with pytest.raises(EOFError):
            lidda.next()
        assert kyra.next().id == 6  # Kyra's link still holds
    again = client.get(f"/encounters/{table['id']}/stream", headers=table["lidda"])
    assert again.status_code == 403
