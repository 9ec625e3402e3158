"""The read model's SQL tables and how one encounter's figures are written to them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from api.store.sql import Run, answers
from projections.analytics import Figures, Tally

TABLES: dict[str, str] = {
    "encounters": "encounter_id TEXT PRIMARY KEY, name TEXT, ruleset TEXT, started_at TEXT, "
    "ended INTEGER, rounds INTEGER, events INTEGER, seconds REAL, campaign TEXT, "
    "session_id TEXT, session_date TEXT, session_title TEXT, branch_of TEXT, table_id TEXT",
    "fighters": "encounter_id TEXT, combatant TEXT, name TEXT, side TEXT, kind TEXT, "
    "damage_dealt INTEGER, damage_dealt_nonlethal INTEGER, damage_taken INTEGER, "
    "damage_taken_nonlethal INTEGER, healing_received INTEGER, attacks INTEGER, hits INTEGER, "
    "criticals INTEGER, natural_1s INTEGER, natural_20s INTEGER, attacks_received INTEGER, "
    "hits_received INTEGER, knockouts INTEGER, kills INTEGER, knocked_out INTEGER, "
    "killed INTEGER, PRIMARY KEY (encounter_id, combatant)",
    "damage": "encounter_id TEXT, round INTEGER, dealer TEXT, target TEXT, damage_type TEXT, "
    "nonlethal INTEGER, amount INTEGER",
    "turns": "encounter_id TEXT, round INTEGER, combatant TEXT, seconds REAL, position INTEGER",
    "rounds": "encounter_id TEXT, round INTEGER, seconds REAL",
    "conditions": "encounter_id TEXT, combatant TEXT, condition TEXT, rounds INTEGER",
    "hp": "encounter_id TEXT, combatant TEXT, position INTEGER, round INTEGER, value INTEGER",
}
FIGHTER_COLUMNS = (
    "damage_dealt", "damage_dealt_nonlethal", "damage_taken", "damage_taken_nonlethal",
    "healing_received", "attacks", "hits", "criticals", "natural_1s", "natural_20s",
    "attacks_received", "hits_received", "knockouts", "kills", "knocked_out", "killed",
)  # fmt: skip
GROWING = ("turns", "hp")  # rows that only grow while a log only grows
# The largest figure one encounter may store: facts are bounded at the edge (±10^6, see
# domain.bounds), so only a log recorded before the bounds (or a million maximal hits) passes
# it, and the sums over 2^23 encounters still fit the 64-bit columns the reports add up.
FIGURE_LIMIT = 2**40
Rows = dict[str, list[tuple[Any, ...]]]  # an encounter's rows of each table


class FiguresTooLarge(ValueError):
    """An encounter's figures past FIGURE_LIMIT: it is skipped, not stored."""


def check(found: Figures) -> Figures:
    """The figures, if every number in them is within FIGURE_LIMIT; else FiguresTooLarge."""
    numbers: list[tuple[str, object]] = [
        *((f"{cid}.{c}", getattr(f, c)) for cid, f in found.fighters.items()
          for c in FIGHTER_COLUMNS),
        *(("damage", amount) for amount in found.damage.values()),
        *(("hp", point[-1]) for point in found.hp),
        *(("conditions", rounds) for rounds in found.condition_rounds.values()),
        ("rounds", found.rounds), ("events", found.events),
    ]  # fmt: skip
    for name, value in numbers:
        if isinstance(value, int) and not -FIGURE_LIMIT <= value <= FIGURE_LIMIT:
            raise FiguresTooLarge(f"{name} is {value}, past the {FIGURE_LIMIT} a figure may be")
    return found


def _session(found: Figures) -> tuple[str | None, str | None, str | None]:
    session = found.session
    if session is None:
        return None, None, None
    return session.id, session.date.isoformat(), session.title


def create(run: Run, prefix: str) -> bool:
    """The tables (and an index by encounter on each but `encounters`), if missing; whether
    they were made afresh because the stored ones lack a column (a model kept by an earlier
    release: its rows are dropped, to be taken again)."""
    stale = _stale(run, prefix)
    if stale:
        for name in TABLES:
            run(f"DROP TABLE IF EXISTS {prefix}{name}")
    for name, columns in TABLES.items():
        run(f"CREATE TABLE IF NOT EXISTS {prefix}{name} ({columns})")
    indexed(run, prefix)
    run(f"CREATE INDEX IF NOT EXISTS {prefix.replace('.', '_')}by_campaign "
        f"ON {prefix}encounters (table_id, campaign, session_date, session_id)")  # fmt: skip
    return stale


def indexed(run: Run, prefix: str) -> None:
    """The index by encounter on each table but `encounters` (keyed by it), if missing."""
    for name, index in _by_encounter(prefix):
        run(f"CREATE INDEX IF NOT EXISTS {index} ON {prefix}{name} (encounter_id)")


def unindexed(run: Run, prefix: str) -> None:
    """Those indexes dropped, for a load into empty tables: built once after it (`indexed`)
    they cost a third of what keeping them up row by row does."""
    schema = prefix.rpartition(".")[0]  # PostgreSQL's: the index is in the table's schema
    for _, index in _by_encounter(prefix):
        run(f"DROP INDEX IF EXISTS {schema}{'.' if schema else ''}{index}")


def _by_encounter(prefix: str) -> list[tuple[str, str]]:
    """(table, its index by encounter) of each table but `encounters`."""
    named = prefix.replace(".", "_")
    return [(name, f"{named}{name}_by_encounter") for name in TABLES if name != "encounters"]


def _stale(run: Run, prefix: str) -> bool:
    """Whether the encounters table is there without today's last column (`table_id`: a model
    kept before tables, whose rows name no table)."""
    there = answers(run, f"SELECT encounter_id FROM {prefix}encounters WHERE 1 = 0")
    return there and not answers(run, f"SELECT table_id FROM {prefix}encounters WHERE 1 = 0")


def replace(run: Run, prefix: str, key: str, found: Rows | None, since: int) -> None:
    """Replace the encounter's rows; the turns and HP points only after line `since`. No
    rows (`None`: its figures could not be computed) removes every row of the encounter."""
    delete(run, prefix, key, found, since)
    if found is not None:
        insert(run, prefix, found)


def delete(run: Run, prefix: str, key: str, found: Rows | None, since: int) -> None:
    """Remove the encounter's rows; the turns and HP points only after line `since` when there
    are figures to write (no figures: every row)."""
    for name in TABLES:
        growing = name in GROWING and found is not None
        after = " AND position > ?" if growing else ""
        params = (key, since) if growing else (key,)
        run(f"DELETE FROM {prefix}{name} WHERE encounter_id = ?{after}", params)


def insert(run: Run, prefix: str, written: Rows) -> None:
    """The rows, one bulk insert per table."""
    for name, rows in written.items():
        run(f"{prefix}{name}", rows, copy=True)


def of(key: str, tally: Tally) -> Rows:
    """The encounter's rows from its running tally (FiguresTooLarge past the limit)."""
    return made(key, check(tally.figures()))


def made(key: str, found: Figures) -> Rows:
    """The encounter's rows of each table, from its figures (the growing rows as kept: those
    after the line they are stored to)."""
    # The start as ISO text in UTC (`+00:00`): texts of one offset sort as the times do.
    start = None if found.started_at is None else utc_text(found.started_at)
    return {
        "encounters": [(key, found.name, found.ruleset, start, int(found.ended), found.rounds,
                        found.events, found.seconds, found.campaign, *_session(found),
                        found.branch_of, found.table)],
        "fighters": [(key, cid, f.name, f.side, f.kind, *(int(getattr(f, c))
                      for c in FIGHTER_COLUMNS)) for cid, f in found.fighters.items()],
        "damage": [(key, r, d, t, k, int(n), a) for (r, d, t, k, n), a in found.damage.items()],
        "turns": [(key, *turn) for turn in found.turns],
        "rounds": [(key, r, s) for r, s in found.round_seconds.items()],
        "conditions": [(key, c, n, r) for (c, n), r in found.condition_rounds.items()],
        "hp": [(key, *point) for point in found.hp],
    }  # fmt: skip


def utc_text(at: datetime) -> str:
    """ISO text in UTC, as the read model stores start times (naive: taken to be UTC)."""
    return (at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)).isoformat()
