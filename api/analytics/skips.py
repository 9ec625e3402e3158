"""Encounters whose figures cannot be computed or stored: each is skipped (the others go on) and
logged once per process, however many catch-ups and reports meet it again."""

from __future__ import annotations

import logging
import threading
from uuid import UUID

log = logging.getLogger("api.analytics.model")


class Skips:
    """The encounters skipped so far in this process, and why."""

    def __init__(self) -> None:
        self._why: dict[UUID, str] = {}
        self._guard = threading.Lock()

    def skipped(self, encounter_id: UUID, why: str | BaseException) -> None:
        """Log the skip, unless this encounter was already logged for the same reason."""
        reason = why if isinstance(why, str) else f"{type(why).__name__}: {why}"
        with self._guard:
            if self._why.get(encounter_id) == reason:
                return
            self._why[encounter_id] = reason
        log.error("analytics: encounter %s skipped: its figures fail (%s)", encounter_id, reason)

    def computed(self, encounter_id: UUID) -> None:
        """Its figures are computed again: a later failure is news."""
        if encounter_id in self._why:
            with self._guard:
                self._why.pop(encounter_id, None)

    def __contains__(self, encounter_id: object) -> bool:
        return encounter_id in self._why
