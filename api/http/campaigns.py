"""Campaigns and their sessions over HTTP (the operator token): every campaign an encounter is
filed under, and one campaign's sessions in date order, each with its fights in order
(api/analytics/sessions.py, read after a catch-up so never behind the log)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel

from api.analytics import Analytics
from api.analytics.sessions import campaigns, sessions, unsorted
from api.http.access import check_operator
from api.http.problems import HttpProblem
from api.http.routes import ERRORS
from api.http.schemas import example
from domain.events import Slug

router = APIRouter(prefix="/campaigns", tags=["campaigns"], responses=ERRORS)
FIGHT: dict[str, Any] = {
    "id": "3f2b8c1e-6a4d-4e8f-9b2a-7c1d5e9f0a42", "name": "Goblin ambush", "ruleset": "dnd35",
    "started_at": "2026-11-20T19:02:00+00:00", "ended": True, "rounds": 3, "events": 99,
    "seconds": 1094.0, "branch_of": None,
}  # fmt: skip
LISTED = {"id": "crypt", "name": "crypt", "sessions": 2, "encounters": 5,
          "last_played": "2026-11-20"}  # fmt: skip
SESSION = {"id": "2026-11-20", "date": "2026-11-20", "title": "Into the Warrens",
           "encounters": [FIGHT]}  # fmt: skip
CAMPAIGN = {"id": "crypt", "name": "crypt", "party": [], "sessions": [SESSION], "unsorted": []}


def operator(request: Request, authorization: Annotated[str | None, Header()] = None) -> Analytics:
    """The read model, once the operator token is checked."""
    check_operator(request.app.state.secret, authorization)
    analytics: Analytics = request.app.state.analytics
    return analytics


Operator = Annotated[Analytics, Depends(operator)]
Branches = Annotated[
    bool, Query(description="List what-if branches too (left out unless asked for)")
]


class CampaignsListed(BaseModel):
    """Every campaign an encounter is filed under."""

    model_config = example({"campaigns": [LISTED]})

    campaigns: list[dict[str, Any]]


class Campaign(BaseModel):
    """A campaign: its sessions by date, each with its fights in the order fought, and the
    fights filed under it without a session."""

    model_config = example(CAMPAIGN)

    id: str
    name: str
    party: list[dict[str, Any]]
    sessions: list[dict[str, Any]]
    unsorted: list[dict[str, Any]]


@router.get("", response_model=CampaignsListed)
async def listed(analytics: Operator, branches: Branches = False) -> dict[str, Any]:
    """Every campaign an encounter is filed under, by id (the operator token)."""

    def read() -> dict[str, Any]:
        analytics.catch_up()
        found = campaigns(analytics, branches)
        return {"campaigns": [{**asdict(c), "name": c.id} for c in found]}

    return await run_in_threadpool(read)


@router.get("/{campaign}", response_model=Campaign)
async def campaign(campaign: Slug, analytics: Operator, branches: Branches = False) -> Any:
    """A campaign's sessions in date order with their fights (the operator token)."""

    def read() -> dict[str, Any]:
        analytics.catch_up()
        found = sessions(analytics, campaign, branches)
        loose = unsorted(analytics, campaign, branches)
        if not found and not loose:
            raise HttpProblem(404, "No such campaign", f"no encounter is filed under {campaign}")
        return {
            "id": campaign, "name": campaign, "party": [],
            "sessions": [
                {"id": s.id, "date": s.date.isoformat(), "title": s.title,
                 "encounters": [asdict(f) for f in s.fights]} for s in found
            ],
            "unsorted": [asdict(f) for f in loose],
        }  # fmt: skip

    return await run_in_threadpool(read)
