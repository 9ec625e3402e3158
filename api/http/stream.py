"""The live stream: Server-Sent Events, one per log line (id = position), resumable."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from functools import partial
from typing import Annotated, Any
from uuid import UUID

import orjson
from fastapi import APIRouter, Header, Request
from sse_starlette import EventSourceResponse

from api.http.player import player_log
from api.http.routes import ERRORS, Reader, Service, log_lines, with_derived
from api.service import Encounters
from domain.events import Fact
from projections.history import History

router = APIRouter(prefix="/encounters", tags=["live"], responses=ERRORS)


class Hub:
    """Fans appended lines out to the subscribers of each encounter. The event loop owns it:
    another thread (the committer, the relay) hands each report to the loop, which alone reads
    and changes the subscribers and the versions told."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.queues: dict[UUID, set[asyncio.Queue[int]]] = {}
        self.told: dict[UUID, int] = {}

    def appended(self, encounter_id: UUID, version: int, facts: list[Fact]) -> None:
        """Called after each append, by this worker's service or the relay, from any thread."""
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.tell, encounter_id, version)

    def tell(self, encounter_id: UUID, version: int) -> None:
        """On the loop: wake the encounter's subscribers; a version already told (the relay
        reporting this worker's own append) wakes no one."""
        if version <= self.told.get(encounter_id, 0):
            return
        self.told[encounter_id] = version
        for queue in self.queues.get(encounter_id, ()):
            queue.put_nowait(version)

    def subscribe(self, encounter_id: UUID) -> asyncio.Queue[int]:
        """On the loop: a queue that is given each new version of the encounter."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.queues.setdefault(encounter_id, set()).add(queue)
        return queue

    def unsubscribe(self, encounter_id: UUID, queue: asyncio.Queue[int]) -> None:
        """On the loop: that queue is told no more."""
        self.queues.get(encounter_id, set()).discard(queue)


STREAM_EXAMPLE = (
    'id: 13\nevent: line\ndata: {"position":13,"fact":{"type":"DamageDealt","target":"goblin-2",'
    '"amount":7},"revoked":false,"amended_by":null}\n\n'
)


@router.get(
    "/{encounter_id}/stream",
    response_class=EventSourceResponse,
    responses={
        200: {
            "description": "Server-Sent Events: one per log line, its id the position",
            "content": {
                "text/event-stream": {"schema": {"type": "string"}, "example": STREAM_EXAMPLE}
            },
        }
    },
)
async def stream(
    encounter_id: UUID,
    request: Request,
    caller: Reader,
    service: Service,
    last_event_id: Annotated[int | None, Header(ge=0)] = None,
) -> EventSourceResponse:
    """Every line from after Last-Event-ID on, then each new one as it is appended."""
    hub: Hub = request.app.state.hub
    queue = hub.subscribe(encounter_id)
    sent = last_event_id or 0
    rotated = Rotation(service, encounter_id, caller)

    async def messages() -> AsyncIterator[dict[str, Any]]:
        nonlocal sent
        try:
            while True:
                if await rotated.since_connect():
                    return  # its token was rotated away: a reconnect with it is refused
                view = partial(lines_after, sent=sent, caller=caller)
                for message in await asyncio.to_thread(service.read, encounter_id, view):
                    sent = int(message["id"])
                    yield message
                await queue.get()
        finally:
            hub.unsubscribe(encounter_id, queue)

    return EventSourceResponse(messages(), ping=15)


class Rotation:
    """Whether the token a stream was opened with has been rotated since: read from the store
    (any worker may have rotated it) at most every RECHECK seconds, before lines are sent."""

    RECHECK = 2.0

    def __init__(self, service: Encounters, encounter_id: UUID, role: str) -> None:
        self.access, self.encounter_id, self.role = service.store.access, encounter_id, role
        self.generation = self.access.generations(encounter_id)[role]
        self.checked = time.monotonic()

    async def since_connect(self) -> bool:
        if time.monotonic() - self.checked < self.RECHECK:
            return False
        self.checked = time.monotonic()
        now = await asyncio.to_thread(self.access.generations, self.encounter_id)
        return now[self.role] != self.generation


def lines_after(history: History, sent: int, caller: str) -> list[dict[str, Any]]:
    """The SSE messages for lines after `sent`; players get the player log's lines, a bare
    withdrawn marker for a line revoked or replaced, an empty placeholder for a hidden one; the
    GM's lines carry what each did (`derived`), as GET /log does."""
    lines: list[tuple[int, dict[str, Any] | None]]
    if caller == "gm":
        gm = with_derived(history, log_lines(history, after=sent))
        lines = [(line.position, line.model_dump(mode="json")) for line in gm]
    else:
        lines = player_log(history, after=sent)
    return [
        {
            "id": str(position),  # sse-starlette writes ids as text
            "event": "line",
            "data": orjson.dumps(line or {"position": position, "fact": None}).decode(),
        }
        for position, line in lines
    ]
