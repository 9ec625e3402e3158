"""JSON Lines export: a log reads back as the same events and writes back byte for byte."""

from __future__ import annotations

import orjson

from domain.jsonl import read_jsonl, write_jsonl
from tests.builders import (
    amended,
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
    rolled,
    save,
    started,
    turn_ended,
)


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
        {**attack("valeros", "goblin-1", 15, 19, defense="ac", outcome="critical",
                  confirm_natural=17, confirm_total=21, threat=15, multiplier=3), "action": 11},
        {**damage("goblin-1", 9, attack=11, damage_type="slashing", source="longsword"),
         "action": 11},
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
        {**fact("ActionProposed", combatant="kyra", note="flanking with Valeros", facts=[
            attack("kyra", "goblin-1", 12, 15, weapon="light mace"), damage("goblin-1", 3)]),
         "by": "player:kyra"},  # line 29: a player's proposal, accepted once the GM edited it
        {**fact("ProposalAccepted", proposal=29, edited=True), "action": 30},
        {**attack("kyra", "goblin-1", 12, 15, weapon="light mace"), "by": "player:kyra",
         "action": 30},
        {**damage("goblin-1", 4, attack=31), "action": 30},
        {**fact("ActionProposed", combatant="kyra", facts=[fact("ConvictionSpent",
                                                                combatant="kyra")]),
         "by": "player:kyra"},
        fact("ProposalDeclined", proposal=33, reason="no Conviction in this system"),
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


def test_the_action_a_line_is_one_of_is_kept_on_import_and_export_after_the_envelope() -> None:
    lines = [{**attack("valeros", "valeros", 12, 15), "at": "2024-05-01T19:30:00Z", "action": 3},
             {**damage("valeros", 5, attack=3), "action": 3}]  # fmt: skip

    exported = write_jsonl(read_jsonl(jsonl(*one(), *lines))).splitlines()

    assert [orjson.loads(line) for line in exported[2:]] == lines
    assert [list(orjson.loads(line))[-1] for line in exported[2:]] == ["action", "action"]


def test_the_envelope_is_kept_inside_an_amendment_too() -> None:
    replacement = {**damage("valeros", 5), "by": "gm-anna"}
    line = {**amended(2, replacement), "at": "2024-05-01T19:31:00Z"}

    exported = write_jsonl(read_jsonl(jsonl(*one(), line))).splitlines()

    assert orjson.loads(exported[2]) == line


def test_a_whole_fight_reads_back_as_the_same_events() -> None:
    events = log(fight(("valeros", 12, 2), ("kyra", 9, 1)), damage("kyra", 4),
                 turn_ended("valeros"))  # fmt: skip

    assert read_jsonl(write_jsonl(events)) == events
