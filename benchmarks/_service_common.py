"""What the service benchmarks share: `combatlog serve` started on a free loopback port, encounters
opened on it, and the figures printed as one aligned line each."""

from __future__ import annotations

import math
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from api.service.tokens import operator_token
from benchmarks._service_load import JOINS, Encounter

HOST = "127.0.0.1"


def report(label: str, value: float, unit: str, target: str = "", ok: bool | None = None) -> None:
    mark = "" if ok is None else ("  met" if ok else "  MISSED")
    print(f"  {label:<58} {value:>12,.1f} {unit:<9} {target}{mark}", flush=True)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of `values`, in milliseconds."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


OPERATORS: dict[str, dict[str, str]] = {}  # each started server's operator token header


@contextmanager
def server(
    folder: Path, url: str, env: dict[str, str], workers: int = 1
) -> Iterator[tuple[str, int]]:
    """`combatlog serve` (one worker unless told) on a free loopback port; killed on the way out."""
    port = free_port()
    command = Path(sys.executable).with_name("combatlog")
    command = command if command.exists() else Path(shutil.which("combatlog") or "combatlog")
    args = [str(command), "serve", "--host", HOST, "--port", str(port), "--db", url]
    args += ["--workers", str(workers)]
    with started(args, folder, env, port) as (base, pid):
        secret = env.get("COMBATLOG_SECRET") or (folder / "combatlog.secret").read_text()
        OPERATORS[base] = {"Authorization": f"Bearer {operator_token(secret.strip().encode())}"}
        yield base, pid


@contextmanager
def started(
    args: list[str], folder: Path, env: dict[str, str], port: int
) -> Iterator[tuple[str, int]]:
    """The server `args` start, once it answers on `port`; killed on the way out."""
    log = (folder / "server.log").open("wb")
    process = subprocess.Popen(
        args, cwd=folder, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,  # Ctrl-C reaches us, and we stop it
    )  # fmt: skip
    base = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                tail = (folder / "server.log").read_text(errors="replace")[-2000:]
                raise SystemExit(f"the server did not start:\n{tail}")
            try:
                httpx.get(f"{base}/openapi.json", trust_env=False, timeout=1)
                break  # any answer: it serves
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, process.pid
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def open_encounters(base: str, count: int, name: str) -> list[Encounter]:
    """`count` new encounters, each with its combatants joined: (id, GM token, player token)."""
    opened = []
    with httpx.Client(base_url=base, trust_env=False, timeout=30) as http:
        for n in range(count):
            new = {"name": f"{name} {n}", "ruleset": "dnd35"}
            body = http.post("/encounters", json=new, headers=OPERATORS[base])  # operator creates
            reply = body.raise_for_status().json()
            auth = {"Authorization": f"Bearer {reply['gm_token']}"}
            path = f"/encounters/{reply['id']}/facts"
            http.post(path, json={"facts": JOINS}, headers=auth).raise_for_status()
            opened.append((reply["id"], reply["gm_token"], reply["player_token"]))
    return opened
