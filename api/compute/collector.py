"""The cyclic collector's one pause in this process: the store, service, analytics, replay."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class CollectorPause:
    """The one owner of pausing the cyclic collector in this process: paused while any thread
    is inside (a count under a lock), resumed when the last leaves, so threads decoding or
    folding at once never resume it under each other."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inside = 0
        self._resume = False

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self._lock:
            if self._inside == 0:
                self._resume = gc.isenabled()
                gc.disable()
            self._inside += 1
        try:
            yield
        finally:
            with self._lock:
                self._inside -= 1
                if self._inside == 0 and self._resume:
                    gc.enable()


# No cyclic GC while a long log is decoded or folded: it all lives on (~40% of a fold's time).
collector_paused = CollectorPause()
