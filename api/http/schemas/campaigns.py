"""What the campaign routes take and answer (api/http/routes/campaigns.py), with their examples."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import BaseModel

from api.http.schemas.encounters import STATE_EXAMPLE, example

FIGHT: dict[str, Any] = {
    "id": "3f2b8c1e-6a4d-4e8f-9b2a-7c1d5e9f0a42", "name": "Goblin ambush", "ruleset": "dnd35",
    "started_at": "2026-11-20T19:02:00+00:00", "ended": True, "rounds": 3, "events": 99,
    "seconds": 1094.0, "branch_of": None,
}  # fmt: skip
LISTED = {"id": "crypt", "name": "Curse of the Crypt", "ruleset": "dnd35", "sessions": 2,
          "encounters": 5, "last_played": "2026-11-20"}  # fmt: skip
SESSION = {"id": "2026-11-20", "date": "2026-11-20", "title": "Into the Warrens",
           "encounters": [FIGHT]}  # fmt: skip
KYRA = {"id": "kyra", "ruleset": "dnd35", "name": "Kyra", "side": "party", "kind": "pc",
        "stats": {"max_hp": 14, "defenses": {"ac": 16}}, "party": True}  # fmt: skip
CAMPAIGN = {"id": "crypt", "name": "Curse of the Crypt", "ruleset": "dnd35", "party": [KYRA],
            "sessions": [SESSION], "unsorted": []}  # fmt: skip
REPLAYED = {
    "lines": 140, "at": 112, "encounter": FIGHT["id"], "line": 13, "state": STATE_EXAMPLE,
    "encounters": [
        {"id": "9a0c…", "name": "Goblin ambush", "ruleset": "dnd35", "first": 1, "last": 99},
        {"id": FIGHT["id"], "name": "Ogre", "ruleset": "dnd35", "first": 100, "last": 140},
    ],
}  # fmt: skip


Branches = Annotated[
    bool, Query(description="List what-if branches too (left out unless asked for)")
]
SessionAt = Annotated[
    int | None, Query(description="The session's line N (counted across its fights in order).")
]


class CampaignsListed(BaseModel):
    """Every campaign set up or filed under."""

    model_config = example({"campaigns": [LISTED]})

    campaigns: list[dict[str, Any]]


class Campaign(BaseModel):
    """A campaign: its name, rules system and party (the saved creatures), its sessions by date,
    each with its fights in the order fought, and the fights filed under it without a session."""

    model_config = example(CAMPAIGN)

    id: str
    name: str
    ruleset: str | None = None
    party: list[dict[str, Any]]
    sessions: list[dict[str, Any]]
    unsorted: list[dict[str, Any]]


class SessionReplayed(BaseModel):
    """A session replayed: how many lines its fights hold in all, each fight's range of them,
    and the table of the fight at session line `at` (its own line `line`)."""

    model_config = example(REPLAYED)

    lines: int
    encounters: list[dict[str, Any]]
    at: int
    encounter: str
    line: int
    state: dict[str, Any]
