"""The service's cached tables stay equal to the log, whoever wrote it (workers on one store)."""

from __future__ import annotations

from pathlib import Path

from api.service.encounters import HISTORIES_KEPT, Encounters
from api.store import EncounterStore
from domain.events import EncounterCreated, NoteAdded
from tests.store_helpers import new_encounter


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
