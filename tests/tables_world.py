"""Two tables (game groups) on one service, each with what a group keeps: fights with a hidden
sniper, an undo and an amendment with reasons, filed under a campaign's session, a what-if
branch, a creature in the library on the campaign's party. Every name, id and reason of a table
carries its tag (`alfq…`, `brvq…`), so a response that shows any of them is found by its tag."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

import orjson
from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from tests.builders import jsonl
from tests.recap_fixtures import FILED, ambush_lines, crypt_lines, timed
from tests.test_api import operator

WORDS = re.compile(r"(?i)\b(valeros|kyra|goblin|sniper|skeleton|crypt|misread)")


def tagged(lines: list[dict[str, Any]], tag: str) -> list[dict[str, Any]]:
    """The lines with every combatant's id and name, the fight's name and the reasons tagged."""
    text = orjson.dumps(lines).decode()
    found = WORDS.sub(lambda m: (tag if m[1][0].islower() else tag.title()) + m[1], text)
    return list(orjson.loads(found))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Group:
    """One table and what it keeps: its key, its fights (id and tokens), its campaign, session
    and creature ids."""

    tag: str
    id: str
    key: str
    fights: list[dict[str, Any]] = field(default_factory=list)
    claim: str = "0" * 16  # a player's claim of a character in its first fight (issue 26)
    ticket: str = ""  # that claim's ticket

    @property
    def campaign(self) -> str:
        return f"{self.tag}camp"

    @property
    def session(self) -> str:
        return f"{self.tag}-s1"

    @property
    def creature(self) -> str:
        return f"{self.tag}ogre"

    @property
    def auth(self) -> dict[str, str]:
        return bearer(self.key)

    def ids(self) -> dict[str, str]:
        """The ids a path may name, as the OpenAPI document names its parameters."""
        return {"encounter_id": self.fights[0]["id"], "other": self.fights[2]["id"],
                "campaign": self.campaign, "session": self.session, "creature_id": self.creature,
                "table_id": self.id, "ruleset": "dnd35", "line": "5",
                "claim_id": self.claim}  # fmt: skip

    def character(self, client: TestClient, combatant: str, fight: int = 0) -> str:
        """A player character's link (token) to one of the table's fights (issue 26)."""
        tokens = runtime_of(client.app).tokens
        return tokens.character(UUID(self.fights[fight]["id"]), f"{self.tag}{combatant}")


def new_table(client: TestClient, table_id: str, name: str) -> str:
    """A table made by the operator: its key."""
    reply = client.post("/tables", json={"id": table_id, "name": name}, headers=operator(client))
    assert reply.status_code == 201, reply.text
    key: str = reply.json()["key"]
    return key


def imported(client: TestClient, key: str, lines: list[dict[str, Any]]) -> dict[str, Any]:
    reply = client.post("/encounters/import", content=jsonl(*lines), headers=bearer(key))
    assert reply.status_code == 201, reply.text
    found: dict[str, Any] = reply.json()
    return found


def group(client: TestClient, tag: str, table_id: str) -> Group:
    """A table with its fights (an ambush and a crypt door filed under its campaign's session,
    a branch of the ambush), a creature and its campaign set up with it."""
    made = Group(tag, table_id, new_table(client, table_id, f"{tag.title()} group"))
    session = {**FILED["session"], "id": made.session, "title": f"{tag.title()} night"}
    filed = {"campaign": made.campaign, "session": session}
    for lines, hour in ((ambush_lines(), 19), (crypt_lines(), 20)):
        first, *rest = tagged(timed(lines, hour), tag)
        made.fights.append(imported(client, made.key, [{**first, **filed}, *rest]))
    gm = bearer(made.fights[0]["gm_token"])
    fork = client.post(f"/encounters/{made.fights[0]['id']}/fork", json={"at": 21}, headers=gm)
    assert fork.status_code == 201, fork.text
    made.fights.append(fork.json())
    ogre = {"name": f"{tag.title()}Ogre", "side": "party", "kind": "pc", "stats": {"max_hp": 30}}
    put = client.put(f"/library/dnd35/{made.creature}", json=ogre, headers=made.auth)
    assert put.status_code == 200, put.text
    campaign = {"name": f"{tag.title()} Campaign", "ruleset": "dnd35", "party": [made.creature]}
    put = client.put(f"/campaigns/{made.campaign}", json=campaign, headers=made.auth)
    assert put.status_code == 200, put.text
    return made


def two_tables(client: TestClient) -> tuple[Group, Group]:
    """Table A (`alpha`, tag `alfq`) and table B (`bravo`, tag `brvq`)."""
    return group(client, "alfq", "alpha"), group(client, "brvq", "bravo")
