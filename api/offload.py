"""CPU-heavy request work (rolling dice, parsing an import) off the event loop, so one request
cannot stall every other client: in a thread by default, or in worker processes
(`COMBATLOG_OFFLOAD=process`). `make bench-service` measures both (see README "Benchmarks")."""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from fastapi.concurrency import run_in_threadpool

T = TypeVar("T")
_pool: ProcessPoolExecutor | None = None
_guard = threading.Lock()


MODES = ("thread", "process", "inline")  # inline: on the event loop, a benchmark's baseline


def mode() -> str:
    """How CPU-heavy work runs, from $COMBATLOG_OFFLOAD (default `thread`)."""
    given = os.environ.get("COMBATLOG_OFFLOAD", "thread")
    return given if given in MODES else "thread"


async def off_loop(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` in a worker thread or process; its exception, if any, is raised here."""
    match mode():
        case "process":
            return await asyncio.wrap_future(_processes().submit(work, *args))
        case "inline":
            return work(*args)
        case _:
            return await run_in_threadpool(work, *args)


def _processes() -> ProcessPoolExecutor:
    """The worker processes, started on first use (spawned: the service runs threads, which
    a fork would copy mid-lock), one per core."""
    global _pool
    with _guard:
        if _pool is None:
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=context)
            atexit.register(_pool.shutdown, cancel_futures=True)
        return _pool
