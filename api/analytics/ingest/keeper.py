"""The keeper: the read model caught up in the background (reports also catch up first)."""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.analytics.ingest.model import Analytics


SWEEP = 1.0  # seconds between catch-ups that need no push (PostgreSQL)


class Keeper(threading.Thread):
    """On PostgreSQL the library's subscription (LISTEN/NOTIFY) wakes the keeper, which catches
    up at most once per `every` seconds, and a sweep every `SWEEP` seconds catches what was
    committed before the LISTEN was in place. SQLite cannot push: there it polls."""

    def __init__(self, analytics: Analytics, every: float = 0.5) -> None:
        super().__init__(name="combatlog-analytics", daemon=True)
        self.analytics, self.every = analytics, every
        self.stopped = threading.Event()
        self.subscription: Any = None

    def run(self) -> None:
        if self.analytics.postgres:
            threading.Thread(
                target=self._sweep, name="combatlog-analytics-sweep", daemon=True
            ).start()
        while not self.stopped.is_set():
            try:
                if self.analytics.postgres:
                    self._follow_pushes()
                else:
                    self.analytics.catch_up()
            except Exception:  # a dropped connection must not end the keeper; retry next tick
                pass
            self.stopped.wait(self.every)

    def _follow_pushes(self) -> None:
        recorder: Any = self.analytics.store.application.recorder
        with recorder.subscribe(gt=self.analytics.position or None) as subscription:
            self.subscription = subscription
            if self.stopped.is_set():
                return
            for notification in subscription:
                if self.stopped.is_set():
                    return
                if notification.id > self.analytics.position:  # else: a catch-up took it
                    self.analytics.catch_up()
                    self.stopped.wait(self.every)  # let lines gather into the next page

    def _sweep(self) -> None:
        while not self.stopped.wait(max(SWEEP, self.every)):
            with contextlib.suppress(Exception):  # as in run: the next sweep tries again
                self.analytics.catch_up()

    def stop(self) -> None:
        self.stopped.set()
        if self.subscription is not None:
            self.subscription.stop()
