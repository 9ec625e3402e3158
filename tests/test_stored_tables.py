"""Stored tables (api/store/tables.py): a rebuild that starts from them gives the same table,
at every line, as folding the whole log; a stale, foreign or broken one is never used."""

from __future__ import annotations

import pickle
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import api.store.tables
from api.service.encounters import Encounters, rebuilt
from api.store import EncounterStore
from domain.commands import Redo, Undo
from domain.events import DamageDealt, EventRevoked, Fact
from domain.jsonl import read_jsonl
from projections.render import state_json
from projections.table import table_at
from tests.store_helpers import OpenStore, appended, every_type, new_log, notes

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "replay_fixtures").glob("*/*.jsonl"))
EVERY = 4


def folded(events: list[Fact], at: int) -> dict[str, Any]:
    return state_json(table_at(events, at), at)


@pytest.mark.parametrize("log", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_fixture_rebuilt_from_stored_tables_folds_as_the_whole_log(
    log: Path, open_store: OpenStore
) -> None:
    events = read_jsonl(log.read_bytes())
    first = open_store()
    encounter = new_log(first, events)
    rebuilt(first, encounter, every=EVERY)  # folds every line and stores its tables
    again = open_store()  # another process: nothing in memory
    assert len(again.tables.of(encounter)) == len(events) // EVERY
    history = rebuilt(again, encounter, every=EVERY)
    for at in range(1, len(events) + 1):
        assert history.state(at) == folded(events, at), f"line {at}"


def test_a_correction_after_the_stored_tables_that_reaches_behind_them_refolds_from_before(
    open_store: OpenStore,
) -> None:
    events = every_type()  # revokes line 17 and amends line 10's damage at its end
    store = open_store()
    encounter = new_log(store, events[:-3])
    rebuilt(store, encounter, every=EVERY)
    appended(store, encounter, [*events[-3:], EventRevoked(target=10)])
    whole = store.facts(encounter)
    history = rebuilt(open_store(), encounter, every=EVERY)
    assert history.state() == folded(whole, len(whole))
    assert history.revoked() == {10}


def test_tables_stored_by_other_rules_code_are_not_used(
    open_store: OpenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store()
    encounter = new_log(store, every_type())
    rebuilt(store, encounter, every=EVERY)
    assert len(store.tables.of(encounter)) > 0
    monkeypatch.setattr(api.store.tables, "rules_digest", lambda: "rules-of-another-version")
    assert len(store.tables.of(encounter)) == 0


def test_a_stored_table_that_cannot_be_read_is_passed_over(
    open_store: OpenStore, sqlite_url: str
) -> None:
    events = every_type()
    store = open_store()
    encounter = new_log(store, events)
    rebuilt(store, encounter, every=EVERY)
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as database:
        database.execute("UPDATE stored_tables SET state = x'00'")
    history = rebuilt(open_store(), encounter, every=EVERY)
    for at in range(1, len(events) + 1):
        assert history.state(at) == folded(events, at)
    later = open_store()  # the unreadable rows were replaced by the fold that passed them
    kept = sorted(later.tables.of(encounter))
    assert kept and all(later.tables.load(encounter, at) is not None for at in kept)


def test_a_stored_table_signed_without_the_services_secret_is_never_unpickled(
    open_store: OpenStore, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoever can write the database but lacks the secret cannot make a worker run code."""
    events = every_type()
    store = open_store()
    encounter = new_log(store, events)
    rebuilt(store, encounter, every=EVERY)
    forged = pickle.dumps(store.tables.load(encounter, EVERY))
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as database:
        database.execute("UPDATE stored_tables SET state = ?", (bytes(32) + forged,))
    unpickled: list[bytes] = []
    monkeypatch.setattr(api.store.tables.pickle, "loads", unpickled.append)
    again = open_store()
    assert again.tables.load(encounter, EVERY) is None
    assert unpickled == []
    history = rebuilt(again, encounter, every=EVERY)
    assert history.state() == folded(events, len(events))


def test_a_store_opened_without_a_secret_keeps_no_tables(sqlite_url: str) -> None:
    with EncounterStore(sqlite_url) as store:
        encounter = new_log(store, every_type())
        rebuilt(store, encounter, every=EVERY)
        assert len(store.tables.of(encounter)) == 0


def test_the_in_memory_store_keeps_no_tables() -> None:
    with EncounterStore("memory:") as store:
        encounter = new_log(store, every_type())
        rebuilt(store, encounter, every=EVERY)
        assert len(store.tables.of(encounter)) == 0


def test_a_service_on_a_long_stored_log_undoes_redoes_and_appends_as_on_a_fresh_fold(
    open_store: OpenStore,
) -> None:
    """Past 1,000 lines a table is stored; a worker that starts later rebuilds from it."""
    store = open_store()
    setup = every_type()[:8]  # joined, initiative, combat started
    encounter = new_log(store, [*setup, *notes(1100)])
    Encounters(store).history(encounter)  # stores the table after line 1,000
    assert 1000 in store.tables.of(encounter)
    service = Encounters(open_store())
    service.append(encounter, [DamageDealt(target="goblin", amount=3)])
    service.append(encounter, Undo())
    service.append(encounter, Redo())
    service.append(encounter, Undo(position=2))  # reaches behind the stored table
    events = service.store.facts(encounter)
    history = service.history(encounter)
    assert history.state() == folded(events, len(events))
    assert history.state(1000) == folded(events, 1000)
    assert history.revoked() == {2}
    assert history.state()["combatants"]["goblin"]["vitals"]["hp"] == 3
