"""Analytics benchmark: catch-up ingest and report latency over a large store.

Run: `make bench-analytics` (or `.venv/bin/python benchmarks/analytics.py [--events N]
[--encounters M] [--postgres]`). Builds M encounters of N/M lines each across the five rulesets
(each line stamped six seconds after the last, the encounters spread over a year) in a fresh
SQLite file (or PostgreSQL tables of its own), then measures, in the same run, the read model's
catch-up from zero and the latency of each standard report (best of three), each beside its
baseline: what a user gets by exporting every log as JSON Lines (`combatlog export`), loading
the files into DuckDB and running the report's equivalent query over the raw facts (damage
dealt and taken per combatant, the damage credited through the attack it cites, and attacks
made, for the same encounters and combatants).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import duckdb

from api.analytics import Analytics, Filters, report
from api.analytics.queries.mirror import mirror_of
from api.service.encounters import Encounters
from api.store import EncounterStore
from benchmarks import _against
from benchmarks.synthetic import RULESETS, fight
from domain.events import Fact
from domain.jsonl import write_jsonl

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
LOAD = (  # every exported line, with its log (file) and its line number in that log
    "CREATE TABLE facts AS SELECT *, row_number() OVER (PARTITION BY filename ORDER BY n) AS line "
    "FROM (SELECT *, row_number() OVER () AS n FROM read_json('{folder}/*.jsonl', "
    "format='newline_delimited', filename=true, union_by_name=true, sample_size=-1))"
)
EQUIVALENT = """
WITH logs AS (SELECT filename, ANY_VALUE(ruleset) AS ruleset, MIN("at") AS started
              FROM facts GROUP BY filename),
chosen AS (SELECT filename FROM logs WHERE {logs}),
sides AS (SELECT filename, combatant, side FROM facts WHERE type = 'CombatantJoined'),
hits AS (SELECT d.filename, COALESCE(a.attacker, 'unknown') AS dealer, d.target, d.amount
         FROM facts d LEFT JOIN facts a ON a.filename = d.filename AND a.line = d.attack
         WHERE d.type = 'DamageDealt'),
dealt AS (SELECT who, filename, SUM(dealt) AS dealt, SUM(taken) AS taken FROM (
            SELECT dealer AS who, filename, amount AS dealt, 0 AS taken FROM hits UNION ALL
            SELECT target, filename, 0, amount FROM hits) GROUP BY ALL),
attacks AS (SELECT attacker AS who, filename, COUNT(*) AS attacks FROM facts
            WHERE type = 'AttackMade' GROUP BY ALL)
SELECT s.combatant, ANY_VALUE(s.side), SUM(d.dealt), SUM(d.taken), SUM(a.attacks)
FROM sides s JOIN chosen USING (filename)
LEFT JOIN dealt d ON d.filename = s.filename AND d.who = s.combatant
LEFT JOIN attacks a ON a.filename = s.filename AND a.who = s.combatant
WHERE {who} GROUP BY s.combatant ORDER BY 3 DESC
"""
START = datetime(2026, 1, 1, 18, tzinfo=UTC)


def line(label: str, value: float, unit: str, target: str = "", ok: bool | None = None) -> None:
    mark = "" if ok is None else ("  met" if ok else "  MISSED")
    print(f"  {label:<52} {value:>12,.1f} {unit:<9} {target}{mark}", flush=True)


def stamped(log: list[Fact], n: int) -> list[Fact]:
    """The log with a time on every line: six seconds apart, fight n starting on day n % 365."""
    begin = START + timedelta(days=n % 365, minutes=n // 365)
    step = timedelta(seconds=6)
    return [fact.model_copy(update={"at": begin + i * step}) for i, fact in enumerate(log)]


def build(store: EncounterStore, encounters: int, events: int) -> list[uuid.UUID]:
    each = events // encounters
    ids, service = [], Encounters(store)
    start = time.perf_counter()
    for n in range(encounters):
        ids.append(service.import_log(stamped(fight(each, seed=n, ruleset=RULESETS[n % 5]), n)))
        if (n + 1) % max(1, encounters // 10) == 0:
            done = time.perf_counter() - start
            print(f"    built {n + 1:,} encounters ({(n + 1) * each:,} events) in {done:.0f} s")
    return ids


def best(action: Callable[[], Any], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def exported(store: EncounterStore, ids: list[uuid.UUID]) -> tuple[duckdb.DuckDBPyConnection, Path]:
    """Every log exported as JSON Lines (one file each, as `combatlog export` writes it), loaded
    into an in-memory DuckDB (timed: part of what the baseline costs a user)."""
    folder = Path(tempfile.mkdtemp(prefix="combatlog-export-"))
    for encounter_id in ids:
        (folder / f"{encounter_id}.jsonl").write_bytes(write_jsonl(store.facts(encounter_id)))
    db = duckdb.connect()
    start = time.perf_counter()
    db.execute(LOAD.replace("{folder}", str(folder)))
    loaded = time.perf_counter() - start
    print("Baseline: the exported JSON Lines loaded into DuckDB")
    line(f"load {len(ids):,} files", 1000 * loaded, "ms")
    return db, folder


def cpu() -> float:
    """CPU seconds (user and system) of this process and of its children that have ended."""
    own, ended = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime


def catch_up(analytics: Analytics) -> None:
    start, used = time.perf_counter(), cpu()
    taken = analytics.catch_up()  # its worker processes end with it: their CPU is counted
    seconds, used = time.perf_counter() - start, cpu() - used
    print("Catch-up from zero (notification log -> read model)")
    line(f"ingest {taken:,} events", taken / seconds, "events/s", "target >= 100,000",
         taken / seconds >= 100_000)  # fmt: skip
    line("  wall time", seconds, "s")
    line("  CPU time, this process and its workers", used, "s", f"{used / seconds:.2f} cores")
    cores = len(os.sched_getaffinity(0))
    line("  events a CPU-second (the rate on whole cores)", taken / used, "events/s",
         f"on {cores} whole cores: {cores * taken / used:,.0f} events/s")  # fmt: skip
    start = time.perf_counter()
    mirror_of(analytics).sync()
    line("  the reports' first copy of the rows (DuckDB)", time.perf_counter() - start, "s")


def reports(analytics: Analytics, db: duckdb.DuckDBPyConnection, folder: Path, one: str) -> None:
    print("Reports (best of 3; each also checks for new notifications first) | DuckDB baseline")
    middle = START + timedelta(days=90)
    since, until = middle.replace(tzinfo=None), (middle + timedelta(days=91)).replace(tzinfo=None)
    cases = {  # label: (filters, the baseline's condition on the logs, on the combatants)
        "every encounter": (Filters(), "true", "true"),
        "one ruleset (orcus)": (Filters(ruleset="orcus"), "ruleset = 'orcus'", "true"),
        "a date range (one quarter)": (
            Filters(since=middle, until=middle + timedelta(days=91)),
            f"started >= '{since}' AND started < '{until}'", "true",
        ),
        "one side (foes)": (Filters(side="foes"), "true", "s.side = 'foes'"),
        "one combatant across encounters": (
            Filters(combatant="valeros"), "true", "s.combatant = 'valeros'"
        ),
        "one encounter (with HP over time)": (
            Filters(encounter=one), f"filename = '{folder}/{one}.jsonl'", "true"
        ),
    }  # fmt: skip
    for label, (filters, logs, who) in cases.items():
        latency = best(lambda f=filters: (analytics.catch_up(), report(analytics, f)))
        query = EQUIVALENT.replace("{logs}", logs).replace("{who}", who)
        baseline = best(lambda q=query: db.execute(q).fetchall())
        line(label, 1000 * latency, "ms", f"target <= 100 ms; DuckDB {1000 * baseline:,.1f} ms "
             f"(x{latency / baseline:.2f})", latency <= 0.1)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--encounters", type=int, default=2000)
    parser.add_argument("--postgres", action="store_true", help=f"tables of its own on {POSTGRES}")
    _against.add_options(parser)
    args = parser.parse_args()
    if args.against:
        return _against.run_against(__file__, args.against, args.turns)
    if args.postgres:
        url, name, where = POSTGRES, f"combatlog_bench_{uuid.uuid4().hex[:8]}", POSTGRES
    else:
        folder = Path(tempfile.mkdtemp(prefix="combatlog-analytics-"))
        url, name, where = f"sqlite:///{folder / 'bench.sqlite'}", None, str(folder)
    store = EncounterStore(url, name=name)
    total = args.events // args.encounters * args.encounters
    print(f"combatlog analytics benchmark — {args.encounters:,} encounters, {total:,} events, "
          f"five rulesets, store at {where}")  # fmt: skip
    ids = build(store, args.encounters, args.events)
    analytics = Analytics(store)
    catch_up(analytics)
    db, exports = exported(store, ids)
    reports(analytics, db, exports, str(ids[len(ids) // 2]))
    store.close()


if __name__ == "__main__":
    main()
