"""Group commit for the service: writes (new encounters, imports, facts, corrections) that
arrive while a commit is under way wait for the next one, which saves them all in one
transaction (one disk sync instead of one each).

The event loop hands a write to the committer thread and awaits its outcome, so it goes on
reading requests while the disk syncs; under load the next batch is whatever arrived meanwhile,
and with a single client a batch is one write, committed at once (nothing waits on a timer).
The outcomes of a commit's writes awaited on the event loop are handed to it in one call.

The commit delay (COMBATLOG_COMMIT_DELAY, as PostgreSQL's commit_delay with its commit_siblings):
in a busy moment — a write arrived while another was waiting or being committed, within the last
BUSY_FOR seconds, so two writers or more are at it — the committer first waits up to the delay
for more writes to join the commit (ended early once it is full), so the moment's writes take
fewer commits. One client alone never sends a write while its last one is in flight, so it is
never busy: its writes are committed at once, as with no delay.

A write that lost the race to other writers (another worker saved first; its expected_version,
if any, still standing) is tried again in the next commit, beside what arrived meanwhile, until
RETRY_FOR seconds after it arrived: the committer never spins on one write while the others wait.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import suppress
from dataclasses import dataclass
from uuid import UUID, uuid4

from api.service.encounters import Append, Appended, Encounters
from api.service.errors import LostRace, TokenRotated
from domain.commands import Create, Import

MOST = 256  # writes in one commit at the most
# How long a write that keeps losing races is tried again, from its arrival: twice the longest
# such wait measured (2.5 s: 10 writers on one fight through two workers on PostgreSQL, 2 cores at
# load ~8), so contention alone does not reach it; well under proxies' read timeouts (30-60 s),
# so past it the client reads a 503 "nothing written, send it again" rather than a gateway's
# timeout that leaves it unsure (docs/http-api.md#errors-and-retries).
RETRY_FOR = 5.0
# How long after the last write that arrived while another was in flight the lane counts as busy
# (the commit delay applies): a fraction of a second, so a lone client after a busy moment is
# back to committing at once within it.
BUSY_FOR = 0.1
Outcome = Appended | Exception


@dataclass(frozen=True, slots=True)
class Awaited:
    """A write awaited on an event loop (`GroupCommit.committed`)."""

    loop: asyncio.AbstractEventLoop
    waiter: asyncio.Future[Appended]

    def set_running_or_notify_cancel(self) -> bool:
        """False if its request was given up on (as a Future's own method answers)."""
        return not self.waiter.cancelled()


Reply = Future[Appended] | Awaited
Waiting = tuple[Append, Reply, float]  # a write, who awaits it, and when it arrived (monotonic)


class Committers:
    """The service's two lanes of group commit, each its own committer thread: the writes to
    encounters in play, and new encounters (a create, an import). A 5,000-line import takes
    ~0.3 s of CPU to check and save; in one lane every fight's appends would wait behind it."""

    def __init__(self, encounters: Encounters, delay: float = 0.0) -> None:
        self.encounters = encounters
        self.appends = GroupCommit(encounters, name="combatlog-commits", delay=delay)
        self.opened = GroupCommit(encounters, name="combatlog-new-encounters", delay=delay)

    def submit(self, append: Append) -> Future[Appended]:
        """The write's outcome, once the commit that holds it is done."""
        return self._lane(append).submit(append)

    async def committed(self, append: Append) -> Appended:
        """The write's outcome, awaited on the event loop (its refusal raised)."""
        return await self._lane(append).committed(append)

    async def new(self, command: Create | Import, by: str | None = None) -> UUID:
        """A new encounter's id, once the write that opens it (a create, an import) is
        committed; awaited on the event loop."""
        append = Append(uuid4(), command, by=by)
        await self.committed(append)
        return append.encounter_id

    def written(self, append: Append) -> Appended:
        """The write's outcome (its refusal raised), waited for here: for a command, not the
        event loop."""
        return self.submit(append).result()

    def created(self, command: Create | Import, by: str | None = None) -> UUID:
        """A new encounter's id, once the write that opens it is committed, waited for here."""
        append = Append(uuid4(), command, by=by)
        self.written(append)
        return append.encounter_id

    def stop(self) -> None:
        """Commit what is pending, then end the threads."""
        self.appends.stop()
        self.opened.stop()

    def _lane(self, append: Append) -> GroupCommit:
        return self.opened if isinstance(append.command, Create | Import) else self.appends


class GroupCommit:
    """One committer thread for one lane of a service's writes. `delay`: the commit delay in
    seconds (0: none); `pause(seconds)` waits for more writes, the lock held (a test gives its
    own, so nothing of it rests on timing). `commits` and `committed` count the commits made
    and the writes they held (the service benchmark reads them)."""

    def __init__(
        self,
        encounters: Encounters,
        most: int = MOST,
        name: str = "commits",
        delay: float = 0.0,
        pause: Callable[[float], object] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.encounters, self.most, self.name, self.delay = encounters, most, name, delay
        self._pending: list[Waiting] = []
        self._again: list[Waiting] = []  # lost a race: first into the next commit
        self._wake = threading.Condition()
        self._pause = pause or self._wait_for_more
        self._clock = clock
        self._committing = False  # a batch is being committed (set and read under the lock)
        self._overlapped = -BUSY_FOR  # when a write last arrived while another was in flight
        self._thread: threading.Thread | None = None
        self._stopped = False
        self.commits = self.committed_writes = 0

    def submit(self, append: Append) -> Future[Appended]:
        """The write's outcome, once the commit that holds it is done."""
        future: Future[Appended] = Future()
        self._put(append, future)
        return future

    async def committed(self, append: Append) -> Appended:
        """The write's outcome, awaited on the event loop: no thread-safe future chained to it,
        and one wake-up of the loop for all of a commit's writes, not one each."""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[Appended] = loop.create_future()
        self._put(append, Awaited(loop, waiter))
        return await waiter

    def _put(self, append: Append, reply: Reply) -> None:
        with self._wake:
            if self._stopped:
                raise RuntimeError("the service is stopping")
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name)
                self._thread.daemon = True
                self._thread.start()
            now = self._clock()
            if self._pending or self._committing:  # another write is in flight: a busy moment
                self._overlapped = now
            self._pending.append((append, reply, now))
            if len(self._pending) in (1, self.most):  # else the committer was woken already,
                self._wake.notify()  # and takes the rest with it (~1 µs a write under load)

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
                while not self._pending and not self._again and not self._stopped:
                    self._wake.wait()
                if not self._pending and not self._again:
                    return
                if self.delay > 0 and self._busy():
                    self._pause(self.delay)  # more writes may join this commit
                again, self._again = self._again, []
                room = max(0, self.most - len(again))
                taken, self._pending = self._pending[:room], self._pending[room:]
                self._committing = True
            # A request given up on (its client gone, the server stopping) is not committed.
            try:
                self._commit(
                    [w for w in again if still_awaited(w[1])]
                    + [w for w in taken if w[1].set_running_or_notify_cancel()]
                )
            finally:
                self._committing = False  # (already, unless the commit itself failed)

    def _busy(self) -> bool:
        """A busy moment: another write arrived while one was in flight, BUSY_FOR ago at most,
        and the commit about to start has room for more."""
        waiting = len(self._pending) + len(self._again)
        return waiting < self.most and self._clock() - self._overlapped < BUSY_FOR

    def _wait_for_more(self, delay: float) -> None:
        """Up to `delay` seconds for more writes, ended early once the batch is full."""
        deadline = self._clock() + delay
        while len(self._pending) + len(self._again) < self.most and not self._stopped:
            left = deadline - self._clock()
            if left <= 0 or not self._wake.wait(left):
                return

    def _commit(self, batch: list[Waiting]) -> None:
        """The writes whose tokens still stand, committed together; each told its outcome, or
        kept for the next commit when it lost a race and its time is not up."""
        try:
            batch, replies = self._granted(batch)
        except Exception as exc:  # the store failed: every append of the batch fails
            self._done([])
            answer([(reply, exc) for _, reply, _ in batch])
            return
        self.commits, self.committed_writes = self.commits + 1, self.committed_writes + len(batch)
        try:
            outcomes = self.encounters.append_many([append for append, _, _ in batch])
        except Exception as exc:
            outcomes = [exc] * len(batch)
        now, again = self._clock(), []
        for waiting, outcome in zip(batch, outcomes, strict=True):
            if isinstance(outcome, LostRace) and now - waiting[2] < RETRY_FOR:
                again.append(waiting)
            else:
                replies.append((waiting[1], outcome))
        self._done(again)
        answer(replies)

    def _done(self, again: list[Waiting]) -> None:
        """The commit over, before its writes are answered (so a lone client's next write never
        finds one in flight): those that lost a race kept for the next."""
        with self._wake:
            self._again += again
            self._committing = False

    def _granted(self, batch: list[Waiting]) -> tuple[list[Waiting], list[tuple[Reply, Outcome]]]:
        """The writes to go on, and those refused: one let in on a token rotated away since (by
        any worker or the command line: the store is read now, after every request of the batch
        arrived) is refused with TokenRotated, before anything of it is decided."""
        grants = [(a.encounter_id, *a.grant) for a, _, _ in batch if a.grant is not None]
        stale = self.encounters.stale(grants) if grants else set()
        kept: list[Waiting] = []
        refused: list[tuple[Reply, Outcome]] = []
        for waiting in batch:
            append = waiting[0]
            if append.grant is not None and (append.encounter_id, *append.grant) in stale:
                refused.append((waiting[1], TokenRotated(append.encounter_id)))
            else:
                kept.append(waiting)
        return kept, refused


def still_awaited(reply: Reply) -> bool:
    """A write tried again: not given up on since (a Future, once running, cannot be)."""
    return not isinstance(reply, Awaited) or not reply.waiter.cancelled()


def answer(replies: list[tuple[Reply, Outcome]]) -> None:
    """Each write told its outcome: a Future at once, those awaited on a loop in one call to it."""
    loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Appended], Outcome]]] = {}
    for reply, outcome in replies:
        if isinstance(reply, Awaited):
            loops.setdefault(reply.loop, []).append((reply.waiter, outcome))
        elif isinstance(outcome, Exception):
            reply.set_exception(outcome)
        else:
            reply.set_result(outcome)
    for loop, settled in loops.items():
        with suppress(RuntimeError):  # the loop is closed: no one awaits these any more
            loop.call_soon_threadsafe(_settle, settled)


def _settle(settled: list[tuple[asyncio.Future[Appended], Outcome]]) -> None:
    """On the event loop: each waiter given its outcome (unless its request was given up on)."""
    for waiter, outcome in settled:
        if waiter.done():
            continue
        if isinstance(outcome, Exception):
            waiter.set_exception(outcome)
        else:
            waiter.set_result(outcome)
