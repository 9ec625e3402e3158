"""The running tallies one catching-up process keeps, and what a page's encounters come to.

A log that only grows extends its tally by the new lines; a correction among them, or no tally
here (never tallied, dropped, or folded by a worker, which keeps none), tallies it whole. The
tallies hold only while the rows they extend are the ones this process wrote: the model drops
them all (`clear`) whenever another process may have rewritten those rows.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from uuid import UUID

from api.analytics.ingest import fanout, pages, rows
from api.analytics.ingest.writing import Tallied
from api.store import EncounterStore
from domain.corrections import is_correction
from projections.analytics import Tally

log = logging.getLogger(__name__)
TALLIES_KEPT = 5000  # encounters whose running tallies this process keeps (least recent go)


@dataclass(slots=True)
class Ahead:
    """A page read, and the whole tallies of the encounters it touches that had none here to
    extend when it was read, begun (in the workers when there are many)."""

    page: pages.Page
    whole: list[UUID]
    pending: fanout.Pending


class Tallies:
    """Each encounter's lines tallied and its tally (None: a worker folded it), least recently
    used first; and the encounters whose figures fail, with why (each logged once)."""

    def __init__(self, store: EncounterStore) -> None:
        self.store = store
        self.kept: OrderedDict[UUID, tuple[int, Tally | None]] = OrderedDict()
        self.skips: dict[UUID, str] = {}

    def clear(self) -> None:
        """Forget every tally (the rows they extend may have been rewritten elsewhere)."""
        self.kept.clear()

    def ahead(self, page: pages.Page, pool: fanout.Pool, coming: Sequence[UUID]) -> Ahead:
        """The page, with the whole tallies of the encounters it touches that have no tally
        here to extend, nor one `coming` (the page before's), started."""
        kept, soon = self.kept, set(coming)
        whole = [e for e in page.touched if e not in kept and e not in soon]
        return Ahead(page, whole, pool.start(whole, page.lines))

    def computed(self, ahead: Ahead, pool: fanout.Pool) -> dict[UUID, Tallied]:
        """Each touched encounter's rows and the line its growing rows (turns, HP points) are
        stored to: a log that only grew extends its tally; one with a correction, or with no
        tally here, is tallied whole (0), on every core when there are many (None: the
        figures fail, logged; a store that cannot be read stops the catch-up). One whose tally
        already holds every line the page brings is left out: its rows stand (a log split
        across pages, tallied whole when its first page was read)."""
        computed: dict[UUID, Tallied] = {}
        started, whole = set(ahead.whole), []
        for encounter_id, reached in ahead.page.reached.items():
            if encounter_id in started or self._holds(encounter_id, reached):
                continue
            if (extended := self._extended(encounter_id)) is not None:
                computed[encounter_id] = extended[0]
            else:  # its tally is gone since the page was read, or a correction came
                whole.append(encounter_id)
        lines = ahead.page.lines
        for encounter_id, tallied in zip(ahead.whole, ahead.pending.results(), strict=True):
            computed[encounter_id] = self._kept(encounter_id, tallied, 0)
        for encounter_id, tallied in zip(whole, pool.tallies(whole, lines), strict=True):
            computed[encounter_id] = self._kept(encounter_id, tallied, 0)
        return computed

    def written(self, page: pages.Page) -> None:
        """The page's rows are stored: its tallies keep no copy of the turns and HP points."""
        for encounter_id in page.touched:
            if (kept := self.kept.get(encounter_id)) is not None and kept[1] is not None:
                kept[1].written()

    def refused(self, encounter_id: UUID, why: Exception) -> None:
        """The database refused the encounter's rows: it is skipped, with no tally kept."""
        self.kept.pop(encounter_id, None)
        self.skip(encounter_id, why)

    def skip(self, encounter_id: UUID, why: str | BaseException) -> None:
        """An encounter whose figures cannot be computed or stored is skipped (the others go
        on) and logged once per process and reason (catch-ups take turns: the model's lock)."""
        reason = why if isinstance(why, str) else f"{type(why).__name__}: {why}"
        if self.skips.get(encounter_id) != reason:
            self.skips[encounter_id] = reason
            log.error(
                "analytics: encounter %s skipped: its figures fail (%s)", encounter_id, reason
            )

    def _holds(self, encounter_id: UUID, reached: int) -> bool:
        """Whether the encounter's rows, as this process wrote them, go up to line `reached`."""
        cached = self.kept.get(encounter_id)
        if cached is None or cached[0] < reached:
            return False
        self.kept.move_to_end(encounter_id)
        return True

    def _extended(self, encounter_id: UUID) -> tuple[Tallied] | None:
        """(the tally extended by the lines since it was kept,) or None: none to extend."""
        version, tally = self.kept.pop(encounter_id, (0, None))
        if tally is None:
            return None
        new = self.store.lean_facts(encounter_id, after=version)
        if any(is_correction(fact) for fact in new):
            return None

        def extend() -> fanout.Whole:
            tally.saw(new)
            for position, fact in enumerate(new, version + 1):
                tally.add(position, fact)
            return version + len(new), rows.of(str(encounter_id), tally), tally

        return (self._kept(encounter_id, extend, version),)

    def _kept(
        self, encounter_id: UUID, tallied: fanout.Whole | Callable[[], fanout.Whole], since: int
    ) -> Tallied:
        """The rows of a tally, kept to extend later (None: they fail, logged once); its
        growing rows are stored up to line `since`."""
        try:
            made = tallied() if callable(tallied) else tallied
        except Exception as exc:  # e.g. a recorded time that cannot be put in UTC
            self.skip(encounter_id, exc)
            return None
        if isinstance(made, str):  # why a worker's fold failed
            self.skip(encounter_id, made)
            return None
        version, found, tally = made
        self.skips.pop(encounter_id, None)  # computed again: a later failure is news
        self.kept[encounter_id] = (version, tally)
        while len(self.kept) > TALLIES_KEPT:
            self.kept.popitem(last=False)
        return found, since
