"""What-if branches as pure folds (issue 16 item 5): a fork at line N in either timeline starts
from the table the parent had there, and plays forward on its own."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

import pytest

from domain.events import BranchOf, DamageDealt, EncounterCreated, Fact, NoteAdded, TurnEnded
from domain.integrity import LogError, LogIntegrity
from domain.jsonl import read_jsonl, write_jsonl
from projections.branch import forked
from projections.history import History
from projections.render import state_json

FIGHT = Path(__file__).parent.parent / "replay_fixtures" / "dnd35" / "whole-fight.jsonl"
PARENT = UUID("7a1e2b3c-0000-4000-8000-00000000beef")
AT = 80  # past the undo of line 73 (line 74) and the amendment of line 48 (line 75)


def whole_fight() -> History:
    return History(read_jsonl(FIGHT.read_bytes()))


def checked(facts: list[Fact]) -> None:
    """The branch's log passes every check an imported log meets."""
    integrity = LogIntegrity()
    for fact in facts:
        integrity.append(fact)


def test_a_fork_as_written_copies_lines_2_to_n_verbatim_and_line_1_names_its_parent() -> None:
    parent = whole_fight()
    branch = forked(parent.events, parent.corrections, PARENT, AT)
    assert len(branch) == AT
    assert branch[1:] == list(parent.events[1:AT])  # corrections, at and by included
    first = branch[0]
    assert isinstance(first, EncounterCreated)
    assert first.branch_of == BranchOf(encounter=PARENT, position=AT, timeline="then")
    assert first.name == "Ambush at the Old Mill (branch at line 80)"
    assert (first.at, first.by) == (parent.events[0].at, parent.events[0].by)
    checked(branch)
    assert History(branch).state() == parent.state(AT)


def test_a_fork_as_corrected_starts_from_the_corrected_table_with_every_position_kept() -> None:
    parent = whole_fight()
    branch = forked(parent.events, parent.corrections, PARENT, AT, "corrected")
    assert len(branch) == AT
    assert branch[0].branch_of == BranchOf(  # type: ignore[attr-defined]
        encounter=PARENT, position=AT, timeline="corrected"
    )
    # the undone line and the undo itself are notes; the amended damage is its replacement
    # with the original line's time and author; the amendment a note
    for position in (73, 74, 75):
        assert isinstance(branch[position - 1], NoteAdded)
        assert branch[position - 1].at == parent.events[position - 1].at
    amended = branch[47]
    assert isinstance(amended, DamageDealt)
    assert (amended.nonlethal, amended.damage_type, amended.attack) == (True, "bludgeoning", 47)
    assert (amended.at, amended.by) == (parent.events[47].at, parent.events[47].by)
    untouched = [p for p in range(2, AT + 1) if p not in (48, 73, 74, 75)]
    assert all(branch[p - 1] == parent.events[p - 1] for p in untouched)
    checked(branch)
    assert History(branch).state() == state_json(parent.corrected_table(AT), AT)


def test_before_a_later_amendment_the_two_timelines_fork_into_different_tables() -> None:
    parent = whole_fight()  # line 75 amends line 48's damage into nonlethal
    then = forked(parent.events, parent.corrections, PARENT, 60)
    corrected = forked(parent.events, parent.corrections, PARENT, 60, "corrected")
    assert History(then).state() == parent.state(60)
    assert History(corrected).state() == state_json(parent.corrected_table(60), 60)
    assert History(then).state() != History(corrected).state()


def test_a_branch_plays_forward_without_touching_its_parent() -> None:
    parent = whole_fight()
    before = write_jsonl(parent.events), parent.state()
    branch = History(forked(parent.events, parent.corrections, PARENT, AT))
    turn = branch.table().turn
    assert turn is not None
    branch.append(TurnEnded(combatant=turn))
    assert branch.version == AT + 1 and branch.table().turn != turn
    assert (write_jsonl(parent.events), parent.state()) == before


@pytest.mark.parametrize("at", [0, 100])
def test_a_fork_outside_the_log_is_refused_naming_at(at: int) -> None:
    parent = whole_fight()
    with pytest.raises(LogError) as refused:
        forked(parent.events, parent.corrections, PARENT, at)
    assert (refused.value.field, refused.value.reason) == ("at", "the log ends at line 99")


def test_a_fork_may_be_named_and_a_long_name_keeps_the_line_it_was_forked_at() -> None:
    parent = whole_fight()
    named = forked(parent.events, parent.corrections, PARENT, 5, name="If Grask had run")
    assert named[0].name == "If Grask had run"  # type: ignore[attr-defined]
    long = History([EncounterCreated(name="x" * 200, ruleset="dnd35")])
    branch = forked(long.events, long.corrections, PARENT, 1)
    assert branch[0].name == "x" * 181 + " (branch at line 1)"  # type: ignore[attr-defined]


def test_a_branch_log_round_trips_as_json_lines_and_an_old_line_1_has_no_branch() -> None:
    parent = whole_fight()
    branch = forked(parent.events, parent.corrections, PARENT, AT, "corrected")
    assert read_jsonl(write_jsonl(branch)) == branch
    line = write_jsonl(branch[:1]).decode()
    assert f'"branch_of":{{"encounter":"{PARENT}","position":80,"timeline":"corrected"}}' in line
    assert "branch_of" not in write_jsonl(parent.events[:1]).decode()
