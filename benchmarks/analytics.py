"""Analytics benchmark: catch-up ingest and report latency over a large store.

Run: `make bench-analytics` (or `.venv/bin/python benchmarks/analytics.py [--events N]
[--encounters M] [--postgres]`). Builds M encounters of N/M lines each across the five rulesets
(each line stamped six seconds after the last, the encounters spread over a year) in a fresh
SQLite file (or PostgreSQL tables of its own), then measures, in the same run, the read model's
catch-up from zero and the latency of each standard report (best of three).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.analytics import Analytics, Filters, report
from api.service.encounters import Encounters
from api.store import EncounterStore
from benchmarks.synthetic import RULESETS, fight
from domain.events import Fact

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--encounters", type=int, default=2000)
    parser.add_argument("--postgres", action="store_true", help=f"tables of its own on {POSTGRES}")
    args = parser.parse_args()
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
    start = time.perf_counter()
    taken = analytics.catch_up()
    seconds = time.perf_counter() - start
    print("Catch-up from zero (notification log -> read model)")
    line(f"ingest {taken:,} events", taken / seconds, "events/s", "target >= 50,000",
         taken / seconds >= 50_000)  # fmt: skip
    line("  wall time", seconds, "s")

    print("Reports (best of 3; each also checks for new notifications first)")
    middle = START + timedelta(days=90)
    reports = {
        "every encounter": Filters(),
        "one ruleset (orcus)": Filters(ruleset="orcus"),
        "a date range (one quarter)": Filters(since=middle, until=middle + timedelta(days=91)),
        "one side (foes)": Filters(side="foes"),
        "one combatant across encounters": Filters(combatant="valeros"),
        "one encounter (with HP over time)": Filters(encounter=str(ids[len(ids) // 2])),
    }
    for label, filters in reports.items():
        latency = best(lambda f=filters: (analytics.catch_up(), report(analytics, f)))
        line(label, 1000 * latency, "ms", "target <= 1,000 ms", latency <= 1.0)
    store.close()


if __name__ == "__main__":
    main()
