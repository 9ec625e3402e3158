"""What the table shows of players' proposals (issue 26): the GM's queue in words with the rules'
previewed outcome, each proposal's state (stale derived, never stored), and a player's view
that shows a player their own proposals and the GM's rulings on them, and no one else's."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from domain.commands import Undo
from projections.player import player_jsonl, player_lines, player_log, player_state
from projections.proposals import gm_proposals, nameable, player_proposals, proposals
from projections.recap import recap, recap_json
from tests.proposal_helpers import SETUP, Table, attack, damage, initiative, save, turn_ended

LIDDA, KYRA = frozenset({"lidda"}), frozenset({"kyra"})
SWING = attack("lidda", "goblin-2", 17, 23, weapon="short sword")
CUT = damage("goblin-2", 7, damage_type="piercing")


def lidda_s_turn() -> Table:
    """The goblin has taken its turn (so it is no longer flat-footed); Lidda is up."""
    table = Table()
    table.gm(initiative("goblin-2", 19, 1), initiative("lidda", 14, 3), initiative("kyra", 9, 1),
             initiative("ogre", 2, 0))  # fmt: skip
    table.gm({"type": "CombatStarted"})
    table.gm(turn_ended("goblin-2"))
    return table


def states(table: Table) -> dict[int, tuple[str, tuple[str, ...]]]:
    return {p.line: (p.state, p.stale) for p in proposals(table.history)}


def test_the_gm_reads_a_proposal_in_words_with_the_outcome_the_rules_preview() -> None:
    table = lidda_s_turn()
    line = table.propose("lidda", SWING, CUT, note="she flanks with Kyra")
    (queued,) = gm_proposals(table.history)
    assert queued["words"] == (
        "Lidda proposes: attack Goblin 2 with short sword, d20 17 (+6 = 23) → hits AC 15, "
        '7 piercing ("she flanks with Kyra")'
    )
    assert {k: queued[k] for k in ("line", "combatant", "state", "by", "facts")} == {
        "line": line, "combatant": "lidda", "state": "pending", "by": "player:lidda",
        "facts": [SWING, CUT],
    }  # fmt: skip
    assert queued["derived"] == [
        {"outcome": "hit", "threat": False, "defense": "ac", "defense_value": 15,
         "total_used": 23},
        {"applied": True, "amount_applied": 7, "stopped": 0},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("raws", "words"),
    [
        pytest.param([initiative("lidda", 14, 3)], "Lidda proposes: initiative d20 14 (+3 = 17)",
                     id="initiative"),
        pytest.param([attack("lidda", "goblin-2", 3, 9), damage("goblin-2", 4)],
                     "Lidda proposes: attack Goblin 2, d20 3 (+6 = 9) → misses AC 15, 4 (not "
                     "applied: the attack misses)", id="a-miss-takes-its-damage-with-it"),
        pytest.param([save("lidda", 12, 16, dc=15)],
                     "Lidda proposes: reflex save d20 12 (+4 = 16) vs DC 15 → success",
                     id="a-save"),
        pytest.param([{"type": "CheckRolled", "combatant": "lidda", "check": "stabilize",
                       "natural": 7, "total": 7}],
                     "Lidda proposes: stabilize check d% 7 (+0 = 7) → success",
                     id="the-stabilization-roll"),
        pytest.param([{"type": "ActionReadied", "combatant": "lidda", "trigger": "it moves"},
                      {"type": "ResolveSpent", "combatant": "lidda", "amount": 1}],
                     "Lidda proposes: ready an action (it moves); spend 1 Resolve",
                     id="choices-with-no-roll"),
    ],
)  # fmt: skip
def test_each_kind_of_proposal_reads_in_table_words(raws: list[dict[str, Any]], words: str) -> None:
    table = lidda_s_turn()
    table.propose("lidda", *raws)
    assert [q["words"] for q in gm_proposals(table.history)] == [words]


def test_a_proposal_is_accepted_edited_declined_or_withdrawn_and_the_queue_empties() -> None:
    table = lidda_s_turn()
    accepted = table.propose("lidda", initiative("lidda", 14, 3))
    edited = table.propose("lidda", SWING, CUT)
    declined = table.propose("kyra", save("kyra", 4, 5))
    withdrawn = table.propose("kyra", turn_ended("kyra"))
    first = table.accept(accepted)[0]
    second = table.accept(edited, SWING, damage("goblin-2", 9, damage_type="piercing"))[0]
    table.decline(declined, "no save: the web missed you")
    table.write("player:kyra", Undo(position=withdrawn))
    found = {p.line: (p.state, p.ruling, p.lines, p.reason) for p in proposals(table.history)}
    assert found == {
        accepted: ("accepted", first, (first + 1,), None),
        edited: ("edited", second, (second + 1, second + 2), None),
        declined: ("declined", second + 3, (), "no save: the web missed you"),
        withdrawn: ("withdrawn", None, (), None),
    }
    assert gm_proposals(table.history) == []


def test_a_proposal_goes_stale_when_its_turn_passes_but_initiative_does_not() -> None:
    table = lidda_s_turn()
    attacks = table.propose("lidda", SWING)
    rolls = table.propose("kyra", initiative("kyra", 15, 1))
    table.gm(turn_ended("lidda"))
    assert states(table) == {attacks: ("stale", ("turn_passed",)), rolls: ("pending", ())}
    table.gm(initiative("kyra", 3, 1))  # the GM typed in another roll meanwhile
    assert states(table)[rolls] == ("stale", ("initiative_recorded",))


def test_a_proposal_goes_stale_when_its_target_or_its_player_goes_down_or_leaves() -> None:
    table = lidda_s_turn()
    line = table.propose("lidda", SWING)
    table.gm(damage("goblin-2", 20))
    assert states(table)[line] == ("stale", ("target_down",))
    kyra = table.propose("kyra", save("kyra", 11, 13))
    table.gm(damage("kyra", 13))
    assert states(table)[kyra] == ("stale", ("down",))
    table.gm({"type": "CombatantLeft", "combatant": "kyra"})
    assert states(table)[kyra] == ("stale", ("gone",))


def test_a_proposal_goes_stale_when_the_line_it_points_at_is_undone() -> None:
    table = lidda_s_turn()
    (swing,) = table.gm(SWING)
    line = table.propose("lidda", damage("goblin-2", 6, attack=swing))
    assert states(table)[line] == ("pending", ())
    table.write("gm", Undo(position=swing))
    assert states(table)[line] == ("stale", ("line_undone",))


def test_undoing_an_acceptance_leaves_the_proposal_pending_as_it_was() -> None:
    table = lidda_s_turn()
    line = table.propose("lidda", SWING, CUT)
    before = (gm_proposals(table.history), player_proposals(table.history, LIDDA))
    table.accept(line)
    table.undo()
    after = (gm_proposals(table.history), player_proposals(table.history, LIDDA))
    assert after == before


def player_text(table: Table, viewer: frozenset[str]) -> str:
    """Everything a player holding `viewer` is handed: the state at every line, the log, the
    export, the stream, the recap and their own proposals."""
    history = table.history
    outputs = {
        "states": [
            player_state(history, at, "then", viewer) for at in range(1, history.version + 1)
        ],
        "log": player_lines(history, viewer),
        "export": player_jsonl(history, viewer).decode(),
        "stream": player_log(history, after=3, viewer=viewer),
        "recap": recap_json(recap([("e", history.events)], player=True, viewer=viewer)),
        "proposals": player_proposals(history, viewer),
    }
    return orjson.dumps(outputs).decode()


def test_a_player_sees_their_own_proposals_and_rulings_and_no_one_elses() -> None:
    table = lidda_s_turn()
    line = table.propose("lidda", SWING, CUT, note="noteXlidda")
    declined = table.propose("lidda", save("lidda", 2, 6), note="noteXsave")
    table.decline(declined, "reasonXdeclined")
    edited = table.accept(line, SWING, damage("goblin-2", 9, damage_type="piercing"))
    pending = table.propose("kyra", turn_ended("kyra"), note="noteXkyra")
    lidda, kyra, everyone = (player_text(table, v) for v in (LIDDA, KYRA, frozenset()))
    assert all(w in lidda for w in ("noteXlidda", "noteXsave", "reasonXdeclined", "edited"))
    for text in (kyra, everyone):
        assert not [w for w in ("noteXlidda", "noteXsave", "reasonXdeclined") if w in text]
        assert not [w for w in ("edited", "ProposalAccepted", "ProposalDeclined") if w in text]
    assert "noteXkyra" in kyra and "noteXkyra" not in lidda and "noteXkyra" not in everyone
    assert "ActionProposed" not in everyone
    kinds = [
        (f["type"], f.get("combatant"))
        for f in (line.get("fact") or {} for line in player_lines(table.history, KYRA))
    ]
    assert [k for k in kinds if k[0] == "ActionProposed"] == [("ActionProposed", "kyra")]
    shown = {line["position"]: line for line in player_lines(table.history, KYRA)}
    assert [p for p in (line, declined, declined + 1, edited[0], pending) if p in shown] == [
        pending
    ]
    assert shown[edited[1]]["fact"] == {**SWING, "action": edited[1]}  # no `by`: the GM's
    assert shown[edited[2]]["fact"] == {"type": "DamageDealt", "target": "goblin-2",
                                        "damage_type": "piercing", "attack": edited[1],
                                        "action": edited[1]}  # fmt: skip


def test_the_proposer_sees_the_gms_ruling_and_no_one_sees_its_author() -> None:
    table = lidda_s_turn()
    line = table.propose("lidda", SWING, CUT)
    edited = table.accept(line, SWING, damage("goblin-2", 9, damage_type="piercing"))
    shown = {line["position"]: line["fact"] for line in player_lines(table.history, LIDDA)}
    assert shown[line] == {"type": "ActionProposed", "combatant": "lidda", "facts": [SWING, CUT]}
    assert shown[edited[0]] == {"type": "ProposalAccepted", "proposal": line, "edited": True,
                                "action": edited[0]}  # fmt: skip
    (mine,) = player_proposals(table.history, LIDDA)
    assert (mine["state"], mine["lines"]) == ("edited", [edited[1], edited[2]])


def test_another_player_sees_nothing_of_a_withdrawn_proposal_not_even_a_marker() -> None:
    table = lidda_s_turn()
    line = table.propose("lidda", SWING)
    (undo,) = table.write("player:lidda", Undo(position=line))
    kyra = dict(player_log(table.history, viewer=KYRA))
    lidda = dict(player_log(table.history, viewer=LIDDA))
    assert (kyra[line], kyra[undo]) == (None, None)
    assert lidda[line] == {"position": line, "withdrawn": True}
    assert lidda[undo] is not None and lidda[undo]["fact"]["target"] == line


def test_a_player_may_name_only_whom_the_player_view_shows() -> None:
    table = lidda_s_turn()
    assert nameable(table.history, LIDDA) == {"lidda", "kyra", "goblin-2"}
    table.gm({"type": "CombatantRevealed", "combatant": "ogre"})
    assert nameable(table.history, LIDDA) == {"lidda", "kyra", "goblin-2", "ogre"}


def test_a_player_sees_their_own_characters_stats_and_no_one_elses() -> None:
    table = lidda_s_turn()
    state = player_state(table.history, None, "then", LIDDA)["combatants"]
    assert state["lidda"]["stats"] == SETUP[1]["stats"]
    assert "stats" not in state["kyra"] and "stats" not in state["goblin-2"]
    assert (
        "stats"
        not in player_state(table.history, None, "then", frozenset({"goblin-2"}))["combatants"][
            "goblin-2"
        ]
    )  # a token holds player characters only: a foe's numbers stay hidden
