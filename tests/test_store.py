"""The event store: facts kept as contract JSON under pinned topics, atomic appends, snapshots."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin
from uuid import uuid4

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from api.store import EncounterStore, EncounterSummary, UnknownEncounter, VersionConflict
from api.store.config import persistence_env, store_url
from api.store.mapper import fact_event
from domain.events import EVENT_ADAPTER, EVENT_TYPES, EncounterCreated, Fact, NoteAdded
from domain.integrity import LogError
from domain.jsonl import check_log

OpenStore = Callable[[], EncounterStore]
# A stored topic is a storage contract: change one only with register_topic for the old name.
PINNED_TOPICS = {
    "EncounterCreated": "domain.events:EncounterCreated",
    "CombatantJoined": "domain.events:CombatantJoined",
    "CombatantLeft": "domain.events:CombatantLeft",
    "SurpriseDetermined": "domain.events:SurpriseDetermined",
    "InitiativeRolled": "domain.events:InitiativeRolled",
    "InitiativeTieBroken": "domain.events:InitiativeTieBroken",
    "CombatStarted": "domain.events:CombatStarted",
    "TurnEnded": "domain.events:TurnEnded",
    "Delayed": "domain.events:Delayed",
    "DelayEnded": "domain.events:DelayEnded",
    "ActionReadied": "domain.events:ActionReadied",
    "ReadiedActionTaken": "domain.events:ReadiedActionTaken",
    "AttackMade": "domain.events:AttackMade",
    "DamageDealt": "domain.events:DamageDealt",
    "HealingApplied": "domain.events:HealingApplied",
    "TemporaryHitPointsGained": "domain.events:TemporaryHitPointsGained",
    "TemporaryHitPointsLost": "domain.events:TemporaryHitPointsLost",
    "ConditionApplied": "domain.events:ConditionApplied",
    "ConditionRemoved": "domain.events:ConditionRemoved",
    "SavingThrowRolled": "domain.events:SavingThrowRolled",
    "CheckRolled": "domain.events:CheckRolled",
    "ResolveSpent": "domain.events:ResolveSpent",
    "RestTaken": "domain.events:RestTaken",
    "NoteAdded": "domain.events:NoteAdded",
    "CombatEnded": "domain.events:CombatEnded",
    "EventRevoked": "domain.events:EventRevoked",
    "EventRestored": "domain.events:EventRestored",
    "EventAmended": "domain.events:EventAmended",
}
SNAPSHOT_TOPIC = "combatlog:Encounter.Snapshot"
CREATED = EncounterCreated(name="Goblin ambush", ruleset="dnd35")
V, G = "valeros", "goblin"
EVERY_TYPE: list[dict[str, Any]] = [
    {"type": "EncounterCreated", "name": "Goblin ambush", "ruleset": "dnd35"},
    {"type": "CombatantJoined", "combatant": V, "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12}},
    {"type": "CombatantJoined", "combatant": G, "name": "Goblin", "side": "foes",
     "stats": {"max_hp": 6}, "hidden": False},
    {"type": "SurpriseDetermined", "aware": [V]},
    {"type": "InitiativeRolled", "combatant": V, "natural": 15, "modifier": 2},
    {"type": "InitiativeRolled", "combatant": G, "natural": 13, "modifier": 4},
    {"type": "InitiativeTieBroken", "order": [V, G]},
    {"type": "CombatStarted", "at": "2024-05-01T19:30:00Z", "by": "gm"},
    {"type": "AttackMade", "attacker": V, "target": G, "natural": 14, "total": 18},
    {"type": "DamageDealt", "target": G, "amount": 4, "attack": 9},
    {"type": "ConditionApplied", "target": G, "condition": "shaken", "duration": {"rounds": 2}},
    {"type": "TurnEnded", "combatant": V},
    {"type": "Delayed", "combatant": G},
    {"type": "DelayEnded", "combatant": G},
    {"type": "ActionReadied", "combatant": G, "trigger": "valeros moves"},
    {"type": "ReadiedActionTaken", "combatant": G, "before": V},
    {"type": "HealingApplied", "target": G, "amount": 2},
    {"type": "TemporaryHitPointsGained", "target": V, "amount": 5},
    {"type": "TemporaryHitPointsLost", "target": V},
    {"type": "ConditionRemoved", "target": G, "condition": "shaken"},
    {"type": "SavingThrowRolled", "combatant": V, "save": "will", "natural": 12, "total": 14},
    {"type": "CheckRolled", "combatant": G, "check": "stabilize", "natural": 7, "total": 7},
    {"type": "ResolveSpent", "combatant": V, "amount": 1},
    {"type": "RestTaken", "kind": "short"},
    {"type": "NoteAdded", "text": "the goblin looks for a way out"},
    {"type": "CombatantLeft", "combatant": G, "reason": "fled"},
    {"type": "CombatEnded"},
    {"type": "EventRevoked", "target": 17},
    {"type": "EventRestored", "target": 17},
    {"type": "EventAmended", "target": 10,
     "replacement": {"type": "DamageDealt", "target": G, "amount": 5}},
]  # fmt: skip


def every_type() -> list[Fact]:
    """A valid log holding each fact type at least once."""
    return [EVENT_ADAPTER.validate_python(line) for line in EVERY_TYPE]


def notes(count: int) -> list[Fact]:
    return [NoteAdded(text=f"note {n}") for n in range(count)]


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path}/combatlog.sqlite"


@pytest.fixture
def open_store(sqlite_url: str) -> Iterator[OpenStore]:
    """Stores on one SQLite file, as separate processes would open it."""
    opened: list[EncounterStore] = []

    def open_one() -> EncounterStore:
        opened.append(EncounterStore(sqlite_url))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[EncounterStore]:
    with EncounterStore("memory:" if request.param == "memory" else sqlite_url) as opened:
        yield opened


def test_every_fact_type_is_stored_as_its_json_line_under_its_pinned_topic(
    store: EncounterStore,
) -> None:
    log = every_type()
    encounter_id = store.import_log(log)
    records = store.application.recorder.select_events(encounter_id)
    stored = {orjson.loads(r.state)["type"]: r.topic for r in records}
    assert set(PINNED_TOPICS) == set(EVENT_TYPES)
    assert stored == PINNED_TOPICS
    assert [r.state for r in records] == [orjson.dumps(f.to_json_dict()) for f in log]
    assert [r.originator_version for r in records] == list(range(1, len(log) + 1))
    assert store.facts(encounter_id) == log


def test_a_batch_with_a_bad_third_fact_writes_nothing_and_names_its_line(
    store: EncounterStore,
) -> None:
    encounter_id = store.import_log(every_type()[:8])
    stranger = EVENT_ADAPTER.validate_python({"type": "TurnEnded", "combatant": "kyra"})
    batch = [*notes(2), stranger, *notes(1)]
    with pytest.raises(LogError) as rejected:
        store.append(encounter_id, batch)
    assert (rejected.value.position, rejected.value.field) == (11, "combatant")
    assert store.version(encounter_id) == 8
    assert store.facts(encounter_id) == every_type()[:8]


def test_an_append_from_a_stale_version_is_a_conflict(store: EncounterStore) -> None:
    encounter_id = store.create(CREATED)
    assert store.append(encounter_id, notes(2), expected_version=1) == 3
    with pytest.raises(VersionConflict) as conflict:
        store.append(encounter_id, notes(1), expected_version=1)
    assert (conflict.value.expected, conflict.value.actual) == (1, 3)
    assert store.version(encounter_id) == 3


def test_an_unknown_encounter_is_reported_as_such(store: EncounterStore) -> None:
    nobody = uuid4()
    for read in (store.version, store.facts, store.load):
        with pytest.raises(UnknownEncounter):
            read(nobody)
    with pytest.raises(UnknownEncounter):
        store.append(nobody, notes(1))


def test_facts_without_a_time_get_the_shell_stamp_and_the_others_keep_theirs(
    store: EncounterStore,
) -> None:
    encounter_id = store.create(CREATED)
    earlier, now = datetime(2024, 5, 1, 19, 0, tzinfo=UTC), datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
    store.append(encounter_id, [NoteAdded(text="a"), NoteAdded(text="b", at=earlier)], stamp=now)
    assert [f.at for f in store.facts(encounter_id)] == [None, now, earlier]


def test_facts_upto_a_line_are_the_first_lines(store: EncounterStore) -> None:
    encounter_id = store.import_log(every_type())
    assert store.facts(encounter_id, upto=5) == every_type()[:5]
    assert store.facts(encounter_id, upto=0) == []


def test_a_bad_log_is_rejected_whole_on_import(store: EncounterStore) -> None:
    log = every_type()
    log[11] = EVENT_ADAPTER.validate_python({"type": "TurnEnded", "combatant": "kyra"})
    with pytest.raises(LogError) as rejected:
        store.import_log(log)
    assert rejected.value.position == 12
    with pytest.raises(LogError):
        store.import_log([])
    assert store.list_encounters() == []


def test_the_list_shows_each_encounter_with_its_name_ruleset_and_version(
    store: EncounterStore,
) -> None:
    first = store.import_log(every_type())
    second = store.create(EncounterCreated(name="Bugbear den", ruleset="dnd35"))
    store.append(second, notes(2))
    assert store.list_encounters() == [
        EncounterSummary(first, "Goblin ambush", "dnd35", len(EVERY_TYPE)),
        EncounterSummary(second, "Bugbear den", "dnd35", 3),
    ]


def test_loading_a_long_encounter_starts_from_its_latest_snapshot(
    store: EncounterStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter_id = store.import_log(every_type()[:3])
    store.append(encounter_id, notes(1002))
    assert store.application.snapshots is not None
    kept = store.application.snapshots.recorder.select_events(encounter_id)
    assert [(s.originator_version, s.topic) for s in kept] == [(1000, SNAPSHOT_TOPIC)]
    reads: list[int | None] = []
    select = store.application.recorder.select_events

    def spied(*args: Any, **options: Any) -> Any:
        reads.append(options.get("gt"))
        return select(*args, **options)

    monkeypatch.setattr(store.application.recorder, "select_events", spied)
    encounter = store.load(encounter_id)
    assert (encounter.version, reads) == (1005, [1000])
    monkeypatch.undo()
    assert encounter.integrity == check_log(store.facts(encounter_id))
    assert store.append(encounter_id, notes(1)) == 1006
    assert store.load(encounter_id, snapshots=False).integrity == check_log(
        store.facts(encounter_id)
    )


def test_two_writers_racing_for_the_same_line_one_wins_and_nothing_is_lost(
    open_store: OpenStore,
) -> None:
    writers = [open_store(), open_store()]
    encounter_id = writers[0].create(CREATED)
    start, outcomes = threading.Barrier(2), dict[int, int | tuple[int, int]]()

    def write(n: int) -> None:
        start.wait()
        try:
            outcomes[n] = writers[n].append(encounter_id, [NoteAdded(text=f"w{n}")], 1)
        except VersionConflict as conflict:
            outcomes[n] = (conflict.expected, conflict.actual)

    threads = [threading.Thread(target=write, args=(n,)) for n in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes.values(), key=str) == [(1, 2), 2]
    winner = next(n for n, outcome in outcomes.items() if outcome == 2)
    assert open_store().facts(encounter_id) == [CREATED, NoteAdded(text=f"w{winner}")]


def test_a_writer_who_lost_the_race_to_the_database_gets_a_conflict(
    open_store: OpenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = open_store(), open_store()
    encounter_id = first.create(CREATED)
    get = second.application.repository.get

    def read_then_lose_the_race(*args: Any, **kwargs: Any) -> Any:
        encounter = get(*args, **kwargs)
        first.append(encounter_id, [NoteAdded(text="first")])
        return encounter

    monkeypatch.setattr(second.application.repository, "get", read_then_lose_the_race)
    with pytest.raises(VersionConflict) as conflict:
        second.append(encounter_id, [NoteAdded(text="second")])
    assert (conflict.value.expected, conflict.value.actual) == (1, 2)
    assert first.facts(encounter_id) == [CREATED, NoteAdded(text="first")]


def test_an_encounter_survives_closing_and_reopening_the_database(open_store: OpenStore) -> None:
    writer = open_store()
    encounter_id = writer.import_log(every_type())
    writer.close()
    reader = open_store()
    assert reader.facts(encounter_id) == every_type()
    assert [s.id for s in reader.list_encounters()] == [encounter_id]


# --- any fact, generated from the event models' own annotations -------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=6)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)  # fmt: skip
TIMES = st.datetimes(
    datetime(1970, 1, 1), datetime(2100, 1, 1), timezones=st.sampled_from([None, UTC])
)


def bounds(metadata: tuple[Any, ...]) -> dict[str, Any]:
    """ge/le/min_length/max_length/pattern from pydantic and annotated-types metadata."""
    found: dict[str, Any] = {}
    for item in metadata:
        if isinstance(item, FieldInfo):
            found |= bounds(tuple(item.metadata))
        for key in ("ge", "le", "min_length", "max_length", "pattern"):
            if getattr(item, key, None) is not None:
                found[key] = getattr(item, key)
    return found


def values(annotation: Any, metadata: tuple[Any, ...] = ()) -> st.SearchStrategy[Any]:
    """Values a field of this annotation accepts."""
    origin, args, limit = get_origin(annotation), get_args(annotation), bounds(metadata)
    if origin is Annotated:
        return values(args[0], (*metadata, *args[1:]))
    if origin in (Union, UnionType):
        return st.one_of([values(arg) for arg in args])
    if origin is Literal:
        return st.sampled_from(args)
    if origin is list:
        return st.lists(values(args[0]), min_size=limit.get("min_length", 0), max_size=3)
    if origin is dict:
        return st.dictionaries(st.text(max_size=5), JSON, max_size=3)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return model(annotation)
    if annotation is str and "pattern" in limit:
        return st.from_regex(limit["pattern"], fullmatch=True).filter(lambda s: len(s) <= 64)
    leaves = {
        type(None): st.none(), bool: st.booleans(), datetime: TIMES, Any: JSON,
        int: st.integers(limit.get("ge", -(2**53)), limit.get("le", 2**53)),
        str: st.text(min_size=limit.get("min_length", 0), max_size=12),
    }  # fmt: skip
    return leaves[annotation]


def model(cls: type[BaseModel]) -> st.SearchStrategy[Any]:
    """Instances of `cls` with any subset of its optional fields given."""
    fields = {n: f for n, f in cls.model_fields.items() if n != "type"}
    return st.fixed_dictionaries(
        {n: values(f.annotation, tuple(f.metadata)) for n, f in fields.items() if f.is_required()},
        optional={
            n: values(f.annotation, tuple(f.metadata)) for n, f in fields.items()
            if not f.is_required()
        },
    ).map(cls.model_validate)  # fmt: skip


FACTS = st.one_of([model(cls) for cls in EVENT_TYPES.values()])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FACTS, min_size=1, max_size=4))
def test_any_fact_comes_back_from_the_store_unchanged(facts: list[Fact]) -> None:
    log = [CREATED, *facts]
    with EncounterStore("memory:") as store:
        encounter_id = uuid4()
        events = [fact_event(encounter_id, n, fact) for n, fact in enumerate(log, start=1)]
        store.application.events.put(events)
        records = store.application.recorder.select_events(encounter_id)
        back = store.facts(encounter_id)
        decoded = [store.mapper.to_domain_event(r) for r in records]
    assert [r.state for r in records] == [orjson.dumps(f.to_json_dict()) for f in log]
    assert back == log
    assert [f.to_json_dict() for f in back] == [f.to_json_dict() for f in log]
    assert [getattr(e, "fact", None) for e in decoded] == log


# --- configuration ---------------------------------------------------------------------------


def test_the_store_url_comes_from_the_argument_then_the_environment_then_the_default() -> None:
    assert store_url("memory:", {"COMBATLOG_DATABASE_URL": "sqlite:///x"}) == "memory:"
    assert store_url(None, {"COMBATLOG_DATABASE_URL": "sqlite:///x"}) == "sqlite:///x"
    assert store_url(None, {}) == "sqlite:///combatlog.sqlite"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("memory:", {"PERSISTENCE_MODULE": "eventsourcing.popo"}),
        ("sqlite:///combatlog.sqlite", {"SQLITE_DBNAME": "combatlog.sqlite"}),
        ("sqlite:////var/lib/fights.db", {"SQLITE_DBNAME": "/var/lib/fights.db"}),
        (
            "postgresql://gm:s%40cret@db.local:5433/combat",
            {"POSTGRES_DBNAME": "combat", "POSTGRES_HOST": "db.local", "POSTGRES_PORT": "5433",
             "POSTGRES_USER": "gm", "POSTGRES_PASSWORD": "s@cret"},
        ),
        ("postgresql://postgres@127.0.0.1/test",
         {"POSTGRES_PORT": "5432", "POSTGRES_USER": "postgres", "POSTGRES_PASSWORD": ""}),
    ],
    ids=["memory", "relative sqlite", "absolute sqlite", "postgres", "postgres defaults"],
)  # fmt: skip
def test_a_store_url_becomes_the_library_persistence_settings(
    url: str, expected: dict[str, str]
) -> None:
    env = persistence_env(url)
    assert {key: env.get(key) for key in expected} == expected


@pytest.mark.parametrize("url", ["sqlite:///", "mysql://db/x", "postgresql://host/", "fights.db"])
def test_a_store_url_the_store_cannot_use_is_refused(url: str) -> None:
    with pytest.raises(ValueError, match="URL"):
        persistence_env(url)
