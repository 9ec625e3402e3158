"""The eventsourcing library's private names the store relies on (api/store/library_internals.py)
are still there, called as we call them, and still do what we rely on: an upgrade that moves
or changes one fails here first, with the name at fault."""

from __future__ import annotations

import inspect
import tomllib
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from eventsourcing.domain import Aggregate, BaseAggregate, Snapshot
from eventsourcing.persistence import (
    ConnectionPool,
    InfrastructureFactory,
    IntegrityError,
    Tracking,
)
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteConnectionPool, SQLiteTrackingRecorder
from eventsourcing.utils import Environment
from packaging.requirements import Requirement

from api.store import sql
from api.store.aggregate import ENCOUNTER_TOPIC, Encounter
from api.store.config import persistence_env
from api.store.library_internals import insert_tracking, restored, synced_at_checkpoints
from domain.events import NoteAdded
from tests.store_helpers import CREATED
from tests.test_store_postgres import postgres_url  # noqa: F401

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"
ID = UUID(int=7)
MADE, LATER = datetime(2026, 11, 26, 21, 0, tzinfo=UTC), datetime(2026, 11, 26, 22, 0, tzinfo=UTC)


def test_the_installed_library_is_inside_the_range_pyproject_pins() -> None:
    pinned = [
        Requirement(line)
        for line in tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
        if Requirement(line).name == "eventsourcing"
    ]
    installed = version("eventsourcing")
    assert len(pinned) == 1
    assert pinned[0].specifier.contains(installed), (
        f"eventsourcing {installed} is outside {pinned[0].specifier}: check every name in "
        "api/store/library_internals.py against its source, then widen the pin"
    )


@pytest.mark.parametrize(
    ("method", "parameters"),
    [
        (BaseAggregate.__base_init__, ["self", "originator_id", "originator_version", "timestamp"]),
        (SQLiteTrackingRecorder._insert_tracking, ["self", "c", "tracking"]),
        (PostgresTrackingRecorder._insert_tracking, ["self", "curs", "tracking"]),
        (SQLiteConnectionPool._create_connection, ["self"]),
    ],
    ids=["__base_init__", "SQLite _insert_tracking", "PostgreSQL _insert_tracking", "pool hook"],
)
def test_each_private_name_is_still_there_taking_what_we_pass_it(
    method: Callable[..., Any], parameters: list[str]
) -> None:
    found = list(inspect.signature(method).parameters)
    assert found == parameters, (
        f"eventsourcing's {method.__qualname__} now takes {found}, not {parameters}: "
        "re-read it and api/store/library_internals.py"
    )


def test_the_pool_connection_hook_is_still_the_one_the_pool_calls_for_each_connection() -> None:
    assert "_create_connection" in ConnectionPool.__abstractmethods__


def test_an_encounter_restored_and_initialised_is_the_one_its_created_event_makes() -> None:
    ours = restored(Encounter, ID, 1, MADE)
    ours.__init__(CREATED)  # type: ignore[misc]
    library = Encounter.Created(
        originator_id=ID,
        originator_version=1,
        timestamp=MADE,
        originator_topic=ENCOUNTER_TOPIC,
        fact=CREATED,
    ).mutate(None)
    assert ours == library  # the whole of each one's attributes
    assert (ours.id, ours.version, ours.created_on, ours.modified_on, ours.pending_events) == (
        ID, 1, MADE, MADE, []
    )  # fmt: skip


def test_an_aggregate_restored_at_a_version_takes_the_next_event_and_round_trips_a_snapshot() -> (
    None
):
    class Thing(Aggregate):
        class Touched(Aggregate.Event):
            pass

    thing = restored(Thing, ID, 7, MADE)
    assert Snapshot.take(thing).mutate(None) == thing
    moved = Thing.Touched(originator_id=ID, originator_version=8, timestamp=LATER).mutate(thing)
    assert moved is not None
    assert (moved.version, moved.created_on, moved.modified_on) == (8, MADE, LATER)


def test_a_line_recorded_without_an_event_leaves_the_encounter_as_its_event_would() -> None:
    note = NoteAdded(text="the goblin runs", at=LATER)
    ours, library = restored(Encounter, ID, 1, MADE), restored(Encounter, ID, 1, MADE)
    for encounter in (ours, library):
        encounter.__init__(CREATED)  # type: ignore[misc]
    ours.record(note)
    Encounter.Recorded(originator_id=ID, originator_version=2, timestamp=LATER, fact=note).mutate(
        library
    )
    assert ours == library
    assert (ours.version, ours.modified_on) == (2, LATER)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def tracked(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Any, bool, str]]:
    """A tracking recorder made by the library's factory for a store URL, whether it is
    PostgreSQL, and a table of the test's own beside it."""
    name = f"combatlog_test_{uuid4().hex[:12]}"
    postgres = request.param == "postgres"
    url = request.getfixturevalue("postgres_url") if postgres else f"sqlite:///{tmp_path}/t.db"
    factory = InfrastructureFactory.construct(Environment(name, persistence_env(url)))
    recorder = factory.tracking_recorder()
    yield recorder, postgres, f"{name}_rows"
    factory.close()
    if postgres:
        import psycopg

        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(f"DROP TABLE IF EXISTS {name}_rows, {name}_tracking")


def test_a_tracking_position_commits_or_rolls_back_with_the_rows_written_beside_it(
    tracked: tuple[Any, bool, str],
) -> None:
    recorder, postgres, table = tracked
    with sql.transaction(recorder.datastore, postgres) as (run, _):
        run(f"CREATE TABLE {table} (n INTEGER)")

    def page(n: int, position: int, fails: bool = False) -> None:
        with sql.transaction(recorder.datastore, postgres) as (run, cursor):
            run(f"INSERT INTO {table} VALUES (?)", (n,))
            insert_tracking(cursor, recorder, Tracking("analytics", position))
            if fails:
                raise RuntimeError("the page fails after its position")

    page(1, 5)
    with pytest.raises(RuntimeError):
        page(2, 9, fails=True)
    with pytest.raises(IntegrityError):
        page(3, 5)  # a position not past the one recorded
    with sql.transaction(recorder.datastore, postgres, commit=False) as (run, _):
        rows = run(f"SELECT n FROM {table}")
    assert (recorder.max_tracking_id("analytics"), rows) == (5, [(1,)])


def test_a_pool_synced_at_checkpoints_keeps_the_pools_settings_and_syncs_files_at_normal(
    tmp_path: Path,
) -> None:
    def synchronous(pool: SQLiteConnectionPool) -> int:
        connection = pool.get_connection()
        try:
            with connection.transaction(commit=False) as cursor:
                cursor.execute("PRAGMA synchronous")
                return int(cursor.fetchone()[0])
        finally:
            pool.put_connection(connection)

    library = SQLiteConnectionPool(db_name=f"file:{tmp_path}/s.db", lock_timeout=3, pool_size=2)
    ours = synced_at_checkpoints(library)
    settings = ["db_name", "lock_timeout", "pool_size", "max_overflow", "pool_timeout",
                "max_age", "pre_ping"]  # fmt: skip
    assert [getattr(ours, s) for s in settings] == [getattr(library, s) for s in settings]
    assert (synchronous(library), synchronous(ours)) == (2, 1)  # FULL, NORMAL
    in_memory = synced_at_checkpoints(SQLiteConnectionPool(db_name=":memory:"))
    assert synchronous(in_memory) == 2  # nothing to sync: left as the library makes it
