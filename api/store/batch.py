"""Group commit: appends to several encounters saved in one transaction of the store.

Each append keeps its own meaning (all of its facts or none, its expected version, its
Idempotency-Key); what they share is the commit, so one disk sync serves them all. Anything out
of the ordinary (a fact the log refuses, a version that differs, another writer's conflict) is
not settled in the batch: those appends run one by one afterwards, through `append_once`, which
decides them exactly as an append on its own is decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.persistence import RecordConflictError

from api.store.aggregate import Encounter, replay
from domain.events import Fact
from domain.integrity import LogError

if TYPE_CHECKING:
    from api.store.encounters import EncounterStore

Outcome = tuple[int, int] | Exception  # (first, last) line written, or why not


@dataclass(frozen=True, slots=True)
class Request:
    """One append: all of `facts` or none, after `expected_version` when given."""

    encounter_id: UUID
    facts: Sequence[Fact]
    expected_version: int | None = None
    stamp: datetime | None = None
    key: str | None = None
    fingerprint: str | None = None


def append_batch(store: EncounterStore, requests: Sequence[Request]) -> list[Outcome]:
    """Each request's outcome, in order; the plain ones share one save. When another writer
    got there first (a cached aggregate was stale: several workers on PostgreSQL), the batch
    is tried once more on aggregates read afresh, then one append at a time."""
    for _ in range(2):
        outcomes = _batch(store, requests)
        if outcomes is not None:
            return outcomes
    return _one_by_one(store, requests, {})


def _batch(store: EncounterStore, requests: Sequence[Request]) -> list[Outcome] | None:
    """The outcomes, or None: another writer's conflict, nothing written, the aggregates the
    batch touched evicted (the next reads are fresh)."""
    from api.store.encounters import keyed, stamped

    outcomes: dict[int, Outcome] = {}
    alone: list[int] = []
    recorded: dict[UUID, Encounter] = {}
    for n, request in enumerate(requests):
        try:
            encounter = recorded.get(request.encounter_id) or store._get(
                request.encounter_id, projector_func=replay
            )
        except Exception as exc:  # UnknownEncounter, a store that cannot be read
            outcomes[n] = exc
            continue
        try:
            done = store.receipt(request.encounter_id, encounter, request.key, request.fingerprint)
        except Exception as exc:  # KeyReused: the key names another request
            outcomes[n] = exc
            continue
        if done is not None:
            outcomes[n] = done
            continue
        based_on = encounter.version
        if request.expected_version not in (None, based_on):
            alone.append(n)  # a conflict, or a stale cached aggregate: decided alone
            continue
        try:
            for fact in request.facts:
                encounter.record(keyed(stamped(fact, request.stamp), request.key))
        except LogError:  # the aggregate took part of it: start over, one append at a time
            return _one_by_one(store, requests, {**recorded, request.encounter_id: encounter})
        except Exception:  # nothing saved: no cached aggregate may keep what was recorded
            _evict(store, {**recorded, request.encounter_id: encounter})
            raise
        recorded[request.encounter_id] = encounter
        outcomes[n] = (based_on + 1, encounter.version)
    if recorded:
        try:
            store.application.save(*recorded.values())
        except RecordConflictError:  # another writer: nothing was written
            _evict(store, recorded)
            return None
        except Exception:
            _evict(store, recorded)
            raise
    for n in alone:
        outcomes[n] = _alone(store, requests[n])
    return [outcomes[n] for n in range(len(requests))]


def _one_by_one(
    store: EncounterStore, requests: Sequence[Request], touched: dict[UUID, Encounter]
) -> list[Outcome]:
    _evict(store, touched)
    return [_alone(store, request) for request in requests]


def _alone(store: EncounterStore, request: Request) -> Outcome:
    try:
        return store.append_once(
            request.encounter_id, request.facts, request.expected_version,
            stamp=request.stamp, key=request.key, fingerprint=request.fingerprint,
        )  # fmt: skip
    except Exception as exc:
        return exc


def _evict(store: EncounterStore, touched: dict[UUID, Encounter]) -> None:
    """Drop cached aggregates that hold recorded but unsaved facts."""
    for encounter_id in touched:
        store.evict(encounter_id)
