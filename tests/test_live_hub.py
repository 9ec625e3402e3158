"""The live hub belongs to the event loop: other threads hand it reports, the loop alone acts."""

from __future__ import annotations

import asyncio
import threading
from uuid import uuid4

from api.service.hub import Hub


def wakes_counted(loop: asyncio.AbstractEventLoop) -> list[int]:
    """How often the loop is asked, from any thread, to run a callback: [count], kept current."""
    asked = [0]
    handed_over = loop.call_soon_threadsafe

    def counted(*args: object) -> object:
        asked[0] += 1
        return handed_over(*args)  # type: ignore[arg-type]

    loop.call_soon_threadsafe = counted  # type: ignore[method-assign]
    return asked


def test_a_report_from_another_thread_changes_nothing_until_the_loop_takes_it() -> None:
    async def scenario() -> tuple[dict[object, int], list[int]]:
        hub, fight = Hub(asyncio.get_running_loop()), uuid4()
        queue = hub.subscribe(fight)
        reporter = threading.Thread(target=hub.appended, args=(fight, 7, []))
        reporter.start()
        reporter.join()
        before = dict(hub.told)  # the committer's thread has returned; the loop has not run
        await asyncio.sleep(0)
        return before, [queue.get_nowait()]

    before, woken = asyncio.run(scenario())
    assert before == {}
    assert woken == [7]


def test_many_reporting_threads_and_subscribers_coming_and_going_lose_no_line() -> None:
    async def scenario() -> tuple[int, int]:
        hub, fight = Hub(asyncio.get_running_loop()), uuid4()
        watcher = hub.subscribe(fight)

        def report(first: int) -> None:
            for version in range(first, 2000, 4):
                hub.appended(fight, version, [])

        reporters = [threading.Thread(target=report, args=(n,)) for n in range(4)]
        for reporter in reporters:
            reporter.start()
        while any(reporter.is_alive() for reporter in reporters):
            hub.unsubscribe(fight, hub.subscribe(fight))  # a page opened and closed meanwhile
            await asyncio.sleep(0)
        for reporter in reporters:
            reporter.join()
        await asyncio.sleep(0.01)
        seen = 0
        while not watcher.empty():
            seen = max(seen, watcher.get_nowait())
        return seen, hub.told[fight]

    assert asyncio.run(scenario()) == (1999, 1999)


def test_the_relay_reporting_a_line_already_told_wakes_no_one() -> None:
    async def scenario() -> list[int]:
        hub, fight = Hub(asyncio.get_running_loop()), uuid4()
        queue = hub.subscribe(fight)
        hub.appended(fight, 3, [])  # this worker's own append
        hub.appended(fight, 3, [])  # the relay, reading it back from the notification log
        await asyncio.sleep(0)
        return [queue.get_nowait() for _ in range(queue.qsize())]

    assert asyncio.run(scenario()) == [3]


def test_the_hub_keeps_nothing_of_the_encounters_no_one_watches() -> None:
    """Lines appended to (or relayed from) any number of encounters leave the hub as small as
    its subscribers; a page opened later on one of them is still woken by its next line."""

    async def scenario() -> tuple[int, int, list[int], int, int]:
        hub, fights = Hub(asyncio.get_running_loop()), [uuid4() for _ in range(1000)]
        for fight in fights:
            hub.appended(fight, 5, [])
        await asyncio.sleep(0)
        kept = len(hub.told) + len(hub.queues)
        queue = hub.subscribe(fights[0])
        hub.appended(fights[0], 6, [])
        hub.appended(fights[0], 6, [])  # the relay, reading it back
        await asyncio.sleep(0)
        woken = [queue.get_nowait() for _ in range(queue.qsize())]
        watched = len(hub.told)
        hub.unsubscribe(fights[0], queue)
        return kept, watched, woken, len(hub.told), len(hub.queues)

    assert asyncio.run(scenario()) == (0, 1, [6], 0, 0)


def test_a_commit_of_many_appends_wakes_the_loop_once_and_every_watcher_its_own_line() -> None:
    """The committer reports a commit's appends one by one; the loop is asked to take them once
    (a wake of the loop per append was a cost on every write), and no report is lost."""

    async def scenario() -> tuple[int, list[list[int]]]:
        loop = asyncio.get_running_loop()
        hub, fights = Hub(loop), [uuid4() for _ in range(50)]
        queues = [hub.subscribe(fight) for fight in fights]
        asked = wakes_counted(loop)
        committer = threading.Thread(
            target=lambda: [hub.appended(fight, 9, []) for fight in fights]
        )
        committer.start()
        committer.join()
        await asyncio.sleep(0)
        return asked[0], [[q.get_nowait() for _ in range(q.qsize())] for q in queues]

    asked, woken = asyncio.run(scenario())
    assert asked == 1
    assert woken == [[9]] * 50


def test_an_append_to_an_encounter_no_one_here_watches_does_not_wake_the_loop() -> None:
    """The committer's report of a line no page here shows is dropped before it reaches the
    loop (a wake of the loop a commit, paid on every write); a page opened after reads the
    store, and its own next line still wakes it."""

    async def scenario() -> tuple[int, list[int]]:
        loop = asyncio.get_running_loop()
        hub, fight = Hub(loop), uuid4()
        asked = wakes_counted(loop)
        committer = threading.Thread(target=hub.appended, args=(fight, 4, []))
        committer.start()
        committer.join()
        queue = hub.subscribe(fight)
        hub.appended(fight, 5, [])
        await asyncio.sleep(0)
        return asked[0], [queue.get_nowait() for _ in range(queue.qsize())]

    assert asyncio.run(scenario()) == (1, [5])
