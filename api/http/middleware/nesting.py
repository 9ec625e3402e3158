"""A JSON body nested past MAX_DEPTH is refused before any route parses it: the framework's
own parser recurses, so a deep body would otherwise be a 400 or a RecursionError deep in a
route, never a problem naming the budget."""

from __future__ import annotations

import re

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.http import problems
from domain.bounds import MAX_DEPTH, too_deep

BODIES = ("POST", "PUT", "PATCH")  # methods whose requests carry a body
FREE_FORM = ("stats", "options")  # members that hold any JSON (the ruleset reads them)
DETAIL = f"a JSON body nests at most {MAX_DEPTH} arrays and objects deep"


class NestingLimit:
    """422 naming `body` for a JSON request body nested deeper than MAX_DEPTH (any route)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in BODIES or not _json(scope):
            await self.app(scope, receive, send)
            return
        body, messages = await whole(receive)
        if (deep := _too_deep(body)) is not None:
            answer = problems.HttpProblem(422, "Body nested too deep", DETAIL, deep)
            await problems.rendered(answer)(scope, receive, send)
            return
        await self.app(scope, replayed(messages, receive), send)


def _json(scope: Scope) -> bool:
    """Whether the framework will read the body as JSON: it says so (`application/json`,
    `…+json`), or it names no type at all."""
    given: bytes = dict(scope["headers"]).get(b"content-type", b"")
    kind = given.split(b";")[0].strip().lower()
    return kind in (b"", b"application/json") or kind.endswith(b"+json")


def _too_deep(body: bytes) -> str | None:
    """The field where a body nests past MAX_DEPTH, or None (a body the parser cannot read at
    all is the route's to refuse, unless it is refused for its depth)."""
    try:
        deep = too_deep(orjson.loads(body)) if body else None
    except orjson.JSONDecodeError as exc:
        return "body" if "depth" in str(exc) else None
    return None if deep is None else _field(deep)


def _field(path: str) -> str:
    """The field to name for a path nested too deep: up to the free-form member it is in
    (`facts[0].stats`, `options`), else its first three steps; `body` for the body itself."""
    steps = re.findall(r"\.?[^.\[]+|\[\d+\]", path)
    for n, step in enumerate(steps):
        if step.lstrip(".") in FREE_FORM:
            return "".join(steps[: n + 1])
    return "".join(steps[:3]) or "body"


async def whole(receive: Receive) -> tuple[bytes, list[Message]]:
    """The body's bytes and the messages that carried them (the body limit is counted outside)."""
    messages: list[Message] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            break
    return b"".join(m.get("body", b"") for m in messages), messages


def replayed(messages: list[Message], receive: Receive) -> Receive:
    """A receive that gives the messages already read, then goes on with the real one."""
    pending = list(messages)

    async def replay() -> Message:
        return pending.pop(0) if pending else await receive()

    return replay
