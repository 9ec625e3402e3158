"""The lean facts `combatlog replay` reads (domain/lean.py) are the models' twins: the same fields
and defaults, the same values on every line, the same table at every position, and the same log
accepted or refused with the same words, on every golden and on a corpus of bad lines."""

from __future__ import annotations

import io
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec
import orjson
import pytest
from pydantic import BaseModel, ValidationError
from typer.testing import CliRunner

from api.cli.main import app
from domain.events import EVENT_TYPES, Fact, combatants_named
from domain.integrity import LogError
from domain.jsonl import read_log, read_log_lean, write_jsonl
from domain.lean import JOINED_ID, LEAN_DECODER, MODEL_OF, TWINS
from projections.history import History
from projections.render import state_json
from projections.table import table_at
from tests.store_helpers import new_log

FIXTURES = Path(__file__).resolve().parents[1] / "replay_fixtures"
LOGS = sorted(FIXTURES.glob("*/*.jsonl"))
FIGHT = FIXTURES / "dnd35" / "whole-fight.jsonl"
# the types msgspec cannot hold to what the model accepts (a stats or options tree, a day, a
# field validator, an untagged union of durations, a nested union of facts): read by the model
WITHOUT_TWIN = {"EncounterCreated", "CombatantJoined", "ConditionApplied", "EncounterFiled",
                "ActionProposed", "EventAmended"}  # fmt: skip
runner = CliRunner()


def plain(value: Any) -> Any:
    """A fact, a twin or any value inside one as plain data: field name to value."""
    if isinstance(value, msgspec.Struct):
        return {f: plain(getattr(value, f)) for f in value.__struct_fields__}
    if isinstance(value, BaseModel):
        return {f: plain(getattr(value, f)) for f in type(value).model_fields if f != "type"}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, datetime):  # its offset too, which == ignores
        return (value.isoformat(), value.utcoffset())
    return value


def lean(data: bytes) -> list[Any]:
    return read_log_lean(io.BytesIO(data))


def models(data: bytes) -> list[Fact]:
    return read_log(io.BytesIO(data))


def outcome(read: Any, data: bytes) -> tuple[str, Any]:
    """What a read makes of `data`: its error's words, or the facts as plain data."""
    try:
        events = read(data)
    except LogError as exc:
        return ("refused", (str(exc), exc.position, exc.field, exc.reason))
    return ("read", [(f.type_name, plain(f)) for f in events])


def test_every_fact_type_has_its_twin_but_the_ones_named() -> None:
    assert {name for name, cls in EVENT_TYPES.items() if cls not in TWINS} == WITHOUT_TWIN


@pytest.mark.parametrize("name", sorted(set(EVENT_TYPES) - WITHOUT_TWIN))
def test_a_twin_has_its_models_fields_and_defaults(name: str) -> None:
    model, twin = EVENT_TYPES[name], TWINS[EVENT_TYPES[name]]
    fields = {f.name: f for f in msgspec.structs.fields(twin)}
    assert list(fields) == [f for f in model.model_fields if f != "type"]
    for field, info in model.model_fields.items():
        if field != "type":
            default = info.get_default(call_default_factory=True)
            twin_default = fields[field].default
            if fields[field].default_factory is not msgspec.NODEFAULT:
                twin_default = fields[field].default_factory()
            expected = msgspec.NODEFAULT if info.is_required() else default
            assert twin_default == expected, field
    assert twin.__struct_config__.tag == name and MODEL_OF[twin] is model
    required = {f: _example(model, f) for f, i in model.model_fields.items() if i.is_required()}
    example = LEAN_DECODER.decode(orjson.dumps({"type": name, **required}))
    assert type(example) is twin and plain(example) == plain(model.model_validate(required))
    assert isinstance(example, model)  # so every `match` class pattern takes it as the model


def test_every_combatant_id_a_twin_holds_is_one_the_integrity_check_reads() -> None:
    """A twin holds a combatant id to its length only (domain/lean.py JOINED_ID): the integrity
    check refuses any id no CombatantJoined (read by its model, pattern and all) gave."""
    for model, twin in TWINS.items():
        for field in msgspec.structs.fields(twin):
            hint = model.model_fields[field.name]
            if repr(JOINED_ID) not in repr(hint):
                continue
            value = ["id-one", "id-two"] if "list" in repr(hint.annotation) else "id-one"
            kwargs = {
                f: _example(model, f) for f, i in model.model_fields.items() if i.is_required()
            }
            kwargs[field.name] = value
            named = combatants_named(model.model_validate(kwargs))
            assert "id-one" in named, f"{model.__name__}.{field.name}"


def _example(model: type[Fact], field: str) -> Any:
    """A valid value for a required field of the fact types that have twins."""
    return {"order": ["a", "b"], "aware": ["a"], "natural": 5, "total": 5, "amount": 1,
            "modifier": 0, "target": 1 if "Event" in model.__name__ else "a", "proposal": 1,
            "text": "x"}.get(field, "a")  # fmt: skip


@pytest.mark.parametrize("log", LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_golden_reads_to_the_same_values_and_tables_at_every_line(log: Path) -> None:
    data = log.read_bytes()
    expected, read = models(data), lean(data)
    assert [plain(f) for f in read] == [plain(f) for f in expected]
    assert sum(type(f) in MODEL_OF for f in read) > len(read) // 2  # most lines are twins
    golden = orjson.loads(log.with_name(f"{log.stem}.expected.json").read_bytes())
    assert state_json(table_at(read), len(read)) == golden["final"]
    for at in range(1, len(read) + 1):
        then = state_json(table_at(read, at), at)
        assert then == state_json(table_at(expected, at), at), at
        corrected = state_json(History(read).corrected_table(at), at)
        assert corrected == state_json(History(expected).corrected_table(at), at), at


@pytest.mark.parametrize("log", LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_replay_prints_each_golden_byte_for_byte_as_the_models_would(log: Path) -> None:
    result = runner.invoke(app, ["replay", str(log), "--json"])
    events = models(log.read_bytes())
    state = state_json(table_at(events), len(events))
    assert result.exit_code == 0
    assert result.stdout == orjson.dumps(state, option=orjson.OPT_INDENT_2).decode() + "\n"


def test_a_log_stored_and_exported_by_the_store_reads_to_the_same_table(tmp_path: Path) -> None:
    from api.store import EncounterStore

    store = EncounterStore(f"sqlite:///{tmp_path / 'combatlog.sqlite'}")
    try:
        exported = write_jsonl(store.facts(new_log(store, models(FIGHT.read_bytes()))))
    finally:
        store.close()
    assert all(b'"at":' in line for line in exported.splitlines())  # stamped, as the store does
    assert outcome(lean, exported) == outcome(models, exported)
    assert state_json(table_at(lean(exported)), 99) == state_json(table_at(models(exported)), 99)


# Lines put in place of line 30 of the whole fight (an AttackMade by tordek on grask), or
# after it: each the model accepts or refuses, and the lean read must do the same, in the same
# words. Each a fact type with a twin, so the lean decode itself is tried on it.
BASE = {"type": "DamageDealt", "target": "grask", "amount": 3}
AT = "2026-11-20T19:30:00Z"
BAD_LINES: list[Any] = [
    {**BASE, "amount": -1}, {**BASE, "amount": 1_000_001}, {**BASE, "amount": True},
    {**BASE, "amount": 1.0}, {**BASE, "amount": "3"}, {**BASE, "amount": 10**30},
    {**BASE, "target": ""}, {**BASE, "target": "a b"}, {**BASE, "target": "-x"},
    {**BASE, "target": "grask\n"}, {**BASE, "target": "g" * 65}, {**BASE, "target": "zed"},
    {**BASE, "target": 7}, {**BASE, "source": ""}, {**BASE, "source": "s" * 201},
    {**BASE, "source": "𝔰" * 200}, {**BASE, "source": "𝔰" * 201}, {**BASE, "source": "a\x00b"},
    {**BASE, "nonlethal": "true"}, {**BASE, "nonlethal": 1}, {**BASE, "overcomes": ["x"] * 17},
    {**BASE, "overcomes": ["x"] * 16}, {**BASE, "save": {"natural": 0, "total": 3}},
    {**BASE, "save": {"natural": 3, "total": 3, "x": 1}}, {**BASE, "save": [3, 3]},
    {**BASE, "attack": 0}, {**BASE, "attack": 10**30}, {**BASE, "attack": 2**64 - 1},
    {**BASE, "attack": 2**64}, {**BASE, "amount": -(2**63) - 1}, {**BASE, "x": 1},
    {**BASE, "type": "Nope"},
    {**BASE, "type": 5}, {"target": "grask", "amount": 3}, {"type": "DamageDealt", "amount": 3},
    {**BASE, "at": "2026-11-20t19:30:00z"}, {**BASE, "at": "2026-11-20 19:30:00Z"},
    {**BASE, "at": "2026-11-20T19:30Z"}, {**BASE, "at": "2026-11-20T19:30:00+0000"},
    {**BASE, "at": "0001-01-01T00:00:00Z"}, {**BASE, "at": "0001-01-02T00:00:00+01:00"},
    {**BASE, "at": "9999-12-31T23:00:00-05:00"}, {**BASE, "at": "2026-02-30T00:00:00Z"},
    {**BASE, "at": 1_700_000_000}, {**BASE, "at": None}, {**BASE, "at": "2026-11-20"},
    {**BASE, "at": "2026-11-20T19:30:00.1234567Z"}, {**BASE, "at": "2026-11-20T19:30:00.5+05:30"},
    {**BASE, "at": "2026-11-20T19:30:00+24:00"}, {**BASE, "at": "2026-11-20T19:30:60Z"},
    {**BASE, "at": "2026-11-20T24:00:00Z"}, {**BASE, "at": "2026-11-20T19:30:00-00:00"},
    {**BASE, "at": AT, "by": ""}, {**BASE, "at": AT, "action": 0}, {**BASE, "action": 29},
    {**BASE, "action": 31}, {**BASE, "key": "k" * 201},
    {"type": "AttackMade", "attacker": "tordek", "target": "grask", "natural": 21, "total": 3},
    {"type": "AttackMade", "attacker": "tordek", "target": "grask", "natural": 5, "total": 3,
     "outcome": "HIT"},
    {"type": "AttackMade", "attacker": "tordek", "target": "grask", "natural": 5, "total": 3,
     "multiplier": 1},
    {"type": "SavingThrowRolled", "combatant": "tordek", "save": "fort", "natural": 5, "total": 3,
     "against": True},
    {"type": "SavingThrowRolled", "combatant": "tordek", "save": "fort", "natural": 5, "total": 3,
     "against": 3},
    {"type": "SavingThrowRolled", "combatant": "tordek", "save": "fort", "natural": 5, "total": 3,
     "against": "3"},
    {"type": "InitiativeTieBroken", "order": ["tordek"]},
    {"type": "NoteAdded", "text": "n" * 4001}, {"type": "NoteAdded", "text": ""},
    {"type": "NoteAdded", "text": 'says "at": "now"'}, {"type": "CheckRolled", "combatant":
     "tordek", "check": "heal", "natural": 100, "total": 3, "target": "nobody"},
    {"type": "EventRevoked", "target": 99}, {"type": "EventRevoked", "target": 30},
    {"type": "EventRestored", "target": 30}, {"type": "CombatEnded", "extra": None},
    {"type": "TurnEnded", "combatant": "tordek"}, {"type": "ResolveSpent", "combatant": "tordek",
                                                   "amount": 0},
]  # fmt: skip
RAW_LINES = [b"", b"   ", b"[]", b"3", b"{", b'{"type":"TurnEnded","combatant":"\\ud800"}',
             b'{"type":"TurnEnded","type":"Delayed","combatant":"tordek"}',
             b'{"type":"TurnEnded","combatant":"grask","combatant":"tordek"}',
             b'{"type":"NoteAdded","text":"a\\u0000"}', b'{"type":"NoteAdded","text":"\\\\u0000"}',
             b'{"type":"NoteAdded","text":"x"} trailing',
             b'{"type":"NoteAdded","text":"caf\\u00e9"}',
             b'{"type":"TurnEnded","combatant":"grask","\\u0061t":"2026-11-20t19:30:00z"}',
             b'{"type":"TurnEnded","combatant":"grask","at" :\t"2026-11-20T19:30:00Z"}',
             b'{"type":"TurnEnded","combatant":"grask","at":"2026-11-20T19:30:00Z","at":"x"}',
             b'{"type":"NoteAdded","text":NaN}',
             b'{"type":"DamageDealt","target":"grask","amount":-0}',
             b'{"type":"DamageDealt","target":"grask","amount":3e0}',
             b'{"type":"NoteAdded","text":"' + b"[" * 40 + b'"}',
             b'{"type":"RestTaken","kind":"short","combatants":' + b"[" * 40 + b"]" * 40 + b"}",
             b'\xff{"type":"NoteAdded","text":"x"}', b'{"type":"NoteAdded","text":"a\tb"}',
             b'{"type":"NoteAdded","text":"\xed\xa0\x80"}', b'\xef\xbb\xbf{"type":"CombatEnded"}',
             b'{"type":"NoteAdded","text":"x"}\x0c']  # fmt: skip


LINES = [json.dumps(line, ensure_ascii=False).encode() for line in BAD_LINES] + RAW_LINES


def _lines(replaced: bytes) -> list[bytes]:
    lines = FIGHT.read_bytes().splitlines(keepends=True)
    return [*lines[:29], replaced + b"\n", *lines[30:]]


@pytest.mark.parametrize("line", LINES)
def test_a_line_in_place_or_added_is_read_or_refused_alike_in_the_same_words(line: bytes) -> None:
    for data in (b"".join(_lines(line)), FIGHT.read_bytes() + line + b"\n", line + b"\n"):
        assert outcome(lean, data) == outcome(models, data)


@pytest.mark.parametrize("line", LINES)
def test_the_lean_decode_alone_takes_no_line_the_model_refuses(line: bytes) -> None:
    """Without the whole log's checks around it (bar the NUL and `at`, which `raw_refusal`
    takes): a twin read is the model's read, value for value."""
    from domain.lean import raw_refusal

    try:
        twin = LEAN_DECODER.decode(line)
    except (msgspec.DecodeError, ValueError):
        return
    assert not raw_refusal(line) or b"\\u" in line or b'"at"' in line
    if raw_refusal(line):
        return
    try:
        model = EVENT_TYPES[twin.type_name].model_validate(orjson.loads(line))
    except ValidationError as exc:  # only a combatant id's form, which the integrity check holds
        field = EVENT_TYPES[twin.type_name].model_fields[str(exc.errors()[0]["loc"][0])]
        assert repr(JOINED_ID) in repr(field), exc
        assert outcome(lean, line + b"\n")[0] == "refused"
        return
    assert plain(twin) == plain(model)


def test_replay_of_a_bad_log_prints_the_models_error(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_bytes(b"".join(_lines(orjson.dumps({**BASE, "amount": -1}))))
    result = runner.invoke(app, ["replay", str(log), "--json"])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"combatlog: {log}: line 30, field 'amount': Input should be greater than or equal to 0"
    )
