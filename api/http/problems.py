"""One error body everywhere: RFC 9457 problem details naming the field at fault."""

from __future__ import annotations

import logging
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from eventsourcing.persistence import ConnectionUnavailableError, OperationalError
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict
from starlette.exceptions import HTTPException
from starlette.routing import Match, Mount

from api.http.idempotency import HEADER
from api.service import commits
from api.service.errors import (
    KeyReused,
    LostRace,
    NotAToken,
    NoToken,
    TokenRotated,
    UnknownEncounter,
    VersionConflict,
    WrongToken,
)
from api.service.tokens import NO_DOOR
from domain.integrity import LogError

log = logging.getLogger(__name__)
PROBLEM = "application/problem+json"
RETRY_AFTER = "1"  # seconds: a write that kept losing races, sent again
# What SQLite (and PostgreSQL) say of a lock another connection holds past the wait allowed
# (eventsourcing's 5 s lock timeout): the store is busy, not broken.
BUSY_WORDS = (
    "database is locked",
    "database table is locked",
    "lock timeout",
    "could not obtain lock",
)
NOT_JSON = "the body is not JSON (UTF-8)"
METHODS = ("DELETE", "GET", "HEAD", "PATCH", "POST", "PUT")  # what a route of the app may take


class FieldError(BaseModel):
    """One field at fault and why."""

    field: str
    reason: str


class Problem(BaseModel):
    """RFC 9457 problem details, with the fields at fault."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"type": "about:blank", "title": "Invalid fact", "status": 422,
                 "detail": "unknown combatant 'goblin-9'",
                 "errors": [{"field": "facts[0].target", "reason": "unknown combatant 'goblin-9'"}]}
            ]
        }
    )  # fmt: skip

    type: str = "about:blank"
    title: str
    status: int
    detail: str
    errors: list[FieldError] = []


class HttpProblem(Exception):
    """Raise to answer with a problem body."""

    def __init__(
        self,
        status: int,
        title: str,
        detail: str,
        field: str | None = None,
        reason: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.status, self.title, self.detail, self.field = status, title, detail, field
        self.reason = reason or detail  # what the field's error says; the detail by default
        self.headers = headers or {}
        super().__init__(detail)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole, so a worker process can raise it (api.compute.offload)."""
        fields = (self.status, self.title, self.detail, self.field, self.reason, self.headers)
        return (type(self), fields)


ERRORS: dict[int | str, dict[str, Any]] = {  # what an encounter's routes may answer
    code: {"model": Problem, "description": text}
    for code, text in {
        401: "No token", 403: "Wrong token, or a player token where the GM's is needed",
        404: "No such encounter", 409: "expected_version is stale",
        413: "Body too large", 422: "Bad input, or a fact the log cannot take",
    }.items()
}  # fmt: skip
BUSY: dict[int | str, dict[str, Any]] = {  # what a write to an encounter may answer besides
    503: {"model": Problem, "description": "Other writers kept getting there first for "
          f"{commits.RETRY_FOR:g} s: nothing was written; send it again after Retry-After",
          "headers": {"Retry-After": {"description": "Seconds to wait before sending it again",
                                      "schema": {"type": "integer"}}}},
}  # fmt: skip


def problem(
    status: int, title: str, detail: str, errors: list[FieldError] | None = None
) -> JSONResponse:
    body = Problem(title=title, status=status, detail=detail, errors=errors or [])
    return JSONResponse(body.model_dump(), status_code=status, media_type=PROBLEM)


def rendered(exc: HttpProblem) -> JSONResponse:
    """The problem body of `exc`, naming its field when it has one, with its headers."""
    errors = [FieldError(field=exc.field, reason=exc.reason)] if exc.field else []
    answer = problem(exc.status, exc.title, exc.detail, errors)
    answer.headers.update(exc.headers)
    return answer


# Each failure the API can meet, as the problem it is (the most specific class answers).
PROBLEMS: dict[type[Exception], Callable[[Any], HttpProblem]] = {
    HttpProblem: lambda exc: exc,
    LogError: lambda exc: HttpProblem(
        422, "The log cannot take this fact", f"line {exc.position}: {exc.reason}",
        exc.field or "facts", exc.reason),
    UnknownEncounter: lambda exc: HttpProblem(
        404, "No such encounter", str(exc), "encounter_id", "not found"),
    KeyReused: lambda exc: HttpProblem(422, "Idempotency-Key reused", str(exc), HEADER),
    LostRace: lambda exc: HttpProblem(
        503, "Too many writers at once",
        f"other writers got there first every time it was tried for {commits.RETRY_FOR:g} s; "
        "nothing was written: send it again", headers={"Retry-After": RETRY_AFTER}),
    VersionConflict: lambda exc: HttpProblem(
        409, "The log moved on", str(exc), "expected_version",
        f"the log is at version {exc.actual}"),
    NoToken: lambda exc: HttpProblem(401, "Token needed", str(exc), exc.field),
    NotAToken: lambda exc: HttpProblem(401, "Not a token", str(exc), exc.field),
    WrongToken: lambda exc: HttpProblem(403, exc.title, exc.detail, exc.field),
    TokenRotated: lambda exc: HttpProblem(403, "Wrong token", NO_DOOR, "authorization"),
    OperationalError: lambda exc: store_failed(exc),
}  # fmt: skip


def store_failed(exc: OperationalError) -> HttpProblem:
    """The store refused a read or a write. A lock another connection held past the wait allowed,
    or no connection free in the pool in time, is a busy store: a 503 with Retry-After, nothing
    written (the transaction rolled back), send it again. Anything else is the store's failure
    said as a problem body, not a bare 500 page."""
    said = str(exc).lower()
    if isinstance(exc, ConnectionUnavailableError) or any(w in said for w in BUSY_WORDS):
        return HttpProblem(
            503, "The store is busy",
            "another writer held the store past the wait allowed; nothing was written: send it "
            "again", headers={"Retry-After": RETRY_AFTER},
        )  # fmt: skip
    log.error("the store failed", exc_info=exc)  # a handled exception is not logged otherwise
    return HttpProblem(
        500, "The store failed", "the store could not answer; the service's log says why"
    )


def handler(convert: Callable[[Any], HttpProblem]) -> Callable[..., Any]:
    """An exception handler answering with the problem `convert` makes of the exception."""

    async def answer(_: Request, exc: Exception) -> JSONResponse:
        return rendered(convert(exc))

    return answer


def as_problems(schema: dict[str, Any]) -> dict[str, Any]:
    """Every 4xx and 5xx response body documented as application/problem+json, not
    application/json."""
    for operation in (op for ops in schema.get("paths", {}).values() for op in ops.values()):
        for status, response in operation.get("responses", {}).items():
            content = response.get("content", {})
            if status[0] in "45" and "application/json" in content:
                content[PROBLEM] = content.pop("application/json")
    return schema


def allowed(request: Request) -> str:
    """Every method the request's path takes, OPTIONS among them: each asked of the app's routes
    as the router asks them (the router's own 405 names only the first route's methods, and
    FastAPI makes a route of each method); a mount of files takes GET and HEAD."""
    methods = {"OPTIONS"}
    scope = request.scope  # inside a mount, the app's own root is kept aside: asked from there
    path, root = scope["path"], scope.get("app_root_path", scope.get("root_path", ""))
    for method in METHODS:
        asked = {"type": "http", "path": path, "root_path": root, "method": method, "headers": []}
        for route in request.app.router.routes:
            if route.matches(asked)[0] is Match.FULL:
                methods |= {"GET", "HEAD"} if isinstance(route, Mount) else {method}
    return ", ".join(sorted(methods))


def invalid_request(errors: list[FieldError]) -> JSONResponse:
    """The 422 of a request its models refuse, naming each field at fault."""
    return problem(422, "Invalid request", errors[0].reason if errors else "invalid", errors)


def _field_error(error: Any) -> FieldError:
    """A validation error as the field at fault and why; a body that is not JSON is `body`'s."""
    if error.get("type") == "json_invalid":
        why = error.get("ctx", {}).get("error", "invalid JSON")
        return FieldError(field="body", reason=f"{NOT_JSON}: {why} at character {error['loc'][-1]}")
    return FieldError(field=_dotted(error["loc"]), reason=error["msg"])


def _dotted(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    text = ""
    for part in parts:
        text += f"[{part}]" if part.isdigit() else (f".{part}" if text else part)
    return text or "body"


def install(app: FastAPI) -> None:
    """Map every failure the API can meet to its status and one problem body, and say so in the
    OpenAPI document (error bodies as application/problem+json)."""
    plain_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = as_problems(plain_openapi())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return invalid_request([_field_error(e) for e in exc.errors()])

    @app.exception_handler(HTTPException)
    async def framework(request: Request, exc: HTTPException) -> Response:
        """The framework's own refusals: a body it could not parse (its 400: bytes that are not
        UTF-8) is the 422 naming `body` every other bad body gets; a method the path does not
        take is a 405 naming all those it takes, and OPTIONS is answered with them."""
        if exc.status_code == 400:
            return invalid_request([FieldError(field="body", reason=NOT_JSON)])
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = allowed(request)
            if request.method == "OPTIONS":
                return Response(status_code=204, headers=headers)
        answer = problem(exc.status_code, HTTPStatus(exc.status_code).phrase, str(exc.detail))
        answer.headers.update(headers)
        return answer

    for kind, convert in PROBLEMS.items():
        app.add_exception_handler(kind, handler(convert))
