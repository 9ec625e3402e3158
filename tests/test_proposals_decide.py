"""Players' proposals in the log (issue 26): a player proposes for their own character, the GM
accepts (the facts, in one action), edits then accepts, or declines; the log refuses what a
player may not propose, and a ruling on anything but a pending proposal, naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from domain.commands import Accept, Propose, Undo
from domain.decide import decide
from domain.events import (
    ActionProposed,
    EventAmended,
    EventRestored,
    EventRevoked,
    NoteAdded,
    ProposalAccepted,
    ProposalDeclined,
)
from domain.integrity import LogError
from domain.jsonl import check_log
from tests.proposal_helpers import (
    Table,
    attack,
    damage,
    fact,
    initiative,
    save,
    turn_ended,
)


def refusal(table: Table, combatant: str, *raws: dict[str, Any]) -> tuple[str | None, str]:
    """The field and the reason a player's proposal is refused with."""
    with pytest.raises(LogError) as refused:
        table.propose(combatant, *raws)
    return refused.value.field, refused.value.reason


def test_a_proposal_is_the_players_line_and_changes_nothing_at_the_table() -> None:
    table = Table()
    before = table.history.state()
    line = table.propose("lidda", initiative("lidda", 14, 3), note="I rolled at the table")
    written = table.events[line - 1]
    assert written == ActionProposed(
        combatant="lidda", facts=[fact(initiative("lidda", 14, 3))], note="I rolled at the table",
        by="player:lidda",
    )  # fmt: skip
    assert table.history.state() == {**before, "version": line}


def test_accepting_records_the_acceptance_and_the_facts_in_one_action_with_the_players_by() -> None:
    table = Table()
    line = table.propose("lidda", attack("lidda", "goblin-2", 17, 23), damage("goblin-2", 7))
    lines = table.accept(line)
    assert [e.to_json_dict() for e in table.events[lines[0] - 1 :]] == [
        {"type": "ProposalAccepted", "proposal": line, "edited": False, "by": "gm", "action": 7},
        {**attack("lidda", "goblin-2", 17, 23), "by": "player:lidda", "action": 7},
        {**damage("goblin-2", 7, attack=8), "by": "player:lidda", "action": 7},
    ]  # the damage names the attack it goes with, as the GM's one write of both does
    assert table.history.state()["combatants"]["goblin-2"]["vitals"]["hp"] == 2


def test_an_edited_acceptance_says_so_and_what_the_gm_changed_is_the_gms() -> None:
    table = Table()
    line = table.propose("lidda", attack("lidda", "goblin-2", 17, 23), damage("goblin-2", 7))
    lines = table.accept(line, attack("lidda", "goblin-2", 17, 23), damage("goblin-2", 9))
    written = [
        (e.type_name, getattr(e, "edited", None), e.by) for e in table.events[lines[0] - 1 :]
    ]
    assert written == [("ProposalAccepted", True, "gm"), ("AttackMade", None, "player:lidda"),
                       ("DamageDealt", None, "gm")]  # fmt: skip
    assert table.history.state()["combatants"]["goblin-2"]["vitals"]["hp"] == 0


def test_declining_records_the_gms_reason() -> None:
    table = Table()
    line = table.propose("kyra", save("kyra", 12, 15))
    declined = table.decline(line, "that save was for the trap, not the goblin")
    assert table.events[declined - 1] == ProposalDeclined(
        proposal=line, reason="that save was for the trap, not the goblin", by="gm"
    )


def test_a_hidden_combatant_is_refused_in_the_very_words_of_one_that_never_joined() -> None:
    table = Table()
    hidden = refusal(table, "lidda", attack("lidda", "ogre", 15, 21))
    absent = refusal(table, "lidda", attack("lidda", "troll", 15, 21))
    assert hidden == ("facts.0.target", "unknown combatant 'ogre'")
    assert absent == ("facts.0.target", "unknown combatant 'troll'")
    assert hidden[1].replace("ogre", "troll") == absent[1]


@pytest.mark.parametrize(
    ("combatant", "raws", "field", "reason"),
    [
        pytest.param("goblin-2", [turn_ended("goblin-2")], "combatant",
                     "'goblin-2' is no player character in the fight", id="an-npc"),
        pytest.param("lidda", [attack("kyra", "goblin-2", 12, 15)], "facts.0.attacker",
                     "a player proposes only for their own character, 'lidda'",
                     id="another-characters-attack"),
        pytest.param("lidda", [save("kyra", 12, 15)], "facts.0.combatant",
                     "a player proposes only for their own character, 'lidda'",
                     id="another-characters-save"),
        pytest.param("lidda", [{**turn_ended("lidda"), "action": 3}], "facts.0.action",
                     "a proposed fact carries no envelope: the proposal's own is its",
                     id="a-fact-with-an-envelope"),
        pytest.param("lidda", [initiative("lidda", 9, 3), damage("goblin-2", 4, source="kyra")],
                     "facts.1.source",
                     "a player's damage is their own: `source` is left out or 'lidda'",
                     id="damage-someone-else-dealt"),
    ],
)  # fmt: skip
def test_a_player_proposes_only_for_their_own_character(
    combatant: str, raws: list[dict[str, Any]], field: str, reason: str
) -> None:
    assert refusal(Table(), combatant, *raws) == (field, reason)


def test_a_character_who_left_the_fight_proposes_nothing() -> None:
    table = Table()
    table.gm({"type": "CombatantLeft", "combatant": "kyra"})
    assert refusal(table, "kyra", turn_ended("kyra")) == (
        "combatant", "'kyra' is no player character in the fight"
    )  # fmt: skip


def test_after_the_fight_only_what_may_follow_its_end_may_be_proposed() -> None:
    table = Table()
    table.gm({"type": "CombatStarted"})
    table.gm({"type": "CombatEnded"})
    field, reason = refusal(
        table, "lidda", save("lidda", 8, 11), attack("lidda", "goblin-2", 9, 12)
    )
    assert field == "facts.1.type"
    assert reason.startswith("the combat ended at line 7; a AttackMade cannot follow it")
    line = table.propose(
        "lidda",
        {
            "type": "CheckRolled",
            "combatant": "lidda",
            "check": "heal",
            "natural": 14,
            "total": 18,
            "target": "kyra",
        },
    )
    assert table.events[line - 1].type_name == "ActionProposed"  # fmt: skip


def ruled_refusal(table: Table, ruling: Any) -> tuple[str | None, str]:
    with pytest.raises(LogError) as refused:
        table.log.check(ruling)
    return refused.value.field, refused.value.reason


def test_the_gm_rules_only_on_a_pending_proposal() -> None:
    table = Table()
    line = table.propose("lidda", initiative("lidda", 14, 3))
    accepted = table.accept(line)[0]
    again = ProposalDeclined(proposal=line)
    assert ruled_refusal(table, again) == (
        "proposal", f"the proposal at line {line} was already accepted at line {accepted}"
    )  # fmt: skip
    assert ruled_refusal(table, ProposalDeclined(proposal=3)) == (
        "proposal", "line 3 is no proposal: it is a CombatantJoined"
    )  # fmt: skip
    withdrawn = table.propose("kyra", initiative("kyra", 4, 1))
    table.write("player:kyra", Undo(position=withdrawn))
    assert ruled_refusal(table, ProposalDeclined(proposal=withdrawn)) == (
        "proposal", f"the proposal at line {withdrawn} was withdrawn"
    )  # fmt: skip


def test_a_player_does_not_rule_and_the_gm_does_not_propose() -> None:
    table = Table()
    line = table.propose("lidda", initiative("lidda", 14, 3))
    by_player = ProposalDeclined(proposal=line, by="player:lidda")
    assert ruled_refusal(table, by_player) == ("by", "the GM rules on a proposal, not a player")
    by_gm = ActionProposed(combatant="lidda", facts=[fact(turn_ended("lidda"))], by="gm")
    assert ruled_refusal(table, by_gm) == (
        "by", "a proposal for 'lidda' is its player's: `by` is player:lidda"
    )  # fmt: skip


def test_an_acceptance_begins_the_action_of_the_facts_it_accepts() -> None:
    table = Table()
    line = table.propose("lidda", initiative("lidda", 14, 3))
    alone = ProposalAccepted(proposal=line)
    assert ruled_refusal(table, alone)[0] == "action"
    version = table.log.version
    table.log.append(ProposalAccepted(proposal=line, action=version + 1))
    kyras = fact({**initiative("kyra", 9, 1), "action": version + 1})
    assert ruled_refusal(table, kyras) == (
        "combatant", "a player proposes only for their own character, 'lidda'"
    )  # fmt: skip
    note = NoteAdded(text="and the GM adds a note", action=version + 1)
    assert ruled_refusal(table, note)[0] == "type"


def test_an_acceptance_is_refused_for_no_facts_or_for_another_proposal() -> None:
    table = Table()
    line = table.propose("lidda", initiative("lidda", 14, 3))
    proposed = table.events[line - 1]
    assert isinstance(proposed, ActionProposed)
    with pytest.raises(LogError) as empty:
        decide(table.log, Accept(line, proposed, ()))
    assert empty.value.field == "facts"
    with pytest.raises(LogError) as other:
        decide(table.log, Accept(line - 1, proposed))
    assert (other.value.field, other.value.reason) == (
        "proposal", f"line {line - 1} is no proposal for 'lidda'"
    )  # fmt: skip


def test_one_undo_takes_the_whole_acceptance_back_and_the_proposal_is_pending_again() -> None:
    table = Table()
    line = table.propose("lidda", attack("lidda", "goblin-2", 17, 23), damage("goblin-2", 7))
    before = table.history.state()
    accepted = table.accept(line)
    undone = table.undo()
    assert [(e.target, e.action) for e in table.events[undone[0] - 1 :]] == [
        (accepted[0], undone[0]), (accepted[1], undone[0]), (accepted[2], undone[0])
    ]  # fmt: skip
    assert table.history.state()["combatants"] == before["combatants"]
    again = table.accept(line)  # pending again: the GM may accept it anew
    assert table.events[again[0] - 1] == ProposalAccepted(
        proposal=line, edited=False, by="gm", action=again[0]
    )


def test_the_gms_undo_passes_over_a_players_proposal_and_redo_over_a_withdrawn_one() -> None:
    table = Table()
    (mine,) = table.gm(turn_ended("lidda"))
    line = table.propose("kyra", initiative("kyra", 9, 1))
    (undone,) = table.undo()
    assert table.events[undone - 1] == EventRevoked(target=mine, by="gm")
    table.write("player:kyra", Undo(position=line))
    (redone,) = table.redo()
    assert table.events[redone - 1] == EventRestored(target=mine, by="gm")


def test_a_proposal_and_a_ruling_are_never_amended_and_a_ruled_proposal_stays() -> None:
    table = Table()
    line = table.propose("lidda", initiative("lidda", 14, 3))
    ruling = table.accept(line)[0]
    replacement = fact(initiative("lidda", 20, 3))
    for target in (line, ruling):
        field, reason = ruled_refusal(table, EventAmended(target=target, replacement=replacement))
        assert field == "target" and "never amended" in reason
    assert ruled_refusal(table, EventRevoked(target=line)) == (
        "target", f"position {line} is a proposal ruled on at line {ruling}: undo that ruling first"
    )  # fmt: skip


def test_an_undone_acceptance_comes_back_only_while_its_proposal_is_pending() -> None:
    table = Table()
    line = table.propose("lidda", initiative("lidda", 14, 3))
    first = table.accept(line)[0]
    table.undo()
    table.decline(line, "roll again, the die fell off the table")
    assert ruled_refusal(table, EventRestored(target=first)) == (
        "target", f"the proposal at line {line} was already declined at line {first + 4}"
    )  # fmt: skip


def test_a_log_with_proposals_reads_back_through_the_integrity_checks() -> None:
    table = Table()
    line = table.propose("lidda", attack("lidda", "goblin-2", 17, 23), damage("goblin-2", 7))
    table.accept(line)
    table.decline(table.propose("kyra", save("kyra", 3, 5)), "no")
    assert check_log(table.events) == table.log


def test_a_players_proposal_is_checked_against_what_that_player_can_see() -> None:
    table = Table()
    proposal = ActionProposed(combatant="lidda", facts=[fact(attack("lidda", "goblin-2", 9, 15))])
    blind = Propose(proposal, nameable=frozenset({"lidda"}), players=frozenset({"lidda"}))
    with pytest.raises(LogError) as refused:
        decide(table.log, blind)
    assert (refused.value.field, refused.value.reason) == (
        "facts.0.target", "unknown combatant 'goblin-2'"
    )  # fmt: skip
