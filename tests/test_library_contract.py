"""The eventsourcing library's own contract test cases, run on the store's classes: its SQLite
recorder (SQLiteFactRecorder, as the store's settings build it, synced at every commit or at
checkpoints), its SQLite persistence synced at checkpoints, and its transcoder. PostgreSQL has
none to run: the store uses the library's own PostgreSQL classes unchanged."""

from __future__ import annotations

import threading
import unittest
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any, ClassVar
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    InfrastructureFactory,
    ProcessRecorder,
    StoredEvent,
    TrackingRecorder,
)
from eventsourcing.sqlite import (
    SQLiteAggregateRecorder,
    SQLiteProcessRecorder,
    SQLiteTrackingRecorder,
)
from eventsourcing.tests import persistence as contract  # the module: its cases not collected
from eventsourcing.utils import Environment

from api.store.config import persistence_env
from api.store.mapper import OrjsonTranscoder
from api.store.recorders import SQLiteFactRecorder, SyncAtCheckpoints


class OnStoreFiles(unittest.TestCase):
    """Recorders as the store's settings build them, each on a SQLite file of its own."""

    synchronous: ClassVar[str] = "full"
    extra_env: ClassVar[dict[str, str]] = {}

    def setUp(self) -> None:
        self.folder = Path(self.enterContext(TemporaryDirectory()))
        self.before = set(threading.enumerate())
        super().setUp()

    @staticmethod
    def _threads_ended(before: set[threading.Thread], within: float = 10.0) -> None:
        for thread in set(threading.enumerate()) - before:
            thread.join(timeout=within)

    def create_recorder(self) -> SQLiteFactRecorder:
        url = f"sqlite:///{self.folder / uuid4().hex}.sqlite"
        env = {**persistence_env(url, self.synchronous), **self.extra_env}
        factory = InfrastructureFactory.construct(Environment(env=env))
        self.addCleanup(factory.close)
        # Cleanups run last first: the threads the case started end before its store closes.
        # The library's concurrent cases set their readers' stop flag without joining them, and
        # a reader still inside SQLite when the factory closes its connection crashes the
        # process (seen under load, as a segmentation fault).
        self.addCleanup(self._threads_ended, self.before)
        recorder = factory.application_recorder()
        assert isinstance(recorder, SQLiteFactRecorder)
        return recorder


class TestFactRecorder(OnStoreFiles, contract.ApplicationRecorderTestCase[SQLiteFactRecorder]):
    pass


class TestFactRecorderSyncedAtCheckpoints(TestFactRecorder):
    synchronous = "normal"


class TestFactRecorderWithTextOriginatorIds(TestFactRecorder):
    """Its originator ids turned into UUIDs once per id only when they are UUIDs."""

    extra_env: ClassVar[dict[str, str]] = {"ORIGINATOR_ID_TYPE": "text"}

    def new_originator_id(self) -> UUID | str:
        return f"test-{uuid4()}"


class TestFactRecorderNotificationIds(
    OnStoreFiles, contract.NonInterleavingNotificationIDsBaseCase
):
    pass


class TestSyncAtCheckpoints(contract.InfrastructureFactoryTestCase[SyncAtCheckpoints]):
    def setUp(self) -> None:
        folder = Path(self.enterContext(TemporaryDirectory()))
        self.env = Environment(
            "TestCase", persistence_env(f"sqlite:///{folder}/s.sqlite", "normal")
        )
        super().setUp()

    def expected_factory_class(self) -> type[SyncAtCheckpoints]:
        return SyncAtCheckpoints

    def expected_aggregate_recorder_class(self) -> type[AggregateRecorder]:
        return SQLiteAggregateRecorder

    def expected_application_recorder_class(self) -> type[ApplicationRecorder]:
        return SQLiteFactRecorder

    def expected_tracking_recorder_class(self) -> type[TrackingRecorder]:
        return SQLiteTrackingRecorder

    def tracking_recorder_subclass(self) -> type[TrackingRecorder]:
        return TrackingSubclass

    def expected_process_recorder_class(self) -> type[ProcessRecorder]:
        return SQLiteProcessRecorder


class TrackingSubclass(SQLiteTrackingRecorder):
    """A tracking recorder the factory is asked for by class or topic."""


# The transcoder writes a stored state as plain JSON, byte for byte a line of the contract or a
# snapshot's model_dump(mode="json"); pydantic, not the transcoder, turns it back into types. It
# has none of the library JSONTranscoder's `{"_type_": ..., "_data_": ...}` envelopes, so the
# cases of those do not apply.
TYPED = "no type envelopes: plain JSON, read back into types by pydantic"
TUPLES = "JSON has no tuple: one is written as an array and read as a list"
REGISTERED = "no transcodings to register: pydantic converts its own types"
MESSAGE = "orjson raises its own TypeError message (test_an_object_orjson_cannot_write_...)"


NOT_APPLICABLE = {
    "test_dict_subclass": TYPED,
    "test_list_subclass": TYPED,
    "test_str_subclass": TYPED,
    "test_int_subclass": TYPED,
    "test_tuple": TUPLES,
    "test_mixed": TUPLES,
    "test_custom_type_in_dict": REGISTERED,
    "test_nested_custom_type": REGISTERED,
    "test_custom_type_error": MESSAGE,
}


class TestOrjsonTranscoder(contract.TranscoderTestCase):
    def setUp(self) -> None:
        reason = NOT_APPLICABLE.get(self.id().rsplit(".", 1)[-1])
        if reason:
            self.skipTest(reason)
        super().setUp()

    def construct_transcoder(self) -> OrjsonTranscoder:
        return OrjsonTranscoder()


def test_each_transcoder_case_skipped_is_still_one_of_the_librarys() -> None:
    assert [n for n in NOT_APPLICABLE if not hasattr(contract.TranscoderTestCase, n)] == []


def test_an_object_orjson_cannot_write_is_a_type_error_as_the_library_expects() -> None:
    """What of test_custom_type_error applies: a TypeError, whatever its words."""
    with pytest.raises(TypeError):
        OrjsonTranscoder().encode({"a": contract.MyClass()})


def test_the_fact_recorders_own_reads_agree_with_the_library_reads(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'reads.sqlite'}"
    factory = InfrastructureFactory.construct(Environment(env=persistence_env(url)))
    recorder: Any = factory.application_recorder()
    a, b = uuid4(), uuid4()
    recorder.insert_events(
        [
            StoredEvent(who, v, f"topic{v}", f"state {v}".encode())
            for who in (a, b)
            for v in (1, 2, 3)
        ]
    )
    events = recorder.select_events(a, gt=1, lte=3)
    notes = recorder.select_notifications(2, 3, inclusive_of_start=False)
    assert (len(events), len(notes)) == (2, 3)
    assert recorder.select_rows(a, gt=1, lte=3) == [(e.topic, e.state) for e in events]
    assert recorder.select_originators(2, 3) == [(n.id, n.originator_id.hex) for n in notes]
    assert recorder.select_versions(2, 3) == [
        (n.id, n.originator_id.hex, n.originator_version) for n in notes
    ]
    factory.close()
