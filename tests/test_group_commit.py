"""Group commit: appends committed together keep each one's own outcome (api/store/batch.py)."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid4

import pytest

from api.service.commits import Committers, GroupCommit
from api.service.encounters import Append, Appended, Encounters
from api.service.errors import UnknownEncounter, VersionConflict
from api.store import EncounterStore
from domain.commands import AppendFacts, Create, Import
from domain.events import CombatantJoined, DamageDealt, Fact, NoteAdded
from domain.integrity import LogError
from tests.store_helpers import CREATED, new_encounter


@pytest.fixture
def service(store: EncounterStore) -> Encounters:
    return Encounters(store)


NOW, EARLIER = datetime(2024, 5, 1, 20, 0, tzinfo=UTC), datetime(2024, 5, 1, 19, 0, tzinfo=UTC)


def note(text: str) -> NoteAdded:
    return NoteAdded(text=text)


def writing(encounter_id: UUID, *facts: Fact, **how: Any) -> Append:
    """A write appending `facts` to the encounter."""
    return Append(encounter_id, AppendFacts(facts), **how)


def test_appends_to_several_encounters_are_all_written_in_one_commit(
    service: Encounters,
) -> None:
    a, b = new_encounter(service.store), new_encounter(service.store)
    results = service.append_many(
        [writing(a, note("a1")), writing(b, note("b1"), note("b2")), writing(a, note("a2"))]
    )
    assert [(r.first, r.version) for r in results if isinstance(r, Appended)] == [
        (2, 2), (2, 3), (3, 3),
    ]  # fmt: skip
    assert [f.text for f in service.store.facts(a)[1:]] == ["a1", "a2"]  # type: ignore[attr-defined]
    assert [f.text for f in service.history(b).events[1:]] == ["b1", "b2"]  # type: ignore[attr-defined]


def test_a_fact_the_log_refuses_fails_its_own_append_and_no_other(service: Encounters) -> None:
    a, b = new_encounter(service.store), new_encounter(service.store)
    bad = writing(a, note("first half"), DamageDealt(target="nobody", amount=3))
    results = service.append_many([writing(b, note("b1")), bad, writing(a, note("a1"))])
    assert isinstance(results[1], LogError) and results[1].field == "facts[1].target"
    assert results[1].index == 1  # the second fact of its request
    assert [type(r) for r in (results[0], results[2])] == [Appended, Appended]
    assert [f.text for f in service.store.facts(a)[1:]] == ["a1"]  # type: ignore[attr-defined]
    assert service.store.version(b) == 2


def test_two_appends_after_the_same_version_one_wins_one_gets_a_conflict(
    service: Encounters,
) -> None:
    a = new_encounter(service.store)
    results = service.append_many(
        [writing(a, note("x"), expected_version=1), writing(a, note("y"), expected_version=1)]
    )
    assert isinstance(results[0], Appended) and (results[0].first, results[0].version) == (2, 2)
    assert isinstance(results[1], VersionConflict)
    assert service.store.version(a) == 2


def test_a_retry_in_the_same_commit_is_answered_with_the_first_lines(service: Encounters) -> None:
    a = new_encounter(service.store)
    results = service.append_many(
        [writing(a, note("once"), key="k"), writing(a, note("again"), key="k")]
    )
    assert [(r.first, r.version) for r in results if isinstance(r, Appended)] == [(2, 2)] * 2
    assert service.store.version(a) == 2


def test_an_unknown_encounter_fails_alone(service: Encounters) -> None:
    a = new_encounter(service.store)
    results = service.append_many([writing(uuid4(), note("lost")), writing(a, note("kept"))])
    assert isinstance(results[0], UnknownEncounter) and isinstance(results[1], Appended)


def test_many_writers_through_the_committer_lose_nothing_and_double_nothing(
    service: Encounters,
) -> None:
    encounters = [new_encounter(service.store) for _ in range(4)]
    commits = GroupCommit(service)
    seen: list[tuple[int, int]] = []

    def writer(n: int) -> None:
        who = encounters[n % 4]
        joined = CombatantJoined(combatant=f"c{n}", name="C", side="foes", stats={"max_hp": 5})
        done = commits.submit(writing(who, joined, note(f"n{n}"))).result(timeout=30)
        seen.append((done.first, done.version))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    commits.stop()
    assert len(seen) == 40
    for encounter_id in encounters:
        facts = service.store.facts(encounter_id)
        assert len(facts) == 1 + 2 * 10
        assert list(service.history(encounter_id).events) == facts
    assert sorted(v - f for f, v in seen) == [1] * 40


def test_an_append_given_up_before_its_commit_is_not_written_and_the_committer_goes_on(
    service: Encounters,
) -> None:
    a = new_encounter(service.store)
    commits = GroupCommit(service)
    held = service._lock(a)
    held.acquire()  # the first commit waits here, so the next append queues behind it
    try:
        first = commits.submit(writing(a, note("first")))
        while commits._pending:  # until the committer has taken it (and waits on the lock)
            time.sleep(0.005)
        given_up = commits.submit(writing(a, note("given up")))
        assert given_up.cancel()  # as when its client disconnects
    finally:
        held.release()
    assert first.result(timeout=10).version == 2
    after = commits.submit(writing(a, note("after"))).result(timeout=10)
    commits.stop()
    assert after.version == 3
    assert [f.text for f in service.store.facts(a)[1:]] == ["first", "after"]  # type: ignore[attr-defined]


def test_a_batch_on_a_stale_cache_is_saved_again_on_the_log_as_it_stands(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers on one store: B appended since A cached the encounter. A's batch conflicts
    on the stale aggregate, is tried again on a fresh one, and both of its appends land after
    B's line."""
    a, b = Encounters(EncounterStore(sqlite_url)), Encounters(EncounterStore(sqlite_url))
    first, second = new_encounter(a.store), new_encounter(a.store)
    a.append(first, [note("cached by a")])
    b.append(first, [note("by b")])
    saves: list[int] = []
    save = a.store.save
    monkeypatch.setattr(a.store, "save", lambda e, w: saves.append(len(e)) or save(e, w))
    results = a.append_many([writing(first, note("a1")), writing(second, note("a2"))])
    assert [(r.first, r.version) for r in results if isinstance(r, Appended)] == [(4, 4), (2, 2)]
    assert saves == [2, 2]  # the conflict, then both again in one transaction
    texts = [f.text for f in a.store.facts(first)[1:]]  # type: ignore[attr-defined]
    assert texts == ["cached by a", "by b", "a1"]
    assert list(a.history(first).events) == a.store.facts(first)


def test_new_encounters_and_imports_are_committed_with_the_appends_that_arrive_with_them(
    store: EncounterStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A create is stamped with the commit's time and its author; an imported log keeps each
    line as written; all three writes share one transaction."""
    service = Encounters(store, clock=lambda: NOW)
    a = new_encounter(service.store)
    saves: list[int] = []
    save = store.save
    monkeypatch.setattr(store, "save", lambda e, w: saves.append(len(e)) or save(e, w))
    written = [CREATED.model_copy(update={"at": EARLIER, "by": "someone"}), note("as written")]
    created = Append(uuid4(), Create(CREATED), by="gm")
    imported = Append(uuid4(), Import(tuple(written)))
    results = service.append_many([created, writing(a, note("a1")), imported])
    assert [(r.first, r.version) for r in results if isinstance(r, Appended)] == [
        (1, 1), (2, 2), (1, 2),
    ]  # fmt: skip
    assert saves == [3]
    assert store.facts(created.encounter_id) == [CREATED.model_copy(update={"at": NOW, "by": "gm"})]
    assert store.facts(imported.encounter_id) == written


def test_an_import_the_log_refuses_fails_alone_naming_its_line(service: Encounters) -> None:
    a = new_encounter(service.store)
    bad = Append(uuid4(), Import((CREATED, DamageDealt(target="nobody", amount=3))))
    results = service.append_many([bad, writing(a, note("a1"))])
    assert isinstance(results[0], LogError)
    assert (results[0].position, results[0].field) == (2, "target")
    assert isinstance(results[1], Appended)
    assert [s.id for s in service.store.list_encounters()] == [a]


def test_an_import_under_way_holds_back_no_append_to_a_fight_in_play(service: Encounters) -> None:
    a = new_encounter(service.store)
    commits = Committers(service)
    imported = Append(uuid4(), Import((CREATED, *(note(f"line {n}") for n in range(50)))))
    held = service._lock(imported.encounter_id)
    held.acquire()  # the import's commit waits here, as a long import's would on its work
    try:
        importing = commits.submit(imported)
        assert commits.submit(writing(a, note("a1"))).result(timeout=10).version == 2
        assert not importing.done()
    finally:
        held.release()
    assert importing.result(timeout=10).version == 51
    commits.stop()


@pytest.mark.parametrize("key", ["", "k" * 201])
def test_a_write_with_an_idempotency_key_outside_one_to_two_hundred_characters_is_refused(
    key: str,
) -> None:
    with pytest.raises(LogError) as refused:
        writing(uuid4(), note("once"), key=key)
    assert refused.value.field == "key"
