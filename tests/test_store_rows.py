"""The store saves each line as the record the library's own `Application.save` stores for the
line's event: the same topic, state bytes and version, in the same place of the notification
log, though the store saves the facts without making the events (api/store/saving.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

from api.store import EncounterStore
from api.store.batch import Append, Appended
from api.store.mapper import fact_event
from domain.commands import AppendFacts, Create, Import
from domain.events import HealingApplied, NoteAdded
from tests.store_helpers import CREATED, EVERY_TYPE, every_type

NOW = datetime(2026, 11, 26, 21, 30, 0, 123456, tzinfo=UTC)
A, B = UUID(int=1), UUID(int=2)


def events(encounter_id: UUID, done: Any) -> list[Any]:
    """The library's events for the lines a write stored."""
    assert isinstance(done, Appended) and done.facts is not None
    return [fact_event(encounter_id, v, f) for v, f in enumerate(done.facts, done.first)]


def test_each_line_is_stored_as_the_library_stores_its_event(tmp_path: Path) -> None:
    ours = EncounterStore(f"sqlite:///{tmp_path}/ours.sqlite")
    library = EncounterStore(f"sqlite:///{tmp_path}/library.sqlite")
    opened = ours.commit(
        [Append(A, Create(CREATED), by="gm"), Append(B, Import(tuple(every_type())))], NOW
    )
    # A's two writes surround B's: the library saves an aggregate's events together
    hit = HealingApplied(target="valeros", amount=3, key="k1")
    note = NoteAdded(text="the goblin runs")
    mixed = ours.commit(
        [
            Append(A, AppendFacts((note,)), by="gm", key="k2"),
            Append(B, AppendFacts((hit, note)), by="gm"),
            Append(A, AppendFacts((note, note)), expected_version=2, by="gm"),
        ],
        NOW,
    )
    library.application.save(*events(A, opened[0]), *events(B, opened[1]))
    library.application.save(*events(A, mixed[0]), *events(A, mixed[2]), *events(B, mixed[1]))
    read = [store.application.recorder.select_notifications(1, 100) for store in (ours, library)]
    assert len(read[0]) == 1 + len(EVERY_TYPE) + 1 + 2 + 2
    assert read[0] == read[1]
