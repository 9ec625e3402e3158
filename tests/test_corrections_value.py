"""One corrections value: the log's integrity, History and the GM's log lines read it alike."""

from __future__ import annotations

from uuid import uuid4

from api.http.lines import log_lines
from api.store.aggregate import Encounter
from domain.commands import Import
from domain.corrections import Corrections, is_correction
from domain.events import Fact
from domain.integrity import LogIntegrity
from projections.history import History
from tests.builders import amended, damage, fact, log, one

# Line 3 is a hit; lines 4 and 5 amend it to 5 and then 7 points.
AMENDED_TWICE = [
    *one("valeros"),
    damage("valeros", 3),
    amended(3, damage("valeros", 5)),
    amended(3, damage("valeros", 7)),
]


def hp(events: list[Fact]) -> int:
    """Valeros's hit points as the whole log stands."""
    return int(History(events).state()["combatants"]["valeros"]["vitals"]["hp"])


def corrections_of(events: list[Fact]) -> Corrections:
    """The corrections of a whole log, taken from scratch."""
    return Corrections.of(events, [p for p, e in enumerate(events, 1) if is_correction(e)])


def test_the_latest_amendment_is_the_one_in_force() -> None:
    assert hp(log(*AMENDED_TWICE)) == 20 - 7


def test_undoing_the_latest_amendment_puts_the_one_before_it_back_in_force() -> None:
    events = log(*AMENDED_TWICE, fact("EventRevoked", target=5))
    assert hp(events) == 20 - 5
    assert corrections_of(events).amended_by(3) == 4


def test_undoing_every_amendment_puts_the_line_as_written_back_in_force() -> None:
    events = log(*AMENDED_TWICE, fact("EventRevoked", target=5), fact("EventRevoked", target=4))
    assert hp(events) == 20 - 3
    assert corrections_of(events).withdrawn() == {4, 5}


def test_redoing_an_amendment_puts_it_back_in_force() -> None:
    events = log(*AMENDED_TWICE, fact("EventRevoked", target=5), fact("EventRestored", target=5))
    assert hp(events) == 20 - 7
    assert corrections_of(events).withdrawn() == {3, 4}


def test_an_amended_line_that_is_revoked_has_no_content_in_force() -> None:
    events = log(*AMENDED_TWICE, fact("EventRevoked", target=3))
    assert hp(events) == 20
    assert corrections_of(events).in_force(events, 3) is None
    assert corrections_of(events).withdrawn() == {3, 4, 5}


def test_the_log_history_and_the_gm_lines_hold_the_same_corrections() -> None:
    events = log(*AMENDED_TWICE, fact("EventRevoked", target=5), fact("EventRevoked", target=2))
    integrity = LogIntegrity()
    for event in events:
        integrity.append(event)
    history = History(events)
    expected = corrections_of(events)
    assert (history.corrections.revoked, history.corrections.amendments) == (
        expected.revoked, expected.amendments)  # fmt: skip
    assert (integrity.revoked, integrity.amendments) == (expected.revoked, expected.amendments)
    lines = {line.position: (line.revoked, line.amended_by) for line in log_lines(history)}
    assert lines[2] == (True, None)
    assert lines[3] == (False, 4)
    assert lines[5] == (True, None)


def test_a_snapshot_keeps_the_corrections_under_the_names_it_always_had() -> None:
    events = log(*AMENDED_TWICE, fact("EventRevoked", target=5))
    encounter, _ = Encounter.opened(uuid4(), Import(tuple(events)), lambda fact: fact)
    state = Encounter.Snapshot.take(encounter).state["integrity"]
    assert sorted(state["revoked"]) == [5]
    assert state["amendments"] == {"3": [4, 5]}
    restored = Encounter.restore(encounter.id, encounter.version, Encounter.Snapshot.take(
        encounter).state)  # fmt: skip
    assert restored.integrity.amended_by(3) == 4
