"""`combatlog serve` keeps analytics in a process of its own, which ends with the service."""

from __future__ import annotations

import os
import time
from pathlib import Path

import httpx

from api.analytics import Analytics
from api.store import EncounterStore
from tests.server_helpers import open_encounter, serve


def spawned(server_pid: int) -> list[int]:
    """The service's spawned children (the analytics keeper, and the dice and import workers;
    not multiprocessing's trackers)."""
    children = Path(f"/proc/{server_pid}/task/{server_pid}/children")
    pids = [int(pid) for pid in children.read_text().split()] if children.exists() else []
    return [p for p in pids if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


def test_the_keeper_process_takes_appends_unasked_and_dies_with_a_killed_service(
    tmp_path: Path,
) -> None:
    server = serve(tmp_path)
    try:
        assert server.process is not None
        with httpx.Client(base_url=server.url, timeout=10) as client:
            opened = open_encounter(
                client, [{"type": "NoteAdded", "text": "first"}], server.operator
            )
        children = spawned(server.process.pid)
        assert children
        store = EncounterStore(server.db)
        deadline = time.monotonic() + 10
        try:
            analytics = Analytics(store)
            while analytics.position < 3 and time.monotonic() < deadline:  # demo + 2 lines
                time.sleep(0.1)
            assert analytics.position >= 3, "the keeper took nothing"
            assert opened["id"]
        finally:
            store.close()
        server.kill()  # SIGKILL: no shutdown hook runs
        deadline = time.monotonic() + 10  # each child watches its parent every 0.5 s
        while any(alive(child) for child in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(child) for child in children), "a child outlived its service"
    finally:
        server.kill()
