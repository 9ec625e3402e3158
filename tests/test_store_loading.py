"""Reading encounters back: facts up to a line, the list, snapshots, reopening, unknown ids."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.application import Repository

from api.store import EncounterStore, EncounterSummary, UnknownEncounter
from domain.events import EncounterCreated
from domain.jsonl import check_log
from tests.store_helpers import (
    EVERY_TYPE,
    OpenStore,
    appended,
    every_type,
    new_encounter,
    new_log,
    notes,
)

SNAPSHOT_TOPIC = "combatlog:Encounter.Snapshot"


def test_an_unknown_encounter_is_reported_as_such(store: EncounterStore) -> None:
    nobody = uuid4()
    for read in (store.version, store.facts, store.aggregate):
        with pytest.raises(UnknownEncounter):
            read(nobody)
    with pytest.raises(UnknownEncounter):
        appended(store, nobody, notes(1))


def test_facts_upto_a_line_are_the_first_lines(store: EncounterStore) -> None:
    encounter_id = new_log(store, every_type())
    assert store.facts(encounter_id, upto=5) == every_type()[:5]
    assert store.facts(encounter_id, upto=0) == []


def test_the_list_shows_each_encounter_with_its_name_ruleset_and_version(
    store: EncounterStore,
) -> None:
    first = new_log(store, every_type())
    second = new_encounter(store, EncounterCreated(name="Bugbear den", ruleset="dnd35"))
    appended(store, second, notes(2))
    assert store.list_encounters() == [
        EncounterSummary(first, "Goblin ambush", "dnd35", len(EVERY_TYPE)),
        EncounterSummary(second, "Bugbear den", "dnd35", 3),
    ]


def test_loading_a_long_encounter_starts_from_its_latest_snapshot(
    store: EncounterStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter_id = new_log(store, every_type()[:3])
    appended(store, encounter_id, notes(1002))
    assert store.application.snapshots is not None
    kept = store.application.snapshots.recorder.select_events(encounter_id)
    assert [(s.originator_version, s.topic) for s in kept] == [(1000, SNAPSHOT_TOPIC)]
    reads: list[int | None] = []
    select = store.application.recorder.select_events

    def spied(*args: Any, **options: Any) -> Any:
        reads.append(options.get("gt"))
        return select(*args, **options)

    monkeypatch.setattr(store.application.recorder, "select_events", spied)
    assert store.aggregate(encounter_id).version == 1005  # cached: fast-forwarded past line 1005
    reads.clear()
    encounter = store.aggregate(encounter_id, fresh=True)
    assert (encounter.version, reads) == (1005, [1000])
    monkeypatch.undo()
    assert encounter.integrity == check_log(store.facts(encounter_id))
    assert appended(store, encounter_id, notes(1)) == (1006, 1006)
    plain = Repository(event_store=store.application.events)  # every event, no snapshot
    assert plain.get(encounter_id).integrity == check_log(store.facts(encounter_id))


def test_an_encounter_survives_closing_and_reopening_the_database(open_store: OpenStore) -> None:
    writer = open_store()
    encounter_id = new_log(writer, every_type())
    writer.close()
    reader = open_store()
    assert reader.facts(encounter_id) == every_type()
    assert [s.id for s in reader.list_encounters()] == [encounter_id]
