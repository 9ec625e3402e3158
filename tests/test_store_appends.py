"""Appends and imports are atomic: a bad line writes nothing, a stale or racing writer conflicts."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any

import pytest

from api.store import EncounterStore, LostRace, VersionConflict
from api.store.batch import ROUNDS
from domain.events import EVENT_ADAPTER, CombatantJoined, DamageDealt, NoteAdded
from domain.integrity import LogError
from tests.store_helpers import (
    CREATED,
    OpenStore,
    appended,
    every_type,
    new_encounter,
    new_log,
    notes,
)

JOIN = CombatantJoined(combatant="goblin", name="Goblin", side="foes", stats={"max_hp": 6})
DAMAGE = DamageDealt(target="goblin", amount=3)


def test_a_batch_with_a_bad_third_fact_writes_nothing_and_names_its_line(
    store: EncounterStore,
) -> None:
    encounter_id = new_log(store, every_type()[:8])
    stranger = EVENT_ADAPTER.validate_python({"type": "TurnEnded", "combatant": "kyra"})
    batch = [*notes(2), stranger, *notes(1)]
    with pytest.raises(LogError) as rejected:
        appended(store, encounter_id, batch)
    assert (rejected.value.position, rejected.value.field) == (11, "facts[2].combatant")
    assert store.version(encounter_id) == 8
    assert store.facts(encounter_id) == every_type()[:8]


def test_an_append_from_a_stale_version_is_a_conflict(store: EncounterStore) -> None:
    encounter_id = new_encounter(store)
    assert appended(store, encounter_id, notes(2), expected_version=1) == (2, 3)
    with pytest.raises(VersionConflict) as conflict:
        appended(store, encounter_id, notes(1), expected_version=1)
    assert (conflict.value.expected, conflict.value.actual) == (1, 3)
    assert store.version(encounter_id) == 3


def test_facts_without_a_time_get_the_shell_stamp_and_the_others_keep_theirs(
    store: EncounterStore,
) -> None:
    encounter_id = new_encounter(store)
    earlier, now = datetime(2024, 5, 1, 19, 0, tzinfo=UTC), datetime(2024, 5, 1, 20, 0, tzinfo=UTC)
    appended(store, encounter_id, [NoteAdded(text="a"), NoteAdded(text="b", at=earlier)], at=now)
    assert [f.at for f in store.facts(encounter_id)] == [None, now, earlier]


def test_a_bad_log_is_rejected_whole_on_import(store: EncounterStore) -> None:
    log = every_type()
    log[11] = EVENT_ADAPTER.validate_python({"type": "TurnEnded", "combatant": "kyra"})
    with pytest.raises(LogError) as rejected:
        new_log(store, log)
    assert rejected.value.position == 12
    with pytest.raises(LogError):
        new_log(store, [])
    assert store.list_encounters() == []


def test_two_writers_racing_for_the_same_line_one_wins_and_nothing_is_lost(
    open_store: OpenStore,
) -> None:
    writers = [open_store(), open_store()]
    encounter_id = new_encounter(writers[0])
    start, outcomes = threading.Barrier(2), dict[int, int | tuple[int, int]]()

    def write(n: int) -> None:
        start.wait()
        try:
            note = [NoteAdded(text=f"w{n}")]
            outcomes[n] = appended(writers[n], encounter_id, note, expected_version=1)[1]
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


def overtaken(
    first: EncounterStore,
    second: EncounterStore,
    encounter_id: Any,
    times: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each of `second`'s next `times` reads of the log is overtaken by a write through `first`."""
    get, left = second.application.repository.get, [times]

    def read_then_lose_the_race(*args: Any, **kwargs: Any) -> Any:
        encounter = get(*args, **kwargs)
        if left[0] > 0:
            left[0] -= 1
            appended(first, encounter_id, [NoteAdded(text=f"first {encounter.version}")])
        return encounter

    monkeypatch.setattr(second.application.repository, "get", read_then_lose_the_race)


def test_a_writer_with_an_expected_version_who_lost_the_race_gets_a_conflict(
    open_store: OpenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each read of the log is overtaken by another writer: the retry on a fresh read loses too."""
    first, second = open_store(), open_store()
    encounter_id = new_encounter(first)
    overtaken(first, second, encounter_id, 99, monkeypatch)
    with pytest.raises(VersionConflict) as conflict:
        appended(second, encounter_id, [NoteAdded(text="second")], expected_version=1)
    assert (conflict.value.expected, conflict.value.actual) == (1, 2)
    assert not isinstance(conflict.value, LostRace)
    assert first.facts(encounter_id) == [
        CREATED, NoteAdded(text="first 1"), NoteAdded(text="first 2")
    ]  # fmt: skip


def test_a_blind_writer_who_lost_a_race_is_written_on_the_log_read_afresh(
    open_store: OpenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11: no expected_version, so no version to be stale against: the server retries."""
    first, second = open_store(), open_store()
    encounter_id = new_encounter(first)
    overtaken(first, second, encounter_id, 1, monkeypatch)
    assert appended(second, encounter_id, [NoteAdded(text="second")]) == (3, 3)
    assert first.facts(encounter_id) == [
        CREATED,
        NoteAdded(text="first 1"),
        NoteAdded(text="second"),
    ]


def test_a_blind_writer_overtaken_in_every_round_of_its_commit_is_a_lost_race_to_try_again(
    open_store: OpenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The group commit tries it again in its next commit (tests/test_group_commit_races.py)."""
    first, second = open_store(), open_store()
    encounter_id = new_encounter(first)
    overtaken(first, second, encounter_id, ROUNDS, monkeypatch)
    with pytest.raises(LostRace):
        appended(second, encounter_id, [NoteAdded(text="second")])
    assert NoteAdded(text="second") not in first.facts(encounter_id)


def test_a_writer_on_a_stale_cached_log_appends_after_the_other_writers_lines(
    open_store: OpenStore,
) -> None:
    """Two workers: the second's cached aggregate is behind; its append lands after, not over."""
    first, second = open_store(), open_store()
    encounter_id = new_encounter(first)
    appended(second, encounter_id, [NoteAdded(text="second 1")])  # cached in `second` at 2
    appended(first, encounter_id, [JOIN])  # the log moves on to 3 behind `second`'s back
    assert appended(second, encounter_id, [DAMAGE]) == (4, 4)  # names the combatant at 3
    assert first.facts(encounter_id)[1:] == [NoteAdded(text="second 1"), JOIN, DAMAGE]


def test_a_retried_append_with_the_same_key_writes_once_even_through_another_store(
    open_store: OpenStore,
) -> None:
    first, second = open_store(), open_store()
    encounter_id = new_encounter(first)
    assert appended(first, encounter_id, notes(2), key="req-1") == (2, 3)
    assert appended(second, encounter_id, notes(2), key="req-1") == (2, 3)
    assert appended(second, encounter_id, notes(1), key="req-2") == (4, 4)
    assert appended(first, encounter_id, notes(1), key="req-2") == (4, 4)
    assert [f.key for f in second.facts(encounter_id)] == [None, "req-1", "req-1", "req-2"]


def test_a_failed_append_leaves_no_trace_in_the_cached_encounter(store: EncounterStore) -> None:
    encounter_id = new_log(store, every_type()[:8])
    stranger = EVENT_ADAPTER.validate_python({"type": "TurnEnded", "combatant": "nobody"})
    with pytest.raises(LogError):
        appended(store, encounter_id, [*notes(1), stranger])
    assert appended(store, encounter_id, notes(1)) == (9, 9)
    assert store.aggregate(encounter_id).integrity.version == 9
