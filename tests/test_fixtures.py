"""Golden replay fixtures: each replay_fixtures/<system>/<slug>.jsonl folds to its .expected.json.

A golden holds the table state (CONTRACT §2) at the end of the log and at a few positions:
`{"final": {...}, "at": {"12": {...}}}`. It changes only through `pytest --update-goldens`,
which rewrites it from the current code (keeping its positions); every rewrite is reviewed by
hand against the rules before it is committed, since a golden is a ruling, not a snapshot.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from domain.commands import Redo, Undo
from domain.decide import decide
from domain.events import CombatStarted, EventAmended, EventRestored, EventRevoked, Fact
from domain.jsonl import check_log, read_jsonl, write_jsonl
from projections.render import state_json
from projections.table import table_at
from tests.store_helpers import new_log

FIXTURES = Path(__file__).resolve().parents[1] / "replay_fixtures"
LOGS = sorted(FIXTURES.glob("*/*.jsonl"))
WIDTH = 100
ENVELOPE = {"at", "by"}

Golden = dict[str, Any]


def fixture_id(log: Path) -> str:
    return f"{log.parent.name}/{log.stem}"


def golden_path(log: Path) -> Path:
    return log.with_name(f"{log.stem}.expected.json")


def read_log(log: Path) -> list[Any]:
    return read_jsonl(log.read_bytes())


# --- computing and writing goldens -------------------------------------------------------------


def table_state(events: Sequence[Fact], at: int | None) -> dict[str, Any]:
    """The state after line `at` (the whole log when None), as plain JSON values."""
    state = state_json(table_at(events, at), at or len(events))
    plain: dict[str, Any] = json.loads(json.dumps(state))
    return plain


def default_positions(events: Sequence[Fact]) -> list[int]:
    """For a new fixture: the start of combat, and just before and after every correction."""
    found: set[int] = set()
    for position, event in enumerate(events, start=1):
        if isinstance(event, CombatStarted):
            found.add(position)
        if isinstance(event, EventRevoked | EventRestored | EventAmended):
            found |= {position - 1, position}
    return sorted(p for p in found if 1 <= p < len(events))


def positions_of(log: Path, events: Sequence[Fact]) -> list[int]:
    """The positions a golden pins: those already in it, else the defaults."""
    path = golden_path(log)
    if path.exists():
        return sorted(int(p) for p in json.loads(path.read_text())["at"])
    return default_positions(events)


def replay(events: Sequence[Fact], positions: Sequence[int]) -> Golden:
    """The golden for a log: the final state and the state at each position."""
    return {
        "final": table_state(events, None),
        "at": {str(p): table_state(events, p) for p in positions},
    }


def pretty(value: Any, indent: int = 0, lead: int = 0) -> str:
    """JSON with one value per line only where it does not fit on one line (readable diffs)."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or lead + len(flat) <= WIDTH:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        keys = [json.dumps(k, ensure_ascii=False) + ": " for k in value]
        parts = [
            pad + key + pretty(v, indent + 2, len(pad + key))
            for key, v in zip(keys, value.values(), strict=True)
        ]
        return "{\n" + ",\n".join(parts) + "\n" + " " * indent + "}"
    parts = [pad + pretty(v, indent + 2, len(pad)) for v in value]
    return "[\n" + ",\n".join(parts) + "\n" + " " * indent + "]"


def write_golden(log: Path, golden: Golden) -> None:
    """Replace the golden whole (atomically: other workers may be reading its positions)."""
    path = golden_path(log)
    draft = path.with_name(path.name + ".tmp")
    draft.write_text(pretty(golden) + "\n", encoding="utf-8")
    draft.replace(path)


# --- comparing ---------------------------------------------------------------------------------


def differences(expected: Any, actual: Any, path: str) -> list[str]:
    """Every leaf where `actual` differs from `expected`, as `path: expected X, got Y`."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found: list[str] = []
        for key in [*expected, *(k for k in actual if k not in expected)]:
            where = f"{path}.{key}"
            if key not in actual:
                found.append(f"{where}: missing (expected {json.dumps(expected[key])})")
            elif key not in expected:
                found.append(f"{where}: not expected (got {json.dumps(actual[key])})")
            else:
                found += differences(expected[key], actual[key], where)
        return found
    nested = isinstance(expected, list) and any(isinstance(x, dict | list) for x in expected)
    if nested and isinstance(actual, list) and len(actual) == len(expected):
        return [d for i, (e, a) in enumerate(zip(expected, actual, strict=True))
                for d in differences(e, a, f"{path}[{i}]")]  # fmt: skip
    if expected == actual:
        return []
    return [f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}"]


def assert_matches(expected: Golden, actual: Golden, what: str) -> None:
    found = differences(expected, actual, what)
    if found:
        hint = "\n(if the change is intended, run `pytest --update-goldens` and review the diff)"
        pytest.fail(f"{len(found)} difference(s):\n" + "\n".join(found) + hint, pytrace=False)


def expected_golden(log: Path, update: bool) -> Golden:
    """The golden on disk; while updating, what the pure fold gives (the file may be in flux)."""
    if update:
        events = read_log(log)
        return replay(events, positions_of(log, events))
    path = golden_path(log)
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run `pytest --update-goldens`", pytrace=False)
    golden: Golden = json.loads(path.read_text(encoding="utf-8"))
    return golden


# --- the tests ---------------------------------------------------------------------------------

logs = pytest.mark.parametrize("log", LOGS, ids=fixture_id)


def test_there_is_a_fixture_for_every_required_dnd35_fight() -> None:
    required = {"whole-fight", "massive-damage", "undo-the-killing-blow", "amend-three-turns-back",
                "nonlethal-and-temp-hp", "joining-mid-fight"}  # fmt: skip
    assert required <= {log.stem for log in LOGS if log.parent.name == "dnd35"}


SYSTEMS = {"dnd35": 5, "d20modern": 4, "true20": 5, "starfinder": 5, "orcus": 5}  # issues 2, 4, 5


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_system_has_its_recorded_fights_with_an_undo_and_an_amend(system: str) -> None:
    fights = [log for log in LOGS if log.parent.name == system]
    assert len(fights) >= SYSTEMS[system]
    kinds = {type(event) for log in fights for event in read_log(log)}
    assert {EventRevoked, EventAmended} <= kinds
    assert all(golden_path(log).exists() for log in fights)


@pytest.mark.parametrize("system", [s for s in SYSTEMS if s != "dnd35"])
def test_every_fight_of_the_later_systems_is_recorded_to_its_end(system: str) -> None:
    """Issues 4 and 5 ask for whole fights: each log closes with CombatEnded in force."""
    for log in (log for log in LOGS if log.parent.name == system):
        events = read_log(log)
        assert state_json(table_at(events), len(events))["phase"] == "ended", log.stem


def test_the_whole_attack_is_undone_and_redone_as_one_undo_and_one_redo_decide() -> None:
    """Issue 25: the fixture's corrections are what the service records for one Undo() after
    "Record attack and damage", and for one Undo() and one Redo() of the cutter's hit."""
    fight = read_log(FIXTURES / "dnd35" / "undo-the-whole-attack.jsonl")

    def decided(upto: int, command: Undo | Redo) -> list[Fact]:
        facts = decide(check_log(fight[:upto]), command)
        return [f.model_copy(update={"at": None, "by": None}) for f in facts]

    def written(first: int, last: int) -> list[Fact]:
        return [f.model_copy(update={"at": None, "by": None}) for f in fight[first - 1 : last]]

    assert decided(12, Undo(reason="wrong goblin: Valeros swung at the archer")) == written(13, 14)
    assert decided(19, Undo(reason="the cutter already used its action")) == written(20, 21)
    assert decided(21, Redo(reason="it had only moved")) == written(22, 23)


def test_a_starfinder_fight_has_damage_reduction_resistance_and_the_hours_after_it() -> None:
    """Issue 13 (items 5 and 11): DR and energy resistance stop part of a hit, and checks follow
    the end of the fight, with an undo and an amendment."""
    fight = read_log(FIXTURES / "starfinder" / "boarding-the-drift-relay.jsonl")
    end = next(n for n, event in enumerate(fight) if event.type_name == "CombatEnded")
    kinds = {event.type_name for event in fight[end + 1 :]}
    assert {"EventAmended", "CheckRolled", "ResolveSpent", "HealingApplied"} <= kinds
    assert any(isinstance(e, EventRevoked) for e in fight)
    stats = [e.stats for e in fight if e.type_name == "CombatantJoined"]
    assert any("dr" in s for s in stats) and any("resist" in s for s in stats)
    assert golden_path(FIXTURES / "starfinder" / "boarding-the-drift-relay.jsonl").exists()


@logs
def test_the_log_replays_as_a_pure_fold_to_its_golden(log: Path, update_goldens: bool) -> None:
    events = read_log(log)
    if update_goldens:
        write_golden(log, replay(events, positions_of(log, events)))
        return
    expected = expected_golden(log, update=False)
    assert_matches(expected, replay(events, sorted(int(p) for p in expected["at"])), log.stem)


@logs
def test_the_log_replays_to_the_same_golden_through_the_sqlite_store(
    log: Path, tmp_path: Path, update_goldens: bool
) -> None:
    store_module = pytest.importorskip("api.store")
    events = read_log(log)
    store = store_module.EncounterStore(f"sqlite:///{tmp_path / 'combatlog.sqlite'}")
    try:
        facts = store.facts(new_log(store, events))
    finally:
        store.close()
    assert [without_added_envelope(f, e) for f, e in zip(facts, events, strict=True)] == events
    expected = expected_golden(log, update_goldens)
    assert_matches(expected, replay(facts, sorted(int(p) for p in expected["at"])), log.stem)


@logs
def test_the_log_round_trips_through_json_lines(log: Path) -> None:
    events = read_log(log)
    written = write_jsonl(events)
    assert read_jsonl(written) == events
    assert written == log.read_bytes()  # fixtures are kept in the canonical field order


@logs
def test_every_golden_position_is_a_line_of_its_log(log: Path, update_goldens: bool) -> None:
    if update_goldens:
        pytest.skip("the goldens are being rewritten")
    golden = expected_golden(log, update=False)
    assert golden["final"]["version"] == len(read_log(log))
    assert all(1 <= int(p) <= golden["final"]["version"] for p in golden["at"])


def without_added_envelope(stored: Fact, original: Fact) -> Fact:
    """The stored fact, minus any `at`/`by` the store added where the log had none (CONTRACT §1)."""
    added = {name for name in ENVELOPE if name not in original.model_fields_set}
    return stored.model_copy(update={name: None for name in added}) if added else stored
