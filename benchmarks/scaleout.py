"""Scale-out benchmark: the same flat-out appends against `combatlog serve` on PostgreSQL with one
worker and with two, in the same run, and where each run's CPU went.

Run: `make bench-service` (after the service and memory benchmarks) or `.venv/bin/python
benchmarks/scaleout.py [--seconds S] [--clients N] [--quick]`. Each server gets a fresh schema
in the `test` database at 127.0.0.1:5432 (dropped after), so tests sharing it are not disturbed;
without a reachable PostgreSQL it says so and exits 0. The load is benchmarks/service.py's
appenders (one keep-alive connection per encounter, each append sent when the last is
answered). Beside cmd/s and latency it prints the CPU each part used over the run: the workers,
their helper processes, PostgreSQL (every backend on the machine), the load generator, the whole
machine, and what the relay (each worker reading every other worker's lines back from the
notification log) costs per line, timed here on the run's own log.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast
from uuid import UUID

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.service.relay import Relay
from api.store import EncounterStore
from api.store.config import persistence_env
from api.store.encounters import STORAGE_ENV, CombatLog
from benchmarks._processes import (
    children,
    cpu,
    descendants,
    machine_busy,
    named_cpu,
    used_since,
)
from benchmarks._service_common import open_encounters, percentile, report, server
from benchmarks._service_load import appenders
from benchmarks.service import POSTGRES, errors_of, postgres_schema, quiet_child

SECRET = "scale-out-benchmark-secret"
CORES = len(os.sched_getaffinity(0))
PARTS = {
    "workers": "the serving worker(s)",
    "helpers": "their helpers (analytics keeper, pools)",
    "postgres": "PostgreSQL (every backend on the machine)",
    "load": "the load generator",
}


def reachable() -> str | None:
    """None if the benchmark's PostgreSQL answers, else why not."""
    try:
        import psycopg

        with psycopg.connect(POSTGRES, connect_timeout=3) as connection:
            connection.execute("SELECT 1")
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc) else ''}"
    return None


def workers_of(pid: int, workers: int) -> list[int]:
    """The processes serving requests: the server itself, or the supervisor's workers."""
    if workers == 1:
        return [pid]
    deadline = time.monotonic() + 30
    while len(found := [c for c in children(pid) if not tracker(c)]) < workers:
        if time.monotonic() > deadline:
            raise SystemExit(f"{workers} workers did not start: {found}")
        time.sleep(0.1)
    return found


def tracker(pid: int) -> bool:
    """Whether the process is multiprocessing's resource tracker, not a worker."""
    return b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()


def cpu_by_part(pid: int, serving: list[int]) -> dict[str, dict[int, float]]:
    """CPU seconds used so far, process by process: each serving worker, everything else the
    server started, PostgreSQL; and the machine's busy and total seconds."""
    helpers = [p for p in [pid, *descendants(pid)] if p not in serving]
    busy, total = machine_busy()
    return {
        **{f"worker {n}": {worker: cpu(worker)} for n, worker in enumerate(serving, 1)},
        "workers": {worker: cpu(worker) for worker in serving},
        "helpers": {helper: cpu(helper) for helper in helpers},
        "postgres": named_cpu("postgres"),
        "machine": {0: busy},
        "machine total": {0: total},
    }


def run(pool: Any, workers: int, args: argparse.Namespace) -> dict[str, float]:
    """One server with `workers` workers, on a fresh schema: the appenders flat out."""
    folder = Path(tempfile.mkdtemp(prefix="combatlog-scaleout-"))
    try:
        with postgres_schema() as schema:
            env = {"POSTGRES_SCHEMA": schema, "COMBATLOG_SECRET": SECRET}
            with server(folder, POSTGRES, env, workers) as (base, pid):
                serving = workers_of(pid, workers)
                time.sleep(args.settle)  # every worker's startup (and the demo's analytics) done
                print(f"{workers} worker(s) {serving} at {base}, schema {schema}: "
                      f"{args.clients} clients flat out for {args.seconds:g} s")  # fmt: skip
                load = open_encounters(base, args.clients, "scale-out")
                before = cpu_by_part(pid, serving)
                done = pool.apply(appenders, (base, load, args.seconds, None))
                after = cpu_by_part(pid, serving)
            relay = relay_cost(schema)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return shown(done, {k: used_since(before[k], after[k]) for k in after}, relay)


def shown(done: Any, used: dict[str, float], relay: float) -> dict[str, float]:
    """The run's figures printed; what the summary needs (rates, and CPU seconds a command)."""
    commands = max(1, len(done.latencies))
    rate = len(done.latencies) / done.seconds
    report("commands/s", rate, "cmd/s", f"errors: {errors_of(done)}", not done.errors)
    report("p50 latency", percentile(done.latencies, 50), "ms")
    report("p99 latency", percentile(done.latencies, 99), "ms")
    each = [v for k, v in used.items() if k.startswith("worker ")]
    parts = {"workers": used["workers"], "helpers": used["helpers"],
             "postgres": used["postgres"], "load": done.cpu}  # fmt: skip
    for part, label in PARTS.items():
        split = " + ".join(f"{100 * v / done.seconds:.0f}" for v in each)
        note = split if part == "workers" else ""
        share = 100 * parts[part] / done.seconds
        report(
            f"CPU: {label}",
            share,
            "% core",
            f"{1000 * parts[part] / commands:.2f} ms a command {note}",
        )
    busy = 100 * CORES * used["machine"] / used["machine total"]
    report("CPU: the whole machine (others' work too)", busy, "% core", f"of {CORES * 100}%")
    report("relay: reading back one line of the log", 1e6 * relay, "us", "each worker, per line")
    return {"rate": rate, "p99": percentile(done.latencies, 99),
            **{part: seconds / commands for part, seconds in parts.items()}}  # fmt: skip


def summary(runs: dict[int, list[dict[str, float]]]) -> None:
    """The ratio of the mean rates, and the ratio the CPU a command allows on this machine: one
    worker is held to one core by its own CPU a command, two to the machine's cores by
    everything a command costs (workers, helpers, PostgreSQL, the load generator)."""
    mean = {w: {k: sum(r[k] for r in rs) / len(rs) for k in rs[0]} for w, rs in runs.items()}
    one, two = mean[1], mean[2]
    total = sum(two[part] for part in PARTS)
    ceiling = min(2 / two["workers"], CORES / total) / min(1 / one["workers"], CORES / total)
    print(f"Summary over {len(runs[1])} alternating round(s):")
    report("one worker: commands/s (mean)", one["rate"], "cmd/s", f"p99 {one['p99']:.0f} ms")
    report("two workers: commands/s (mean)", two["rate"], "cmd/s", f"p99 {two['p99']:.0f} ms")
    report("two workers / one worker", two["rate"] / one["rate"], "x")
    note = f"{CORES} cores / {1000 * total:.2f} ms of CPU a command, all parts"
    report("the most the CPU a command allows here", ceiling, "x", note)


def relay_cost(schema: str) -> float:
    """Seconds a worker's relay spends per line reading the run's notification log back."""
    env = {**STORAGE_ENV, **persistence_env(POSTGRES), "POSTGRES_SCHEMA": schema}
    application = CombatLog(env)
    try:
        relay = Relay(cast(EncounterStore, SimpleNamespace(application=application)), told)
        lines, took = relay.last, []
        for _ in range(3):  # the best of three: the machine is shared
            relay.last, start = 0, time.perf_counter()
            relay.poll()
            took.append(time.perf_counter() - start)
        return min(took) / max(lines, 1)
    finally:
        application.close()


def told(encounter_id: UUID, version: int) -> None:
    """The relay's report, taken nowhere."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10, help="each run's length")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--settle", type=float, default=3, help="seconds after start")
    parser.add_argument("--rounds", type=int, default=2, help="alternations of 1 and 2 workers")
    parser.add_argument("--quick", action="store_true", help="one round of 5 s runs")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.rounds = min(args.seconds, 5), 1
    print(f"combatlog scale-out benchmark — PostgreSQL at {POSTGRES}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    if why := reachable():
        print(f"  skipped: PostgreSQL is not reachable ({why})")
        return
    runs: dict[int, list[dict[str, float]]] = {1: [], 2: []}
    with multiprocessing.get_context("spawn").Pool(1, initializer=quiet_child) as pool:
        for _ in range(args.rounds):  # alternating, so the machine's other load falls on both
            for workers in runs:
                runs[workers].append(run(pool, workers, args))
    summary(runs)


if __name__ == "__main__":
    main()
