"""What-if branches as pure folds (issue 16 item 5): a fork at line N in either timeline starts
from the table the parent had there, and plays forward on its own."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

import pytest

from domain.events import (
    BranchOf,
    CombatantJoined,
    CombatStarted,
    ConditionApplied,
    DamageDealt,
    EncounterCreated,
    EventAmended,
    EventRevoked,
    Fact,
    InitiativeRolled,
    NoteAdded,
    TurnEnded,
)
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


def bridge_lines() -> list[Fact]:
    """Valeros (17) and a goblin (6 HP, 11) at the start of round 1: lines 1..6."""

    def stats(hp: int) -> dict[str, object]:
        return {"max_hp": hp, "initiative_modifier": 1, "defenses": {"ac": 15}}

    return [
        EncounterCreated(name="Bridge", ruleset="dnd35"),
        CombatantJoined(combatant="valeros", name="Valeros", side="party", stats=stats(12)),
        CombatantJoined(combatant="goblin", name="Goblin", side="foes", stats=stats(6)),
        InitiativeRolled(combatant="valeros", natural=16, modifier=1),
        InitiativeRolled(combatant="goblin", natural=10, modifier=1),
        CombatStarted(),
    ]


def checked(facts: list[Fact]) -> None:
    """The branch's log passes every check an imported log meets."""
    integrity = LogIntegrity()
    for fact in facts:
        integrity.append(fact)


def test_a_fork_as_written_copies_lines_2_to_n_verbatim_and_line_1_names_its_parent() -> None:
    parent = whole_fight()
    branch = forked(parent.events, PARENT, AT)
    assert len(branch) == AT
    assert branch[1:] == list(parent.events[1:AT])  # corrections, at and by included
    first = branch[0]
    assert isinstance(first, EncounterCreated)
    assert first.branch_of == BranchOf(encounter=PARENT, position=AT, timeline="then")
    assert first.name == "Ambush at the Old Mill (branch at line 80)"
    assert (first.at, first.by) == (parent.events[0].at, parent.events[0].by)
    checked(branch)
    assert History(branch).state() == parent.state(AT)


def test_a_fork_as_corrected_carries_the_later_corrections_that_reach_back() -> None:
    parent = whole_fight()  # line 75 amends line 48; line 74 undoes line 73, past line 60
    branch = forked(parent.events, PARENT, 60, "corrected")
    assert branch[0].branch_of == BranchOf(  # type: ignore[attr-defined]
        encounter=PARENT, position=60, timeline="corrected"
    )
    assert branch[1:60] == list(parent.events[1:60])
    assert branch[60:] == [parent.events[74]]  # the amendment, as recorded (at, by, reason)
    checked(branch)
    assert state_json(History(branch).table(), 60) == state_json(parent.corrected_table(60), 60)


def test_a_correction_of_a_later_correction_is_carried_with_its_target_renumbered() -> None:
    log = [
        *bridge_lines(),
        DamageDealt(target="goblin", amount=4),  # 7
        TurnEnded(combatant="valeros"),  # 8, after the fork
        EventAmended(target=7, replacement=DamageDealt(target="goblin", amount=2)),  # 9
        EventRevoked(target=9, reason="it was 4 after all"),  # 10: undoes the amendment
        EventRevoked(target=8),  # 11: aimed past the fork, not carried
        EventAmended(target=7, replacement=DamageDealt(target="goblin", amount=5)),  # 12
    ]
    parent = History(log)
    branch = forked(parent.events, PARENT, 7, "corrected")
    assert branch[7:] == [log[8], log[9].model_copy(update={"target": 8}), log[11]]
    checked(branch)
    assert state_json(History(branch).table(), 7) == state_json(parent.corrected_table(7), 7)
    assert History(branch).table().members["goblin"].body.hp == 1  # 6 - 5


def test_an_undo_of_a_whole_action_is_carried_as_one_action_of_the_lines_that_reach_back() -> None:
    hit, note = DamageDealt(target="goblin", amount=4), NoteAdded(text="the goblin shrieks")
    one_write = [f.model_copy(update={"action": 7}) for f in (hit, note)]  # 7-8, forked at 8
    undone = [EventRevoked(target=t, action=10) for t in (7, 8)]  # 10-11
    log = [*bridge_lines(), *one_write, TurnEnded(combatant="valeros"), *undone]  # 9: the turn
    branch = forked(History(log).events, PARENT, 8, "corrected")
    assert branch[8:] == [EventRevoked(target=t, action=9) for t in (7, 8)]
    checked(branch)
    assert History(branch).table().members["goblin"].body.hp == 6
    alone = forked(History(log).events, PARENT, 7, "corrected")  # line 8 is past this fork
    assert alone[7:] == [EventRevoked(target=7, action=8)]
    checked(alone)


def test_before_a_later_amendment_the_two_timelines_fork_into_different_tables() -> None:
    parent = whole_fight()  # line 75 amends line 48's damage into nonlethal
    then = forked(parent.events, PARENT, 60)
    corrected = forked(parent.events, PARENT, 60, "corrected")
    assert History(then).state() == parent.state(60)
    as_corrected = state_json(History(corrected).table(), 60)
    assert as_corrected == state_json(parent.corrected_table(60), 60)
    assert state_json(History(then).table(), 60) != as_corrected


def test_a_branch_plays_forward_without_touching_its_parent() -> None:
    parent = whole_fight()
    before = write_jsonl(parent.events), parent.state()
    branch = History(forked(parent.events, PARENT, AT))
    turn = branch.table().turn
    assert turn is not None
    branch.append(TurnEnded(combatant=turn))
    assert branch.version == AT + 1 and branch.table().turn != turn
    assert (write_jsonl(parent.events), parent.state()) == before


@pytest.mark.parametrize("at", [0, 100])
def test_a_fork_outside_the_log_is_refused_naming_at(at: int) -> None:
    parent = whole_fight()
    with pytest.raises(LogError) as refused:
        forked(parent.events, PARENT, at)
    assert (refused.value.field, refused.value.reason) == ("at", "the log ends at line 99")


def test_a_fork_may_be_named_and_a_long_name_keeps_the_line_it_was_forked_at() -> None:
    parent = whole_fight()
    named = forked(parent.events, PARENT, 5, name="If Grask had run")
    assert named[0].name == "If Grask had run"  # type: ignore[attr-defined]
    long = History([EncounterCreated(name="x" * 200, ruleset="dnd35")])
    branch = forked(long.events, PARENT, 1)
    assert branch[0].name == "x" * 181 + " (branch at line 1)"  # type: ignore[attr-defined]


def test_a_branch_log_round_trips_as_json_lines_and_an_old_line_1_has_no_branch() -> None:
    parent = whole_fight()
    branch = forked(parent.events, PARENT, AT, "corrected")
    assert read_jsonl(write_jsonl(branch)) == branch
    line = write_jsonl(branch[:1]).decode()
    assert f'"branch_of":{{"encounter":"{PARENT}","position":80,"timeline":"corrected"}}' in line
    assert "branch_of" not in write_jsonl(parent.events[:1]).decode()


def test_a_later_correction_about_someone_who_joins_after_the_fork_is_refused_naming_timeline() -> (
    None
):
    log = [
        *bridge_lines(),
        EventAmended(target=2, replacement=TurnEnded(combatant="goblin")),  # the goblin: line 3
    ]
    with pytest.raises(LogError) as refused:
        forked(log, PARENT, 2, "corrected")
    assert refused.value.field == "timeline"
    assert refused.value.reason.startswith("a correction recorded after line 2 cannot be taken")
    assert len(forked(log, PARENT, 2)) == 2  # as written, the branch knows nothing of it


SHAKEN_BY_THE_SNIPER = ConditionApplied(target="valeros", condition="shaken", source="sniper")


def test_a_later_correction_whose_source_names_a_later_joiner_is_refused_naming_timeline() -> None:
    """A condition's `source` is free text the player view treats as naming a combatant: carried
    into a branch where the sniper never joins, the branch's players would read its name."""
    sniper = CombatantJoined(combatant="sniper", name="Sniper", side="foes", hidden=True,
                             stats={"max_hp": 9})  # fmt: skip
    log = [
        *bridge_lines(),  # lines 1..6
        sniper,  # line 7
        EventAmended(target=3, replacement=SHAKEN_BY_THE_SNIPER),  # line 8
    ]
    with pytest.raises(LogError) as refused:
        forked(log, PARENT, 4, "corrected")
    assert refused.value.field == "timeline"
    assert (
        refused.value.reason
        == "a correction recorded after line 4 names sniper, who joins only after it"
    )
    assert len(forked(log, PARENT, 7, "corrected")) == 8  # the sniper has joined by line 7
    assert len(forked(log, PARENT, 4)) == 4  # as written, the branch knows nothing of it
