"""Whole tallies folded in worker processes give the figures one process gives (fanout.py)."""

from __future__ import annotations

import multiprocessing
import os
import time
from typing import Any

import pytest

from api.analytics import Analytics, Filters, report
from api.analytics.ingest import fanout
from api.compute.watch import watch_parent
from domain.jsonl import parse_event
from tests.builders import damage, log
from tests.store_helpers import appended, new_log
from tests.test_analytics_figures import FIGHT
from tests.test_analytics_store import open_store, rows  # noqa: F401  (the fixture)
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)


def figures_of(analytics: Analytics) -> list[Any]:
    found = report(analytics, Filters())
    return [found["combatants"], found["damage_by_round"], found["turns"], found["encounters"]]


def test_a_catch_up_over_many_fights_in_workers_matches_one_process(
    open_store: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fanout, "LINES_AT", 0)  # these small pages go to the workers too
    store = open_store()
    for n in range(fanout.WHOLE_AT + 2):  # enough to fold in the workers
        new_log(store, log([*FIGHT, damage("goblin", n + 1)]))
    spread = Analytics(store)
    before = set(multiprocessing.active_children())  # (the dice workers of an earlier test)
    assert spread.catch_up() == (fanout.WHOLE_AT + 2) * (len(FIGHT) + 1)
    assert set(multiprocessing.active_children()) <= before  # the workers end with it
    alone = open_store()
    monkeypatch.setattr(fanout, "WHOLE_AT", 10**6)
    serial = Analytics(alone)
    assert serial.rebuild() == spread.position
    assert figures_of(serial) == figures_of(spread)
    assert rows(serial, "hp") == rows(spread, "hp") > 0


def test_a_fight_the_workers_tallied_grows_line_by_line_afterwards(
    open_store: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fanout, "LINES_AT", 0)
    store = open_store()
    ids = [new_log(store, log(FIGHT)) for _ in range(fanout.WHOLE_AT)]
    analytics = Analytics(store)
    analytics.catch_up()
    appended(store, ids[0], [parse_event(damage("goblin", 2), len(FIGHT) + 1)])
    assert analytics.catch_up() == 1
    whole = Analytics(open_store())
    whole.rebuild()
    assert figures_of(analytics) == figures_of(whole)


def test_a_small_catch_up_starts_no_worker(
    open_store: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A report's catch-up a few lines behind folds in its own process."""
    started: list[Any] = []
    monkeypatch.setattr(fanout, "ProcessPoolExecutor", lambda *a, **k: started.append(a))
    store = open_store()
    for _ in range(fanout.WHOLE_AT + 2):
        new_log(store, log(FIGHT))
    assert Analytics(store).catch_up() == (fanout.WHOLE_AT + 2) * len(FIGHT)
    assert started == []


def _watched_then_waiting(parent: int) -> None:
    watch_parent(parent)
    time.sleep(30)


def test_a_worker_whose_starter_is_gone_ends_itself() -> None:
    """Workers watch the process that started them: killed (even by SIGKILL), it leaves none
    behind waiting on a closed queue."""
    gone = multiprocessing.get_context("spawn").Process(
        target=_watched_then_waiting,
        args=(os.getpid() + 10**6,),  # not its parent
    )
    gone.start()
    gone.join(timeout=15)
    assert gone.exitcode == 0
    kept = multiprocessing.get_context("spawn").Process(
        target=_watched_then_waiting, args=(os.getpid(),)
    )
    kept.start()
    kept.join(timeout=2)
    assert kept.is_alive()  # its starter is alive: it stays
    kept.terminate()
    kept.join()
