"""No line a player reads points at a line they cannot see, and a foe's initiative roll stays the
GM's (issue 23): a hidden attacker's attack is not named by the damage it did, a hidden line's
undo and redo are left out like the line, and a foe's InitiativeRolled shows neither number."""

from __future__ import annotations

from typing import Any

import orjson

from projections.history import History
from projections.player import player_jsonl, player_lines, player_log, player_state
from tests.builders import fact, log
from tests.redaction_helpers import AMBUSH

CREATED = {"type": "EncounterCreated", "name": "Ambush at the mill", "ruleset": "dnd35"}
SNIPER_SHOOTS = [  # lines 5-7: the hidden sniper's attack, its damage, a save against it
    fact("AttackMade", attacker="sniper", target="valeros", natural=15, total=20),
    fact("DamageDealt", target="valeros", amount=5, attack=5),
    fact("SavingThrowRolled", combatant="valeros", save="reflex", natural=9, total=11, against=5),
]
GOBLIN_SWINGS = [  # lines 8-9: a visible foe's attack and the damage linked to it
    fact("AttackMade", attacker="goblin", target="valeros", natural=12, total=16),
    fact("DamageDealt", target="valeros", amount=3, attack=8),
]


def history(*lines: dict[str, Any]) -> History:
    return History(log(CREATED, *AMBUSH, *lines))


def seen(history: History) -> dict[int, Any]:
    """Each line of the player's log, of the export and of the stream, by position; an export
    line has no position, so the export is checked to be the log's facts in order."""
    lines = player_lines(history)
    export = [orjson.loads(line) for line in player_jsonl(history).splitlines()]
    assert export == [line.get("fact", line) for line in lines]
    assert [line for _, line in player_log(history) if line is not None] == lines
    return {line["position"]: line.get("fact", line) for line in lines}


def test_the_damage_a_hidden_attacker_did_does_not_point_at_its_attack() -> None:
    shown = seen(history(*SNIPER_SHOOTS, *GOBLIN_SWINGS))
    assert 5 not in shown  # the sniper's attack
    assert shown[6] == {"type": "DamageDealt", "target": "valeros", "amount": 5}
    assert shown[7] == {"type": "SavingThrowRolled", "combatant": "valeros", "save": "reflex",
                        "natural": 9, "total": 11}  # fmt: skip
    assert shown[9] == {"type": "DamageDealt", "target": "valeros", "amount": 3, "attack": 8}


def test_the_undo_and_redo_of_a_hidden_join_are_left_out_like_the_join() -> None:
    undone = history(fact("EventRevoked", target=4), fact("EventRestored", target=4))
    assert [position for position, line in player_log(undone) if line is None] == [4, 5, 6]
    assert list(seen(undone)) == [1, 2, 3]
    unchanged = player_state(history(), None, "then")
    assert player_state(undone, None, "then") == {**unchanged, "version": 6}


def test_an_undo_of_a_hidden_line_left_undone_is_a_withdrawn_marker_as_before() -> None:
    shown = seen(history(*SNIPER_SHOOTS, fact("EventRevoked", target=5)))
    assert shown[5] == {"position": 5, "withdrawn": True}
    assert shown[8] == {"type": "EventRevoked", "target": 5}
    assert shown[6]["attack"] == 5  # it points at the marker, which players see


def test_a_foes_initiative_roll_shows_neither_number_and_a_pcs_shows_both() -> None:
    rolled = history(
        fact("InitiativeRolled", combatant="goblin", natural=12, modifier=3),
        fact("InitiativeRolled", combatant="valeros", natural=10, modifier=2),
    )
    shown = seen(rolled)
    assert shown[5] == {"type": "InitiativeRolled", "combatant": "goblin"}
    assert shown[6] == {"type": "InitiativeRolled", "combatant": "valeros", "natural": 10,
                        "modifier": 2}  # fmt: skip
    state = player_state(rolled, None, "then")["combatants"]
    assert (state["goblin"]["initiative"], state["valeros"]["initiative"]) == (15, 12)


def test_a_foes_initiative_amended_shows_neither_number_in_the_replacement() -> None:
    rolled = history(
        fact("InitiativeRolled", combatant="goblin", natural=12, modifier=3),
        fact("EventAmended", target=5,
             replacement=fact("InitiativeRolled", combatant="goblin", natural=14, modifier=3)),
    )  # fmt: skip
    assert seen(rolled)[6] == {
        "type": "EventAmended", "target": 5,
        "replacement": {"type": "InitiativeRolled", "combatant": "goblin"},
    }  # fmt: skip
