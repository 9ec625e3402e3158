"""The cyclic collector's pause has one owner: threads decoding or folding at once never resume
it under each other, and the last to leave resumes it."""

from __future__ import annotations

import gc
import threading

from api.compute.collector import CollectorPause


def test_the_collector_stays_paused_until_the_last_of_two_overlapping_threads_leaves() -> None:
    pause, inside, leave = CollectorPause(), threading.Event(), threading.Event()

    def long_fold() -> None:
        with pause():
            inside.set()
            leave.wait(5)

    other = threading.Thread(target=long_fold)
    other.start()
    inside.wait(5)
    with pause():
        assert not gc.isenabled()
    assert not gc.isenabled()  # the other thread is still folding
    leave.set()
    other.join(5)
    assert gc.isenabled()


def test_a_pause_leaves_a_collector_the_process_had_turned_off_as_it_was() -> None:
    gc.disable()
    try:
        with CollectorPause()():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
