"""The encounter service: appends facts through the store, keeps each table hot, tells listeners."""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar, cast
from uuid import UUID

from api.store import EncounterStore, collector_paused
from api.store.batch import Request, append_batch
from api.store.mapper import CAST_TOPICS, CORRECTION_TOPICS, StoredFacts
from domain.events import (
    EncounterCreated,
    EventAmended,
    EventRestored,
    EventRevoked,
    Fact,
    TableFact,
)
from domain.integrity import LogError
from projections.history import CHECKPOINT_EVERY, History

T = TypeVar("T")
Clock = Callable[[], datetime]
Listener = Callable[[UUID, int, list[Fact]], None]
UNDOABLE_KINDS = ("EncounterCreated", "EventRevoked", "EventRestored")
Correction = EventRevoked | EventRestored | EventAmended
log = logging.getLogger(__name__)


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Appended:
    """What an append did: the lines it wrote (first..version) and the facts as stored."""

    first: int
    version: int
    facts: list[Fact]


@dataclass(frozen=True, slots=True)
class Append:
    """One append request: all of `facts` or none, after `expected_version` when given."""

    encounter_id: UUID
    facts: Sequence[Fact]
    expected_version: int | None = None
    by: str | None = None
    key: str | None = None


def check_key(key: str | None) -> None:
    """An Idempotency-Key is 1 to 200 characters."""
    if key is not None and not 1 <= len(key) <= 200:
        raise LogError(0, "an idempotency key is 1 to 200 characters", field="key")


@dataclass(slots=True)
class Encounters:
    """Every encounter's log and table; safe for threads within one process."""

    store: EncounterStore
    clock: Clock = utc_now
    listeners: list[Listener] = field(default_factory=list)
    _histories: dict[UUID, History] = field(default_factory=dict)
    _locks: dict[UUID, threading.Lock] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    def create(self, created: EncounterCreated, by: str | None = None) -> UUID:
        """A new encounter; line 1 is `created`, stamped with the time and who recorded it."""
        return self.store.create(self._stamp(created, by))  # type: ignore[arg-type]

    def import_log(self, facts: Sequence[Fact]) -> UUID:
        """A whole log as a new encounter, checked whole; `at` and `by` kept as given."""
        return self.store.import_log(facts)

    def history(self, encounter_id: UUID) -> History:
        """The encounter's tables, caught up with the store first: never staler than the log.
        Read it through `read` where a concurrent append could change it mid-view."""
        with self._lock(encounter_id):
            return self._caught_up(encounter_id)

    def read(self, encounter_id: UUID, view: Callable[[History], T]) -> T:
        """A view of the caught-up tables, computed while no append can change them."""
        with self._lock(encounter_id):
            return view(self._caught_up(encounter_id))

    def cached(self, encounter_id: UUID) -> bool:
        """Whether the encounter's tables are built in this process."""
        return encounter_id in self._histories

    def exists(self, encounter_id: UUID) -> None:
        """UnknownEncounter unless the encounter is stored (cached once seen)."""
        if encounter_id not in self._histories:
            self.store.version(encounter_id)

    def append(
        self,
        encounter_id: UUID,
        facts: Sequence[Fact],
        expected_version: int | None = None,
        by: str | None = None,
        key: str | None = None,
    ) -> Appended:
        """Append all facts or none; a retried `key` returns the first reply and appends nothing
        (the key is stored with the facts, so this holds across restarts and workers)."""
        check_key(key)
        with self._lock(encounter_id):
            stamped = [self._stamp(f, by, key) for f in facts]
            first, version = self.store.append_once(
                encounter_id, stamped, expected_version, key=key
            )
            appended = self._settled(encounter_id, stamped, first, version, key)
        self._tell(encounter_id, appended)
        return appended

    def append_many(self, appends: Sequence[Append]) -> list[Appended | Exception]:
        """Several appends (to one encounter or many) committed together, each all or none
        with its own outcome, as if made one after another (api/store/batch.py)."""
        ids = sorted({a.encounter_id for a in appends}, key=str)  # one order: no deadlock
        locks = [self._lock(encounter_id) for encounter_id in ids]
        for lock in locks:
            lock.acquire()
        try:
            stamped = [[self._stamp(f, a.by, a.key) for f in a.facts] for a in appends]
            requests = [
                Request(a.encounter_id, facts, a.expected_version, key=a.key)
                for a, facts in zip(appends, stamped, strict=True)
            ]
            outcomes = append_batch(self.store, requests)
            results: list[Appended | Exception] = [
                outcome if isinstance(outcome, Exception)
                else self._settled_stored(a.encounter_id, facts, *outcome, a.key)
                for a, facts, outcome in zip(appends, stamped, outcomes, strict=True)
            ]  # fmt: skip
        finally:
            for lock in reversed(locks):
                lock.release()
        for a, result in zip(appends, results, strict=True):
            if isinstance(result, Appended):
                self._tell(a.encounter_id, result)
        return results

    def _settled(
        self, encounter_id: UUID, stamped: Sequence[Fact], first: int, version: int, key: str | None
    ) -> Appended:
        """The cached tables after lines first..version were stored."""
        history = self._histories.get(encounter_id)
        # Facts this call wrote are stored as stamped: no need to read them back. With a key,
        # the lines may be an earlier request's (a retry answered from its receipt), so they
        # are read from the store.
        if key is None and history is not None and history.version == first - 1:
            for fact in stamped:
                history.append(fact)
        if history is None or history.version < version:
            history = self._caught_up(encounter_id)
        return Appended(first, version, list(history.events[first - 1 : version]))

    def _settled_stored(
        self, encounter_id: UUID, stamped: Sequence[Fact], first: int, version: int, key: str | None
    ) -> Appended:
        """As `_settled`, for lines already saved: if the tables cannot be brought up to date
        (the store unreadable a moment, a fold failing), they are dropped, to be rebuilt on the
        next read, and the append is still answered as the success it is."""
        try:
            return self._settled(encounter_id, stamped, first, version, key)
        except Exception:
            log.exception("the tables of %s are dropped after its append", encounter_id)
            self._histories.pop(encounter_id, None)
            return Appended(first, version, list(stamped) if key is None else [])

    def _tell(self, encounter_id: UUID, appended: Appended) -> None:
        for listener in list(self.listeners):
            try:
                listener(encounter_id, appended.version, appended.facts)
            except Exception:  # a listener's failure is its own: the append stands
                log.exception("a listener failed on %s at line %s", encounter_id, appended.version)

    def undo(
        self,
        encounter_id: UUID,
        position: int | None = None,
        reason: str | None = None,
        **how: Any,
    ) -> Appended:
        """Revoke line `position`, or the latest line that can be revoked, with the GM's reason."""
        target = position or latest_undoable(self.history(encounter_id))
        revoked = EventRevoked(target=target, **given(reason=reason))
        return self.append(encounter_id, [revoked], **how)

    def redo(
        self,
        encounter_id: UUID,
        position: int | None = None,
        reason: str | None = None,
        **how: Any,
    ) -> Appended:
        """Restore line `position`, or the line most recently revoked that is still revoked,
        with the GM's reason."""
        target = position or latest_revoked(self.history(encounter_id))
        restored = EventRestored(target=target, **given(reason=reason))
        return self.append(encounter_id, [restored], **how)

    def amend(
        self,
        encounter_id: UUID,
        position: int,
        replacement: TableFact,
        reason: str | None = None,
        **how: Any,
    ) -> Appended:
        """Correct the ruling at `position`: the replacement takes effect there."""
        amendment = EventAmended(target=position, replacement=replacement, **given(reason=reason))
        return self.append(encounter_id, [amendment], **how)

    def _caught_up(self, encounter_id: UUID) -> History:
        history = self._histories.get(encounter_id)
        if history is None:
            history = rebuilt(self.store, encounter_id)
            self._histories[encounter_id] = history
            return history
        for fact in self.store.facts(encounter_id, after=history.version):
            history.append(fact)
        return history

    def _lock(self, encounter_id: UUID) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(encounter_id, threading.Lock())

    def _stamp(self, fact: Fact, by: str | None, key: str | None = None) -> Fact:
        changes: dict[str, Any] = {} if key is None else {"key": key}
        if fact.at is None:
            changes["at"] = self.clock()
        if fact.by is None and by is not None:
            changes["by"] = by
        return fact.model_copy(update=changes) if changes else fact


def given(**fields: Any) -> dict[str, Any]:
    """The optional fields that have a value: a fact records only what was said (an unset field
    stays out of its JSON, where an explicit None would be written as null)."""
    return {name: value for name, value in fields.items() if value is not None}


def rebuilt(
    store: EncounterStore, encounter_id: UUID, stored: bool = True, every: int = CHECKPOINT_EVERY
) -> History:
    """The encounter's tables: from the latest stored table (api/store/tables.py), folding only
    the lines after it and decoding only those and the corrections; from line 1 when there is
    none (or `stored` is False), storing the tables that fold makes for the next rebuild.

    The cyclic collector is paused meanwhile (everything the fold makes lives on, so its scans
    would find nothing: ~40% of the time), and what it built is then frozen out of later
    collections too: a long log's objects would otherwise make the next full collection a pause
    of hundreds of milliseconds. (Frozen objects are still freed by reference counting.)"""
    rows = store.rows(encounter_id)
    lines = StoredFacts(store.mapper, [state for _, state in rows])
    corrections = [
        (at, cast(Correction, lines[at - 1]).target)
        for at, (topic, _) in enumerate(rows, 1)
        if topic in CORRECTION_TOPICS
    ]
    cast_at = [at for at, (topic, _) in enumerate(rows, 1) if topic in CAST_TOPICS]
    checkpoints = store.tables.of(encounter_id)
    if not stored:
        checkpoints.stored.clear()
    with collector_paused(), checkpoints.batch():
        history = History.resume(lines, checkpoints, corrections, every, cast_at)
        gc.freeze()
    return history


def latest_undoable(history: History) -> int:
    """The latest line that is a fact or an amendment and not already revoked."""
    revoked, events = history.revoked(), history.events
    for position in range(len(events), 1, -1):
        if position not in revoked and events[position - 1].type_name not in UNDOABLE_KINDS:
            return position
    raise LogError(len(events) + 1, "there is nothing to undo", "target")


def latest_revoked(history: History) -> int:
    """The target of the latest EventRevoked whose target is still revoked."""
    revoked = history.revoked()
    for at in reversed(history.correction_at):
        event = history.events[at - 1]
        if isinstance(event, EventRevoked) and event.target in revoked:
            return event.target
    raise LogError(history.version + 1, "there is nothing to redo", "target")
