"""Campaigns and sessions as the read model files them: which encounters each session of a
campaign holds, in order. Read after a catch-up (`Analytics.catch_up`), so never behind the log.

Every query starts from one table's (game group's) encounters: a campaign's id is its table's,
so two tables' campaigns `mill` never meet. What an encounter is filed under is derived from its
log (projections.filing), so undoing a filing moves the encounter back; a what-if branch (line
1 names its parent) is listed with its `branch_of`, and left out unless asked for
(`branches=True`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from api.analytics.ingest.model import Analytics
from api.campaigns.registry import CampaignRecord


@dataclass(frozen=True)
class Fight:
    """One encounter of a session, as the read model has it."""

    id: str
    name: str
    ruleset: str
    started_at: str | None  # ISO, UTC
    ended: bool
    rounds: int
    events: int
    seconds: float | None
    branch_of: str | None


@dataclass(frozen=True)
class SessionFiled:
    """A session of a campaign and its encounters, earliest first."""

    id: str
    date: date
    title: str | None
    fights: list[Fight] = field(default_factory=list)


@dataclass(frozen=True)
class CampaignSeen:
    """A campaign some encounter is filed under: how many sessions and encounters it holds."""

    id: str
    sessions: int
    encounters: int
    last_played: date | None


COLUMNS = (
    "e.encounter_id, e.name, e.ruleset, e.started_at, e.ended, e.rounds, e.events, e.seconds, "
    "e.branch_of, e.session_id, e.session_date, e.session_title"
)


def campaigns(analytics: Analytics, table: str, branches: bool = False) -> list[CampaignSeen]:
    """Every campaign an encounter of the table is filed under, by id."""
    found = analytics.query(
        "SELECT e.campaign, COUNT(DISTINCT e.session_id), COUNT(*), MAX(e.session_date) "
        "FROM {t}encounters e WHERE e.table_id = ? "
        f"AND e.campaign IS NOT NULL{_branches(branches)} GROUP BY e.campaign ORDER BY e.campaign",
        (table,),
    )
    return [
        CampaignSeen(c, int(s), int(n), None if last is None else date.fromisoformat(last))
        for c, s, n, last in found
    ]


def holding(analytics: Analytics, table: str, session: str) -> list[str]:
    """The table's campaigns with a session of this id (a fight that is not a branch filed
    under it), by id."""
    found = analytics.query(
        "SELECT DISTINCT e.campaign FROM {t}encounters e WHERE e.table_id = ? AND "
        f"e.session_id = ? AND e.campaign IS NOT NULL{_branches(False)} ORDER BY e.campaign",
        (table, session),
    )
    return [str(campaign) for (campaign,) in found]


def listed(seen: list[CampaignSeen], kept: list[CampaignRecord]) -> list[dict[str, object]]:
    """Every campaign set up (`kept`, even with no fight yet) or filed under (`seen`), by id:
    its name and rules system as set up, its counts from the logs."""
    counts = {c.id: c for c in seen}
    records = {c.id: c for c in kept}
    return [
        {"id": i, "name": records[i].name if i in records else i,
         "ruleset": records[i].ruleset if i in records else None,
         "sessions": counts[i].sessions if i in counts else 0,
         "encounters": counts[i].encounters if i in counts else 0,
         "last_played": counts[i].last_played if i in counts else None}
        for i in sorted(counts.keys() | records.keys())
    ]  # fmt: skip


def sessions(
    analytics: Analytics,
    table: str,
    campaign: str,
    branches: bool = False,
    session: str | None = None,
) -> list[SessionFiled]:
    """The table's campaign's sessions (or the one named), by date then id, each with its
    encounters in the order they were fought (first recorded time, then name). Encounters filed
    under the campaign without a session are not listed."""
    one = "" if session is None else " AND e.session_id = ?"
    found = analytics.query(
        f"SELECT {COLUMNS} FROM {{t}}encounters e WHERE e.table_id = ? AND e.campaign = ? "
        f"AND e.session_id IS NOT NULL{one}{_branches(branches)} "
        "ORDER BY e.session_date, e.session_id, e.started_at IS NULL, e.started_at, e.name, "
        "e.encounter_id",
        (table, campaign) if session is None else (table, campaign, session),
    )
    listed: dict[str, SessionFiled] = {}
    for *fight, session_id, day, title in found:
        kept = listed.setdefault(
            session_id, SessionFiled(session_id, date.fromisoformat(day), title)
        )
        kept.fights.append(_fight(fight))
    return list(listed.values())


def unsorted(
    analytics: Analytics, table: str, campaign: str, branches: bool = False
) -> list[Fight]:
    """The table's campaign's encounters filed without a session, in the order fought."""
    found = analytics.query(
        f"SELECT {COLUMNS} FROM {{t}}encounters e WHERE e.table_id = ? AND e.campaign = ? "
        f"AND e.session_id IS NULL{_branches(branches)} "
        "ORDER BY e.started_at IS NULL, e.started_at, e.name, e.encounter_id",
        (table, campaign),
    )
    return [_fight(row[:9]) for row in found]


def _branches(included: bool) -> str:
    return "" if included else " AND e.branch_of IS NULL"


def _fight(row: list[object] | tuple[object, ...]) -> Fight:
    id_, name, ruleset, started, ended, rounds, events, seconds, branch_of = row
    return Fight(
        str(id_), str(name), str(ruleset), None if started is None else str(started),
        bool(ended), int(str(rounds)), int(str(events)),
        None if seconds is None else float(str(seconds)),
        None if branch_of is None else str(branch_of),
    )  # fmt: skip
