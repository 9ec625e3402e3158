"""The analytics and the table rebuild read stored logs as lean facts (api/store/mapper.py
`lean_facts`, `StoredFacts.folded`): the same values as the models on every line, the same figures
and the same tables, on every golden and on generated logs of all five rulesets; what the twins
could read otherwise goes the models' way."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given

from api.service.encounters import rebuilt
from api.store import EncounterStore
from api.store.mapper import FactMapper, OrjsonTranscoder, StoredFacts
from domain.events import Event, EventRevoked, Fact, NoteAdded
from domain.jsonl import read_jsonl
from domain.lean import MODEL_OF, TWINS
from projections.analytics import figures
from projections.history import History
from tests.store_helpers import new_log
from tests.strategies import FAST, logs
from tests.test_lean_facts import plain

FIXTURES = Path(__file__).resolve().parents[1] / "replay_fixtures"
LOGS = sorted(FIXTURES.glob("*/*.jsonl"))
EARLIER = Path(__file__).parent / "stored" / "release-before-tables.sqlite"  # main at 485f65b
MAPPER = FactMapper(transcoder=OrjsonTranscoder())


def stored(facts: list[Event]) -> list[bytes]:
    """The stored states of a log, stamped a few seconds apart as the store stamps them."""
    start = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)
    return [
        orjson.dumps(stamp(f, f.at or start + timedelta(seconds=6 * i)).to_json_dict())
        for i, f in enumerate(facts)
    ]


def stamp(fact: Event, at: datetime) -> Event:
    return fact.model_copy(update={"at": at})


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


@pytest.mark.parametrize(
    "reads",
    [["folded"], ["model 3:5", "folded"], ["folded 30:36", "model", "folded"], ["model", "folded"]],
)
def test_a_stored_log_as_folded_is_the_log_whatever_was_read_before(reads: list[str]) -> None:
    facts = read_jsonl((FIXTURES / "dnd35" / "whole-fight.jsonl").read_text())
    lines = StoredFacts(MAPPER, stored(facts))
    first: dict[int, str] = {}  # each line's first read: "folded" or "model"
    for read in reads:
        kind, _, span = read.partition(" ")
        start, stop = (int(n) for n in span.split(":")) if span else (0, len(facts))
        view = lines.folded if kind == "folded" else lines
        got = [plain(f) for f in view[start:stop]]
        for i in range(start, stop):
            first.setdefault(i, kind)
        assert got == [plain(f) for f in lines[start:stop]]
    folded = lines.folded[:]
    for i, fact in enumerate(folded):  # a twin where the fold read the line first, if it has one
        has_twin = type(facts[i]) in TWINS
        assert (type(fact) in MODEL_OF) == (first[i] == "folded" and has_twin), i
    lines.append(NoteAdded(text="later"))
    assert len(lines.folded) == len(facts) + 1 and lines.folded[-1] == NoteAdded(text="later")


@pytest.mark.parametrize("name", ["dnd35/amend-three-turns-back", "orcus/undo-the-double-entry"])
def test_a_rebuild_folding_twins_has_the_models_tables_and_undoes_alike(
    name: str, tmp_path: Path
) -> None:
    facts = read_jsonl((FIXTURES / f"{name}.jsonl").read_text())
    store = EncounterStore(f"sqlite:///{tmp_path / 'combatlog.sqlite'}")
    try:
        encounter = new_log(store, facts)
        history = rebuilt(store, encounter, stored=False, every=4)
        expected = History(store.facts(encounter), every=4)
    finally:
        store.close()
    assert twins_in(list(history.folded)) > len(facts) // 2
    for at in range(1, len(facts) + 1):
        assert history.state(at) == expected.state(at), at
        assert history.gm_state(at, "corrected") == expected.gm_state(at, "corrected"), at
    for each in (history, expected):
        each.append(EventRevoked(target=len(facts) // 3))
    assert history.state() == expected.state()
    assert history.withdrawn() == expected.withdrawn() and history.cast() == expected.cast()


def test_a_store_written_by_an_earlier_release_folds_lean_as_its_models(tmp_path: Path) -> None:
    copy = tmp_path / "earlier.sqlite"
    shutil.copy(EARLIER, copy)
    store = EncounterStore(f"sqlite:///{copy}")
    try:
        encounters = [summary.id for summary in store.list_encounters()]
        assert len(encounters) == 2
        for encounter in encounters:
            models = store.facts(encounter)
            assert [plain(f) for f in store.lean_facts(encounter)] == [plain(f) for f in models]
            history, expected = rebuilt(store, encounter, stored=False), History(models)
            assert twins_in(list(history.folded)) > len(models) // 2
            for at in range(1, len(models) + 1):
                assert history.gm_state(at, "corrected") == expected.gm_state(at, "corrected")
    finally:
        store.close()
