"""A store another connection holds locked past the wait allowed answers a 503 with Retry-After
and a problem body — "nothing was written, send it again" — never a bare 500, and nothing is
half-written: the same request succeeds once the lock is let go."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from eventsourcing import sqlite as es_sqlite
from eventsourcing.persistence import OperationalError
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.problems import store_failed
from tests.gm_page_helpers import operator

GOBLIN = {"name": "Goblin", "side": "foes", "stats": {"max_hp": 6, "defenses": {"ac": 15}}}


@pytest.fixture
def held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[TestClient, Any]]:
    """The app on a SQLite file whose lock waits are 0.2 s (eventsourcing's are 5 s), and a
    second connection to that file that can take its write lock."""
    monkeypatch.setattr(es_sqlite, "SQLITE3_DEFAULT_LOCK_TIMEOUT", 0.2)
    path = tmp_path / "api.sqlite"
    with TestClient(create_app(f"sqlite:///{path}", folder=tmp_path)) as client:
        other = sqlite3.connect(path, isolation_level=None, timeout=0.2)
        yield client, other
        other.close()


def test_a_library_delete_while_another_writer_holds_the_store_is_a_503_then_goes_through(
    held: tuple[TestClient, Any],
) -> None:
    client, other = held
    assert client.put("/library/dnd35/goblin", json=GOBLIN, headers=operator(client)).is_success
    other.execute("BEGIN IMMEDIATE")  # another process writing, and slow about it
    busy = client.delete("/library/dnd35/goblin", headers=operator(client))
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "1"
    assert busy.headers["content-type"] == "application/problem+json"
    assert busy.json()["title"] == "The store is busy"
    assert "nothing was written" in busy.json()["detail"]
    other.execute("ROLLBACK")
    listed = client.get("/library?ruleset=dnd35", headers=operator(client)).json()["creatures"]
    assert [c["id"] for c in listed] == ["goblin"]  # the refused delete deleted nothing
    assert client.delete("/library/dnd35/goblin", headers=operator(client)).status_code == 204


def test_a_store_failure_that_is_not_a_lock_is_a_500_problem_not_a_503() -> None:
    failed = store_failed(OperationalError("disk I/O error"))
    assert (failed.status, failed.title) == (500, "The store failed")
    locked = store_failed(OperationalError("database is locked"))
    assert (locked.status, locked.headers) == (503, {"Retry-After": "1"})
