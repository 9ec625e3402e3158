"""Session recaps over HTTP (projections/recap.py): a table's campaign's session for its key;
an encounter's fight for its GM (the GM's recap) or its players (the players' recap, read
through the player view), and the whole session it is filed in for its table's key. JSON, or
Markdown for the group's chat."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Query, Response
from pydantic import BaseModel

from api.campaigns.recaps import encounter_recap, session_recap
from api.http.deps import Opened, RuntimeDep, Service, TableAnalytics, TableId
from api.http.problems import ERRORS, HttpProblem
from api.http.schemas.encounters import example
from domain.events import Slug
from projections.recap import Recap, recap_json
from projections.recap_markdown import recap_markdown

router = APIRouter(tags=["recaps"], responses=ERRORS)
MARKDOWN = "text/markdown; charset=utf-8"
Format = Annotated[
    Literal["json", "markdown"],
    Query(description="`json` (default), or `markdown`: the recap to paste into a group chat"),
]
DROP = {"combatant": "valeros", "name": "Valeros", "round": 1, "line": 21, "dealer": "goblin-2",
        "dealer_name": "Goblin 2", "cause": None, "died": False}  # fmt: skip
FIGHT = {
    "encounter": "3f2b8c1e-6a4d-4e8f-9b2a-7c1d5e9f0a42", "name": "Goblin ambush", "rounds": 3,
    "seconds": 1920.0, "drops": [DROP], "kills": [],
    "rises": [{"combatant": "valeros", "name": "Valeros", "round": 2, "line": 26, "how": "up",
               "healer": "kyra", "healer_name": "Kyra", "means": "cure light wounds"}],
    "biggest_hit": {"dealer": "goblin-2", "dealer_name": "Goblin 2", "target": "valeros",
                    "target_name": "Valeros", "amount": 9, "damage_type": "slashing",
                    "round": 1, "line": 12},
    "naturals": [{"combatant": "goblin-2", "name": "Goblin 2", "twenties": 1, "ones": 0}],
    "rulings": [{"kind": "undo", "line": 15, "target": 14, "round": 1,
                 "was": "18 slashing damage to Kyra", "now": None,
                 "changed": ["Kyra: hp 12 → 30"], "reason": "one attack, not two"}],
    "standing": [{"side": "party", "names": ["Valeros", "Kyra"]},
                 {"side": "foes", "names": []}],
}  # fmt: skip
RECAP = {
    "session": {"id": "2026-11-20", "date": "2026-11-20", "title": "Into the Warrens"},
    "campaign": "crypt", "player": False, "fights": [FIGHT],
    "totals": {"fights": 1, "rounds": 3, "seconds": 1920.0, "drops": 1, "kills": 0},
}  # fmt: skip
TEXT = (
    "## 2026-11-20 — Into the Warrens\n\n*crypt* · 1 fight · 3 rounds · 32 min · 1 drop · "
    "0 kills\n\n### Goblin ambush\n3 rounds · 32 min\n\n- Goblin 2 dropped Valeros in round 1; "
    "Kyra's cure light wounds got Valeros up in round 2\n"
)
RECAP_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/markdown": {"example": TEXT}}, "description": "The recap"}
}


class RecapOut(BaseModel):
    """A session's recap: each fight (drops, rescues, kills, the biggest hit, natural 20s and
    1s, corrected rulings, who was left standing) and the session's totals. A player's recap
    holds only what the player view shows: no hidden combatant, no correction's reason."""

    model_config = example(RECAP)

    session: dict[str, Any] | None
    campaign: str | None
    player: bool
    fights: list[dict[str, Any]]
    totals: dict[str, Any]


def answer(found: Recap, format: str) -> Any:
    """The recap as JSON, or as Markdown."""
    if format == "markdown":
        return Response(recap_markdown(found), media_type=MARKDOWN)
    return recap_json(found)


@router.get(
    "/campaigns/{campaign}/sessions/{session}/recap",
    response_model=RecapOut,
    responses=RECAP_RESPONSES,
)
def session(
    campaign: Slug,
    session: Slug,
    table: TableId,
    analytics: TableAnalytics,
    service: Service,
    format: Format = "json",
) -> Any:
    """A session's recap, every fight in the order fought (the table's key: the GM's)."""
    found = session_recap(analytics, service, table, campaign, session, False)
    if found is None:
        detail = f"campaign {campaign} has no session {session} with a fight filed under it"
        raise HttpProblem(404, "No such session", detail, "session")
    return answer(found, format)


@router.get("/encounters/{encounter_id}/recap", response_model=RecapOut, responses=RECAP_RESPONSES)
def encounter(
    encounter_id: UUID,
    caller: Opened,
    service: Service,
    runtime: RuntimeDep,
    format: Format = "json",
) -> Any:
    """The recap of this fight: the GM token gets the GM's recap, a player token the players';
    its table's key gets the GM's recap of the whole session it is filed in (of this fight
    alone when in none)."""
    player, session = caller.role != "gm", caller.table is not None
    found = encounter_recap(
        runtime.analytics, service, encounter_id, player, session, caller.viewer
    )
    return answer(found, format)
