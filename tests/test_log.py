"""The log's integrity (CONTRACT §1): every rejection names the line, the field and the reason."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from domain.integrity import LogError
from domain.jsonl import read_jsonl, write_jsonl
from tests.builders import (
    attack,
    check,
    condition,
    created,
    damage,
    fact,
    fight,
    healing,
    joined,
    jsonl,
    log,
    one,
    rejection,
    rolled,
    save,
    started,
    turn_ended,
)

REPLACE = "EventAmended"


def amended(target: int, replacement: dict[str, Any]) -> dict[str, Any]:
    return fact(REPLACE, target=target, replacement=replacement)


# Each case: (lines, line rejected, field named, words the reason contains).
# `one()` is lines 1-2: EncounterCreated and valeros joining.
REJECTED = [
    pytest.param(
        [*one(), fact("Fireball", target="valeros")], 3, "type", "Fireball",
        id="unknown event type",
    ),
    pytest.param([*one(), {"amount": 5}], 3, "type", "missing", id="line without a type"),
    pytest.param(
        [*one(), fact("DamageDealt", amount=5)], 3, "target", "required",
        id="missing field: DamageDealt without target",
    ),
    pytest.param(
        [created(), fact("CombatantJoined", combatant="kyra", side="party", stats={"max_hp": 8})],
        2, "name", "required", id="missing field: CombatantJoined without name",
    ),
    pytest.param(
        [*one(), fact("DamageDealt", target="valeros", amount="5")], 3, "amount", "integer",
        id="wrong type: amount as a string",
    ),
    pytest.param(
        [*one(), damage("valeros", -5)], 3, "amount", "greater than or equal to 0",
        id="negative damage",
    ),
    pytest.param(
        [*one(), fact("TurnEnded", combatant="valeros", whose="mine")], 3, "whose", "Extra",
        id="field the type does not have",
    ),
    pytest.param(
        [*one(), rolled("valeros", 21)], 3, "natural", "less than or equal to 20",
        id="a d20 cannot show 21",
    ),
    pytest.param(
        [*one(), amended(2, fact("DamageDealt", target="valeros"))],
        3, "replacement.amount", "required",
        id="missing field inside an amendment's replacement",
    ),
    pytest.param(
        [*one(), amended(2, created())], 3, "replacement", "EncounterCreated",
        id="EncounterCreated cannot be a replacement",
    ),
    pytest.param(
        [turn_ended("valeros")], 1, "type", "EncounterCreated", id="line 1 not EncounterCreated"
    ),
    pytest.param([*one(), created()], 3, "type", "first line", id="a second EncounterCreated"),
    pytest.param(
        [created(bogus_rule=True)], 1, "options.bogus_rule", "not permitted",
        id="unknown ruleset option",
    ),
    pytest.param(
        [created(temp_hp_model="bucket")], 1, "options.temp_hp_model", "pool",
        id="ruleset option with a value it does not have",
    ),
    pytest.param(
        [created(ruleset="gurps")], 1, "ruleset", "dnd35", id="a ruleset that does not exist"
    ),
    pytest.param(
        [created(), fact("CombatantJoined", combatant="k", name="K", side="foes", stats={})],
        2, "stats.max_hp", "required", id="stats without max_hp",
    ),
    pytest.param(
        [created(), joined("kyra", max_hp=0)], 2, "stats.max_hp", "greater than or equal to 1",
        id="max_hp of 0",
    ),
    pytest.param(
        [created(), joined("kyra", stats={"max_hp": "8"})], 2, "stats.max_hp", "integer",
        id="max_hp as a string",
    ),
    pytest.param(
        [*one(), amended(2, joined("valeros", max_hp=0))], 3, "replacement.stats.max_hp",
        "greater than or equal to 1", id="bad stats in an amended join",
    ),
    pytest.param(
        [*one(), joined("valeros")], 3, "combatant", "already joined",
        id="the same combatant joins twice",
    ),
    pytest.param(
        [*one(), fact("EventRevoked", target=9)], 3, "target", "does not exist",
        id="revoking a position that does not exist",
    ),
    pytest.param(
        [*one(), fact("EventRevoked", target=3)], 3, "target", "does not exist",
        id="revoking its own position",
    ),
    pytest.param(
        [*one(), fact("EventRevoked", target=4), damage("valeros", 1)], 3, "target",
        "does not exist", id="revoking a position that comes later",
    ),
    pytest.param(
        [*one(), amended(4, damage("valeros", 1)), damage("valeros", 1)], 3, "target",
        "does not exist", id="amending a position that comes later",
    ),
    pytest.param(
        [*one(), amended(7, damage("valeros", 1))], 3, "target", "does not exist",
        id="amending a position that does not exist",
    ),
    pytest.param(
        [*one(), fact("EventRevoked", target=1)], 3, "target", "EncounterCreated",
        id="revoking the EncounterCreated",
    ),
    pytest.param(
        [*one(), damage("valeros", 3), fact("EventRevoked", target=3),
         fact("EventRevoked", target=3)],
        5, "target", "already revoked", id="revoking an already revoked position",
    ),
    pytest.param(
        [*one(), damage("valeros", 3), fact("EventRestored", target=3)], 4, "target",
        "not revoked", id="restoring a position that is not revoked",
    ),
    pytest.param(
        [*one(), damage("valeros", 3), fact("EventRevoked", target=3),
         fact("EventRestored", target=3), fact("EventRestored", target=3)],
        6, "target", "not revoked", id="restoring twice",
    ),
    pytest.param(
        [*one(), damage("valeros", 3), fact("EventRevoked", target=3),
         amended(3, damage("valeros", 4))],
        5, "target", "revoked", id="amending a revoked position",
    ),
    pytest.param(
        [*one(), damage("valeros", 3), fact("EventRevoked", target=3),
         amended(4, damage("valeros", 4))],
        5, "target", "EventRevoked", id="amending a correction",
    ),
    pytest.param(
        [*one(), fact("CombatEnded"), damage("valeros", 3)], 4, "type", "ended",
        id="a fact after CombatEnded",
    ),
    pytest.param(
        [*one(), fact("CombatEnded"), fact("CombatEnded")], 4, "type", "ended",
        id="a second CombatEnded",
    ),
    pytest.param(
        [*one(), fact("CombatEnded"), damage("valeros", 3), fact("EventRevoked", target=3),
         damage("valeros", 3)],
        4, "type", "ended", id="the first bad line is the one named",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "position", "field", "words"), REJECTED)
def test_a_bad_line_is_rejected_naming_the_line_the_field_and_the_reason(
    lines: list[dict[str, Any]], position: int, field: str, words: str
) -> None:
    error = rejection(*lines)

    assert (error.position, error.field) == (position, field)
    assert words.lower() in error.reason.lower()
    assert str(error).startswith(f"line {position}, field '{field}': ")


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


def test_a_line_that_is_not_json_is_rejected_naming_the_line() -> None:
    data = jsonl(*one()) + b'{"type": "DamageDealt", "target": "valeros", "amount": 5\n'

    with pytest.raises(LogError) as caught:
        read_jsonl(data)

    assert caught.value.position == 3
    assert "JSON" in caught.value.reason


def test_a_line_that_is_json_but_no_object_is_rejected() -> None:
    with pytest.raises(LogError) as caught:
        read_jsonl(jsonl(*one()) + b"[1, 2]\n")

    assert caught.value.position == 3
    assert "object" in caught.value.reason


def test_an_empty_line_inside_the_log_is_rejected() -> None:
    with pytest.raises(LogError) as caught:
        read_jsonl(jsonl(created()) + b"\n" + jsonl(joined("kyra")))

    assert caught.value.position == 2


def test_an_empty_log_is_rejected_as_line_1() -> None:
    with pytest.raises(LogError) as caught:
        read_jsonl(b"")

    assert (caught.value.position, caught.value.field) == (1, "type")


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
                      damage("valeros", 3))  # fmt: skip

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


def every_kind_of_line() -> bytes:
    """A log using every event type and most optional fields, as the service would export it."""
    envelope = {"at": "2024-05-01T19:30:00Z", "by": "gm"}
    lines = [
        {**created(temp_hp_model="pool", duration_key="slot"), **envelope},
        joined("valeros", 30, stats={"initiative_modifier": 2, "constitution": 14,
                                     "defenses": {"ac": 18, "touch": 12, "flat_footed": 16}}),
        joined("goblin-1", 6, side="foes", kind="npc", group="goblins", hidden=True),
        joined("kyra", 20, side="party"),
        fact("SurpriseDetermined", aware=["valeros", "kyra"]),
        rolled("valeros", 14, 2), rolled("goblin-1", 12, 1), rolled("kyra", 13, 3),
        fact("InitiativeTieBroken", order=["valeros", "kyra"]),
        {**started(), **envelope},
        attack("valeros", "goblin-1", 15, 19, defense="ac", outcome="critical",
               confirm_natural=17, confirm_total=21),
        damage("goblin-1", 9, attack=11, damage_type="slashing", source="longsword"),
        condition("goblin-1", "shaken", source="valeros", duration={"rounds": 2}),
        condition("kyra", "bless", duration={"until": "end_of_turn", "of": "kyra", "next": False},
                  beneficial=True),
        condition("valeros", "burning", duration={"save_ends": True}, value=3,
                  damage_type="fire"),
        fact("ConditionRemoved", target="goblin-1", condition="shaken"),
        save("valeros", "reflex", 11, 15, dc=15, against="burning", outcome="success"),
        check("goblin-1", "stabilize", 7, 7, target="goblin-1", against="dying"),
        healing("goblin-1", 2, kind="magical"),
        fact("TemporaryHitPointsGained", target="kyra", amount=5, source="aid"),
        fact("TemporaryHitPointsLost", target="kyra", source="aid"),
        fact("ActionReadied", combatant="kyra", trigger="a goblin steps out"),
        fact("ReadiedActionTaken", combatant="kyra", before="valeros"),
        turn_ended("valeros"),
        fact("Delayed", combatant="goblin-1"),
        fact("DelayEnded", combatant="goblin-1"),
        fact("NoteAdded", text="The goblin's drum falls silent — \u00e9t\u00e9 \U0001f3b2"),
        fact("RestTaken", kind="short", combatants=["kyra"]),
        fact("CombatantLeft", combatant="goblin-1", reason="fled"),
        fact("EventRevoked", target=13, reason="wrong target"),
        fact("EventRestored", target=13),
        amended(12, damage("goblin-1", 7, attack=11)),
        fact("CombatEnded"),
    ]  # fmt: skip
    return write_jsonl(read_jsonl(jsonl(*lines)))


def test_an_exported_log_round_trips_byte_for_byte() -> None:
    exported = every_kind_of_line()

    assert write_jsonl(read_jsonl(exported)) == exported


def test_export_writes_no_field_the_user_did_not_give() -> None:
    written = [damage("valeros", 5), joined("kyra")]
    exported = write_jsonl(read_jsonl(jsonl(*one(), *written))).splitlines()

    assert [orjson.loads(line) for line in exported[2:]] == written


def test_the_at_and_by_envelope_is_kept_on_import_and_export() -> None:
    line = {**damage("valeros", 5), "at": "2024-05-01T19:30:00Z", "by": "gm-anna"}

    exported = write_jsonl(read_jsonl(jsonl(*one(), line))).splitlines()

    assert orjson.loads(exported[2]) == line


def test_the_envelope_is_kept_inside_an_amendment_too() -> None:
    replacement = {**damage("valeros", 5), "by": "gm-anna"}
    line = {**amended(2, replacement), "at": "2024-05-01T19:31:00Z"}

    exported = write_jsonl(read_jsonl(jsonl(*one(), line))).splitlines()

    assert orjson.loads(exported[2]) == line


def test_a_whole_fight_reads_back_as_the_same_events() -> None:
    events = log(fight(("valeros", 12, 2), ("kyra", 9, 1)), damage("kyra", 4),
                 turn_ended("valeros"))  # fmt: skip

    assert read_jsonl(write_jsonl(events)) == events
