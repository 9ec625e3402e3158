"""Tells this worker's live subscribers about lines other workers appended: the notification log."""

from __future__ import annotations

import threading
from collections.abc import Callable
from uuid import UUID

from api.store import EncounterStore
from api.store.recorders import SQLiteFactRecorder, uuid_of

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
        """Report each log that moved since the last notification seen, once a page, at the
        last version the page holds (a subscriber reads every line up to it)."""
        while page := self.page():
            latest: dict[str, int] = {}
            for _, originator_id, version in page:
                latest[originator_id] = max(version, latest.get(originator_id, 0))
            for originator_id, version in latest.items():
                self.tell(uuid_of(originator_id), version)
            self.last = page[-1][0]
            if len(page) < PAGE:
                return

    def page(self) -> list[tuple[int, str, int]]:
        """(notification id, originator id, version) of the next notifications: on SQLite
        without reading each row's state."""
        recorder = self.store.application.recorder
        if isinstance(recorder, SQLiteFactRecorder):
            return recorder.select_versions(self.last, PAGE)
        page = recorder.select_notifications(self.last, PAGE, inclusive_of_start=False)
        return [(n.id, str(n.originator_id), n.originator_version) for n in page]

    def stop(self) -> None:
        self.stopped.set()
