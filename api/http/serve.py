"""Serving the app with uvicorn: one process, or several workers sharing one socket, each
building the app from the settings it was handed, with the interpreter tuned for the service."""

from __future__ import annotations

import gc
import sys
from functools import partial
from typing import Any

import uvicorn

from api.config.settings import Settings
from api.http.app import create_app

SWITCH_INTERVAL = 0.001  # s: the longest a thread of the service holds the GIL from a waiting one


class ServiceConfig(uvicorn.Config):
    """uvicorn's config carrying the settings: pickled to each worker process uvicorn spawns,
    where it builds the app from them (no environment written on the way)."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        self.settings = settings
        super().__init__("api.http.app:create_app", factory=True, **options)

    def load_app(self) -> Any:
        """The app factory, in the serving process, which this config owns: there the
        interpreter hands the GIL to a waiting thread within SWITCH_INTERVAL, not Python's
        5 ms. Each SQLite statement of a commit gives the GIL up, and the committer then waited
        up to 5 ms to get it back from the event loop reading requests: flat out, the server sat
        at ~55% of a core with work queued (72-86% at 1 ms, the same CPU a command)."""
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        # What the imports made (modules, classes, schemas: most of the process's objects) is
        # kept for good: out of the cyclic collector's reach, every full collection scanning
        # it again and again (flat out, ~0.4 s of CPU a minute of appends).
        gc.freeze()
        return partial(create_app, self.settings)


def run_service(settings: Settings, host: str, port: int, workers: int) -> bool:
    """Serve until stopped (Ctrl-C, SIGTERM); False if the app failed to start."""
    from uvicorn.supervisors import Multiprocess

    config = ServiceConfig(settings, host=host, port=port, workers=workers, access_log=False)
    server = uvicorn.Server(config)
    try:
        if workers > 1:
            Multiprocess(config, sockets=[config.bind_socket()]).run()
            return True
        server.run()
    except KeyboardInterrupt:
        pass
    return server.started
