"""Group commit for the service: writes (new encounters, imports, facts, corrections) that
arrive while a commit is under way wait for the next one, which saves them all in one
transaction (one disk sync instead of one each).

The event loop hands a write to the committer thread and awaits its future, so it goes on
reading requests while the disk syncs; under load the next batch is whatever arrived meanwhile,
and with a single client a batch is one write, committed at once (nothing waits on a timer).
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from uuid import UUID, uuid4

from api.service.encounters import Append, Appended, Encounters
from api.store.access import Rotated
from domain.commands import Create, Import

MOST = 256  # writes in one commit at the most


class Committers:
    """The service's two lanes of group commit, each its own committer thread: the writes to
    encounters in play, and new encounters (a create, an import). A 5,000-line import takes
    ~0.3 s of CPU to check and save; in one lane every fight's appends would wait behind it."""

    def __init__(self, encounters: Encounters) -> None:
        self.encounters = encounters
        self.appends = GroupCommit(encounters, name="combatlog-commits")
        self.opened = GroupCommit(encounters, name="combatlog-new-encounters")

    def submit(self, append: Append) -> Future[Appended]:
        """The write's outcome, once the commit that holds it is done."""
        lane = self.opened if isinstance(append.command, Create | Import) else self.appends
        return lane.submit(append)

    async def new(self, command: Create | Import, by: str | None = None) -> UUID:
        """A new encounter's id, once the write that opens it (a create, an import) is
        committed; awaited on the event loop."""
        append = Append(uuid4(), command, by=by)
        await asyncio.wrap_future(self.submit(append))
        return append.encounter_id

    def stop(self) -> None:
        """Commit what is pending, then end the threads."""
        self.appends.stop()
        self.opened.stop()


class GroupCommit:
    """One committer thread for one lane of a service's writes."""

    def __init__(self, encounters: Encounters, most: int = MOST, name: str = "commits") -> None:
        self.encounters, self.most, self.name = encounters, most, name
        self._pending: list[tuple[Append, Future[Appended]]] = []
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopped = False

    def submit(self, append: Append) -> Future[Appended]:
        """The write's outcome, once the commit that holds it is done."""
        future: Future[Appended] = Future()
        with self._wake:
            if self._stopped:
                raise RuntimeError("the service is stopping")
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name)
                self._thread.daemon = True
                self._thread.start()
            self._pending.append((append, future))
            self._wake.notify()
        return future

    def stop(self) -> None:
        """Commit what is pending, then end the thread."""
        with self._wake:
            self._stopped = True
            self._wake.notify()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._pending and not self._stopped:
                    self._wake.wait()
                if not self._pending:
                    return
                taken, self._pending = self._pending[: self.most], self._pending[self.most :]
            # A request given up on (its client gone, the server stopping) is not committed.
            self._commit([(a, f) for a, f in taken if f.set_running_or_notify_cancel()])

    def _commit(self, batch: list[tuple[Append, Future[Appended]]]) -> None:
        """The writes whose tokens still stand, committed together; each future given its
        outcome."""
        try:
            batch = self._granted(batch)
            outcomes = self.encounters.append_many([append for append, _ in batch])
        except Exception as exc:  # the store failed: every append of the batch fails
            outcomes = [exc] * len(batch)
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            if isinstance(outcome, Exception):
                future.set_exception(outcome)
            else:
                future.set_result(outcome)

    def _granted(
        self, batch: list[tuple[Append, Future[Appended]]]
    ) -> list[tuple[Append, Future[Appended]]]:
        """The writes to go on: one let in on a token rotated away since (by any worker or the
        command line: the store is read now, after every request of the batch arrived) is
        refused with Rotated, before anything of it is decided."""
        grants = [(a.encounter_id, *a.grant) for a, _ in batch if a.grant is not None]
        stale = self.encounters.store.access.stale(grants) if grants else set()
        kept = []
        for append, future in batch:
            if append.grant is not None and (append.encounter_id, *append.grant) in stale:
                future.set_exception(Rotated(append.encounter_id))
            else:
                kept.append((append, future))
        return kept
