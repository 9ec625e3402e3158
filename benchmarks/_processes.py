"""What the benchmarks read from /proc: a process tree, its memory and its CPU, the machine's."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")


def rss(pid: int) -> int:
    """Resident set size of a process, in bytes (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    line = next((x for x in status.splitlines() if x.startswith("VmRSS:")), "VmRSS: 0 kB")
    return int(line.split()[1]) * 1024


def children(pid: int) -> list[int]:
    """The processes `pid` started (each thread's, as the kernel lists them)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += map(int, (task / "children").read_text().split())
        except OSError:  # the thread ended meanwhile
            continue
    return found


def descendants(pid: int) -> list[int]:
    """Every process started below `pid` (worker processes, their pools, the analytics keeper)."""
    return [d for child in children(pid) for d in (child, *descendants(child))]


def cpu(pid: int) -> float:
    """CPU seconds (user + system, all threads) the process has used so far (0 once gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def named_cpu(name: str) -> dict[int, float]:
    """CPU seconds used so far by each process whose command is `name` (e.g. postgres)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        if text[text.index("(") + 1 : text.rindex(")")] == name:
            found[int(stat.parent.name)] = cpu(int(stat.parent.name))
    return found


def used_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the processes used between two readings (one started meanwhile: all its)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, every core."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values[:8]) - idle) / TICK, sum(values[:8]) / TICK


def spent(action: Callable[[], Any]) -> float:
    """The CPU seconds this process spends on `action`."""
    start = time.process_time()
    action()
    return time.process_time() - start
