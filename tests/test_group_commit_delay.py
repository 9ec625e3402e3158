"""The commit delay (COMBATLOG_COMMIT_DELAY): in a busy moment (a write arrived while another
was in flight) the committer waits a stated fraction of a millisecond for more writes to join
the commit; one client alone never waits. The clock and the wait are the test's own: nothing
here rests on timing."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from uuid import uuid4

import pytest

from api.config.settings import BadSetting, load_settings
from api.service.commits import BUSY_FOR, GroupCommit
from api.service.encounters import Append, Appended
from domain.commands import AppendFacts

DELAY = 0.0003  # s


class Recorded:
    """Encounters that commit nothing, keeping each commit's writes."""

    def __init__(self) -> None:
        self.batches: list[list[Append]] = []

    def append_many(self, appends: Sequence[Append]) -> list[Appended]:
        self.batches.append(list(appends))
        return [Appended(first=n, version=n) for n in range(1, len(appends) + 1)]


def write() -> Append:
    return Append(uuid4(), AppendFacts(()))


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def committer(
    pause: list[float], arriving: list[Append], delay: float = DELAY, clock: Clock | None = None
) -> GroupCommit:
    """A lane whose commit delay, when taken, records its length and lets `arriving` in (the
    writes that come while it waits), instead of waiting on the clock."""
    lane: GroupCommit

    def paused(seconds: float) -> None:
        pause.append(seconds)
        while arriving:
            lane.submit(arriving.pop(0))

    lane = GroupCommit(Recorded(), delay=delay, pause=paused, clock=clock or Clock())  # type: ignore[arg-type]
    return lane


def busy_moment(lane: GroupCommit, *writes: Append) -> None:
    """`writes` handed over together, each after the first while another is in flight; their
    outcomes awaited."""
    with lane._wake:  # the committer takes none of them before the last is handed over
        futures: list[Future[Appended]] = [lane.submit(append) for append in writes]
    for future in futures:
        future.result(timeout=5)


def test_a_lone_write_is_committed_at_once_without_the_delay() -> None:
    pause: list[float] = []
    lane = committer(pause, [])
    lone = write()
    assert lane.submit(lone).result(timeout=5) == Appended(first=1, version=1)
    lane.stop()
    assert pause == []  # the quiet case: no wait at all
    assert lane.encounters.batches == [[lone]]  # type: ignore[attr-defined]


def test_one_client_writing_one_write_after_another_never_waits() -> None:
    pause: list[float] = []
    lane = committer(pause, [])
    for _ in range(5):  # its next write leaves only once the last is answered
        lane.submit(write()).result(timeout=5)
    lane.stop()
    assert pause == []
    assert [len(batch) for batch in lane.encounters.batches] == [1] * 5  # type: ignore[attr-defined]


def test_writes_arriving_within_the_delay_of_a_busy_moment_share_one_commit() -> None:
    pause: list[float] = []
    late = write()
    lane = committer(pause, [late])
    first, second = write(), write()
    busy_moment(lane, first, second)  # the second arrives while the first is in flight
    lane.stop()
    assert pause == [DELAY]
    assert lane.encounters.batches == [[first, second, late]]  # type: ignore[attr-defined]
    assert (lane.commits, lane.committed_writes) == (1, 3)


def test_a_lone_write_after_a_busy_moment_waits_only_while_the_moment_lasts() -> None:
    pause: list[float] = []
    clock = Clock()
    lane = committer(pause, [], clock=clock)
    busy_moment(lane, write(), write())
    lane.submit(write()).result(timeout=5)  # within BUSY_FOR of the busy moment: waits
    clock.now += BUSY_FOR
    lane.submit(write()).result(timeout=5)  # the moment past: committed at once
    lane.stop()
    assert pause == [DELAY, DELAY]
    assert [len(batch) for batch in lane.encounters.batches] == [2, 1, 1]  # type: ignore[attr-defined]


def test_without_a_delay_set_a_busy_moment_commits_what_has_arrived() -> None:
    pause: list[float] = []
    lane = committer(pause, [write()], delay=0.0)
    first, second = write(), write()
    busy_moment(lane, first, second)
    lane.stop()
    assert pause == []
    assert lane.encounters.batches == [[first, second]]  # type: ignore[attr-defined]


def test_the_wait_ends_as_soon_as_the_commit_is_full() -> None:
    lane = GroupCommit(Recorded(), most=3, delay=60.0)  # type: ignore[arg-type]  # the real wait
    with lane._wake:
        futures = [lane.submit(write()), lane.submit(write())]
    futures.append(lane.submit(write()))  # the third fills the commit: no 60 s wait
    for future in futures:
        future.result(timeout=10)
    lane.stop()
    assert [len(batch) for batch in lane.encounters.batches] == [3]  # type: ignore[attr-defined]


def test_a_commit_delay_past_a_millisecond_is_refused_naming_its_variable() -> None:
    assert load_settings(commit_delay="250").commit_delay == 250
    with pytest.raises(BadSetting, match="COMBATLOG_COMMIT_DELAY"):
        load_settings(commit_delay="5000")
