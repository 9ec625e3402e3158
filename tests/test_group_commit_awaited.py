"""Writes awaited on the event loop (`GroupCommit.committed`): each answered with its own
outcome, a commit's answers handed to the loop together, one given up on left unwritten."""

from __future__ import annotations

import asyncio
import time

import pytest

from api.service.commits import GroupCommit
from api.service.encounters import Appended, Encounters
from api.service.errors import VersionConflict
from api.store import EncounterStore
from tests.store_helpers import new_encounter
from tests.test_group_commit import note, writing


async def taken(commits: GroupCommit) -> None:
    """Until the committer has taken what was queued (and waits on the encounter's lock)."""
    await asyncio.sleep(0)  # the write's task queues it
    while commits._thread is None or commits._pending:
        await asyncio.sleep(0.005)


@pytest.fixture
def service(store: EncounterStore) -> Encounters:
    return Encounters(store)


def test_writes_awaited_together_each_get_their_own_outcome(service: Encounters) -> None:
    a, b = new_encounter(service.store), new_encounter(service.store)
    commits = GroupCommit(service)

    async def written() -> list[Appended | BaseException]:
        stale = writing(a, note("stale"), expected_version=1)
        writes = [writing(a, note("a1")), writing(b, note("b1"), note("b2")), stale]
        writes.append(writing(a, note("a2")))
        return await asyncio.gather(*map(commits.committed, writes), return_exceptions=True)

    outcomes = asyncio.run(written())
    commits.stop()
    assert [(o.first, o.version) for o in outcomes if isinstance(o, Appended)] == [
        (2, 2), (2, 3), (3, 3),
    ]  # fmt: skip
    assert isinstance(outcomes[2], VersionConflict)
    assert [f.text for f in service.store.facts(a)[1:]] == ["a1", "a2"]  # type: ignore[attr-defined]


def test_a_write_given_up_on_before_its_commit_is_not_written(service: Encounters) -> None:
    a = new_encounter(service.store)
    commits = GroupCommit(service)
    held = service._lock(a)

    async def scene() -> Appended:
        held.acquire()  # the first commit waits here, so the next write queues behind it
        try:
            first = asyncio.ensure_future(commits.committed(writing(a, note("first"))))
            await taken(commits)
            given_up = asyncio.ensure_future(commits.committed(writing(a, note("given up"))))
            await asyncio.sleep(0.01)
            given_up.cancel()  # as when its client disconnects
            await asyncio.sleep(0.01)
        finally:
            held.release()
        assert (await first).version == 2
        return await commits.committed(writing(a, note("after")))

    after = asyncio.run(scene())
    commits.stop()
    assert after.version == 3
    assert [f.text for f in service.store.facts(a)[1:]] == ["first", "after"]  # type: ignore[attr-defined]


def test_a_write_whose_loop_has_closed_does_not_stop_the_committer(service: Encounters) -> None:
    a = new_encounter(service.store)
    commits = GroupCommit(service)
    held = service._lock(a)
    held.acquire()

    async def left() -> None:
        waiting = asyncio.ensure_future(commits.committed(writing(a, note("left behind"))))
        await taken(commits)
        assert not waiting.done()

    asyncio.run(left())  # the loop closes while its write waits on the lock
    held.release()
    deadline = time.monotonic() + 10
    while len(service.store.facts(a)) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert commits.submit(writing(a, note("next"))).result(timeout=10).version == 3
    commits.stop()
