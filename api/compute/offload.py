"""CPU-heavy request work (rolling dice, parsing an import) off the event loop, so one request
cannot stall every other client. By default in worker processes: in a thread, such work holds
the GIL against the event loop, whose every wait for I/O then costs it a switch interval, and
the other clients' p99 grew 13-fold beside the heaviest requests (as on the loop itself), against
1.3-fold with processes (`make bench-service`, docs/benchmarks.md). The settings' `offload`
(`COMBATLOG_OFFLOAD=thread` or `inline`, on the event loop: a benchmark's baseline) choose
otherwise: the app factory hands it to `use`, as the worker processes are the process's own."""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Literal, TypeVar

from fastapi.concurrency import run_in_threadpool

from api.compute.watch import watch_parent

T = TypeVar("T")
Offload = Literal["process", "thread", "inline"]  # the settings' `offload`
_mode: Offload = "process"
_pool: ProcessPoolExecutor | None = None
_guard = threading.Lock()


def use(mode: Offload) -> None:
    """Run CPU-heavy work this way from now on (the settings' `offload`)."""
    global _mode
    _mode = mode


def mode() -> Offload:
    """How CPU-heavy work runs (default `process`)."""
    return _mode


async def off_loop(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` in a worker process or thread; its exception, if any, is raised here."""
    match mode():
        case "process":
            return await asyncio.wrap_future(_processes().submit(work, *args))
        case "inline":
            return work(*args)
        case _:
            return await run_in_threadpool(work, *args)


def warm() -> None:
    """Start the worker processes now (they take a second to import), not on the first roll."""
    if mode() == "process":
        _processes().submit(int)


def _processes() -> ProcessPoolExecutor:
    """The worker processes, started on first use (spawned: the service runs threads, which a
    fork would copy mid-lock), one per core, each ending with the process that started it."""
    global _pool
    with _guard:
        if _pool is None:
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(
                os.cpu_count() or 1, mp_context=context,
                initializer=watch_parent, initargs=(os.getpid(),),
            )  # fmt: skip
            atexit.register(_pool.shutdown, cancel_futures=True)
        return _pool
