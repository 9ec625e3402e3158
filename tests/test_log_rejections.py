"""The log's integrity (CONTRACT §1): every rejection names the line, the field and the reason."""

from __future__ import annotations

from typing import Any

import pytest

from domain.integrity import LogError
from domain.jsonl import read_jsonl
from tests.builders import (
    amended,
    created,
    damage,
    fact,
    joined,
    jsonl,
    one,
    rejection,
    rolled,
    turn_ended,
)

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
        [*one(), fact("CombatEnded"), fact("Delayed", combatant="valeros")], 4, "type", "ended",
        id="a fact after CombatEnded",
    ),
    pytest.param(
        [*one(), fact("CombatEnded"), fact("CombatEnded")], 4, "type", "ended",
        id="a second CombatEnded",
    ),
    pytest.param(
        [*one(), fact("CombatEnded"), fact("Delayed", combatant="valeros"),
         fact("EventRevoked", target=3), fact("Delayed", combatant="valeros")],
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
