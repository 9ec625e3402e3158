"""Memory benchmark: the RSS of `combatlog serve` while it reads 10,000 encounters of 100 lines.

Run: `make bench-service` (after the service benchmark) or `.venv/bin/python benchmarks/memory.py
[--encounters N] [--lines L] [--quick]`. The encounters are written straight through the
library's recorder (a few distinct fights, each stored again under fresh ids), the service is
started on them, and each encounter's state and log are read once, then all of them a second
time. The service's RSS is printed as it goes, beside two baselines from the same run: the idle
service right after it started, and a bare interpreter with the same imports. Every cache of
the service has a limit, so past the first few hundred encounters the RSS should stay flat.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from eventsourcing.persistence import StoredEvent

from api.service.tokens import token
from api.store import EncounterStore
from api.store.batch import Append
from benchmarks._processes import descendants, rss
from benchmarks._service_common import HOST, report, server
from benchmarks._service_load import response
from benchmarks.synthetic import RULESETS, fight
from domain.commands import Import

SECRET = "memory-benchmark-secret"
FIGHTS = 20  # distinct logs; encounter n stores fight n % FIGHTS under its own id
CONNECTIONS = 4
MB = 1024 * 1024
# Past the largest cache of the service (4,096 encounters: the SQLite recorder's ids and the
# token generations a worker remembers; the tables of 256): from here on, every cache is full.
CACHES_FULL = 5000
IMPORTS = "import api.http.serve, api.cli.main, uvicorn"  # what `combatlog serve` has loaded


def helpers(pid: int) -> str:
    """The RSS of the processes the service started, in all and the largest."""
    each = [rss(child) for child in descendants(pid)]
    return f"{len(each)} processes, the largest {max(each, default=0) / MB:,.0f} MB"


def peak(pid: int) -> int:
    """The most the process has held resident, in bytes."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    return int(next(x for x in status if x.startswith("VmHWM:")).split()[1]) * 1024


def bare_interpreter() -> int:
    """The RSS of a fresh interpreter that imported what the service imports, and nothing more."""
    probe = f"{IMPORTS}; import os; print(open(f'/proc/{{os.getpid()}}/status').read())"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    line = next(x for x in out.stdout.splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def populate(url: str, encounters: int, lines: int) -> list[uuid.UUID]:
    """`encounters` logs of `lines` lines written through the library's recorder, 100 a batch."""
    with EncounterStore("memory:") as scratch:
        imports = [
            Append(uuid.uuid4(), Import(tuple(fight(lines, seed=k, ruleset=RULESETS[k % 5]))))
            for k in range(FIGHTS)
        ]
        for outcome in scratch.commit(imports):  # the store's one write path: each line's
            if isinstance(outcome, Exception):  # stored form as the service writes it
                raise outcome
        logs = [scratch.rows(written.encounter_id) for written in imports]
    ids = [uuid.uuid4() for _ in range(encounters)]
    with EncounterStore(url) as store:
        recorder = store.application.recorder
        for first in range(0, encounters, 100):
            recorder.insert_events([
                StoredEvent(encounter_id, version, topic, state)
                for n, encounter_id in enumerate(ids[first : first + 100], first)
                for version, (topic, state) in enumerate(logs[n % FIGHTS], 1)
            ])  # fmt: skip
    return ids


async def read_all(port: int, ids: list[uuid.UUID], lines: int) -> int:
    """GET each encounter's state and log (GM token) over CONNECTIONS keep-alive connections;
    the number of replies that were not a 200 with the whole log."""
    queue = iter(ids)
    failed = 0

    async def connection() -> None:
        nonlocal failed
        reader, writer = await asyncio.open_connection(HOST, port)
        for encounter_id in queue:
            gm = token(SECRET.encode(), encounter_id, "gm")
            for what in ("state", "log"):
                writer.write(
                    f"GET /encounters/{encounter_id}/{what} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                    f"Authorization: Bearer {gm}\r\n\r\n".encode()
                )
                status, body = await response(reader)
                whole = what == "log" or f'"version":{lines},'.encode() in body
                failed += status != 200 or not whole
        writer.close()

    await asyncio.gather(*(connection() for _ in range(CONNECTIONS)))
    return failed


def measure(args: argparse.Namespace, folder: Path) -> None:
    url = f"sqlite:///{folder / 'memory.sqlite'}"
    start = time.perf_counter()
    ids = populate(url, args.encounters, args.lines)
    took = time.perf_counter() - start
    print(f"  stored {len(ids):,} encounters x {args.lines} lines in {took:.1f} s")
    bare = bare_interpreter()
    report("baseline: bare interpreter with the service's imports", bare / MB, "MB")
    with server(folder, url, {"COMBATLOG_SECRET": SECRET}) as (base, pid):
        time.sleep(1)  # the worker pools and the analytics keeper started
        idle = rss(pid)
        report("baseline: the service idle, right after start", idle / MB, "MB", helpers(pid))
        first, last = passes(int(base.rsplit(":", 1)[1]), pid, ids, args.lines, idle)
        grown, full = (last - first) / MB, min(CACHES_FULL, len(ids))
        bounded = grown <= max(0.1 * (first - idle) / MB, 5.0)
        report(f"growth from {full:,} encounters to the end", grown, "MB",
               f"bounded (<= 10% of the first {full:,}'s)", bounded)  # fmt: skip
        report("service peak RSS", peak(pid) / MB, "MB", helpers(pid))


def passes(port: int, pid: int, ids: list[uuid.UUID], lines: int, idle: int) -> tuple[int, int]:
    """Read the encounters up to each mark, then all again, printing the RSS after each; the
    RSS once every cache is full (CACHES_FULL) and at the end."""
    full = min(CACHES_FULL, len(ids))
    marks = sorted({min(1000, len(ids)), full, len(ids)})
    done, first, now = 0, 0, 0
    for upto in [*marks, 0]:
        chunk = ids[done:upto] if upto else ids
        began = time.perf_counter()
        failed = asyncio.run(read_all(port, chunk, lines))
        rate = len(chunk) / (time.perf_counter() - began)
        done, now = upto, rss(pid)
        first = now if upto == full else first
        what = f"after reading {upto:,} encounters" if upto else "after a second pass over all"
        note = f"idle +{(now - idle) / MB:,.1f} MB; {rate:,.0f} encounters/s; failed {failed}"
        report(f"service RSS, {what}", now / MB, "MB", note, None if failed == 0 else False)
    return first, now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--encounters", type=int, default=10_000)
    parser.add_argument("--lines", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="2,000 encounters")
    args = parser.parse_args()
    if args.quick:
        args.encounters = min(args.encounters, 2_000)
    print(f"combatlog memory benchmark — {args.encounters:,} encounters of {args.lines} lines")
    folder = Path(tempfile.mkdtemp(prefix="combatlog-memory-"))
    try:
        measure(args, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
