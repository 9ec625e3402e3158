"""A worker process's watch on the process that started it: it ends with it, even after a
SIGKILL of it, and keeps what its imports made out of the cyclic collector's scans."""

from __future__ import annotations

import gc
import os
import threading
import time


def watch_parent(parent: int) -> None:
    """In each worker (a pool's initializer): end with the process that started it, even after
    a SIGKILL of it (a worker left waiting on a closed queue would otherwise live on); and what
    its imports made (all there is yet: modules, pydantic's validators) kept out of the cyclic
    collector's scans, which otherwise walk it all again while the results are pickled."""
    gc.freeze()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="combatlog-worker-watch", daemon=True).start()
