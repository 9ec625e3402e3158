"""The relay tells this worker which logs moved in the notification log, and how far: once a
page for each log, at its last line (a subscriber reads every line up to it)."""

from __future__ import annotations

from uuid import UUID

from api.service.encounters import Encounters
from api.service.relay import Relay
from api.store import EncounterStore
from domain.events import NoteAdded
from tests.store_helpers import new_encounter


def test_the_relay_tells_each_moved_log_once_at_its_last_line(store: EncounterStore) -> None:
    told: list[tuple[UUID, int]] = []
    before = new_encounter(store)
    relay = Relay(store, lambda encounter_id, version: told.append((encounter_id, version)))
    service = Encounters(store)
    a, b = new_encounter(store), new_encounter(store)
    service.append(a, [NoteAdded(text="one"), NoteAdded(text="two")])
    service.append(b, [NoteAdded(text="three")])
    service.append(a, [NoteAdded(text="four")])
    relay.poll()
    assert sorted(told, key=str) == sorted([(a, 4), (b, 2)], key=str)  # nothing of `before`
    told.clear()
    relay.poll()
    assert told == []
    service.append(before, [NoteAdded(text="five")])
    relay.poll()
    assert told == [(before, 2)]
