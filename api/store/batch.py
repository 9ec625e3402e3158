"""The one write path of the store: commands to several encounters, new ones among them,
saved in one transaction.

Each write keeps its own meaning (what its command decides, all or none, its expected version,
its Idempotency-Key); what they share is the commit, so one disk sync serves them all. A batch
of one is a single write. One loop retries: a round on cached aggregates first; a write that
round cannot settle (a version that differs, a fact refused, another writer's conflict) is
decided again in a round on aggregates read afresh, as many rounds as a blind append may take;
a refusal holds back only the other writes to its own encounter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.persistence import RecordConflictError

from api.store.aggregate import Encounter
from api.store.errors import LostRace, VersionConflict
from domain.commands import Command, Create, Import
from domain.events import Fact
from domain.integrity import LogError


class EncounterStore(Protocol):
    """What a batch needs of the store (`api.store.encounters.EncounterStore`), named here so
    the batch does not import the store that calls it."""

    application: Any

    def aggregate(self, encounter_id: UUID, fresh: bool = False) -> Encounter: ...

    def receipt(
        self, encounter_id: UUID, encounter: Encounter, key: str | None, fingerprint: str | None
    ) -> tuple[int, int] | None: ...

    def version(self, encounter_id: UUID) -> int: ...

    def evict(self, encounter_id: UUID) -> None: ...

    def save(
        self, recorded: dict[UUID, Encounter], written: Sequence[tuple[UUID, list[Fact]]]
    ) -> None: ...


BLIND_TRIES = 20  # a blind append that keeps losing races: each try reads the log afresh


@dataclass(frozen=True, slots=True)
class Append:
    """One write: what `command` decides, all or none, after `expected_version` when given (a
    Create or Import opens the new encounter `encounter_id`); each fact stamped with the time of
    its commit and `by` where it has none, and with the Idempotency-Key `key`."""

    encounter_id: UUID
    command: Command
    expected_version: int | None = None
    by: str | None = None
    key: str | None = None
    fingerprint: str | None = None  # the request's route and body, digested (api/http/idempotency)
    # the role and generation of the token the write was let in with, when checked against what
    # the worker remembered of the rotations: the committer confirms it (api/store/access.py)
    grant: tuple[str, int] | None = None

    def __post_init__(self) -> None:
        if self.key is not None and not 1 <= len(self.key) <= 200:
            raise LogError(0, "an idempotency key is 1 to 200 characters", field="key")

    def stamped(self, fact: Fact, at: datetime | None) -> Fact:
        """The one place a fact is stamped: `at` and `by` where it has none, the key (and the
        fingerprint of the request that used it) when given; an imported log keeps its own."""
        if isinstance(self.command, Import):
            return fact
        changes: dict[str, Any] = {}
        if self.key is not None:
            changes["key"] = self.key
            if self.fingerprint is not None:
                changes["fingerprint"] = self.fingerprint
        if fact.at is None and at is not None:
            changes["at"] = at
        if fact.by is None and self.by is not None:
            changes["by"] = self.by
        return restamped(fact, changes) if changes else fact


def restamped(fact: Fact, changes: dict[str, Any]) -> Fact:
    """`fact.model_copy(update=changes)`, field for field, without its generic copy: ~35% less
    CPU a stamp (the envelope's values are the service's own, so nothing to validate either way)."""
    cls = type(fact)
    new = cls.__new__(cls)
    setattr_ = object.__setattr__  # the model is frozen: its own __setattr__ refuses
    setattr_(new, "__dict__", {**fact.__dict__, **changes})
    setattr_(new, "__pydantic_fields_set__", fact.__pydantic_fields_set__ | changes.keys())
    setattr_(new, "__pydantic_extra__", fact.__pydantic_extra__)
    setattr_(new, "__pydantic_private__", fact.__pydantic_private__)
    return new


@dataclass(frozen=True, slots=True)
class Appended:
    """What a write did: lines first..version, and the facts as stored (None from the store when
    a retried key answered with an earlier request's lines)."""

    first: int
    version: int
    facts: list[Fact] | None = None


Outcome = Appended | Exception


def append_batch(
    store: EncounterStore, appends: Sequence[Append], at: datetime | None = None
) -> list[Outcome]:
    """Each write's outcome, in order, its facts stamped `at`; what each round settles is saved
    in one transaction."""
    outcomes: dict[int, Outcome] = {}
    blind = any(append.expected_version is None for append in appends)
    tries, conflicts, fresh = BLIND_TRIES if blind else 2, 0, False
    while conflicts < tries and len(outcomes) < len(appends):
        pending = [n for n in range(len(appends)) if n not in outcomes]
        conflicts += _round(store, appends, pending, outcomes, fresh, at)
        fresh = True
    for n, append in enumerate(appends):
        if n not in outcomes:  # every round overtaken by other writers
            outcomes[n] = _lost(store, append)
    return [outcomes[n] for n in range(len(appends))]


def _round(
    store: EncounterStore,
    appends: Sequence[Append],
    pending: list[int],
    outcomes: dict[int, Outcome],
    fresh: bool,
    at: datetime | None,
) -> bool:
    """Decide each pending write on its aggregate (read afresh when `fresh`) and save what was
    decided in one transaction; a refusal leaves its encounter's other writes for the next
    round. True when another writer's conflict undid the round."""
    recorded: dict[UUID, Encounter] = {}
    written: dict[int, Appended] = {}
    refused: set[UUID] = set()  # encounters whose next writes wait for the next round
    for n in pending:
        append = appends[n]
        if append.encounter_id in refused:
            continue
        try:
            decided = _decide(store, append, recorded, fresh, at)
        except LogError as exc:  # refused, perhaps on a stale cache: final when read afresh
            _drop(store, append.encounter_id, appends, recorded, written)
            refused.add(append.encounter_id)
            if fresh or isinstance(append.command, Create | Import):
                outcomes[n] = exc
            continue
        except Exception:  # nothing saved: no cached aggregate may keep what was recorded
            _evict(store, [*recorded, append.encounter_id])
            raise
        if isinstance(decided, tuple):
            recorded[append.encounter_id], written[n] = decided
        elif decided is not None:
            outcomes[n] = decided
    if recorded:
        try:
            store.save(
                recorded, [(appends[n].encounter_id, w.facts or []) for n, w in written.items()]
            )
        except RecordConflictError:  # another writer: nothing was written, try again afresh
            _evict(store, recorded)
            return True
        except Exception:
            _evict(store, recorded)
            raise
    outcomes.update(written)
    return False


def _decide(
    store: EncounterStore,
    append: Append,
    recorded: dict[UUID, Encounter],
    fresh: bool,
    at: datetime | None,
) -> tuple[Encounter, Appended] | Outcome | None:
    """The aggregate (as this round left it, read afresh when `fresh`; a new one for Create and
    Import) with what `append` decides recorded on it, and the lines; or its outcome already
    (the lines an earlier write with its key wrote, why its log cannot be read, a stale
    expected_version read afresh); None to decide it again next round (a stale cached aggregate,
    perhaps). LogError if the log refuses it."""
    command, stamp = append.command, partial(append.stamped, at=at)
    if isinstance(command, Create | Import):
        new, stored = Encounter.opened(append.encounter_id, command, stamp)
        return new, Appended(1, new.version, stored)
    try:
        encounter = recorded.get(append.encounter_id) or store.aggregate(
            append.encounter_id, fresh=fresh
        )
        done = store.receipt(append.encounter_id, encounter, append.key, append.fingerprint)
    except Exception as exc:  # UnknownEncounter, KeyReused, a store that cannot be read:
        return exc  # this write's answer alone
    if done is not None:
        return Appended(*done)
    based_on, expected = encounter.version, append.expected_version
    if expected is not None and expected != based_on:
        return VersionConflict(expected, based_on) if fresh else None
    stored = encounter.handle(command, stamp)
    return encounter, Appended(based_on + 1, encounter.version, stored)


def _drop(
    store: EncounterStore,
    encounter_id: UUID,
    appends: Sequence[Append],
    recorded: dict[UUID, Encounter],
    written: dict[int, Appended],
) -> None:
    """Forget what this round recorded on an aggregate that took part of a refused write: its
    earlier writes are decided again in the next round, in order."""
    store.evict(encounter_id)
    recorded.pop(encounter_id, None)
    for n in [n for n in written if appends[n].encounter_id == encounter_id]:
        del written[n]


def _lost(store: EncounterStore, append: Append) -> Exception:
    """A write every round of its batch lost to other writers."""
    try:
        actual = store.version(append.encounter_id)
    except Exception as exc:
        return exc
    if append.expected_version is not None:
        return VersionConflict(append.expected_version, actual)
    return LostRace(actual, actual)


def _evict(store: EncounterStore, touched: Sequence[UUID] | dict[UUID, Encounter]) -> None:
    """Drop cached aggregates that hold recorded but unsaved facts."""
    for encounter_id in touched:
        store.evict(encounter_id)
