"""Whole tallies folded in worker processes, one per core, for a catch-up over many encounters
(a first start, a rebuild). The workers only read the store; the catching-up process writes
every row, in the page's one transaction with the tracking position. A page's tallies can be
started (`Pool.start`) before the page ahead of it is written, so the workers fold while the
catching-up process writes."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from uuid import UUID

from api.analytics.ingest import rows
from api.compute.watch import watch_parent
from api.store import EncounterStore, collector_paused
from api.store.worker import worker_store
from projections.analytics import Tally, tallied

WHOLE_AT = 4  # encounters a page must tally whole before the fold is spread over processes
LINES_AT = 2000  # ... in a page of at least this many notifications: a catch-up of any size
# worth starting interpreters for (a report's catch-up behind the keeper by a few lines is not)
# (lines folded, their rows, the running tally when it is kept to extend), or why it failed
Whole = tuple[int, rows.Rows, Tally | None] | str


def tally_whole(store: EncounterStore, encounter_id: UUID, keep: bool = True) -> Whole:
    """The rows of the encounter's whole log and (`keep`) its running tally, or why its figures
    fail (the catching-up process logs it, once). The workers keep no tally: its table costs
    ~6 times its rows to pickle and unpickle, and a catch-up over many encounters (what the
    workers are for) seldom extends one; a log that grows after is tallied whole once more."""
    facts = store.lean_facts(encounter_id)  # folded and tallied, never written out
    try:
        tally = tallied(facts)
        found = rows.of(str(encounter_id), tally)
    except Exception as exc:  # e.g. a recorded time that cannot be put in UTC
        return f"{type(exc).__name__}: {exc}"
    return len(facts), found, tally if keep else None


def _in_worker(job: tuple[str, str | None, UUID]) -> Whole:
    url, name, encounter_id = job
    store = worker_store(url, name)
    with collector_paused():
        return tally_whole(store, encounter_id, keep=False)


class Pending:
    """Whole tallies started in the workers, or (none started) folded here when asked for."""

    def __init__(
        self,
        store: EncounterStore,
        encounters: Sequence[UUID],
        started: list[Future[Whole]] | None = None,
    ) -> None:
        self.store, self.encounters, self.started = store, encounters, started

    def results(self) -> list[Whole]:
        """Each encounter's whole tally, in the order given (waiting for the workers)."""
        if self.started is None:
            return [tally_whole(self.store, e) for e in self.encounters]
        return [future.result() for future in self.started]

    def cancel(self) -> None:
        """Not wanted after all: those not yet begun never are (the others run to their end)."""
        for future in self.started or ():
            future.cancel()


class Pool:
    """Spreads whole tallies over one process per core (none for the in-memory store, whose
    log no other process can read, or on a single core): started when first needed, ended
    with the catch-up (`with Pool(store) as pool`)."""

    def __init__(self, store: EncounterStore) -> None:
        self.store = store
        url = store.url
        in_memory = url == "memory:" or ":memory:" in url or "mode=memory" in url
        self.usable = not in_memory and (os.cpu_count() or 1) > 1
        self._executor: Executor | None = None

    def tallies(self, encounters: Sequence[UUID], lines: int) -> list[Whole]:
        """Each encounter's whole tally, in the order given (`lines`: the page's length)."""
        return self.start(encounters, lines).results()

    def start(self, encounters: Sequence[UUID], lines: int) -> Pending:
        """Each encounter's whole tally, begun in the workers when there are enough to spread
        (`lines`: the page's length); else folded in this process when asked for."""
        if not self.usable or len(encounters) < WHOLE_AT or lines < LINES_AT:
            return Pending(self.store, encounters)
        if self._executor is None:
            spawn = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(
                os.cpu_count(), mp_context=spawn, initializer=watch_parent, initargs=(os.getpid(),)
            )
        executor, url, name = self._executor, self.store.url, self.store.name
        return Pending(self.store, encounters, [
            executor.submit(_in_worker, (url, name, e)) for e in encounters
        ])  # fmt: skip

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *_: object) -> None:
        if self._executor is not None:
            self._executor.shutdown(cancel_futures=True)
