"""Analytics over HTTP: one encounter's report (its GM token); reports, rows and a campaign's
trend across the encounters of the caller's table (its key: every query starts from that
table's rows)."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any, Literal, TypeVar
from uuid import UUID

from fastapi import APIRouter, Depends, Query, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import AfterValidator, BeforeValidator
from pydantic_core import PydanticCustomError

from api.analytics import Analytics, Filters, report
from api.analytics.queries import export
from api.analytics.queries.export import MEDIA_TYPES, Format
from api.analytics.queries.filters import TIME_WANTED, filter_time
from api.campaigns.trends import trend
from api.http.deps import RuntimeDep, TableId, Writer
from api.http.problems import ERRORS
from api.http.schemas.analytics import Report
from api.http.schemas.trends import Trend
from domain.bounds import NUL, out_of_bounds
from domain.events import Slug

router = APIRouter(tags=["analytics"], responses=ERRORS)
T = TypeVar("T")


def storable(given: Any) -> datetime | None:
    """A filter time as sent: ISO 8601 with its offset, one the stored start times can be
    compared with (no number read as a Unix time, no time read in a zone it did not name)."""
    if given is None:
        return None
    try:
        return filter_time(str(given))
    except ValueError as exc:
        raise PydanticCustomError("time_with_offset", str(exc)) from None


Time = Annotated[datetime | None, BeforeValidator(storable)]


def plain(text: str | None) -> str | None:
    """A filter text the database can compare (PostgreSQL holds no NUL character)."""
    if text is not None and "\x00" in text:
        raise out_of_bounds(NUL)
    return text


Text = Annotated[str | None, AfterValidator(plain)]
Side = Annotated[Text, Query(max_length=200, description="Only this side's combatants.")]
Combatant = Annotated[Text, Query(max_length=200, description="Only this combatant.")]
Campaign = Annotated[Slug | None, Query(description="Only encounters filed under this campaign.")]
Session = Annotated[Slug | None, Query(description="Only encounters of this session (its id).")]
Branches = Annotated[
    bool, Query(description="Count what-if branches too (left out unless asked for).")
]


@router.get("/encounters/{encounter_id}/stats", response_model=Report)
async def encounter_stats(
    encounter_id: UUID,
    _: Writer,
    runtime: RuntimeDep,
    side: Side = None,
    combatant: Combatant = None,
) -> dict[str, Any]:
    """One encounter's figures, caught up with its log first (GM token)."""
    filters = Filters(encounter=str(encounter_id), side=side, combatant=combatant)
    return await caught_up(runtime.analytics, report, filters)


def across(
    table: TableId,
    ruleset: Annotated[Text, Query(max_length=40)] = None,
    since: Annotated[
        Time, Query(description=f"Encounters begun at or after: {TIME_WANTED}")
    ] = None,
    until: Annotated[Time, Query(description=f"Encounters begun before: {TIME_WANTED}")] = None,
    side: Side = None,
    combatant: Combatant = None,
    campaign: Campaign = None,
    session: Session = None,
    branches: Branches = False,
) -> Filters:
    """The filters across the encounters of the caller's table (its key)."""
    return Filters(None, ruleset, since, until, side, combatant, campaign, session, branches, table)


Across = Annotated[Filters, Depends(across)]
Group = Annotated[
    Literal["type"] | None,
    Query(description='"type": combatants summed per foe type ("Goblin" over every goblin)'),
]


@router.get("/stats", response_model=Report)
async def stats(runtime: RuntimeDep, filters: Across, group: Group = None) -> dict[str, Any]:
    """Figures across the encounters of the caller's table (its key), filtered."""
    return await caught_up(runtime.analytics, report, filters, group == "type")


@router.get("/stats/trends", response_model=Trend)
async def stats_trends(
    campaign: Annotated[Slug, Query(description="The campaign (its id).")],
    table: TableId,
    runtime: RuntimeDep,
    branches: Branches = False,
) -> dict[str, Any]:
    """A campaign of the caller's table: its party per session in date order, and its foes
    per foe type (the table's key)."""
    return await caught_up(runtime.analytics, trend, table, campaign, branches)


async def caught_up(analytics: Analytics, read: Callable[..., T], *args: Any) -> T:
    """`read(analytics, *args)` in the thread pool, the read model caught up with the log first:
    a report never lags the log it is asked about."""

    def work() -> T:
        analytics.catch_up()
        return read(analytics, *args)

    return await run_in_threadpool(work)


CSV_EXAMPLE = (  # the first columns of a row (the whole list: docs/analytics.md)
    "encounter_id,encounter_name,ruleset,started_at,campaign,session_id,session_date,"
    "session_title,branch_of,combatant,name,foe_type,side,kind,foe,damage_dealt,...\n"
    "3f2b8c1e-6a4d-4e8f-9b2a-7c1d5e9f0a42,Goblin ambush,dnd35,2026-11-24 19:02:00+00:00,"
    "crypt,fri,2026-11-24,Into the Warrens,,goblin-2,Goblin 2,Goblin,foes,npc,true,7,...\n"
)


def _file(format: Format) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI answer of a rows route: a file of that format."""
    shown = {"example": CSV_EXAMPLE} if format == "csv" else {
        "schema": {"type": "string", "format": "binary"}}  # fmt: skip
    return {200: {"content": {MEDIA_TYPES[format]: shown}, "description": f"The rows as {format}"}}


@router.get("/stats/rows.csv", response_class=Response, responses=_file("csv"))
async def stats_rows_csv(runtime: RuntimeDep, filters: Across) -> Response:
    """One row per combatant per encounter of the caller's table, filtered, as CSV."""
    return await _rows(runtime.analytics, filters, "csv")


@router.get("/stats/rows.parquet", response_class=Response, responses=_file("parquet"))
async def stats_rows_parquet(runtime: RuntimeDep, filters: Across) -> Response:
    """One row per combatant per encounter of the caller's table, filtered, as Parquet."""
    return await _rows(runtime.analytics, filters, "parquet")


async def _rows(analytics: Analytics, filters: Filters, format: Format) -> Response:
    content = await caught_up(analytics, _written, filters, format)
    disposition = f'attachment; filename="combatlog-rows.{format}"'
    headers = {"Content-Disposition": disposition}
    return Response(content, media_type=MEDIA_TYPES[format], headers=headers)


def _written(analytics: Analytics, filters: Filters, format: Format) -> bytes:
    sink = io.BytesIO()
    export.write(export.rows(analytics, filters), sink, format)
    return sink.getvalue()
