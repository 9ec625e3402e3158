"""The analytics keeper in a process of its own, so the serving process's core stays on requests.

`combatlog serve` runs it this way; an app made in-process (tests, embedding) keeps it on a
thread. The child opens its own store on the same URL and ends when the service stops it or
when its parent is gone (even after a SIGKILL of the parent: it watches its parent's pid)."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from multiprocessing.process import BaseProcess

from api.analytics.ingest.keeper import Keeper
from api.analytics.ingest.model import Analytics
from api.store import EncounterStore

Opener = Callable[[], EncounterStore]  # picklable (a module's function, a partial of one)

NICENESS = 10  # the keeper's scheduling priority below the service's


def wanted(asked: bool, url: str) -> bool:
    """Whether the keeper should run in a process: asked for (the settings'
    `analytics_process`), and a store another process can open (not the in-memory one)."""
    return asked and url != "memory:"


def start(open_store: Opener, every: float) -> BaseProcess:
    """The keeper in a fresh interpreter (spawn), started, on the store `open_store` opens
    there, catching up every `every` seconds."""
    context = multiprocessing.get_context("spawn")
    child = context.Process(
        target=_keep,
        args=(open_store, every, os.getpid()),
        name="combatlog-analytics",
        daemon=False,
    )
    child.start()
    return child


def stop(child: BaseProcess) -> None:
    """SIGTERM (a page in flight rolls back; the next catch-up takes it again), then wait."""
    child.terminate()
    child.join(timeout=5)


def _keep(open_store: Opener, every: float, parent: int) -> None:
    os.nice(NICENESS)  # background work: the serving process comes first for the CPU
    store = open_store()
    keeper = Keeper(Analytics(store), every)
    keeper.start()
    try:
        while keeper.is_alive() and os.getppid() == parent:
            time.sleep(0.5)
    finally:
        keeper.stop()
        keeper.join(timeout=5)
        store.close()
