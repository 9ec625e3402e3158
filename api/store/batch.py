"""The one write path of the store: commands to several encounters, new ones among them,
saved in one transaction.

Each write keeps its own meaning (what its command decides, all or none, its expected version,
its Idempotency-Key); what they share is the commit, so one disk sync serves them all. A batch
of one is a single write. A round on cached aggregates first; a write that round cannot settle
(a version that differs, a fact refused, another writer's conflict) is decided again in a round
on aggregates read afresh; if another writer got there first again, a last round saves each
encounter's writes apart, so one contended encounter does not undo the others' writes. A refusal
holds back only the other writes to its own encounter. A write every round lost to other writers
is a LostRace unless its expected_version is stale (a VersionConflict): the group commit tries it
again in its next commit (api/service/commits.py), so no commit spins on it while others wait.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from functools import partial
from typing import Any, Protocol, cast
from uuid import UUID

from eventsourcing.persistence import RecordConflictError

from api.store.aggregate import Encounter
from api.store.errors import KeyReused, LostRace, VersionConflict
from api.store.write import Append, Appended, Outcome, fork_id
from domain.commands import Create, Import
from domain.events import Fact
from domain.integrity import LogError

__all__ = ["ROUNDS", "Append", "Appended", "EncounterStore", "Outcome", "append_batch"]


class EncounterStore(Protocol):
    """What a batch needs of the store (`api.store.encounters.EncounterStore`), named here so
    the batch does not import the store that calls it."""

    application: Any

    def aggregate(self, encounter_id: UUID, fresh: bool = False) -> Encounter: ...

    def receipt(
        self, encounter_id: UUID, encounter: Encounter, key: str | None, fingerprint: str | None
    ) -> tuple[int, int] | None: ...

    def version(self, encounter_id: UUID) -> int: ...

    def existing(self, encounter_ids: Collection[UUID]) -> set[UUID]: ...

    def evict(self, encounter_id: UUID) -> None: ...

    def save(
        self, recorded: dict[UUID, Encounter], written: Sequence[tuple[UUID, list[Fact]]]
    ) -> None: ...


ROUNDS = 3  # on cached aggregates; read afresh; read afresh and saved apart


def append_batch(
    store: EncounterStore, appends: Sequence[Append], at: datetime | None = None
) -> list[Outcome]:
    """Each write's outcome, in order, its facts stamped `at`; what a round settles is saved in
    one transaction (after two conflicts, one for each encounter)."""
    outcomes: dict[int, Outcome] = forked_with(store, appends)
    conflicts, fresh = 0, False
    while conflicts < ROUNDS and len(outcomes) < len(appends):
        pending = [n for n in range(len(appends)) if n not in outcomes]
        conflicts += _round(store, appends, pending, outcomes, fresh, at, apart=conflicts > 1)
        fresh = True
    for n, append in enumerate(appends):
        if n not in outcomes:  # every round overtaken by other writers
            outcomes[n] = _lost(store, append)
    return [outcomes[n] for n in range(len(appends))]


def forked_with(store: EncounterStore, appends: Sequence[Append]) -> dict[int, Outcome]:
    """KeyReused for each keyed write to an encounter that a fork sent with the same key has
    branched already (`fork_id`): one read of the store for them all."""
    keyed = {
        n: fork_id(a.encounter_id, a.key)
        for n, a in enumerate(appends)
        if a.key is not None and not isinstance(a.command, Create | Import)
    }
    taken = store.existing(set(keyed.values())) if keyed else set()
    return {n: KeyReused(cast(str, appends[n].key)) for n, fork in keyed.items() if fork in taken}


def _round(
    store: EncounterStore,
    appends: Sequence[Append],
    pending: list[int],
    outcomes: dict[int, Outcome],
    fresh: bool,
    at: datetime | None,
    apart: bool = False,
) -> bool:
    """Decide each pending write on its aggregate (read afresh when `fresh`) and save what was
    decided (`_saved`); a refusal leaves its encounter's other writes for the next round. True
    when another writer's conflict undid the round (or, `apart`, part of it)."""
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
    if apart:
        return _saved_apart(store, appends, recorded, written, outcomes)
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


def _saved_apart(
    store: EncounterStore,
    appends: Sequence[Append],
    recorded: dict[UUID, Encounter],
    written: dict[int, Appended],
    outcomes: dict[int, Outcome],
) -> bool:
    """After two conflicts, each encounter's writes saved in a transaction of their own, so an
    encounter another worker keeps writing to does not undo the others' writes. True when one
    conflicted (its writes left to the group commit's next commit)."""
    conflicted = False
    for encounter_id, encounter in recorded.items():
        mine = [n for n in written if appends[n].encounter_id == encounter_id]
        try:
            store.save(
                {encounter_id: encounter}, [(encounter_id, written[n].facts or []) for n in mine]
            )
        except RecordConflictError:
            store.evict(encounter_id)
            conflicted = True
            continue
        except Exception as exc:  # this encounter's writes alone fail: the others stand
            store.evict(encounter_id)
            outcomes.update(dict.fromkeys(mine, exc))
            continue
        outcomes.update({n: written[n] for n in mine})
    return conflicted


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
    """A write every round of its batch lost to other writers: a VersionConflict if the log
    moved past its expected_version (or a new encounter's id is taken), else a LostRace, to be
    tried again (its conflict may have been another encounter's of the same round)."""
    try:
        actual = store.version(append.encounter_id)
    except Exception as exc:
        return exc
    expected = append.expected_version
    if isinstance(append.command, Create | Import):
        return VersionConflict(0, actual)
    if expected is not None and expected != actual:
        return VersionConflict(expected, actual)
    return LostRace(actual if expected is None else expected, actual)


def _evict(store: EncounterStore, touched: Sequence[UUID] | dict[UUID, Encounter]) -> None:
    """Drop cached aggregates that hold recorded but unsaved facts."""
    for encounter_id in touched:
        store.evict(encounter_id)
