"""The one append path of the store: commands to several encounters saved in one transaction.

Each request keeps its own meaning (what its command decides, all or none, its expected
version, its Idempotency-Key); what they share is the commit, so one disk sync serves them all.
A batch of one is a single append. One loop retries: a round on cached aggregates first; a
request that round cannot settle (a version that differs, a fact refused, another writer's
conflict) is decided again in a round on aggregates read afresh, as many rounds as a blind
append may take; a refusal holds back only the other requests to its own encounter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.persistence import RecordConflictError

from api.store.aggregate import Encounter
from api.store.errors import LostRace, VersionConflict
from domain.commands import AppendFacts, Command
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


BLIND_TRIES = 20  # a blind append that keeps losing races: each try reads the log afresh


@dataclass(frozen=True, slots=True)
class Request:
    """One append: what `command` decides, all or none, after `expected_version` when given;
    each fact stamped with `at` and `by` where it has none, and with the Idempotency-Key."""

    encounter_id: UUID
    command: Command
    expected_version: int | None = None
    at: datetime | None = None
    by: str | None = None
    key: str | None = None
    fingerprint: str | None = None  # the request's route and body, digested (api/http/idempotency)

    def stamped(self, fact: Fact) -> Fact:
        """`fact` as this request records it."""
        return stamped(fact, self.at, self.by, self.key, self.fingerprint)


def stamped(
    fact: Fact,
    at: datetime | None = None,
    by: str | None = None,
    key: str | None = None,
    fingerprint: str | None = None,
) -> Fact:
    """The one place a fact is stamped: `at` and `by` where it has none, the Idempotency-Key
    (and the fingerprint of the request that used it) when given."""
    changes: dict[str, Any] = {}
    if key is not None:
        changes["key"] = key
        if fingerprint is not None:
            changes["fingerprint"] = fingerprint
    if fact.at is None and at is not None:
        changes["at"] = at
    if fact.by is None and by is not None:
        changes["by"] = by
    return fact.model_copy(update=changes) if changes else fact


def facts(encounter_id: UUID, facts: Sequence[Fact], **how: Any) -> Request:
    """A request to append `facts` as they are."""
    return Request(encounter_id, AppendFacts(tuple(facts)), **how)


@dataclass(frozen=True, slots=True)
class Written:
    """Lines first..last written; `facts` as stored, or None when a retry's key answered with
    an earlier request's lines."""

    first: int
    last: int
    facts: list[Fact] | None = None


Outcome = Written | Exception


def append_batch(store: EncounterStore, requests: Sequence[Request]) -> list[Outcome]:
    """Each request's outcome, in order; what each round settles is saved in one transaction."""
    outcomes: dict[int, Outcome] = {}
    blind = any(request.expected_version is None for request in requests)
    tries, conflicts, fresh = BLIND_TRIES if blind else 2, 0, False
    while conflicts < tries and len(outcomes) < len(requests):
        pending = [n for n in range(len(requests)) if n not in outcomes]
        conflicts += _round(store, requests, pending, outcomes, fresh)
        fresh = True
    for n, request in enumerate(requests):
        if n not in outcomes:  # every round overtaken by other writers
            outcomes[n] = _lost(store, request)
    return [outcomes[n] for n in range(len(requests))]


def _round(
    store: EncounterStore,
    requests: Sequence[Request],
    pending: list[int],
    outcomes: dict[int, Outcome],
    fresh: bool,
) -> bool:
    """Decide each pending request on its aggregate (read afresh when `fresh`) and save what
    was decided in one transaction; a refusal leaves its encounter's other requests for the next
    round. True when another writer's conflict undid the round."""
    recorded: dict[UUID, Encounter] = {}
    written: dict[int, Written] = {}
    refused: set[UUID] = set()  # encounters whose next requests wait for the next round
    for n in pending:
        request = requests[n]
        if request.encounter_id in refused:
            continue
        encounter, done = _read(store, request, recorded, fresh)
        if done is not None:
            outcomes[n] = done
            continue
        assert encounter is not None
        based_on, expected = encounter.version, request.expected_version
        if expected is not None and expected != based_on:
            if fresh:
                outcomes[n] = VersionConflict(expected, based_on)
            continue  # a stale cached aggregate, perhaps: decided afresh next round
        try:
            stored = encounter.handle(request.command, request.stamped)
        except LogError as exc:  # refused, perhaps on a stale cache: final when read afresh
            _drop(store, request.encounter_id, requests, recorded, written)
            refused.add(request.encounter_id)
            if fresh:
                outcomes[n] = exc
            continue
        except Exception:  # nothing saved: no cached aggregate may keep what was recorded
            _evict(store, [*recorded, request.encounter_id])
            raise
        recorded[request.encounter_id] = encounter
        written[n] = Written(based_on + 1, encounter.version, stored)
    if recorded:
        try:
            store.application.save(*recorded.values())
        except RecordConflictError:  # another writer: nothing was written, try again afresh
            _evict(store, recorded)
            return True
        except Exception:
            _evict(store, recorded)
            raise
    outcomes.update(written)
    return False


def _drop(
    store: EncounterStore,
    encounter_id: UUID,
    requests: Sequence[Request],
    recorded: dict[UUID, Encounter],
    written: dict[int, Written],
) -> None:
    """Forget what this round recorded on an aggregate that took part of a refused request:
    its earlier requests are decided again in the next round, in order."""
    store.evict(encounter_id)
    recorded.pop(encounter_id, None)
    for n in [n for n in written if requests[n].encounter_id == encounter_id]:
        del written[n]


def _read(
    store: EncounterStore, request: Request, recorded: dict[UUID, Encounter], fresh: bool
) -> tuple[Encounter | None, Outcome | None]:
    """The request's aggregate (as this round left it), or its outcome already: the lines an
    earlier request with its key wrote, or why it cannot be read (UnknownEncounter, KeyReused)."""
    try:
        encounter = recorded.get(request.encounter_id)
        if encounter is None:
            encounter = store.aggregate(request.encounter_id, fresh=fresh)
        done = store.receipt(request.encounter_id, encounter, request.key, request.fingerprint)
    except Exception as exc:  # a store that cannot be read answers this request alone
        return None, exc
    return encounter, None if done is None else Written(*done)


def _lost(store: EncounterStore, request: Request) -> Exception:
    """A request every round of its batch lost to other writers."""
    try:
        actual = store.version(request.encounter_id)
    except Exception as exc:
        return exc
    if request.expected_version is not None:
        return VersionConflict(request.expected_version, actual)
    return LostRace(actual, actual)


def _evict(store: EncounterStore, touched: Sequence[UUID] | dict[UUID, Encounter]) -> None:
    """Drop cached aggregates that hold recorded but unsaved facts."""
    for encounter_id in touched:
        store.evict(encounter_id)
