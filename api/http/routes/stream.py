"""The live stream: Server-Sent Events, one per log line (id = position), resumable."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from functools import partial
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Header
from sse_starlette import EventSourceResponse

from api.http.deps import Auth, DoorsDep, FeedsDep, Reader, Service, TokenQuery
from api.http.feeds import Batch, Feed, Line, read_then_generations, rendered
from api.http.problems import ERRORS
from api.service.doors import Doors
from api.service.errors import NotAToken, NoToken, WrongToken

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
    doors: DoorsDep,
    feeds: FeedsDep,
    last_event_id: Annotated[int | None, Header(ge=0)] = None,
    authorization: Auth = None,
    given: TokenQuery = None,
) -> EventSourceResponse:
    """Every line from after Last-Event-ID on, then each new one as it is appended; it ends
    when its token is rotated away, before any later line."""
    service.exists(encounter_id)  # 404 before the stream begins, to a token that opens the id
    sent = last_event_id or 0
    token = authorization if authorization is not None or given is None else f"Bearer {given}"

    async def messages() -> AsyncIterator[bytes]:
        nonlocal sent
        feed, queue = feeds.join(encounter_id, caller)  # before the read: no line falls between
        try:
            generation = await connected(feed, caller, token, doors)
            version, backlog = await read_after(feed, sent, caller)
            feed.started_at(version)
            batch: Batch = backlog
            while True:
                if batch is None or (batch and batch[0].position > sent + 1):
                    _, batch = await read_after(feed, sent, caller)  # a gap
                if generation is None or feed.generations.rotated_since(caller, generation):
                    return  # its token was rotated away: a reconnect with it is refused
                new = [line for line in batch if line.position > sent]
                if new:
                    sent = new[-1].position
                    yield b"".join(line.chunk for line in new)
                batch = await queue.get()
        finally:
            feeds.leave(feed, queue)

    return EventSourceResponse(messages(), ping=15)


async def connected(feed: Feed, caller: str, token: str | None, doors: Doors) -> int | None:
    """The generation of the caller's role's token now, if the stream's token (or its table's
    key) still opens the encounter (None: it was rotated away since the request's check)."""
    generations, encounter_id = feed.generations, feed.encounter_id
    now = await asyncio.to_thread(generations.tokens.generations, encounter_id)
    generations.seen(now)
    try:
        await asyncio.to_thread(doors.opener, encounter_id, token)
    except (NoToken, NotAToken, WrongToken):
        return None
    return now[caller]


async def read_after(feed: Feed, sent: int, caller: str) -> tuple[int, list[Line]]:
    """This subscriber's own read (on connect, and after a gap in what its feed handed it),
    the rotations read after it."""
    view = partial(rendered, sent=sent, caller=caller)
    return await asyncio.to_thread(read_then_generations, feed.service, feed.generations, view)
