"""Which encounters and combatants a report covers, as SQL conditions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from api.analytics.ingest.rows import utc_text


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
