"""The GM's writes (append facts, undo, redo, amend): each kind's body and the command it makes,
committed through the group commit. Their routes call `write`, and so does the write lane
(api/http/middleware/write_lane.py), by name; the players' proposals and the GM's rulings on
them (api/http/proposing.py) call `committed`: every write takes this one path."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel

from api.compute.offload import off_loop
from api.http.facts import client_facts, client_replacement
from api.http.idempotency import fingerprint
from api.http.schemas import encounters as schemas
from api.service.encounters import Append
from api.wiring import Runtime
from domain.commands import Amend, AppendFacts, Command, Redo, Undo

LIGHT_BATCH = 20  # facts without dice validated on the event loop: less than the trip to a worker
Body = schemas.NewFacts | schemas.Undo | schemas.Amendment
Grant = tuple[str, int]  # a token let in on the generations this worker remembers: its role's


async def appended(body: schemas.NewFacts, bounded: bool) -> Command:
    """The facts, their dice rolled (off the event loop when there are many, or dice)."""
    if len(body.facts) > LIGHT_BATCH or any("roll" in raw for raw in body.facts):
        return AppendFacts(tuple(await off_loop(client_facts, body.facts, bounded)))
    return AppendFacts(tuple(client_facts(body.facts, bounded)))


async def undone(body: schemas.Undo, bounded: bool) -> Command:
    return Undo(body.position, body.reason, body.action)


async def redone(body: schemas.Redo, bounded: bool) -> Command:
    return Redo(body.position, body.reason, body.action)


async def amended(body: schemas.Amendment, bounded: bool) -> Command:
    # any fact type parses here; the log's integrity check refuses one that cannot replace
    replacement: Any = client_replacement(body.replacement, body.position)
    return Amend(body.position, replacement, body.reason)


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of write: the body it takes, and the command that body makes."""

    body: type[Body]
    command: Callable[[Any, bool], Awaitable[Command]]


KINDS = {
    "facts": Kind(schemas.NewFacts, appended),
    "undo": Kind(schemas.Undo, undone),
    "redo": Kind(schemas.Redo, redone),
    "amend": Kind(schemas.Amendment, amended),
}


async def write(
    runtime: Runtime,
    encounter_id: UUID,
    kind: str,
    body: Body,
    key: str | None,
    grant: Grant | None = None,
    bounded: bool = False,
) -> schemas.Appended:
    """Every write's one path: the GM's command, committed with the writes that arrive
    meanwhile (api/service/commits.py); a refusal names the body's field (`facts[2].target`).
    `grant`: the token was let in on remembered generations, for the commit to confirm;
    `bounded`: the body's integers and depth were found in bounds already."""
    command = await KINDS[kind].command(body, bounded)
    return await committed(
        runtime, encounter_id, command, (kind, body, key), "gm", body.expected_version, grant
    )


async def committed(
    runtime: Runtime,
    encounter_id: UUID,
    command: Command,
    request: tuple[str, BaseModel, str | None],
    by: str,
    expected_version: int | None = None,
    grant: Grant | None = None,
) -> schemas.Appended:
    """`command` committed with the writes that arrive meanwhile, each fact stamped `by` where
    it has none; `request`: the route's name, the body and the Idempotency-Key, which the key
    is bound to (api/http/idempotency.py)."""
    service = runtime.encounters
    if not service.cached(encounter_id):  # a long log's first fold: not on the committer
        await run_in_threadpool(service.history, encounter_id)
    route, body, key = request
    digest = fingerprint(route, body, key)
    append = Append(encounter_id, command, expected_version, by, key, digest, grant)
    done = await runtime.commits.committed(append)
    return schemas.Appended(first=done.first, version=done.version)
