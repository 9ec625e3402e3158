"""Properties of every valid log, all five rulesets: replay equals live, `at`, totality, JSONL."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.events import Event
from domain.jsonl import read_jsonl, write_jsonl
from tests.builders import state
from tests.strategies import FAST, logs


@FAST
@given(logs())
def test_replay_equals_live_the_state_after_each_append_ends_at_the_whole_log(
    events: list[Event],
) -> None:
    after_each = [state(events[: k + 1]) for k in range(len(events))]

    assert after_each[-1] == state(events)


@FAST
@given(logs(), st.integers(1, 7))
def test_the_live_history_matches_a_fresh_fold_after_every_append(
    events: list[Event], every: int
) -> None:
    from projections.history import History

    live = History(every=every)
    for k, event in enumerate(events, start=1):
        live.append(event)
        assert live.state() == state(events[:k])
    assert [live.state(at) for at in range(1, len(events) + 1)] == [
        state(events, at) for at in range(1, len(events) + 1)
    ]


@FAST
@given(logs(), st.data())
def test_the_state_at_k_is_the_fold_of_the_first_k_lines(
    events: list[Event], data: st.DataObject
) -> None:
    k = data.draw(st.integers(1, len(events)), label="k")

    assert state(events, k) == state(events[:k])


@FAST
@given(logs(steps=40))
def test_folds_never_raise_on_a_valid_log(events: list[Event]) -> None:
    for k in range(1, len(events) + 1):
        shown = state(events, k)
        assert shown["version"] == k
        assert set(shown["order"]) <= set(shown["combatants"])
        assert shown["turn"] is None or shown["turn"] in shown["combatants"]


@FAST
@given(logs())
def test_every_log_survives_json_lines_unchanged(events: list[Event]) -> None:
    written = write_jsonl(events)

    assert read_jsonl(written) == events
    assert write_jsonl(read_jsonl(written)) == written


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(logs(steps=80))
def test_long_logs_fold_the_same_live_and_replayed(events: list[Event]) -> None:
    from projections.history import History

    live = History(events, every=5)

    assert live.state() == state(events)
    assert read_jsonl(write_jsonl(events)) == events
