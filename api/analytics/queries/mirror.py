"""The reports' copy of the read model: an in-memory DuckDB in each process that reports, kept
in step with the SQL tables (the record) by the tracking position. Unmoved, nothing is read;
moved on, only the encounters the notifications since touched are read again (or dropped: a
skipped encounter); moved back (a rebuild) or far on, everything is. See docs/analytics.md."""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID
from weakref import WeakKeyDictionary

import duckdb
import pyarrow as pa

from api.analytics.ingest.rows import TABLES

FULL_AT = 20_000  # notifications behind: read every row again rather than encounter by encounter
FOE_TYPE = r"regexp_replace(i.name, '\s+#?[0-9]+\s*$', '')"  # "Goblin 2", "Goblin #2": Goblin
EACH, SIDED = "SELECT * FROM incoming", "SELECT i.*, f.side FROM incoming i"
SIDE = "JOIN fighters f ON f.encounter_id = i.encounter_id AND f.combatant = i.combatant"
# The copy's tables: DuckDB columns after the read model's own, the SQL reading an encounter's
# rows (`{where}` picks the encounters) and what the copy keeps of them (`incoming`). Each
# encounter comes with its mean round time, each fighter with whether it is a foe (on a side
# with no player character in that encounter), turns summed per combatant, and damage,
# conditions and turns with the sides (damage also with its encounter's ruleset, start,
# campaign, session, parent and table, the filters' columns, and its dealer's and target's foe
# types): no report joins them again per damage row. A fighter's foe type is its name without
# a trailing number ("Goblin 2": Goblin).
COPIED = {
    "encounters": (
        ", seconds_per_round DOUBLE",
        "SELECT e.*, (SELECT AVG(r.seconds) FROM {t}rounds r WHERE r.encounter_id = "
        "e.encounter_id) FROM {t}encounters e {where}",
        EACH,
    ),
    "fighters": (
        ", foe BOOLEAN, foe_type TEXT",
        "SELECT f.*, NOT EXISTS (SELECT 1 FROM {t}fighters p WHERE p.encounter_id = "
        "f.encounter_id AND p.side = f.side AND p.kind = 'pc') FROM {t}fighters f {where}",
        f"SELECT i.*, {FOE_TYPE} FROM incoming i",
    ),
    "damage": (
        ", dealer_side TEXT, target_side TEXT, foe BOOLEAN, ruleset TEXT, started_at TEXT, "
        "dealer_type TEXT, target_type TEXT, campaign TEXT, session_id TEXT, branch_of TEXT, "
        "table_id TEXT",
        "SELECT * FROM {t}damage {where}",
        "SELECT i.*, fd.side, ft.side, fd.foe, e.ruleset, e.started_at, fd.foe_type, "
        "ft.foe_type, e.campaign, e.session_id, e.branch_of, e.table_id FROM incoming i "
        "JOIN encounters e ON e.encounter_id = i.encounter_id LEFT JOIN fighters fd ON "
        "fd.encounter_id = i.encounter_id AND fd.combatant = i.dealer LEFT JOIN fighters ft "
        "ON ft.encounter_id = i.encounter_id AND ft.combatant = i.target",
    ),
    "rounds": ("", "SELECT * FROM {t}rounds {where}", EACH),
    "conditions": (", side TEXT", "SELECT * FROM {t}conditions {where}", f"{SIDED} {SIDE}"),
    "turns": (
        ", side TEXT",
        "SELECT encounter_id, combatant, COUNT(*), SUM(seconds), MAX(seconds) FROM {t}turns "
        "{where} GROUP BY encounter_id, combatant",
        f"{SIDED} LEFT {SIDE}",
    ),
}


def _wide(columns: str) -> str:
    return columns.replace("INTEGER", "BIGINT").replace("REAL", "DOUBLE")


TURNS = "encounter_id TEXT, combatant TEXT, turns BIGINT, seconds DOUBLE, longest DOUBLE"
COLUMNS = {  # 64-bit integers and doubles, no keys (the copy is rewritten by encounter)
    name: _wide(TURNS if name == "turns" else TABLES[name].split(", PRIMARY KEY")[0]) + more
    for name, (more, _, _) in COPIED.items()
}


class Mirror:
    """The read model's rows in DuckDB, as of the tracking position last read."""

    def __init__(self, analytics: Any) -> None:  # its api.analytics.ingest.model.Analytics
        self.analytics = analytics
        self.db = duckdb.connect(":memory:", config={"threads": 1})
        self.position: int | None = None  # the tracking position the copy is of (None: empty)
        self.lock = threading.Lock()
        for name, columns in COLUMNS.items():
            self.db.execute(f"CREATE TABLE {name} ({columns})")

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a report's query (`{t}` before each table name), on the copy as it is."""
        with self.lock:
            return self.db.execute(sql.replace("{t}", ""), list(params)).fetchall()

    def table(self, sql: str, params: tuple[Any, ...] = ()) -> pa.Table:
        """A query's rows as an Arrow table (DuckDB's column types), on the copy as it is."""
        with self.lock:
            return self.db.execute(sql.replace("{t}", ""), list(params)).to_arrow_table()

    def sync(self) -> None:
        """Bring the copy to the tracking position: read the encounters changed since. Stopped
        half way, it is taken again from the same position next time."""
        with self.lock:
            position = self.analytics.position
            if position == self.position:
                return
            behind = self.position is None or not 0 <= position - self.position <= FULL_AT
            keys = None if behind else self._touched(self.position or 0, position)
            marks = "" if keys is None else f"WHERE encounter_id IN ({', '.join('?' * len(keys))})"
            with self.analytics.transaction(commit=False) as run:  # one reading of the rows
                for name, (_, sql, kept) in COPIED.items() if keys != [] else ():
                    rows = run(sql.replace("{where}", marks).replace("{t}", self.analytics.prefix),
                               tuple(keys or ()))  # fmt: skip
                    gone = "" if keys is None else "WHERE encounter_id IN (SELECT UNNEST(?))"
                    self.db.execute(f"DELETE FROM {name} {gone}", [] if keys is None else [keys])
                    if rows:
                        names = [column.split()[0] for column in COLUMNS[name].split(", ")]
                        columns = zip(names, zip(*rows, strict=True), strict=False)
                        self.db.register("incoming", pa.table({n: list(v) for n, v in columns}))
                        self.db.execute(f"INSERT INTO {name} {kept}")
                        self.db.unregister("incoming")
            self.position = position

    def _touched(self, after: int, until: int) -> list[str]:
        """The encounters the notifications in (after, until] belong to."""
        touched: set[str] = set()
        while after < until and (page := self.analytics.page_after(after)):
            touched.update(str(UUID(str(originator))) for n, originator in page if n <= until)
            after = page[-1][0]
        return sorted(touched)


_mirrors: WeakKeyDictionary[Any, Mirror] = WeakKeyDictionary()
_making = threading.Lock()


def mirror_of(analytics: Any) -> Mirror:
    """The reports' copy of this read model's rows (made on the first report: the keeper's
    process and the fold's workers never import DuckDB)."""
    with _making:
        mirror = _mirrors.get(analytics)
        if mirror is None:
            mirror = _mirrors[analytics] = Mirror(analytics)
        return mirror
