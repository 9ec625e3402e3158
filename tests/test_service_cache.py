"""The service's cached tables stay equal to the log, whoever wrote it (workers on one store)."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.service import encounters
from api.service.encounters import HISTORIES_KEPT, Encounters
from api.store import EncounterStore
from domain.events import EncounterCreated, NoteAdded
from tests.store_helpers import CREATED, new_encounter, notes


def test_a_retry_answered_from_another_workers_receipt_shows_the_stored_lines(
    sqlite_url: str,
) -> None:
    """Worker B has the log cached up to line 1; worker A appends with key k; the client's retry
    reaches B with the same key (and, say, an edited body): B answers A's lines, and B's table
    shows what is stored, not the retried body."""
    a, b = Encounters(EncounterStore(sqlite_url)), Encounters(EncounterStore(sqlite_url))
    encounter = new_encounter(a.store)
    assert b.history(encounter).version == 1
    first = a.append(encounter, [NoteAdded(text="as sent first")], key="k")
    again = b.append(encounter, [NoteAdded(text="as retried")], key="k")
    assert (again.first, again.version) == (first.first, first.version) == (2, 2)
    stored = a.store.facts(encounter)
    assert list(b.history(encounter).events) == stored
    assert [getattr(f, "text", None) for f in stored] == [None, "as sent first"]


def test_lines_written_by_this_worker_are_cached_as_stored(sqlite_url: str) -> None:
    service = Encounters(EncounterStore(sqlite_url))
    encounter = new_encounter(service.store)
    service.history(encounter)
    service.append(encounter, [NoteAdded(text="one"), NoteAdded(text="two")])
    assert list(service.history(encounter).events) == service.store.facts(encounter)


def test_a_process_keeps_the_tables_of_a_bounded_number_of_encounters(tmp_path: Path) -> None:
    """Memory stays bounded however many encounters are read: past HISTORIES_KEPT the least
    recently read is forgotten, and reading it again rebuilds the same table."""
    with EncounterStore(f"sqlite:///{tmp_path / 'many.sqlite'}") as store:
        service = Encounters(store)
        ids = [new_encounter(service.store, EncounterCreated(name=f"fight {n}", ruleset="dnd35"))
               for n in range(HISTORIES_KEPT + 3)]  # fmt: skip
        for encounter_id in ids:
            service.history(encounter_id)
        assert sum(service.cached(encounter_id) for encounter_id in ids) == HISTORIES_KEPT
        assert not service.cached(ids[0]) and service.cached(ids[-1])
        assert service.history(ids[0]).state()["version"] == 1


def test_a_few_long_logs_do_not_keep_their_tables_past_the_lines_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory stays bounded however long the logs: past LINES_KEPT lines in all the least
    recently read is forgotten (the one just read is kept, however long), and reading a
    forgotten one again rebuilds the same table."""
    monkeypatch.setattr(encounters, "LINES_KEPT", 10)
    with EncounterStore(f"sqlite:///{tmp_path / 'long.sqlite'}") as store:
        service = Encounters(store)
        short = [service.import_log([CREATED, *notes(3)]) for _ in range(3)]  # 4 lines each
        long = service.import_log([CREATED, *notes(11)])  # 12 lines
        first = service.history(short[0]).state()
        for encounter_id in short[1:]:
            service.history(encounter_id)
        assert [service.cached(e) for e in short] == [False, True, True]  # 12 lines > 10
        assert service.history(long).version == 12
        assert [service.cached(e) for e in [*short, long]] == [False, False, False, True]
        assert service.history(short[0]).state() == first
        assert [service.cached(e) for e in [*short, long]] == [True, False, False, False]
