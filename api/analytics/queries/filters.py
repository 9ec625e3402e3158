"""Which encounters and combatants a report covers, as SQL conditions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from api.analytics.ingest.rows import utc_text
from domain.bounds import EARLIEST, LATEST, in_range

# ISO 8601's extended format, as RFC 3339 profiles it: a date, a time, and the offset (`Z`, or
# ±hh:mm); seconds and their fraction optional. No offset is no time: which zone would it be in?
WITH_OFFSET = re.compile(
    r"\d{4}-\d\d-\d\d[Tt]\d\d:\d\d(:\d\d(\.\d+)?)?([Zz]|[+-]\d\d:\d\d)", re.ASCII
)
TIME_WANTED = (
    "an ISO 8601 date and time with its offset, such as 2026-03-01T20:30:00Z or "
    "2026-03-01T20:30:00-05:00"
)
DATE_ALONE = re.compile(r"\d{4}-\d\d-\d\d", re.ASCII)


def filter_time(text: str, date_alone: bool = False) -> datetime:
    """`since` or `until` as given: an ISO 8601 date and time with its offset, in the years the
    store holds (where `date_alone`, a date alone too: 00:00 UTC that day); ValueError saying
    what it must be."""
    try:
        if date_alone and DATE_ALONE.fullmatch(text):
            at = datetime.combine(date.fromisoformat(text), datetime.min.time(), UTC)
        elif WITH_OFFSET.fullmatch(text):
            at = datetime.fromisoformat(text.upper())
        else:
            raise ValueError
    except ValueError:
        alone = " (or a date alone)" if date_alone else ""
        raise ValueError(f"must be {TIME_WANTED}{alone}") from None
    if not in_range(at):
        raise ValueError(f"must lie between {EARLIEST.isoformat()} and {LATEST.isoformat()}")
    return at


@dataclass(frozen=True)
class Filters:
    """Which encounters and combatants a report covers (None: all).

    `since` and `until` are compared as times: both they and the stored start times are taken
    in UTC (a time without a timezone is read as UTC), so an offset such as -05:00 counts.

    What-if branches (encounters whose line 1 names a parent) repeat their parent's first lines,
    so figures across encounters leave them out unless `branches`; one encounter asked for by
    id is always itself.

    `table`: the game group whose encounters a report covers. Every query across encounters
    from HTTP names the caller's table (api/http/deps.py), so it starts from that table's rows;
    None (the command line on the service's machine, a test) reads every table."""

    encounter: str | None = None
    ruleset: str | None = None
    since: datetime | None = None  # encounters whose first fact is at or after this time
    until: datetime | None = None  # ... and before this time
    side: str | None = None
    combatant: str | None = None
    campaign: str | None = None  # encounters filed under this campaign
    session: str | None = None  # ... and in this session (its id)
    branches: bool = False  # what-if branches too
    table: str | None = None  # only this table's encounters (every route across them sets it)

    def where(self, alias: str = "e") -> tuple[str, tuple[Any, ...]]:
        """The SQL condition on the encounters table (alias `e`, or rows carrying its columns)
        and its parameters."""
        since, until = (None if at is None else utc_text(at) for at in (self.since, self.until))
        where, params = _all(alias, encounter_id=self.encounter, ruleset=self.ruleset,
                             since=since, until=until, table_id=self.table,
                             campaign=self.campaign, session_id=self.session)  # fmt: skip
        if self.branches or self.encounter is not None:
            return where, params
        return f"{where} AND {alias}.branch_of IS NULL", params

    def who(self, alias: str = "f") -> tuple[str, tuple[Any, ...]]:
        """The SQL condition on a combatant's row (alias `f`) and its parameters."""
        return _all(alias, side=self.side, combatant=self.combatant)


TESTS = {"since": "started_at >= ?", "until": "started_at < ?"}  # else: column = ?


def _all(alias: str, **values: Any) -> tuple[str, tuple[Any, ...]]:
    kept = {name: value for name, value in values.items() if value is not None}
    tests = [f"{alias}.{TESTS.get(name, f'{name} = ?')}" for name in kept]
    return " AND ".join(["1 = 1", *tests]), tuple(kept.values())
