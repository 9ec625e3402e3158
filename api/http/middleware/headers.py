"""Security headers on every response: no framing, no sniffing, no referrer, scripts from here."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Scripts and style sheets come from this service only (the pages' ES modules, /docs's vendored
# Swagger UI); `style` attributes are allowed (bar widths, Swagger UI's layout), never inline
# <style> or <script>. Images may be data: URLs (Swagger UI's icons). No page may frame these.
POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HEADERS = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # tokens ride in the pages' addresses
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
]


class SecurityHeaders:
    """Adds HEADERS to every HTTP response the app sends (unless the response set its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                added = [(n, v) for n, v in HEADERS if n not in present]
                message = {**message, "headers": [*message.get("headers", []), *added]}
            await send(message)

        await self.app(scope, receive, with_headers)
