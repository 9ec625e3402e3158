"""The analytics read stored logs as lean facts (api/store/mapper.py `lean_facts`): the same
values as the models on every line, and the same figures, on every golden and on generated logs
of all five rulesets; what the twins could read otherwise goes the models' way."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given

from api.store import EncounterStore
from api.store.mapper import FactMapper, OrjsonTranscoder
from domain.events import Event, Fact
from domain.jsonl import read_jsonl
from domain.lean import MODEL_OF
from projections.analytics import figures
from tests.strategies import FAST, logs
from tests.store_helpers import new_log
from tests.test_lean_facts import plain

FIXTURES = Path(__file__).resolve().parents[1] / "replay_fixtures"
LOGS = sorted(FIXTURES.glob("*/*.jsonl"))
MAPPER = FactMapper(transcoder=OrjsonTranscoder())


def stored(facts: list[Event]) -> list[bytes]:
    """The stored states of a log, stamped a few seconds apart as the store stamps them."""
    start = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)
    return [
        orjson.dumps(f.model_copy(update={"at": f.at or start + timedelta(seconds=6 * i)})
                     .to_json_dict())  # fmt: skip
        for i, f in enumerate(facts)
    ]


def twins_in(facts: list[Fact]) -> int:
    return sum(type(f) in MODEL_OF for f in facts)


@pytest.mark.parametrize("log", LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_golden_stored_reads_lean_to_the_models_values_and_figures(log: Path) -> None:
    states = stored(read_jsonl(log.read_text()))
    lean, models = MAPPER.lean_facts(states), MAPPER.facts(states)
    assert [plain(f) for f in lean] == [plain(f) for f in models]
    assert twins_in(lean) > len(lean) // 2 and twins_in(models) == 0
    assert figures(lean) == figures(models)


@FAST
@given(logs())
def test_a_generated_log_of_any_ruleset_tallies_alike_from_twins_and_models(
    events: list[Event],
) -> None:
    states = stored(events)
    lean, models = MAPPER.lean_facts(states), MAPPER.facts(states)
    assert [plain(f) for f in lean] == [plain(f) for f in models]
    assert figures(lean) == figures(models)


@pytest.mark.parametrize(
    "line",
    [
        {"type": "NoteAdded", "text": "a \\u escape: \u00e9\u0001"},  # orjson escapes \u0001
        {"type": "NoteAdded", "text": "an odd time", "at": "2026-12-02T19:00:00.1234567Z"},
    ],
)
def test_what_the_twins_might_read_otherwise_is_read_by_the_models(line: dict[str, Any]) -> None:
    whole = FIXTURES / "dnd35" / "whole-fight.jsonl"
    states = [*stored(read_jsonl(whole.read_text())), orjson.dumps(line)]
    lean = MAPPER.lean_facts(states)
    assert twins_in(lean) == 0
    assert [plain(f) for f in lean] == [plain(f) for f in MAPPER.facts(states)]


def test_the_store_gives_the_analytics_a_log_lean_and_after_a_line(tmp_path: Path) -> None:
    store = EncounterStore(f"sqlite:///{tmp_path / 'combatlog.sqlite'}")
    try:
        log = read_jsonl((FIXTURES / "dnd35" / "whole-fight.jsonl").read_text())
        encounter = new_log(store, log)
        lean, models = store.lean_facts(encounter), store.facts(encounter)
        assert twins_in(lean) > len(lean) // 2
        assert [plain(f) for f in lean] == [plain(f) for f in models]
        assert [plain(f) for f in store.lean_facts(encounter, after=40)] == [
            plain(f) for f in models[40:]
        ]
    finally:
        store.close()
