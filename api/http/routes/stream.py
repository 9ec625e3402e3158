"""The live stream: Server-Sent Events, one per log line (id = position), resumable."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from functools import partial
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Header
from sse_starlette import EventSourceResponse

from api.http.deps import FeedsDep, Reader, Service
from api.http.feeds import Batch, Feed, Line, rendered
from api.http.problems import ERRORS
from api.service.encounters import Encounters

__all__ = ["router"]

router = APIRouter(prefix="/encounters", tags=["live"], responses=ERRORS)


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
    caller: Reader,
    service: Service,
    feeds: FeedsDep,
    last_event_id: Annotated[int | None, Header(ge=0)] = None,
) -> EventSourceResponse:
    """Every line from after Last-Event-ID on, then each new one as it is appended."""
    service.exists(encounter_id)  # 404 before the stream begins, to a token that opens the id
    sent = last_event_id or 0

    async def messages() -> AsyncIterator[bytes]:
        nonlocal sent
        feed, queue = feeds.join(encounter_id, caller)  # before the read: no line falls between
        try:
            generation = await connected(feed, caller)
            version, backlog = await read_after(service, encounter_id, sent, caller)
            feed.started_at(version)
            batch: Batch = backlog
            while True:
                if batch is None or (batch and batch[0].position > sent + 1):
                    _, batch = await read_after(service, encounter_id, sent, caller)  # a gap
                new = [line for line in batch if line.position > sent]
                if new:
                    sent = new[-1].position
                    yield b"".join(line.chunk for line in new)
                batch = await queue.get()
                if feed.generations.known.get(caller, 0) > generation:
                    return  # its token was rotated away: a reconnect with it is refused
        finally:
            feeds.leave(feed, queue)

    return EventSourceResponse(messages(), ping=15)


async def connected(feed: Feed, caller: str) -> int:
    """The generation of the caller's role's token now, the one this stream was opened with."""
    generations = feed.generations
    now = await asyncio.to_thread(generations.tokens.generations, generations.encounter_id)
    generations.seen(now)
    return now[caller]


async def read_after(
    service: Encounters, encounter_id: UUID, sent: int, caller: str
) -> tuple[int, list[Line]]:
    """This subscriber's own read: on connect, and after a gap in what its feed handed it."""
    view = partial(rendered, sent=sent, caller=caller)
    return await asyncio.to_thread(service.read, encounter_id, view)
