"""A snapshot taken when a commit reaches its version is the one the library would take by
reading the log back and replaying it, whether the commit ends on that version or passes it."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from api.service.encounters import Encounters
from api.store import EncounterStore
from api.store.aggregate import Encounter, replay
from api.store.encounters import CombatLog
from domain.events import NoteAdded
from tests.store_helpers import new_encounter

EVERY = 5


def snapshot_states(store: EncounterStore, encounter_id: UUID) -> list[tuple[int, Any]]:
    assert store.application.snapshots is not None
    recorder = store.application.snapshots.recorder
    return [(r.originator_version, r.state) for r in recorder.select_events(encounter_id)]


def replayed_states(store: EncounterStore, encounter_id: UUID, upto: int) -> list[tuple[int, Any]]:
    """What the library's own take_snapshot would store at each due version up to `upto`."""
    mapper, repository = store.application.mapper, store.application.repository
    states = []
    for version in range(EVERY, upto + 1, EVERY):
        rebuilt = repository.get(encounter_id, version=version, projector_func=replay)
        states.append((version, mapper.to_stored_event(Encounter.Snapshot.take(rebuilt)).state))
    return states


@pytest.mark.parametrize("lines", [[1] * 12, [3, 4, 1, 5, 2]], ids=["one a write", "several"])
def test_a_snapshot_taken_on_commit_is_the_one_replaying_the_log_gives(
    store: EncounterStore, monkeypatch: pytest.MonkeyPatch, lines: list[int]
) -> None:
    monkeypatch.setattr(CombatLog, "snapshotting_intervals", {Encounter: EVERY})
    service = Encounters(store)
    encounter_id = new_encounter(store)
    for n, count in enumerate(lines):
        service.append(encounter_id, [NoteAdded(text=f"{n}.{k}") for k in range(count)])
    upto = 1 + sum(lines)
    assert snapshot_states(store, encounter_id) == replayed_states(store, encounter_id, upto)
    assert len(snapshot_states(store, encounter_id)) == upto // EVERY
