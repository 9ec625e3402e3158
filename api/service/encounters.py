"""The encounter service: writes through the store's one path, keeps each table hot, tells
listeners."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from operator import attrgetter
from typing import Any, TypeVar, cast
from uuid import UUID, uuid4
from weakref import WeakValueDictionary

from api.service.errors import raised_again
from api.store import EncounterStore, EncounterSummary, collector_paused
from api.store.batch import Append, Appended
from api.store.errors import KeyReused, UnknownEncounter, VersionConflict
from api.store.mapper import CAST_TOPICS, CORRECTION_TOPICS, StoredFacts
from api.store.write import fork_id
from domain.commands import AppendFacts, Command, Create, Import
from domain.corrections import Correction
from domain.events import Fact
from projections.history import CHECKPOINT_EVERY, History

T = TypeVar("T")
# encounters, and lines in all (~2 kB each), whose tables a process keeps built (a cache: the
# least recently used is rebuilt when next read), so memory stays bounded however many are read
HISTORIES_KEPT, LINES_KEPT = 256, 250_000
Clock = Callable[[], datetime]
NUMBER = attrgetter("int")  # a UUID's 128-bit number
Listener = Callable[[UUID, int, list[Fact]], None]
log = logging.getLogger(__name__)
# a write, its outcome and a keyed fork's branch id, from the store
__all__ = ["Append", "Appended", "Encounters", "fork_id", "rebuilt"]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True)
class Encounters:
    """Every encounter's log and table; safe for threads within one process."""

    store: EncounterStore
    clock: Clock = utc_now
    listeners: list[Listener] = field(default_factory=list)
    _histories: OrderedDict[UUID, History] = field(default_factory=OrderedDict)
    # a lock lives while a thread holds or waits on it: no two for one encounter at once
    _locks: WeakValueDictionary[UUID, threading.Lock] = field(default_factory=WeakValueDictionary)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    def import_log(self, facts: Sequence[Fact]) -> UUID:
        """A whole log as a new encounter, checked whole; `at` and `by` kept as given."""
        encounter_id = uuid4()
        self.append(encounter_id, Import(tuple(facts)))
        return encounter_id

    def history(self, encounter_id: UUID) -> History:
        """The encounter's tables, caught up with the store first: never staler than the log.
        Read it through `read` where a concurrent append could change it mid-view."""
        with self._lock(encounter_id):
            try:
                return self._caught_up(encounter_id)
            except UnknownEncounter as exc:
                raise raised_again(exc) from None

    def read(self, encounter_id: UUID, view: Callable[[History], T]) -> T:
        """A view of the caught-up tables, computed while no append can change them."""
        with self._lock(encounter_id):
            try:
                history = self._caught_up(encounter_id)
            except UnknownEncounter as exc:
                raise raised_again(exc) from None
            return view(history)

    def cached(self, encounter_id: UUID) -> bool:
        """Whether the encounter's tables are built in this process."""
        return encounter_id in self._histories

    def exists(self, encounter_id: UUID) -> None:
        """UnknownEncounter unless the encounter is stored (cached once seen)."""
        if encounter_id not in self._histories:
            try:
                self.store.version(encounter_id)
            except UnknownEncounter as exc:
                raise raised_again(exc) from None

    def facts(self, encounter_id: UUID, upto: int | None = None) -> list[Fact]:
        """The log as stored, lines 1..n (or ..upto), decoded without a fold."""
        try:
            return self.store.facts(encounter_id, upto=upto)
        except UnknownEncounter as exc:
            raise raised_again(exc) from None

    def listed(self, table: str | None = None) -> list[EncounterSummary]:
        """Every encounter (of one table when given), oldest first: its id, name, rules, length
        and table."""
        return self.store.list_encounters(table)

    def stale(self, grants: list[tuple[UUID, str, int]]) -> set[tuple[UUID, str, int]]:
        """Of (encounter, role, generation) grants, those whose token was rotated since: one
        read of the store for them all."""
        return self.store.access.stale(grants)

    def append(self, encounter_id: UUID, command: Command | Sequence[Fact], **how: Any) -> Appended:
        """One write, a batch of one (see `append_many`); its refusal raised."""
        if isinstance(command, Sequence):  # facts given: append them
            command = AppendFacts(tuple(command))
        outcome = self.append_many([Append(encounter_id, command, **how)])[0]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def append_many(self, appends: Sequence[Append]) -> list[Appended | Exception]:
        """Several writes (to one encounter or many, new ones too) committed together, stamped
        now (one reading of the clock), each all or none with its own outcome, as if made one
        after another (api/store/batch.py). A retried `key` returns the first reply and appends
        nothing (the key is stored with the facts, so this holds across restarts and workers),
        unless the `fingerprint` of the request that used it first differs (KeyReused)."""
        # one order, so no deadlock; by the id's number, not its text (str() is ~1 µs a UUID)
        ids = sorted({a.encounter_id for a in appends}, key=NUMBER)
        locks = [self._lock(encounter_id) for encounter_id in ids]
        for lock in locks:
            lock.acquire()
        try:
            outcomes = self.store.commit(appends, self.clock())
            results = [
                refused(outcome) if isinstance(outcome, Exception) else self._settled(a, outcome)
                for a, outcome in zip(appends, outcomes, strict=True)
            ]
        finally:
            for lock in reversed(locks):
                lock.release()
        for a, result in zip(appends, results, strict=True):
            if isinstance(result, Appended):
                self._tell(a.encounter_id, result)
        return results

    def _settled(self, append: Append, written: Appended) -> Appended:
        """The cached tables after lines first..version were stored (a new log's are built
        when first read). If they cannot be brought up to date (the store unreadable a moment,
        a fold failing), they are dropped, to be rebuilt on the next read, and the write is
        still answered as the success it is."""
        encounter_id, first, last = append.encounter_id, written.first, written.version
        if isinstance(append.command, Create | Import):
            return written
        try:
            history = self._cached(encounter_id)
            # Lines this call wrote are kept as stored: no need to read them back. A retry's
            # key answers with an earlier request's lines, read from the store.
            if written.facts is not None and history is not None and history.version == first - 1:
                for fact in written.facts:
                    history.append(fact)
            if history is None or history.version < last:
                history = self._caught_up(encounter_id)
            return Appended(first, last, list(history.events[first - 1 : last]))
        except Exception:
            log.exception("the tables of %s are dropped after its append", encounter_id)
            with self._guard:
                self._histories.pop(encounter_id, None)
            return Appended(first, last, written.facts or [])

    def _tell(self, encounter_id: UUID, appended: Appended) -> None:
        for listener in list(self.listeners):
            try:
                listener(encounter_id, appended.version, appended.facts or [])
            except Exception:  # a listener's failure is its own: the append stands
                log.exception("a listener failed on %s at line %s", encounter_id, appended.version)

    def _caught_up(self, encounter_id: UUID) -> History:
        history = self._cached(encounter_id)
        if history is None:
            history = rebuilt(self.store, encounter_id)
            self._keep(encounter_id, history)
            return history
        for fact in self.store.facts(encounter_id, after=history.version):
            history.append(fact)
        return history

    def _cached(self, encounter_id: UUID) -> History | None:
        """The encounter's tables if this process keeps them, now the most recently used."""
        with self._guard:
            history = self._histories.get(encounter_id)
            if history is not None:
                self._histories.move_to_end(encounter_id)
            return history

    def _keep(self, encounter_id: UUID, history: History) -> None:
        """Keep the tables, forgetting the least recently used past HISTORIES_KEPT or LINES_KEPT
        (never the one just kept; a forgotten encounter is rebuilt from its stored tables)."""
        with self._guard:
            kept = self._histories
            kept[encounter_id] = history
            lines = sum(each.version for each in kept.values())
            while len(kept) > HISTORIES_KEPT or (lines > LINES_KEPT and len(kept) > 1):
                lines -= kept.popitem(last=False)[1].version

    def _lock(self, encounter_id: UUID) -> threading.Lock:
        with self._guard:
            lock = self._locks.get(encounter_id)
            if lock is None:
                lock = self._locks[encounter_id] = threading.Lock()
            return lock


def refused(outcome: Exception) -> Exception:
    """A write's refusal as the service's callers meet it (the store's raised again)."""
    if isinstance(outcome, UnknownEncounter | VersionConflict | KeyReused):
        return cast(Exception, raised_again(outcome))
    return outcome


def rebuilt(
    store: EncounterStore, encounter_id: UUID, stored: bool = True, every: int = CHECKPOINT_EVERY
) -> History:
    """The encounter's tables: from the latest stored table (api/store/tables.py), folding only
    the lines after it and decoding only those and the corrections; from line 1 when there is
    none (or `stored` is False), storing the tables that fold makes for the next rebuild.

    The cyclic collector is paused meanwhile (everything the fold makes lives on, so its scans
    would find nothing: ~40% of the time), through the store's one counted pause."""
    with collector_paused():
        rows = store.rows(encounter_id)
        lines = StoredFacts(store.mapper, [state for _, state in rows])
        corrections = [
            (at, cast(Correction, lines.folded[at - 1]).target)
            for at, (topic, _) in enumerate(rows, 1)
            if topic in CORRECTION_TOPICS
        ]
        cast_at = [at for at, (topic, _) in enumerate(rows, 1) if topic in CAST_TOPICS]
        checkpoints = store.tables.of(encounter_id)
        if not stored:
            checkpoints.stored.clear()
        with checkpoints.batch():
            history = History.resume(lines, checkpoints, corrections, every, cast_at, lines.folded)
    return history
