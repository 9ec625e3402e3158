"""The fast ways of reading a log give what the careful ways gave: a file read in one pass and
stored facts read by their own type's validator, down to the first bad line's error."""

from __future__ import annotations

import orjson
import pytest
from pydantic import ValidationError

from api.store.mapper import FACT_LIST, FactMapper, OrjsonTranscoder, StoredFacts
from domain.events import (
    AttackMade,
    CombatantJoined,
    CombatEnded,
    EncounterCreated,
    Fact,
    NoteAdded,
    TurnEnded,
)
from domain.integrity import LogError, LogIntegrity
from domain.jsonl import _read_lines, read_jsonl, write_jsonl
from tests.store_helpers import every_type

MAPPER = FactMapper(transcoder=OrjsonTranscoder())


def states(facts: list) -> list[bytes]:
    return [orjson.dumps(fact.to_json_dict()) for fact in facts]


def test_stored_facts_of_every_type_read_as_the_union_reads_them() -> None:
    stored = states(every_type())
    assert MAPPER.facts(stored) == FACT_LIST.validate_json(b"[" + b",".join(stored) + b"]")


def test_a_stored_state_with_its_type_not_first_still_reads() -> None:
    created, *rest = every_type()
    moved = {k: v for k, v in created.to_json_dict().items() if k != "type"} | {
        "type": "EncounterCreated"
    }
    assert MAPPER.facts([orjson.dumps(moved), *states(rest)]) == [created, *rest]


def test_a_stored_state_that_is_not_its_named_type_fails_as_before() -> None:
    bad = b'{"type":"TurnEnded","combatant":""}'
    with pytest.raises(ValidationError) as fast:
        MAPPER.facts([bad])
    with pytest.raises(ValidationError) as union:
        FACT_LIST.validate_json(b"[" + bad + b"]")
    assert fast.value.errors() == union.value.errors()


def test_a_file_of_every_type_reads_as_line_by_line() -> None:
    data = write_jsonl(every_type())
    assert read_jsonl(data) == _read_lines(data.splitlines())


@pytest.mark.parametrize(
    "lines",
    [
        [b'{"type":"NoteAdded","text":"first line is not created"}'],
        [b'{"type":"EncounterCreated","name":"x","ruleset":"dnd35"}', b"  ", b"{}"],
        [b'{"type":"EncounterCreated","name":"x","ruleset":"dnd35"}', b"[1]"],
        [b'{"type":"EncounterCreated","name":"x","ruleset":"dnd35"}', b'{"type":"Nope"}'],
        [b'{"type":"EncounterCreated","name":"x","ruleset":"dnd35"}', b'{"type":7}'],
        [b'{"type":"EncounterCreated","name":"x","ruleset":"dnd35"}', b'{"type":["a"]}'],
        [
            b'{"type":"EncounterCreated","name":"x","ruleset":"dnd35"}',
            b'{"type":"TurnEnded","combatant":"ghost"}',
            b'{"type":"TurnEnded","combatant":""}',
        ],
        [
            b'{"type":"EncounterCreated","name":"x","ruleset":"dnd35"}',
            b'{"type":"CombatantJoined","combatant":"a","name":"A","side":"x","stats":'
            + b'{"a":' * 40
            + b"1"
            + b"}" * 41,
        ],
    ],
    ids=[
        "not-created",
        "blank",
        "array",
        "unknown-type",
        "number-type",
        "list-type",
        "integrity-before-validation",
        "too-deep",
    ],
)
def test_a_bad_file_names_the_same_first_bad_line_either_way(lines: list[bytes]) -> None:
    with pytest.raises(LogError) as fast:
        read_jsonl(b"\n".join(lines))
    with pytest.raises(LogError) as careful:
        _read_lines(lines)
    assert str(fast.value) == str(careful.value)


def checked_one_by_one(facts: list) -> LogIntegrity:
    integrity = LogIntegrity()
    for fact in facts:
        integrity.append(fact)
    return integrity


def test_a_log_checked_at_once_keeps_what_one_line_at_a_time_keeps() -> None:
    facts = [*every_type(), NoteAdded(text="after", key="k-1"), NoteAdded(text="again", key="k-1")]
    at_once = LogIntegrity()
    at_once.extend(facts)
    assert at_once == checked_one_by_one(facts)


@pytest.mark.parametrize(
    "last",
    [
        TurnEnded(combatant="ghost"),
        AttackMade(attacker="a", target="ghost", natural=3, total=4),
        TurnEnded(combatant="ghost", key="k-2"),
        AttackMade(attacker="a", target="a", natural=3, total=4),
    ],
    ids=["unknown-combatant", "unknown-target", "keyed", "after-the-fight"],
)
def test_a_log_checked_at_once_fails_where_one_line_at_a_time_fails(last: Fact) -> None:
    facts = [
        EncounterCreated(name="x", ruleset="dnd35"),
        CombatantJoined(combatant="a", name="A", side="party", stats={"max_hp": 5}),
        *([CombatEnded()] if last.type_name == "AttackMade" and last.target == "a" else []),
        last,
    ]
    with pytest.raises(LogError) as careful:
        checked_one_by_one(facts)
    with pytest.raises(LogError) as at_once:
        LogIntegrity().extend(facts)
    assert (str(at_once.value), at_once.value.field) == (str(careful.value), careful.value.field)


@pytest.mark.parametrize(
    "looks",
    [[(0, None)], [(3, 5), (0, None)], [(None, -1), (0, None)], [(2, 3), (6, 9), (0, 12)]],
    ids=["whole", "a slice then the whole", "the last line first", "slices then past the end"],
)
def test_stored_lines_decoded_in_any_order_are_the_log(looks: list[tuple]) -> None:
    facts = every_type()[:10]
    lines = StoredFacts(MAPPER, states(facts))
    for start, stop in looks:
        if start is None:
            assert lines[stop] == facts[stop]
        else:
            assert lines[start:stop] == facts[start:stop]
    lines.append(NoteAdded(text="later"))
    assert lines[8:] == [*facts[8:], NoteAdded(text="later")]
    assert list(lines) == [*facts, NoteAdded(text="later")]


def test_stored_lines_first_read_after_an_append_are_the_log() -> None:
    facts = every_type()[:6]
    lines = StoredFacts(MAPPER, states(facts))
    lines.append(NoteAdded(text="later"))
    assert lines[4:] == [*facts[4:], NoteAdded(text="later")]
    assert lines[:] == [*facts, NoteAdded(text="later")]
