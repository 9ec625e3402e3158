"""A request body over MAX_BODY bytes is refused with 413, by its declared length or, sent
chunked, as soon as what was read passes the limit."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.http import problems

MAX_BODY = 1_000_000  # bytes; a bigger request gets 413


class BodyLimit:
    """413 for a body over MAX_BODY bytes: at once by its declared Content-Length, else (a chunked
    request) as soon as the bytes read pass the limit, whatever the app was doing with them."""

    class Exceeded(Exception):
        """Raised into the app when a streamed body passes MAX_BODY."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > MAX_BODY:
            await too_large(scope, receive, send)
            return
        read, over, answered = 0, False, False

        async def counted() -> Message:
            nonlocal read, over
            message = await receive()
            read += len(message.get("body", b""))
            if read > MAX_BODY:
                over = True
                raise BodyLimit.Exceeded
            return message

        async def answer(message: Message) -> None:
            nonlocal answered
            if over and not answered:
                return  # the app's reply to a body cut short (e.g. a 400); the 413 goes instead
            answered = answered or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, answer)
        except Exception:
            if not over:
                raise
            # the app re-raised or wrapped Exceeded: the 413 below answers for it
        if over and not answered:
            await too_large(scope, receive, send)


async def too_large(scope: Scope, receive: Receive, send: Send) -> None:
    """The one 413 problem body, whether the length was declared or counted."""
    detail = f"the body is over the limit of {MAX_BODY} bytes"
    answer = problems.HttpProblem(413, "Body too large", detail, "body")
    await problems.rendered(answer)(scope, receive, send)
