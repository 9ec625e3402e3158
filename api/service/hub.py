"""The live hub: told of each line appended (by this worker's commits, or by the relay of other
workers'), it wakes whoever on this worker watches that encounter."""

from __future__ import annotations

import asyncio
import threading
from uuid import UUID

from domain.events import Fact


class Hub:
    """Fans appended lines out to the subscribers of each encounter. The event loop owns it:
    another thread (the committer, the relay) hands each report to the loop, which alone reads
    and changes the subscribers and the versions told."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.queues: dict[UUID, set[asyncio.Queue[int]]] = {}
        self.told: dict[UUID, int] = {}
        self._reports: list[tuple[UUID, int]] = []  # handed over, not yet taken by the loop
        self._handing = threading.Lock()

    def appended(self, encounter_id: UUID, version: int, facts: list[Fact]) -> None:
        """Called after each append, by this worker's service or the relay, from any thread:
        the reports handed over before the loop takes them are taken in one call, so a commit
        of many appends wakes the loop once, not once each. An encounter no one here watches
        wakes no one: one wake-up of the loop a commit the fewer (a subscriber joining after
        this check reads the store after joining, and finds these lines there)."""
        if encounter_id not in self.queues:  # read off the loop: one atomic look-up
            return
        with self._handing:
            self._reports.append((encounter_id, version))
            if len(self._reports) > 1:
                return  # the loop is already asked to take them
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._take)

    def _take(self) -> None:
        """On the loop: every report handed over since the last take, told in order."""
        with self._handing:
            reports, self._reports = self._reports, []
        for encounter_id, version in reports:
            self.tell(encounter_id, version)

    def tell(self, encounter_id: UUID, version: int) -> None:
        """On the loop: wake the encounter's subscribers; a version already told (the relay
        reporting this worker's own append) wakes no one; nothing is kept if no one watches."""
        queues = self.queues.get(encounter_id)
        if not queues or version <= self.told.get(encounter_id, 0):
            return
        self.told[encounter_id] = version
        for queue in queues:
            queue.put_nowait(version)

    def subscribe(self, encounter_id: UUID) -> asyncio.Queue[int]:
        """On the loop: a queue that is given each new version of the encounter."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.queues.setdefault(encounter_id, set()).add(queue)
        return queue

    def unsubscribe(self, encounter_id: UUID, queue: asyncio.Queue[int]) -> None:
        """On the loop: that queue is told no more; the encounter's last forgets it."""
        self.queues.get(encounter_id, set()).discard(queue)
        if not self.queues.get(encounter_id):
            self.queues.pop(encounter_id, None)
            self.told.pop(encounter_id, None)
