"""Tells this worker's live subscribers about lines other workers appended: the notification log."""

from __future__ import annotations

import threading
from collections.abc import Callable
from uuid import UUID

from api.store import EncounterStore

PAGE = 500


class Relay(threading.Thread):
    """Polls the library's notification log and reports each new (encounter, version)."""

    def __init__(
        self, store: EncounterStore, tell: Callable[[UUID, int], None], every: float = 0.05
    ):
        super().__init__(name="combatlog-relay", daemon=True)
        self.store, self.tell, self.every = store, tell, every
        self.stopped = threading.Event()
        self.last = store.application.recorder.max_notification_id() or 0

    def run(self) -> None:
        while not self.stopped.wait(self.every):
            try:
                self.poll()
            except Exception:  # a dropped connection must not end live updates; retry next tick
                continue

    def poll(self) -> None:
        """Report every notification after the last one seen."""
        recorder = self.store.application.recorder
        while page := recorder.select_notifications(self.last, PAGE, inclusive_of_start=False):
            for notification in page:
                self.tell(UUID(str(notification.originator_id)), notification.originator_version)
                self.last = notification.id
            if len(page) < PAGE:
                return

    def stop(self) -> None:
        self.stopped.set()
