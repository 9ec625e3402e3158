"""Campaigns and their sessions over HTTP (a table's key: its own campaigns, by the ids its
group chose): the campaign registry (name, rules system, party roster from the creature
library), every campaign an encounter of the table is filed under, one campaign's sessions in
date order with their fights in order (api/campaigns/sessions.py, read after a catch-up so
never behind the log), and a whole session replayed."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from api.analytics import Analytics
from api.campaigns import session_replay
from api.campaigns.registry import PARTY_MOST, CampaignRecord
from api.campaigns.sessions import campaigns, listed, sessions, unsorted
from api.http.deps import Library, Registry, Service, TableAnalytics, TableId
from api.http.problems import ERRORS, HttpProblem
from api.http.routes.analytics import caught_up
from api.http.schemas.campaigns import (
    Branches,
    Campaign,
    CampaignsListed,
    SessionAt,
    SessionReplayed,
)
from api.http.schemas.encounters import example
from api.library import TableLibrary
from domain.events import CombatantId, Label, Ruleset, Slug
from projections.history import Timeline

router = APIRouter(prefix="/campaigns", tags=["campaigns"], responses=ERRORS)


class CampaignSetUp(BaseModel):
    """A campaign's name, rules system and party (ids of creatures saved for that system)."""

    model_config = example(
        {"name": "Curse of the Crypt", "ruleset": "dnd35", "party": ["kyra", "valeros"]},
        extra="forbid",
    )

    name: Label
    ruleset: Ruleset
    party: list[CombatantId] = Field(default_factory=list, max_length=PARTY_MOST)


@router.get("", response_model=CampaignsListed)
async def campaigns_listed(
    table: TableId, analytics: TableAnalytics, keeper: Registry, branches: Branches = False
) -> dict[str, Any]:
    """Every campaign of the caller's table: those set up (even with no fight yet) and those an
    encounter is filed under, by id, with how many sessions and fights it holds."""

    def read(analytics: Analytics) -> dict[str, Any]:
        found = listed(campaigns(analytics, table, branches), keeper.campaigns())
        return {"campaigns": found}

    return await caught_up(analytics, read)


@router.get("/{campaign}", response_model=Campaign)
async def shown(
    campaign: Slug, table: TableId, analytics: TableAnalytics, keeper: Registry,
    creatures: Library, branches: Branches = False,
) -> Any:  # fmt: skip
    """A campaign of the caller's table: its party and its sessions in date order with their
    fights; 404 when neither the table's registry nor any of its logs knows it."""

    def read(analytics: Analytics) -> dict[str, Any]:
        found = sessions(analytics, table, campaign, branches)
        loose = unsorted(analytics, table, campaign, branches)
        kept = keeper.campaign(campaign)
        if not found and not loose and kept is None:
            raise HttpProblem(404, "No such campaign", f"no campaign {campaign}")
        return {
            "id": campaign, "name": kept.name if kept else campaign,
            "ruleset": kept.ruleset if kept else None, "party": _party(kept, creatures),
            "sessions": [
                {"id": s.id, "date": s.date.isoformat(), "title": s.title,
                 "encounters": [asdict(f) for f in s.fights]} for s in found
            ],
            "unsorted": [asdict(f) for f in loose],
        }  # fmt: skip

    return await caught_up(analytics, read)


def _party(kept: CampaignRecord | None, creatures: TableLibrary) -> list[dict[str, Any]]:
    """The roster's saved creatures, in roster order (one forgotten since is left out)."""
    if kept is None:
        return []
    saved = {c.id: c for c in creatures.creatures(kept.ruleset)}
    return [saved[i].model_dump() for i in kept.party if i in saved]


@router.put("/{campaign}", response_model=Campaign)
async def set_up(
    campaign: Slug, body: CampaignSetUp, table: TableId, keeper: Registry, creatures: Library,
    analytics: TableAnalytics,
) -> Any:  # fmt: skip
    """Set up a campaign (or change it): its name, rules system and party roster; each party
    member must be a creature saved for that system (422 naming `party[i]`)."""

    def write() -> None:
        saved = {c.id for c in creatures.creatures(body.ruleset)}
        for n, member in enumerate(body.party):
            if member not in saved:
                reason = f"no {body.ruleset} creature {member} in the library"
                raise HttpProblem(422, "Unknown party member", reason, f"party[{n}]")
        keeper.save(CampaignRecord(id=campaign, **body.model_dump()))

    await run_in_threadpool(write)
    return await shown(campaign, table, analytics, keeper, creatures)


@router.delete("/{campaign}", status_code=204, response_class=Response)
def forget(campaign: Slug, keeper: Registry) -> Response:
    """Forget a campaign's record (name, rules system, party); the logs filed under it keep
    their filing."""
    if not keeper.delete(campaign):
        raise HttpProblem(404, "No such campaign", f"no campaign {campaign} is set up")
    return Response(status_code=204)


@router.get("/{campaign}/sessions/{session}/replay", response_model=SessionReplayed)
async def replay(
    campaign: Slug, session: Slug, table: TableId, analytics: TableAnalytics,
    encounters: Service, at: SessionAt = None, timeline: Timeline = "then",
) -> Any:  # fmt: skip
    """A whole session as one replay: its fights in order, their lines numbered on across
    them, and the GM's table of the fight at session line `at` (default: the last line)."""

    def read(analytics: Analytics) -> dict[str, Any]:
        found = sessions(analytics, table, campaign, session=session)
        if not found:
            raise HttpProblem(404, "No such session", f"no session {session} of {campaign}")
        spans = session_replay.spans(encounters, found[0].fights)
        lines = spans[-1].last
        if at is not None and not 1 <= at <= lines:
            raise HttpProblem(422, "No such line", f"the session has {lines} lines", "at")
        where = lines if at is None else at
        span = session_replay.fight_at(spans, where)
        line = where - span.first + 1
        state = session_replay.table_at(encounters, span, line, timeline)
        return {"lines": lines, "encounters": [asdict(s) for s in spans], "at": where,
                "encounter": span.id, "line": line, "state": state}  # fmt: skip

    return await caught_up(analytics, read)


__all__ = ["router"]
