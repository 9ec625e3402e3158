"""The live stream: Server-Sent Events, one per log line (id = position), resumable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from functools import partial
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Header
from sse_starlette import EventSourceResponse

from api.http.deps import Auth, FeedsDep, Opened, Service, TokenQuery
from api.http.feeds import Batch, Feed, Line, rendered, view_of
from api.http.problems import ERRORS

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
    opened: Opened,
    service: Service,
    feeds: FeedsDep,
    last_event_id: Annotated[int | None, Header(ge=0)] = None,
    authorization: Auth = None,
    given: TokenQuery = None,
) -> EventSourceResponse:
    """Every line from after Last-Event-ID on, then each new one as it is appended; it ends
    when its token is rotated away, before any later line. A player character's token gets
    the lines as that character's player sees them (their own proposals and rulings too)."""
    caller = view_of(opened.role, opened.viewer)
    service.exists(encounter_id)  # 404 before the stream begins, to a token that opens the id
    sent = last_event_id or 0
    token = authorization if authorization is not None or given is None else f"Bearer {given}"

    async def messages() -> AsyncIterator[bytes]:
        nonlocal sent
        # before the read: no line falls between; the feed checks the token with each batch
        feed, queue = feeds.join(encounter_id, caller, token)
        try:
            version, backlog = await read_after(feed, sent, caller, token)
            feed.started_at(version)
            batch: Batch = backlog
            while True:
                if batch is None or (batch and batch[0].position > sent + 1):
                    _, batch = await read_after(feed, sent, caller, token)  # a gap
                if token in feed.credentials.closed:
                    return  # its token was rotated away: a reconnect with it is refused
                new = [line for line in batch if line.position > sent]
                if new:
                    sent = new[-1].position
                    yield b"".join(line.chunk for line in new)
                batch = await queue.get()
        finally:
            feeds.leave(feed, queue, token)

    return EventSourceResponse(messages(), ping=15)


async def read_after(
    feed: Feed, sent: int, caller: str, token: str | None
) -> tuple[int, list[Line]]:
    """This subscriber's own read (on connect, and after a gap in what its feed handed it), its
    token checked after it (also when it was rotated between the request's check and here)."""
    view = partial(rendered, sent=sent, caller=caller)
    return await feed.read(view, [] if token is None else [token])
