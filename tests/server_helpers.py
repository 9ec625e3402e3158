"""A real `combatlog serve` in a subprocess on a free loopback port, and clients that talk to it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson

from api.config.secret import SECRET_FILE
from api.service.tokens import operator_token

HOST = "127.0.0.1"
STARTUP_SECONDS = 60.0  # s: a start takes 2-4 s; a machine shared by other work can take far longer
COMBATLOG = Path(sys.executable).with_name("combatlog")


def free_port() -> int:
    """A port nobody listens on now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """One `combatlog serve` process, working in `folder` (its secret file and SQLite store)."""

    folder: Path
    db: str
    env: dict[str, str] = field(default_factory=dict)
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def secret(self) -> bytes:
        """The secret this server issues tokens under."""
        given = {**os.environ, **self.env}.get("COMBATLOG_SECRET")
        return given.encode() if given else (self.folder / SECRET_FILE).read_bytes().strip()

    @property
    def operator(self) -> dict[str, str]:
        """The operator token's header, under this server's secret."""
        return operator_auth(self.secret)

    @property
    def output(self) -> str:
        """What the process wrote so far (its log file)."""
        path = self.folder / f"serve-{self.port}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def client(self, timeout: float = 5.0) -> httpx.Client:
        """An HTTP client on this server (close it, or use it in a `with`)."""
        return httpx.Client(base_url=self.url, timeout=timeout)

    def start(self, port: int | None = None) -> Server:
        """Launch on a fresh port (or on `port`, to start again where clients knew it); returns
        at once (see `wait_ready`)."""
        self.port = port or free_port()
        command = [str(COMBATLOG), "serve", "--host", HOST, "--port", str(self.port)]
        env = {**os.environ, **self.env, "COMBATLOG_DATABASE_URL": self.db}
        with (self.folder / f"serve-{self.port}.log").open("wb") as log:
            self.process = subprocess.Popen(
                command, cwd=self.folder, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        return self

    def wait_ready(self, timeout: float = STARTUP_SECONDS) -> Server:
        """Block until the API answers, the process dies, or `timeout` passes."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"combatlog serve exited early:\n{self.output}")
            try:
                if httpx.get(f"{self.url}/openapi.json", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"combatlog serve did not answer in {timeout} s:\n{self.output}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, as when the machine's OOM killer strikes."""
        self._end(signal.SIGKILL, 5.0)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it is still up after 5 s."""
        self._end(signal.SIGTERM, 5.0)

    def _end(self, how: signal.Signals, grace: float) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.send_signal(how)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5.0)


def server_in(folder: Path, db: str | None = None, **env: str) -> Server:
    """A server in `folder`, not started yet (default store: SQLite in that folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    return Server(folder, db or f"sqlite:///{folder / 'combatlog.sqlite'}", env)


def serve(folder: Path, db: str | None = None, **env: str) -> Server:
    """A started and answering server in `folder` (default store: SQLite in that folder)."""
    return server_in(folder, db, **env).start().wait_ready()


def served(folder: Path, **env: str) -> Iterator[Server]:
    """A started server for a fixture's lifetime (`yield from served(…)`), stopped after."""
    running = serve(folder, **env)
    try:
        yield running
    finally:
        running.stop()


def operator_auth(secret: bytes) -> dict[str, str]:
    """The operator token's header: it creates and imports encounters, lists them, and reports
    across them."""
    return {"Authorization": f"Bearer {operator_token(secret)}"}


def open_encounter(
    client: httpx.Client, facts: list[dict[str, Any]], operator: dict[str, str]
) -> dict[str, Any]:
    """A new dnd35 encounter holding `facts` after line 1; its id, tokens and auth headers."""
    body = {"name": "Goblin ambush", "ruleset": "dnd35"}
    reply = client.post("/encounters", json=body, headers=operator)
    assert reply.status_code == 201, reply.text
    opened: dict[str, Any] = reply.json()
    opened["gm"] = {"Authorization": f"Bearer {opened['gm_token']}"}
    opened["player"] = {"Authorization": f"Bearer {opened['player_token']}"}
    if facts:
        appended = client.post(
            f"/encounters/{opened['id']}/facts", json={"facts": facts}, headers=opened["gm"]
        )
        assert appended.status_code == 201, appended.text
    return opened


@dataclass(frozen=True, slots=True)
class Message:
    """One Server-Sent Event as a client parses it."""

    id: int
    event: str
    data: dict[str, Any]
    received: float  # time.monotonic() when its last line arrived


class EventStream:
    """An open GET /stream, read one message at a time; each read waits at most `read_timeout`."""

    def __init__(
        self,
        client: httpx.Client,
        path: str,
        headers: dict[str, str],
        last_event_id: int | None = None,
        read_timeout: float = 3.0,
    ) -> None:
        if last_event_id is not None:
            headers = {**headers, "Last-Event-ID": str(last_event_id)}
        timeout = httpx.Timeout(5.0, read=read_timeout)
        self._context = client.stream("GET", path, headers=headers, timeout=timeout)
        self.response = self._context.__enter__()
        assert self.response.status_code == 200, self.response.read()
        self._lines = self.response.iter_lines()

    def next(self) -> Message:
        """The next message (comments such as pings skipped); httpx.ReadTimeout if none comes."""
        fields: dict[str, str] = {}
        for line in self._lines:
            if line == "":
                if "data" in fields:
                    return Message(
                        int(fields["id"]),
                        fields.get("event", "message"),
                        orjson.loads(fields["data"]),
                        time.monotonic(),
                    )
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
        raise EOFError("the stream ended")

    def take(self, count: int) -> list[Message]:
        return [self.next() for _ in range(count)]

    def close(self) -> None:
        self._context.__exit__(None, None, None)

    def __enter__(self) -> EventStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
