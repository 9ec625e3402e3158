"""The analytics rows for notebooks: one row per combatant per encounter, as CSV or Parquet
(pyarrow's writers over the reports' DuckDB copy), with the reports' filters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from api.analytics.ingest.model import Analytics
from api.analytics.queries.filters import Filters
from api.store import collector_paused

if TYPE_CHECKING:  # pyarrow is imported by an export when it runs, not with the service
    import pyarrow as pa

Format = Literal["csv", "parquet"]
MEDIA_TYPES: dict[Format, str] = {"csv": "text/csv", "parquet": "application/vnd.apache.parquet"}
COUNTED = ("healing_received", "attacks", "hits", "criticals", "natural_1s", "natural_20s",
           "attacks_received", "hits_received", "knockouts", "kills", "knocked_out",
           "killed")  # fmt: skip
# Timed turns: those with a recorded time at their start and at the next turn's start.
ROWS = (
    "SELECT e.encounter_id, e.name AS encounter_name, e.ruleset, "
    "CAST(e.started_at AS TIMESTAMPTZ) AS started_at, e.campaign, e.session_id, "
    "CAST(e.session_date AS DATE) AS session_date, e.session_title, e.branch_of, "
    "f.combatant, f.name, f.foe_type, f.side, "
    "f.kind, f.foe, f.damage_dealt, f.damage_dealt - f.damage_dealt_nonlethal AS "
    "damage_dealt_lethal, f.damage_dealt_nonlethal, f.damage_taken, f.damage_taken - "
    "f.damage_taken_nonlethal AS damage_taken_lethal, f.damage_taken_nonlethal, "
    + ", ".join(f"f.{column}" for column in COUNTED)
    + ", COALESCE(u.turns, 0) AS timed_turns, u.seconds AS turn_seconds "
    "FROM {t}fighters f JOIN {t}encounters e ON e.encounter_id = f.encounter_id "
    "LEFT JOIN {t}turns u ON u.encounter_id = f.encounter_id AND u.combatant = f.combatant "
    "WHERE {where} ORDER BY e.started_at, e.encounter_id, f.combatant"
)


def rows(analytics: Analytics, filters: Filters) -> pa.Table:
    """One row per combatant per encounter the filters select, earliest encounter first;
    `started_at` in UTC, the campaign and session each encounter is filed under (none: empty)."""
    where, params = filters.where()
    who, who_params = filters.who()
    from api.analytics.queries.mirror import mirror_of  # DuckDB: on the first report

    mirror = mirror_of(analytics)
    with collector_paused():
        mirror.sync()
        found = mirror.table(ROWS.replace("{where}", f"{where} AND {who}"), params + who_params)
    import pyarrow as pa

    at = found.schema.get_field_index("started_at")
    return found.set_column(at, "started_at", found["started_at"].cast(pa.timestamp("us", "UTC")))


def write(table: pa.Table, sink: Any, format: Format) -> None:
    """The rows to a path or a binary file, as CSV (a header line) or Parquet."""
    if format == "csv":
        import pyarrow.csv

        pyarrow.csv.write_csv(table, sink)
    else:
        import pyarrow.parquet

        pyarrow.parquet.write_table(table, sink)
