"""Service benchmark: `combatlog serve` driven over loopback by appenders and live subscribers."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import _against
from benchmarks import _service_heavy as heavy
from benchmarks._service_common import (
    HOST,
    free_port,
    open_encounters,
    percentile,
    report,
    server,
    started,
)
from benchmarks._service_idle import idle
from benchmarks._service_load import GRACE, Encounter, Run, appenders, naive, subscribers

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system, all threads) the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def noop_server(folder: Path, factory: str) -> Iterator[tuple[str, int]]:
    """A baseline app of benchmarks/_service_load.py on the same uvicorn as `combatlog serve`
    (its event loop and HTTP parser, one worker, no access log)."""
    port = free_port()
    app = f"benchmarks._service_load:{factory}"
    args = [sys.executable, "-m", "uvicorn", app, "--factory", "--host", HOST,
            "--port", str(port), "--no-access-log", "--log-level", "warning"]  # fmt: skip
    env = {"PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with started(args, folder, env, port) as running:
        yield running


def loop_cpu_of(pid: int) -> float:
    """CPU seconds the process's main thread (the event loop) has used so far; the rest of
    `cpu_of` is its other threads' (the committers, the relay, the thread pool)."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


PROBE = Path(__file__).resolve().parent / "probe"  # its sitecustomize answers SIGUSR1


def probed(folder: Path, env: dict[str, str]) -> dict[str, str]:
    """The server's environment with the probe of its group commits (benchmarks/probe)."""
    path = os.pathsep.join(filter(None, [str(PROBE), env.get("PYTHONPATH")]))
    return {**env, "PYTHONPATH": path, "COMBATLOG_BENCH_PROBE": str(folder / "probe.json")}


def commits_of(pid: int, folder: Path) -> tuple[int, int]:
    """The server's commits so far and the writes they held, all lanes (0, 0: no answer)."""
    target = folder / "probe.json"
    target.unlink(missing_ok=True)
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 5
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    if not target.exists():
        return 0, 0
    lanes = json.loads(target.read_text()).values()
    return sum(c for c, _ in lanes), sum(w for _, w in lanes)


def errors_of(run: Run) -> str:
    return ", ".join(f"{kind}: {n}" for kind, n in run.errors.most_common()) or "none"


def bench(pool: Any, label: str, url: str, env: dict[str, str], args: argparse.Namespace) -> None:
    """One backend: appends through the service, the naive path, then live subscribers."""
    folder = Path(tempfile.mkdtemp(prefix="combatlog-service-"))
    try:
        if args.commit_delay is not None:
            env = {**env, "COMBATLOG_COMMIT_DELAY": str(args.commit_delay)}
        with server(folder, url, probed(folder, env)) as (base, pid):
            delay = env.get("COMBATLOG_COMMIT_DELAY", "default")
            print(f"{label}: commit delay {delay} µs")
            print(f"{label}: combatlog serve (1 worker) at {base}, pid {pid}, in {folder}")
            load = open_encounters(base, 0 if args.only_live else args.clients, "load")
            live = open_encounters(base, args.live_encounters, "live")
            if not args.only_live:
                rate, done = appends(pool, base, pid, load, args, folder)
                if args.only_appends:
                    return
                naive_url = (
                    url if url.startswith("postgres") else f"sqlite:///{folder}/naive.sqlite"
                )
                naive_path(pool, naive_url, env, rate, done, args)
            subscribed(pool, base, pid, live, args)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


NOOPS = (("no-op FastAPI POST", "noop_fastapi"), ("no-op Starlette route", "noop_starlette"))


def appends(
    pool: Any, base: str, pid: int, load: list[Encounter], args: argparse.Namespace, folder: Path
) -> tuple[float, int]:
    """The no-op baselines flat out, the service flat out (capacity) beside them, then the
    target load offered on a fixed schedule: 1,500/s, or 60% of the FastAPI no-op's rate."""
    print(f"Appends: {args.clients} clients, one encounter each, {args.seconds:g} s, flat out")
    noop = baselines(pool, len(load), args.seconds)
    rate, done = append_phase(pool, base, pid, folder, load, args.seconds, None, noop)
    offered = min(args.offered, 0.6 * noop[0]) / len(load)
    print(
        f"Appends: {args.clients} clients at {offered:g}/s each ({offered * len(load):,.0f} "
        f"cmd/s offered), {args.seconds:g} s; latency from each command's scheduled time"
    )
    paced_noop = paced_baseline(pool, len(load), args.seconds, offered)
    paced = open_encounters(base, len(load), "paced")
    append_phase(pool, base, pid, folder, paced, args.seconds, offered, (math.nan, paced_noop))
    return rate, done


def noop_run(pool: Any, factory: str, clients: int, seconds: float, each: float | None) -> Any:
    """A no-op app under the load generator (flat out, or `each` a second a client): the run
    and the server's CPU seconds."""
    load = [(str(uuid.uuid4()), "gm_noop", "player_noop") for _ in range(clients)]
    folder = Path(tempfile.mkdtemp(prefix="combatlog-noop-"))
    try:
        with noop_server(folder, factory) as (base, pid):
            cpu = cpu_of(pid)
            run = pool.apply(appenders, (base, load, seconds, each))
            return run, cpu_of(pid) - cpu
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def paced_baseline(pool: Any, clients: int, seconds: float, each: float) -> float:
    """The FastAPI no-op paced as the service will be: its CPU a request (ms). A server
    woken for each request costs more a request than one that finds several at each wake-up,
    so the paced service's CPU reads against this, not the flat-out figure."""
    label, factory = NOOPS[0]
    run, used = noop_run(pool, factory, clients, seconds, each)
    cost: float = 1000 * used / max(1, len(run.latencies))
    note = f"{1000 * cost:.0f} µs CPU a request, server {100 * used / run.seconds:.0f}% of a core"
    report(f"{label}, paced: p99 latency", percentile(run.latencies, 99), "ms", note)
    return cost


def baselines(pool: Any, clients: int, seconds: float) -> tuple[float, float]:
    """Each no-op app's rate under the same load generator and uvicorn; the FastAPI one's rate
    and server CPU a request (ms: the machine's other load starves a server's share of a core,
    so the rate moves with it, and the CPU a request much less)."""
    rates, costs = [], []
    for label, factory in NOOPS:
        run, used = noop_run(pool, factory, clients, seconds, None)
        rates.append(len(run.latencies) / run.seconds)
        costs.append(1000 * used / max(1, len(run.latencies)))
        note = (
            f"p99 {percentile(run.latencies, 99):.1f} ms, {1000 * costs[-1]:.0f} µs CPU a request"
        )
        share = f"server {100 * used / run.seconds:.0f}% of a core"
        report(
            f"{label}: requests/s", rates[-1], "req/s", f"{note}, {share}", not run.errors or None
        )
    return rates[0], costs[0]


def append_phase(
    pool: Any,
    base: str,
    pid: int,
    folder: Path,
    load: list[Encounter],
    seconds: float,
    each: float | None,
    noop: tuple[float, float] = (math.nan, math.nan),
) -> tuple[float, int]:
    cpu, loop, commits = cpu_of(pid), loop_cpu_of(pid), commits_of(pid, folder)
    run = pool.apply(appenders, (base, load, seconds, each))
    served_cpu, done = cpu_of(pid) - cpu, len(run.latencies)
    loop = loop_cpu_of(pid) - loop
    made, held = (b - a for a, b in zip(commits, commits_of(pid, folder), strict=True))
    rate, p99 = done / run.seconds, percentile(run.latencies, 99)
    if each is None:
        ratio = f"x{rate / noop[0]:.2f} the FastAPI no-op; target >= x1.0"
        report("service: commands/s", rate, "cmd/s", ratio, rate >= noop[0])
    else:  # kept up with the schedule (the last few sends may fall just past the deadline)
        offered = each * len(load)
        report(
            "service: commands/s", rate, "cmd/s", f"offered {offered:,.0f}", rate >= 0.99 * offered
        )
    report("service: p50 latency", percentile(run.latencies, 50), "ms")
    report("service: p99 latency", p99, "ms", "target <= 20 ms", p99 <= 20)
    report("service: commands done", done, "cmd", f"errors: {errors_of(run)}", not run.errors)
    report("server CPU during the run", 100 * served_cpu / run.seconds, "% core")
    cost, than = 1e6 * served_cpu / max(1, done), f"the FastAPI no-op's: {1000 * noop[1]:.0f} µs"
    report("server CPU a command", cost, "µs", than if each is None else f"{than}, paced")
    report("  of which the event loop's thread", 1e6 * loop / max(1, done), "µs",
           "the rest: the committer and the other threads")  # fmt: skip
    report("load generator CPU during the run", 100 * run.cpu / run.seconds, "% core")
    report("commits/s", made / run.seconds, "/s", f"{held / max(1, made):.2f} writes a commit")
    return rate, done


def naive_path(
    pool: Any, url: str, env: dict[str, str], rate: float, done: int, args: argparse.Namespace
) -> None:
    each, cap = max(1, math.ceil(done / args.clients)), 2 * args.seconds
    print(f"Naive path: {args.clients} threads x {each} appends, load + append + save, no cache")
    run = pool.apply(naive, (url, env, args.clients, each, cap))
    slow = len(run.latencies) / run.seconds
    report("naive: commands/s", slow, "cmd/s", f"service/naive x{rate / slow:.2f}")
    report("naive: p50 latency", percentile(run.latencies, 50), "ms")
    report("naive: p99 latency", percentile(run.latencies, 99), "ms")
    note = f"{run.note or 'all done'}; errors: {errors_of(run)}"
    report("naive: commands done", len(run.latencies), "cmd", note)


def subscribed(
    pool: Any, base: str, pid: int, live: list[Encounter], args: argparse.Namespace
) -> None:
    count, rate, seconds = args.subscribers, args.rate, args.live_seconds
    print(
        f"Live: {count} SSE subscribers on {len(live)} encounters (GM and player tokens),"
        f" a writer at {rate:g} facts/s for {seconds:g} s"
    )
    cpu = cpu_of(pid)
    run = pool.apply(subscribers, (base, live, count, rate, seconds))
    served_cpu, p99 = cpu_of(pid) - cpu, percentile(run.latencies, 99)
    report("append-to-subscriber p50", percentile(run.latencies, 50), "ms")
    report("append-to-subscriber p99", p99, "ms", "target <= 50 ms", p99 <= 50)
    lost = f"of {run.expected:,}; errors: {errors_of(run)}"
    ok = run.lost == 0 and run.expected > 0
    report(
        f"lines lost (unreceived {GRACE:g} s after the last append)", run.lost, "lines", lost, ok
    )
    report("server CPU during the run", 100 * served_cpu / run.seconds, "% core")
    report("subscribers' and writer's CPU during the run", 100 * run.cpu / run.seconds, "% core")
    if args.idle:
        print(f"Live, idle: {args.idle} SSE subscribers on {len(live)} encounters, no new line")
        share = pool.apply(idle, (base, pid, live, args.idle, args.live_seconds))
        report("server CPU with every subscriber idle", 100 * share, "% core", "target ~0", None)


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A fresh schema for the library's tables (its POSTGRES_SCHEMA setting), dropped after."""
    import psycopg

    schema = f"combatlog_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
        try:
            yield schema
        finally:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


def quiet_child() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the pool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10, help="append phase length")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--offered", type=float, default=1500, help="cmd/s in the paced phase")
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--live-encounters", type=int, default=10)
    parser.add_argument("--rate", type=float, default=100, help="facts/s while subscribed")
    parser.add_argument("--live-seconds", type=float, default=5)
    parser.add_argument("--idle", type=int, default=1000, help="idle subscribers (0: none)")
    parser.add_argument("--postgres", action="store_true", help=f"a second run on {POSTGRES}")
    parser.add_argument("--heavy-seconds", type=float, default=15, help="heavy phase, each half")
    parser.add_argument("--heavy-rounds", type=int, default=3, help="quiet/loaded alternations")
    parser.add_argument("--heavy-appenders", type=int, default=20)
    parser.add_argument("--heavy-rate", type=float, default=10, help="appends/s per client")
    parser.add_argument("--offload", default="thread,process,inline",
                        help="COMBATLOG_OFFLOAD modes the heavy phase compares")  # fmt: skip
    parser.add_argument("--commit-delay", type=int, default=None,
                        help="COMBATLOG_COMMIT_DELAY for the served app (µs)")  # fmt: skip
    parser.add_argument("--only-postgres", action="store_true",
                        help="only the PostgreSQL run (and --only-appends)")  # fmt: skip
    parser.add_argument("--only-heavy", action="store_true", help="only the heavy phase")
    parser.add_argument("--only-live", action="store_true", help="only the live subscribers")
    parser.add_argument(
        "--only-appends", action="store_true", help="only the appends and baselines, SQLite"
    )
    _against.add_options(parser)
    args = parser.parse_args()
    if args.against:
        return _against.run_against(__file__, args.against, args.turns)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started in background
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    cores, usable, busy = os.cpu_count(), len(os.sched_getaffinity(0)), os.getloadavg()[0]
    print(f"combatlog service benchmark — {cores} cores ({usable} usable), load average {busy:.2f}")
    with multiprocessing.get_context("spawn").Pool(1, initializer=quiet_child) as pool:
        if not args.only_heavy and not args.only_postgres:
            bench(pool, "SQLite", "sqlite:///bench.sqlite", {}, args)
        if not args.only_live and not args.only_appends and not args.only_postgres:
            heavy.phase(pool, "sqlite:///bench.sqlite", {}, args)
        if args.only_heavy or args.only_live or (args.only_appends and not args.only_postgres):
            return
        if args.postgres or args.only_postgres:
            with postgres_schema() as schema:
                env = {"POSTGRES_SCHEMA": schema}
                bench(pool, f"PostgreSQL (schema {schema})", POSTGRES, env, args)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
