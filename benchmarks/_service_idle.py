"""Idle live subscribers for benchmarks/service.py, run in a child process: what they cost."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import httpx

from benchmarks._service_load import Encounter, client


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system, all threads) the server has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle(base: str, pid: int, encounters: list[Encounter], count: int, seconds: float) -> float:
    """`count` SSE subscribers over `encounters` that see no new line: once all have their
    backlog, the share of a core the server used over `seconds`."""
    return asyncio.run(_idle(base, pid, encounters, count, seconds))


async def _idle(
    base: str, pid: int, encounters: list[Encounter], count: int, seconds: float
) -> float:
    opened = asyncio.Semaphore(0)

    async def subscriber(http: httpx.AsyncClient, i: int) -> None:
        encounter_id, gm, player = encounters[i % len(encounters)]
        headers = {"Authorization": f"Bearer {gm if i % 2 else player}"}
        async with http.stream("GET", f"/encounters/{encounter_id}/stream", headers=headers) as r:
            async for line in r.aiter_lines():
                if line.startswith("id:"):
                    opened.release()  # its backlog is arriving: it is subscribed
                    break
            async for _ in r.aiter_lines():
                pass

    limits = httpx.Limits(max_connections=count)
    async with client(base, limits=limits, timeout=httpx.Timeout(30, read=None)) as http:
        streams = [asyncio.create_task(subscriber(http, i)) for i in range(count)]
        for _ in range(count):
            await asyncio.wait_for(opened.acquire(), 60)
        await asyncio.sleep(1)  # the last backlogs sent
        before, start = server_cpu(pid), time.perf_counter()
        await asyncio.sleep(seconds)
        server, window = server_cpu(pid) - before, time.perf_counter() - start
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
    return server / window
