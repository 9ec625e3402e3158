"""A write that keeps losing races to another worker, as a client meets it: tried again until it
lands, else a 503 with Retry-After after its time, never a 409 it could not have caused."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from api.http.deps import runtime_of
from api.service import commits
from api.store import EncounterStore
from tests.test_api import open_table
from tests.test_group_commit_races import overtaken

NOTE = {"type": "NoteAdded", "text": "the goblin shouts"}


@pytest.fixture
def other_worker(client: TestClient) -> Iterator[EncounterStore]:
    """Another worker's store on the app's SQLite file."""
    with EncounterStore(runtime_of(client.app).store.url) as store:
        yield store


def test_a_blind_append_that_loses_every_race_for_its_time_is_a_503_with_retry_after(
    client: TestClient, other_worker: EncounterStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = open_table(client, [])
    monkeypatch.setattr(commits, "RETRY_FOR", 0.3)
    store = runtime_of(client.app).store
    overtaken(other_worker, store, UUID(opened["id"]), 10**6, monkeypatch, pause=0.01)
    path = f"/encounters/{opened['id']}/facts"
    reply = client.post(path, json={"facts": [NOTE]}, headers=opened["gm"])
    assert (reply.status_code, reply.headers["retry-after"]) == (503, "1")
    assert reply.json() == {
        "type": "about:blank", "title": "Too many writers at once", "status": 503,
        "detail": "other writers got there first every time it was tried for 0.3 s; nothing was "
        "written: send it again", "errors": [],
    }  # fmt: skip
    texts = [getattr(fact, "text", None) for fact in other_worker.facts(UUID(opened["id"]))]
    assert NOTE["text"] not in texts


def test_a_blind_append_overtaken_thirty_times_through_the_api_is_a_201(
    client: TestClient, other_worker: EncounterStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened = open_table(client, [])
    overtaken(other_worker, runtime_of(client.app).store, UUID(opened["id"]), 30, monkeypatch)
    path = f"/encounters/{opened['id']}/facts"
    reply = client.post(path, json={"facts": [NOTE]}, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (201, {"first": 32, "version": 32})
