"""Stored snapshots keep loading when the encounter's state changes shape: each carries the
version of its state, and upcasters bring an older one up to date before it is read."""

from __future__ import annotations

import base64
import sqlite3
import zlib
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import orjson
import pytest
from eventsourcing.persistence import StoredEvent

from api.store import Encounter, EncounterStore
from api.store.batch import Append
from domain.commands import Undo
from domain.jsonl import check_log, read_jsonl
from tests.store_helpers import appended, committed, every_type, new_log, notes

# Written by main at 586d61c, before snapshots carried a version (so: version 1).
STORED = Path(__file__).parent / "stored" / "encounter_snapshot_v1.json"


def stored_v1() -> dict[str, Any]:
    return orjson.loads(STORED.read_bytes())  # type: ignore[no-any-return]


def as_record(kept: dict[str, Any]) -> StoredEvent:
    return StoredEvent(
        originator_id=UUID(kept["originator_id"]),
        originator_version=kept["originator_version"],
        topic=kept["topic"],
        state=base64.b64decode(kept["state"]),
    )


def test_a_snapshot_stored_before_versions_loads_as_the_log_up_to_it() -> None:
    kept = stored_v1()
    log = read_jsonl(kept["log"].encode())
    store = EncounterStore("memory:")
    snapshot: Any = store.mapper.to_domain_event(as_record(kept))
    encounter = snapshot.mutate(None)
    assert (encounter.id, encounter.version) == (UUID(kept["originator_id"]), 1000)
    assert encounter.integrity == check_log(log[:1000])


def test_a_store_holding_an_old_snapshot_loads_the_encounter_from_it(tmp_path: Path) -> None:
    kept = stored_v1()
    log = read_jsonl(kept["log"].encode())
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    with EncounterStore(url) as store:
        encounter_id = new_log(store, log)
    with sqlite3.connect(tmp_path / "old.sqlite") as database:  # the row as main wrote it
        database.execute(
            "UPDATE stored_snapshots SET state = ? WHERE originator_id = ?",
            (base64.b64decode(kept["state"]), encounter_id.hex),
        )
    with EncounterStore(url) as store:
        encounter = store.aggregate(encounter_id)
        assert (encounter.version, encounter.integrity) == (1000, check_log(log))
        assert appended(store, encounter_id, notes(1))[1] == len(log) + 1


def test_a_snapshot_now_records_the_version_of_its_state() -> None:
    store = EncounterStore("memory:")
    encounter_id = new_log(store, every_type()[:3] + notes(997))
    assert store.application.snapshots is not None
    (record,) = store.application.snapshots.recorder.select_events(encounter_id)
    state = orjson.loads(zlib.decompress(record.state))["state"]
    assert state["class_version"] == Encounter.class_version == 3


def test_an_old_snapshot_state_passes_through_each_upcaster_before_it_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given: list[dict[str, Any]] = []

    def upcast_v1_v2(state: dict[str, Any]) -> None:  # as a rename of a field would be handled
        given.append(dict(state["integrity"]))
        state["integrity"]["receipts"] = {}

    monkeypatch.setattr(Encounter, "class_version", 2)
    monkeypatch.setattr(Encounter, "upcast_v1_v2", staticmethod(upcast_v1_v2), raising=False)
    kept = stored_v1()
    state = orjson.loads(zlib.decompress(base64.b64decode(kept["state"])))["state"]
    encounter = Encounter.restore(uuid4(), 1000, state)
    assert [g["receipts"] for g in given] == [{"k-1": [34, 35]}]
    assert encounter.integrity.receipts == {}
    log = read_jsonl(kept["log"].encode())
    assert encounter.integrity.types == check_log(log[:1000]).types
    given.clear()
    again = Encounter.restore(uuid4(), 1000, {**state, "class_version": 2})
    assert (given, again.integrity) == ([], encounter.integrity)


def test_an_encounter_loaded_from_its_snapshot_still_undoes_a_whole_action(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'actions.sqlite'}"
    with EncounterStore(url) as store:
        encounter_id = new_log(store, every_type()[:3] + notes(3))  # lines 1-6
        appended(store, encounter_id, notes(2))  # lines 7-8: one write, one action
        appended(store, encounter_id, notes(992))  # lines 9-1000; a snapshot is kept at 1000
        assert store.application.snapshots is not None
        assert len(store.application.snapshots.recorder.select_events(encounter_id)) == 1
    with EncounterStore(url) as store:
        encounter = store.aggregate(encounter_id)  # from the snapshot
        assert (encounter.version, encounter.integrity.actions) == (1000, {7: 8, 9: 1000})
        assert encounter.integrity == check_log(store.facts(encounter_id))
        committed(store, Append(encounter_id, Undo(action=7)))
        undone = [(f.target, f.action) for f in store.facts(encounter_id)[1000:]]  # type: ignore[attr-defined]
        assert undone == [(7, 1001), (8, 1001)]
