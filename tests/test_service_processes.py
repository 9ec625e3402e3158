"""The service as deployed: killed mid-fight and restarted, busy readers, two workers on one DB."""

from __future__ import annotations

import gc
import secrets
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import httpx
import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.deps import runtime_of
from domain.events import NoteAdded
from domain.jsonl import read_jsonl
from tests.server_helpers import EventStream, Server, open_encounter, operator_auth, serve
from tests.test_store_postgres import drop_tables, postgres_url  # noqa: F401  (the fixture)

OGRE_HP = 10_000
OGRE = {"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
        "stats": {"max_hp": OGRE_HP}}  # fmt: skip
HIT = {"type": "DamageDealt", "target": "ogre", "amount": 1}
WRITERS, ACKS_BEFORE_KILL = 3, 60


class Writer(threading.Thread):
    """A GM's client appending notes one by one until the server goes away (or 2000 notes)."""

    def __init__(self, server: Server, table: dict[str, Any], name: str, acked: list[Any]):
        super().__init__(name=name, daemon=True)
        self.server, self.table, self.acked = server, table, acked
        self.refused: list[str] = []

    def run(self) -> None:
        path = f"/encounters/{self.table['id']}/facts"
        with httpx.Client(base_url=self.server.url, timeout=5.0) as client:
            for n in range(2000):
                note = {"type": "NoteAdded", "text": f"{self.name}-{n}"}
                try:
                    reply = client.post(path, json={"facts": [note]}, headers=self.table["gm"])
                except httpx.TransportError:
                    return
                if reply.status_code != 201:
                    self.refused.append(reply.text)
                    return
                self.acked.append((reply.json()["version"], note["text"]))


def wait_for(condition: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.005)


@pytest.mark.slow
def test_every_acknowledged_fact_survives_a_sigkill_in_the_middle_of_appends(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "table"
    server = serve(folder)
    acked: list[tuple[int, str]] = []
    try:
        with httpx.Client(base_url=server.url, timeout=5.0) as client:
            table = open_encounter(client, [], server.operator)
        writers = [Writer(server, table, f"gm{w}", acked) for w in range(WRITERS)]
        for writer in writers:
            writer.start()
        wait_for(lambda: len(acked) >= ACKS_BEFORE_KILL, timeout=15.0)
        server.kill()
        for writer in writers:
            writer.join(timeout=10.0)
    finally:
        server.kill()
    assert len(acked) >= ACKS_BEFORE_KILL and not any(w.refused for w in writers)
    restarted = serve(folder)  # the same SQLite file and secret file
    try:
        with httpx.Client(base_url=restarted.url, timeout=5.0) as client:
            path = f"/encounters/{table['id']}"
            lines = client.get(f"{path}/log", headers=table["gm"]).json()
            exported = client.get(f"{path}/export", headers=table["gm"]).content
            after = client.post(f"{path}/facts", headers=table["gm"], json={
                "facts": [{"type": "NoteAdded", "text": "back"}], "expected_version": len(lines)
            })  # fmt: skip
    finally:
        restarted.stop()
    written = {line["position"]: line["fact"].get("text") for line in lines}
    assert [p for p, text in sorted(acked) if written.get(p) != text] == []
    assert [line["position"] for line in lines] == list(range(1, len(lines) + 1))
    events = read_jsonl(exported)
    assert [e.text for e in events[1:] if isinstance(e, NoteAdded)] == list(written.values())[1:]
    assert after.status_code == 201 and after.json()["version"] == len(lines) + 1


@pytest.fixture(scope="module")
def two_workers(
    tmp_path_factory: pytest.TempPathFactory,
    postgres_url: str,  # noqa: F811
) -> Iterator[tuple[Server, Server]]:
    """Two `combatlog serve` processes started together on one PostgreSQL, sharing a secret and
    tables of their own (each test opens its own encounter on them)."""
    name = f"combatlog_test_{uuid4().hex[:12]}"
    env = {"COMBATLOG_STORE_NAME": name, "COMBATLOG_SECRET": secrets.token_urlsafe(16)}
    workers = [Server(tmp_path_factory.mktemp(w), postgres_url, env) for w in ("a", "b")]
    try:
        for worker in workers:
            worker.start()
        yield workers[0].wait_ready(), workers[1].wait_ready()
    finally:
        for worker in workers:
            worker.stop()
        drop_tables(postgres_url, name)


def clients(workers: tuple[Server, Server]) -> tuple[httpx.Client, httpx.Client]:
    one, other = (httpx.Client(base_url=w.url, timeout=5.0) for w in workers)
    return one, other


@pytest.mark.postgres
@pytest.mark.slow  # two servers to start
def test_a_line_written_through_one_worker_reaches_a_watcher_of_the_other_within_a_second(
    two_workers: tuple[Server, Server],
) -> None:
    one, other = clients(two_workers)
    with one, other:
        table = open_encounter(one, [OGRE], two_workers[0].operator)
        lags = []
        with EventStream(other, f"/encounters/{table['id']}/stream", table["player"]) as stream:
            assert [m.id for m in stream.take(2)] == [1, 2]
            for _ in range(5):
                sent = time.monotonic()
                version = one.post(f"/encounters/{table['id']}/facts", json={"facts": [HIT]},
                                   headers=table["gm"]).json()["version"]  # fmt: skip
                message = stream.next()
                assert (message.id, message.data["fact"]["type"]) == (version, "DamageDealt")
                lags.append(message.received - sent)
    assert max(lags) < 1.0, lags


@pytest.mark.postgres
@pytest.mark.slow  # two servers to start
def test_a_read_through_either_worker_is_never_staler_than_the_last_acknowledged_append(
    two_workers: tuple[Server, Server],
) -> None:
    one, other = clients(two_workers)
    with one, other:
        table = open_encounter(one, [OGRE], two_workers[0].operator)
        version, path = 2, f"/encounters/{table['id']}"
        for turn in range(20):
            writer, reader = (one, other) if turn % 2 == 0 else (other, one)
            body = {"facts": [HIT], "expected_version": version}
            reply = writer.post(f"{path}/facts", json=body, headers=table["gm"])
            assert reply.status_code == 201, reply.text  # the writer's own copy was not stale
            version = reply.json()["version"]
            state = reader.get(f"{path}/state", headers=table["gm"]).json()
            assert (state["version"], ogre_hp(state)) == (version, OGRE_HP - (version - 2))


def ogre_hp(state: dict[str, Any]) -> int:
    return int(state["combatants"]["ogre"]["vitals"]["hp"])


def torn_reads(
    gm: httpx.Client, reader: httpx.Client, operator: dict[str, str], appends: int = 30
) -> list[Any]:
    """What reads through `reader` saw that no log could show, while the GM appends batches of 50
    hits through `gm`: each table's ogre must have OGRE_HP less the hits up to its version."""
    table = open_encounter(gm, [OGRE], operator)
    stop, torn, reads = threading.Event(), list[Any](), list[int]()

    def read() -> None:
        while not stop.is_set():
            try:
                reply = reader.get(f"/encounters/{table['id']}/state", headers=table["gm"])
                reads.append(reply.status_code)
                if ogre_hp(seen := reply.json()) != OGRE_HP - (seen["version"] - 2):
                    torn.append((seen["version"], ogre_hp(seen)))
            except Exception as exc:  # a 5xx, a timeout: reported, not lost with the thread
                torn.append(repr(exc))
                return

    readers = [threading.Thread(target=read, daemon=True) for _ in range(3)]
    for thread in readers:
        thread.start()
    try:
        for _ in range(appends):
            gm.post(f"/encounters/{table['id']}/facts", json={"facts": [HIT] * 50},
                    headers=table["gm"]).raise_for_status()  # fmt: skip
    finally:
        stop.set()
        for thread in readers:
            thread.join(timeout=10.0)
    assert len(reads) > appends, "the readers read too little to judge"
    return torn


def test_readers_never_see_a_table_halfway_through_the_gms_batch(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'one.sqlite'}", folder=tmp_path)
    with TestClient(app) as client:  # one worker: its request threads share its tables
        assert torn_reads(client, client, operator_auth(runtime_of(app).secret)) == []


@pytest.mark.postgres
@pytest.mark.slow  # two servers to start
def test_readers_of_one_worker_see_whole_tables_while_the_other_worker_writes(
    two_workers: tuple[Server, Server],
) -> None:
    one, other = clients(two_workers)
    with one, other:
        assert torn_reads(one, other, two_workers[0].operator) == []


def test_the_serving_process_hands_the_gil_to_a_waiting_thread_within_a_millisecond(
    tmp_path: Path,
) -> None:
    """Each SQLite statement of a commit gives the GIL up; at Python's 5 ms switch interval the
    event loop kept it that long from the committer each time. The serving process's config,
    which owns that process, sets it once where it builds the app."""
    from api.config.settings import Settings
    from api.http.serve import ServiceConfig

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        config = ServiceConfig(Settings(database_url=f"sqlite:///{tmp_path / 'c.sqlite'}"))
        factory = config.load_app()
        assert sys.getswitchinterval() == pytest.approx(0.001)
        assert callable(factory)
    finally:
        sys.setswitchinterval(before)
        gc.unfreeze()  # load_app froze this test process's objects too


def test_the_serving_process_keeps_what_its_imports_made_out_of_the_collectors_reach(
    tmp_path: Path,
) -> None:
    """Flat out, every full collection scanned the modules, classes and schemas the imports
    made, again and again: the serving process's config freezes them where it builds the app."""
    from api.config.settings import Settings
    from api.http.serve import ServiceConfig

    before = sys.getswitchinterval()
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    try:
        ServiceConfig(Settings(database_url=f"sqlite:///{tmp_path / 'c.sqlite'}")).load_app()
        assert gc.get_freeze_count() > 0
    finally:
        sys.setswitchinterval(before)
        gc.unfreeze()
