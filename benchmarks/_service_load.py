"""Load for benchmarks/service.py, run in a child process: appenders, subscribers, naive path."""

from __future__ import annotations

import asyncio
import resource
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any
from uuid import UUID, uuid4

import httpx
import orjson
from fastapi import FastAPI, Header
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from api.http.schemas.encounters import Appended, NewFacts
from api.store import aggregate, saving
from api.store.config import persistence_env
from api.store.encounters import STORAGE_ENV, CombatLog
from domain.commands import Create
from domain.events import EncounterCreated
from domain.jsonl import parse_event

JOINS = [
    {"type": "CombatantJoined", "combatant": who, "name": who.title(), "side": side,
     "stats": {"max_hp": 10**6, "initiative_modifier": 0, "defenses": {"ac": 15}}}
    for who, side in (("valeros", "party"), ("goblin", "foes"))
]  # fmt: skip
Encounter = tuple[str, str, str]  # id, GM token, player token
GRACE = 15.0  # seconds after the last append for every subscriber to receive every line


def fact(n: int) -> dict[str, Any]:
    """The n-th command's fact: DamageDealt and NoteAdded in turn."""
    if n % 2:
        return {"type": "NoteAdded", "text": f"note {n}"}
    return {"type": "DamageDealt", "target": JOINS[n // 2 % 2]["combatant"], "amount": 1 + n % 7}


@dataclass
class Run:
    """What a run measured: latencies (s) of the commands that succeeded, errors, wall/CPU time."""

    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    cpu: float = 0.0
    lost: int = 0
    expected: int = 0
    note: str = ""


def measured(work: Callable[[Run], None]) -> Run:
    """`work` filling a Run, timed in wall and CPU (all threads of this process)."""
    run, before = Run(), resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    work(run)
    after = resource.getrusage(resource.RUSAGE_SELF)
    run.seconds = time.perf_counter() - start
    run.cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return run


def client(base: str, token: str | None = None, **options: Any) -> httpx.AsyncClient:
    """A keep-alive client for the server on loopback (trust_env=False: no proxy, no netrc)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.AsyncClient(base_url=base, headers=headers, trust_env=False, **options)


def appenders(
    base: str, encounters: list[Encounter], seconds: float, rate: float | None = None
) -> Run:
    """One connection per encounter appending single facts with expected_version for `seconds`:
    each as soon as the last is answered, or, given a `rate` per client, on a fixed schedule
    (latency then counts from the scheduled time, so a slow server is not hidden by waiting)."""
    return measured(lambda run: asyncio.run(_appenders(run, base, encounters, seconds, rate)))


async def _appenders(
    run: Run, base: str, encounters: list[Encounter], seconds: float, rate: float | None
) -> None:
    deadline = time.perf_counter() + seconds
    host, port = base.removeprefix("http://").split(":")
    await asyncio.gather(
        *(
            _appender(run, host, int(port), e, gm, deadline, rate, n / len(encounters))
            for n, (e, gm, _) in enumerate(encounters)
        )
    )


async def _appender(
    run: Run,
    host: str,
    port: int,
    encounter_id: str,
    gm: str,
    deadline: float,
    rate: float | None = None,
    phase: float = 0.0,
) -> None:
    """A minimal HTTP/1.1 keep-alive client: httpx costs ~2 ms of client CPU a request here."""
    head = (
        f"POST /encounters/{encounter_id}/facts HTTP/1.1\r\nHost: {host}:{port}\r\n"
        f"Authorization: Bearer {gm}\r\nContent-Type: application/json\r\n"
    ).encode()
    version: int | None = 1 + len(JOINS)
    connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    began = time.perf_counter() + (phase / rate if rate else 0.0)  # spread clients' sends
    for n in range(10**9):
        start = time.perf_counter()
        if rate:
            start = began + n / rate
            if start >= deadline:
                break
            await asyncio.sleep(max(0.0, start - time.perf_counter()))
        elif start >= deadline:
            break
        body = orjson.dumps({"facts": [fact(n)], "expected_version": version})
        try:
            reader, writer = connection or await asyncio.open_connection(host, port)
            connection = reader, writer
            writer.write(b"%sContent-Length: %d\r\n\r\n%s" % (head, len(body), body))
            status, reply = await response(reader)
        except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
            run.errors[type(exc).__name__] += 1
            connection, version = None, None
            continue
        if status == 201:
            run.latencies.append(time.perf_counter() - start)
            version = orjson.loads(reply)["version"]
        else:
            run.errors[f"HTTP {status}"] += 1
            version = None
    if connection:
        connection[1].close()


async def response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """Status and body of one response with a Content-Length (ValueError for anything else)."""
    status = int((await reader.readuntil(b"\r\n")).split()[1])
    length = None
    while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    if length is None:
        raise ValueError("a response without Content-Length")
    return status, await reader.readexactly(length)


def naive(url: str, extra: dict[str, str], clients: int, each: int, cap: float) -> Run:
    """`clients` threads, each appending `each` facts to its encounter the library's own way,
    with no aggregate cache: repository.get (the snapshot and the events after it), the
    aggregate's `record`, save (the store's, api/store/saving.py)."""
    plain = {k: v for k, v in STORAGE_ENV.items() if "CACHE" not in k}
    application = CombatLog({**plain, **persistence_env(url), **extra}, "Naive")
    if application.repository.cache is not None:
        raise RuntimeError("the naive path must run without the aggregate cache")
    now = lambda: datetime.now(UTC).isoformat()  # noqa: E731
    ids = []
    for i in range(clients):
        created = EncounterCreated(name=f"naive {i}", ruleset="dnd35", at=now(), by="gm")
        opened, lines = aggregate.Encounter.opened(uuid4(), Create(created), lambda f: f)
        for joined in JOINS:
            lines.append(parse_event({**joined, "by": "gm", "at": now()}, 2))
            opened.record(lines[-1])
        saving.save(application, {opened.id: opened}, [(opened.id, lines)])
        ids.append(opened.id)
    deadline = time.perf_counter() + cap

    def one(run: Run, encounter_id: Any) -> None:
        for n in range(each):
            if time.perf_counter() >= deadline:
                run.note = f"stopped at the {cap:.0f} s cap"
                return
            start = time.perf_counter()
            try:
                encounter = application.repository.get(encounter_id)
                line = encounter.version + 1
                new = parse_event({**fact(n), "by": "gm", "at": now()}, line)
                encounter.record(new)
                saving.save(application, {encounter_id: encounter}, [(encounter_id, [new])])
            except Exception as exc:
                run.errors[type(exc).__name__] += 1
                continue
            run.latencies.append(time.perf_counter() - start)

    def work(run: Run) -> None:
        threads = [threading.Thread(target=one, args=(run, i)) for i in ids]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    try:
        return measured(work)
    finally:
        application.close()


def subscribers(
    base: str, encounters: list[Encounter], count: int, rate: float, seconds: float
) -> Run:
    """`count` SSE subscribers over `encounters` (GM and player tokens in turn) while a writer
    appends `rate` facts/s round robin; latency from each append's send to each receipt."""
    work = _subscribers(base, encounters, count, rate, seconds)
    return measured(lambda run: asyncio.run(work(run)))


def _subscribers(
    base: str, encounters: list[Encounter], count: int, rate: float, seconds: float
) -> Callable[[Run], Any]:
    received: list[dict[int, float]] = [{} for _ in range(count)]
    sent: dict[tuple[str, int], float] = {}
    mine = [encounters[i % len(encounters)] for i in range(count)]

    async def subscriber(http: httpx.AsyncClient, i: int) -> None:
        encounter_id, gm, player = mine[i]
        token = gm if (i // len(encounters)) % 2 == 0 else player
        headers = {"Authorization": f"Bearer {token}"}
        async with http.stream("GET", f"/encounters/{encounter_id}/stream", headers=headers) as r:
            position = None
            async for line in r.aiter_lines():
                if line.startswith("id:"):
                    position = int(line[3:])
                elif not line and position is not None:
                    received[i][position] = time.perf_counter()

    async def append(run: Run, http: httpx.AsyncClient, k: int) -> None:
        encounter_id, gm, _ = encounters[k % len(encounters)]
        start = time.perf_counter()
        headers = {"Authorization": f"Bearer {gm}"}
        try:
            reply = await http.post(
                f"/encounters/{encounter_id}/facts",
                json={"facts": [fact(k // len(encounters))]},
                headers=headers,
            )
        except httpx.HTTPError as exc:
            run.errors[f"append {type(exc).__name__}"] += 1
            return
        if reply.status_code != 201:
            run.errors[f"append HTTP {reply.status_code}"] += 1
            return
        sent[(encounter_id, reply.json()["version"])] = start

    async def until(done: Callable[[], bool], limit: float) -> bool:
        end = time.perf_counter() + limit
        while not done() and time.perf_counter() < end:
            await asyncio.sleep(0.05)
        return done()

    def missing() -> int:
        return sum(
            position not in received[i]
            for i, (encounter_id, _, _) in enumerate(mine)
            for (appended_to, position) in sent
            if appended_to == encounter_id
        )

    async def work(run: Run) -> None:
        limits = httpx.Limits(max_connections=count + 1)
        timeout = httpx.Timeout(10, read=60)
        async with (
            client(base, limits=limits, timeout=timeout) as http,
            client(base, timeout=30) as writer,
        ):
            streams = [asyncio.create_task(subscriber(http, i)) for i in range(count)]
            if not await until(lambda: all(1 + len(JOINS) in r for r in received), 20):
                run.errors["subscribers not caught up in 20 s"] += 1
            start = time.perf_counter()
            appends = []
            for k in range(int(rate * seconds)):
                await asyncio.sleep(max(0.0, start + k / rate - time.perf_counter()))
                appends.append(asyncio.create_task(append(run, writer, k)))
            await asyncio.gather(*appends)
            await until(lambda: missing() == 0, GRACE)
            for task in streams:
                task.cancel()
            for outcome in await asyncio.gather(*streams, return_exceptions=True):
                if isinstance(outcome, Exception):
                    run.errors[f"stream {type(outcome).__name__}"] += 1
        for i, (encounter_id, _, _) in enumerate(mine):
            for (appended_to, position), at in sent.items():
                if appended_to == encounter_id:
                    run.expected += 1
                    if position in received[i]:
                        run.latencies.append(received[i][position] - at)
                    else:
                        run.lost += 1

    return work


def noop_fastapi() -> Any:
    """The baseline: a FastAPI POST of the append's shape (its body model, the path parameter,
    the Authorization header, the reply model) that stores nothing."""
    app = FastAPI()

    @app.post("/encounters/{encounter_id}/facts", status_code=201, response_model=Appended)
    async def append(
        encounter_id: UUID, body: NewFacts, authorization: Annotated[str | None, Header()] = None
    ) -> Appended:
        version = (body.expected_version or 1 + len(JOINS)) + len(body.facts)
        return Appended(first=version, version=version)

    return app


def noop_starlette() -> Any:
    """The floor: a plain Starlette route that parses the body with orjson and stores nothing."""

    async def append(request: Request) -> Response:
        body = orjson.loads(await request.body())
        version = (body.get("expected_version") or 1 + len(JOINS)) + len(body["facts"])
        reply = orjson.dumps({"first": version, "version": version})
        return Response(reply, 201, media_type="application/json")

    return Starlette(routes=[Route("/encounters/{encounter_id}/facts", append, methods=["POST"])])
