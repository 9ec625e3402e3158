"""The live feeds: each new line rendered once per view (the GM's, the players', each player
character's: `view_of`), shared by its subscribers, woken by the live hub (api/service/hub.py)."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar
from uuid import UUID

import orjson
from sse_starlette import ServerSentEvent

from api.http.lines import log_lines
from api.service.doors import Doors
from api.service.encounters import Encounters
from api.service.hub import Hub
from projections.history import History
from projections.player import player_log

Message = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Line:
    """One log line as a subscriber is sent it: its position and its SSE message, encoded."""

    position: int
    chunk: bytes


Batch = list[Line] | None  # None: the feed could not render; read for yourself
log = logging.getLogger(__name__)


def view_of(role: str, viewer: frozenset[str] = frozenset()) -> str:
    """The name of a view, a feed's key: `gm`, `player` (the shared player view), or
    `player:<character>[,<character>…]` (a player character's token: its viewer)."""
    if role == "gm" or not viewer:
        return role
    return "player:" + ",".join(sorted(viewer))


def viewer_of(view: str) -> frozenset[str]:
    """The characters a view's player holds (none: the shared player view)."""
    _, _, held = view.partition(":")
    return frozenset(held.split(",")) if held else frozenset()


def lines_after(history: History, sent: int, caller: str) -> list[Message]:
    """The SSE messages for lines after `sent`; players get the player log's lines as their
    view's viewer sees them (`caller`: `view_of`), a bare withdrawn marker for a line revoked or
    replaced, an empty placeholder for a hidden one (or another player's proposal); the GM's
    lines (proposals among them) carry what each did (`derived`), as GET /log does."""
    lines: list[tuple[int, dict[str, Any] | None]]
    if caller == "gm":
        gm = log_lines(history, after=sent)
        lines = [(line.position, line.model_dump(mode="json")) for line in gm]
    else:
        lines = player_log(history, after=sent, viewer=viewer_of(caller))
    return [
        {
            "id": str(position),  # sse-starlette writes ids as text
            "event": "line",
            "data": orjson.dumps(line or {"position": position, "fact": None}).decode(),
        }
        for position, line in lines
    ]


def rendered(history: History, sent: int, caller: str) -> tuple[int, list[Line]]:
    """The log's length and the lines after `sent`, encoded once (whoever is sent them), read
    in one lock."""
    messages = lines_after(history, sent, caller)
    return history.version, [Line(int(m["id"]), ServerSentEvent(**m).encode()) for m in messages]


class Credentials:
    """What a feed's subscribers opened their streams with (their Authorization values), and
    those that open the encounter no more (a token rotated away, a table's key replaced): read
    from the store after each read of new lines, once for all the feed's subscribers."""

    def __init__(self) -> None:
        self.held: Counter[str] = Counter()
        self.closed: set[str] = set()

    def open(self) -> list[str]:
        """On the loop: the credentials to check (those found closed stay closed)."""
        return [each for each in self.held if each not in self.closed]


def read_then_checked(
    service: Encounters, doors: Doors, encounter_id: UUID, view: Callable[[History], T],
    credentials: list[str],
) -> tuple[T, set[str]]:  # fmt: skip
    """In a thread: the view of the encounter's caught-up tables, then which of `credentials`
    open it no more, read from the store after it: a rotation committed before any line the
    view holds is known before that line is sent (one SELECT a read for all the credentials;
    one more a table's key among them)."""
    found = service.read(encounter_id, view)
    return found, doors.closed_to(encounter_id, credentials) if credentials else set()


class Feed:
    """One view of one encounter: woken by the hub, it renders the new lines once and hands the
    same messages to each subscriber's queue."""

    def __init__(
        self, hub: Hub, service: Encounters, doors: Doors, encounter_id: UUID, caller: str
    ) -> None:
        self.hub, self.service, self.encounter_id, self.caller = hub, service, encounter_id, caller
        self.doors = doors
        self.wake = hub.subscribe(encounter_id)
        self.subscribers: set[asyncio.Queue[Batch]] = set()
        self.credentials = Credentials()
        self.rendered: int | None = None  # set by the first subscriber's catch-up read
        self.ready = asyncio.Event()
        self.task = asyncio.create_task(self.pump())

    def started_at(self, version: int) -> None:
        """A subscriber has read the log up to `version`: the feed renders from there on."""
        if self.rendered is None:
            self.rendered = version
            self.ready.set()

    async def pump(self) -> None:
        await self.ready.wait()
        while True:
            version = await self.wake.get()
            while not self.wake.empty():
                version = max(version, self.wake.get_nowait())
            if self.rendered is not None and version > self.rendered:
                await self.render()

    async def render(self) -> None:
        """Render the lines after the last rendered, once, and hand them to every subscriber."""
        assert self.rendered is not None
        view = partial(rendered, sent=self.rendered, caller=self.caller)
        batch: Batch
        try:
            version, batch = await self.read(view, self.credentials.open())
            self.rendered = max(version, self.rendered)
        except Exception:  # the store unreadable a moment: each subscriber reads for itself
            log.exception("the live feed of %s could not render", self.encounter_id)
            batch = None
        for queue in self.subscribers:
            queue.put_nowait(batch)

    async def read(self, view: Callable[[History], T], credentials: list[str]) -> T:
        """The view of the caught-up tables, the credentials it closed known before it."""
        found, closed = await asyncio.to_thread(
            read_then_checked, self.service, self.doors, self.encounter_id, view, credentials
        )
        self.credentials.closed |= closed
        return found

    async def recheck(self) -> None:
        """Read the credentials again now (a rotation on this worker), and wake every
        subscriber to look, with no line to wait for."""
        held = self.credentials.open()
        if held:
            closed = await asyncio.to_thread(self.doors.closed_to, self.encounter_id, held)
            self.credentials.closed |= closed
        for queue in self.subscribers:
            queue.put_nowait([])

    def close(self) -> None:
        self.task.cancel()
        self.hub.unsubscribe(self.encounter_id, self.wake)


class Feeds:
    """The feeds of this worker, one per encounter and view while it has subscribers."""

    def __init__(self, hub: Hub, service: Encounters, doors: Doors) -> None:
        self.hub, self.service, self.doors = hub, service, doors
        self.feeds: dict[tuple[UUID, str], Feed] = {}

    def join(
        self, encounter_id: UUID, caller: str, credential: str | None = None
    ) -> tuple[Feed, asyncio.Queue[Batch]]:
        """On the loop: the view's feed (made if new) and a queue given each rendered batch;
        the feed checks `credential` (the stream's Authorization) with each batch."""
        feed = self.feeds.get((encounter_id, caller))
        if feed is None:
            feed = self.feeds[(encounter_id, caller)] = Feed(
                self.hub, self.service, self.doors, encounter_id, caller
            )
        queue: asyncio.Queue[Batch] = asyncio.Queue()
        feed.subscribers.add(queue)
        if credential is not None:
            feed.credentials.held[credential] += 1
        return feed, queue

    async def rotated(self, encounter_id: UUID) -> None:
        """On the loop: a token of the encounter was rotated on this worker: each of its
        streams opened with one rotated away ends now, with no line to wait for."""
        for feed in [f for (e, _), f in self.feeds.items() if e == encounter_id]:
            await feed.recheck()

    def leave(self, feed: Feed, queue: asyncio.Queue[Batch], credential: str | None = None) -> None:
        """On the loop: that queue is given no more; a feed left without subscribers closes."""
        feed.subscribers.discard(queue)
        if credential is not None:
            feed.credentials.held -= Counter({credential: 1})  # gone at 0
        if not feed.subscribers and self.feeds.get((feed.encounter_id, feed.caller)) is feed:
            del self.feeds[(feed.encounter_id, feed.caller)]
            feed.close()
