"""The log's references (CONTRACT §1): combatants must have joined; corrections name a line."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import (
    amended,
    attack,
    check,
    condition,
    damage,
    fact,
    healing,
    joined,
    log,
    one,
    rejection,
    rolled,
    save,
    turn_ended,
)

# Every field that names a combatant, with a combatant who never joined ("ghost").
UNKNOWN = [
    pytest.param(damage("ghost", 3), "target", id="DamageDealt.target"),
    pytest.param(healing("ghost", 3), "target", id="HealingApplied.target"),
    pytest.param(turn_ended("ghost"), "combatant", id="TurnEnded.combatant"),
    pytest.param(rolled("ghost", 10), "combatant", id="InitiativeRolled.combatant"),
    pytest.param(fact("CombatantLeft", combatant="ghost"), "combatant", id="CombatantLeft"),
    pytest.param(fact("Delayed", combatant="ghost"), "combatant", id="Delayed.combatant"),
    pytest.param(attack("ghost", "valeros", 12, 15), "attacker", id="AttackMade.attacker"),
    pytest.param(attack("valeros", "ghost", 12, 15), "target", id="AttackMade.target"),
    pytest.param(
        condition("valeros", "shaken", duration={"until": "end_of_turn", "of": "ghost"}),
        "duration.of", id="ConditionApplied.duration.of",
    ),
    pytest.param(condition("ghost", "shaken"), "target", id="ConditionApplied.target"),
    pytest.param(
        fact("ConditionRemoved", target="ghost", condition="shaken"), "target",
        id="ConditionRemoved.target",
    ),
    pytest.param(fact("SurpriseDetermined", aware=["valeros", "ghost"]), "aware", id="aware"),
    pytest.param(
        fact("InitiativeTieBroken", order=["valeros", "ghost"]), "order",
        id="InitiativeTieBroken.order",
    ),
    pytest.param(
        fact("ReadiedActionTaken", combatant="valeros", before="ghost"), "before",
        id="ReadiedActionTaken.before",
    ),
    pytest.param(check("valeros", "heal", 12, 17, target="ghost"), "target", id="Check.target"),
    pytest.param(save("ghost", "fortitude", 12, 17), "combatant", id="SavingThrowRolled"),
    pytest.param(
        fact("RestTaken", kind="short", combatants=["ghost"]), "combatants", id="RestTaken"
    ),
    pytest.param(
        amended(2, damage("ghost", 3)), "replacement.target",
        id="EventAmended.replacement.target",
    ),
    pytest.param(
        amended(2, attack("ghost", "valeros", 12, 15)), "replacement.attacker",
        id="EventAmended.replacement.attacker",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("line", "field"), UNKNOWN)
def test_a_combatant_who_never_joined_is_rejected_in_every_field_that_names_one(
    line: dict[str, Any], field: str
) -> None:
    error = rejection(*one(), line)

    assert (error.position, error.field) == (3, field)
    assert "unknown combatant 'ghost'" in error.reason


def test_a_combatant_named_before_joining_is_rejected_even_if_it_joins_later() -> None:
    error = rejection(*one(), damage("kyra", 3), joined("kyra"))

    assert (error.position, error.field) == (3, "target")


# --- acceptances -------------------------------------------------------------------------------


def test_corrections_may_follow_the_end_of_combat() -> None:
    events = log(*one(), damage("valeros", 3), fact("CombatEnded"),
                 fact("EventRevoked", target=3), fact("EventRestored", target=3),
                 amended(3, damage("valeros", 4)))  # fmt: skip

    assert len(events) == 7


def test_revoking_the_combat_ended_lets_the_fight_go_on() -> None:
    events = log(*one(), fact("CombatEnded"), fact("EventRevoked", target=3), damage("valeros", 3))

    assert len(events) == 5


def test_amending_the_combat_ended_into_a_note_lets_the_fight_go_on() -> None:
    events = log(*one(), fact("CombatEnded"), amended(3, fact("NoteAdded", text="not yet")),
                 damage("valeros", 3))  # fmt: skip

    assert len(events) == 5


def test_a_fact_amended_into_combat_ended_closes_the_log() -> None:
    error = rejection(*one(), fact("NoteAdded", text="x"), amended(3, fact("CombatEnded")),
                      fact("Delayed", combatant="valeros"))  # fmt: skip

    assert (error.position, error.field) == (5, "type")


def test_a_restored_revocation_can_be_revoked_again() -> None:
    events = log(*one(), damage("valeros", 3), fact("EventRevoked", target=3),
                 fact("EventRestored", target=3), fact("EventRevoked", target=3))  # fmt: skip

    assert len(events) == 6


def test_a_dangling_reference_left_by_revoking_a_join_is_accepted() -> None:
    events = log(*one(), joined("kyra"), fact("EventRevoked", target=3), damage("kyra", 4))

    assert len(events) == 5


def test_a_combatant_whose_join_was_revoked_may_join_again() -> None:
    events = log(*one(), joined("kyra"), fact("EventRevoked", target=3), joined("kyra"))

    assert len(events) == 5
