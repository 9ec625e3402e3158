"""Which encounters and combatants a report covers, as SQL conditions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


@dataclass(frozen=True)
class Filters:
    """Which encounters and combatants a report covers (None: all).

    `since` and `until` are compared as times: both they and the stored start times are taken
    in UTC (a time without a timezone is read as UTC), so an offset such as -05:00 counts."""

    encounter: str | None = None
    ruleset: str | None = None
    since: datetime | None = None  # encounters whose first fact is at or after this time
    until: datetime | None = None  # ... and before this time
    side: str | None = None
    combatant: str | None = None

    def where(self, alias: str = "e") -> tuple[str, tuple[Any, ...]]:
        """The SQL condition on the encounters table (alias `e`) and its parameters."""
        clauses, params = ["1 = 1"], []
        for column, value in (("encounter_id", self.encounter), ("ruleset", self.ruleset)):
            if value is not None:
                clauses.append(f"{alias}.{column} = ?")
                params.append(value)
        if self.since is not None:
            clauses.append(f"{alias}.started_at >= ?")
            params.append(utc_text(self.since))
        if self.until is not None:
            clauses.append(f"{alias}.started_at < ?")
            params.append(utc_text(self.until))
        return " AND ".join(clauses), tuple(params)

    def who(self, alias: str = "f") -> tuple[str, tuple[Any, ...]]:
        """The SQL condition on a combatant's row (alias `f`) and its parameters."""
        clauses, params = ["1 = 1"], []
        for column, value in (("side", self.side), ("combatant", self.combatant)):
            if value is not None:
                clauses.append(f"{alias}.{column} = ?")
                params.append(value)
        return " AND ".join(clauses), tuple(params)


def utc_text(at: datetime) -> str:
    """ISO text in UTC, as the read model stores start times (naive: taken to be UTC)."""
    return (at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)).isoformat()
