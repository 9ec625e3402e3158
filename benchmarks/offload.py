"""Event loop lag beside the heaviest requests the budgets allow, for each COMBATLOG_OFFLOAD mode:
what a client of the same process waits for the loop, without HTTP's noise around it."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.compute import offload
from api.http.facts import client_facts, imported_log
from benchmarks._service_heavy import DICE_BATCH, heaviest_import


async def lag(seconds: float) -> list[float]:
    """How late each 1 ms sleep of the loop wakes, in ms, for `seconds`."""
    late, end = [], time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        await asyncio.sleep(0.001)
        late.append(1000 * (time.perf_counter() - start) - 1)
    return sorted(late)


async def heavy(seconds: float, body: bytes) -> int:
    """The heaviest dice batch and the heaviest import, in turn, off the loop; how many pairs."""
    end, done = time.perf_counter() + seconds, 0
    while time.perf_counter() < end:
        await offload.off_loop(client_facts, DICE_BATCH)
        await offload.off_loop(imported_log, body)
        done += 1
    return done


def summary(late: list[float]) -> str:
    p50, p99 = late[len(late) // 2], late[int(len(late) * 0.99)]
    return f"p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {late[-1]:6.1f} ms"


async def main(seconds: float, modes: list[str], rounds: int) -> None:
    body = heaviest_import()
    for _ in range(rounds):
        for mode in modes:
            offload.use(mode)  # type: ignore[arg-type]
            offload.warm()
            await asyncio.sleep(2 if mode == "process" else 0)
            quiet = await lag(seconds)
            load = asyncio.create_task(heavy(seconds, body))
            beside = await lag(seconds)
            pairs = await load
            print(f"  {mode:<8} loop lag quiet: {summary(quiet)}", flush=True)
            print(f"  {mode:<8} beside {pairs:>2} heavy pairs: {summary(beside)}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=4)
    parser.add_argument("--modes", default="process,thread,inline")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"Event loop lag, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    asyncio.run(main(args.seconds, args.modes.split(","), args.rounds))
