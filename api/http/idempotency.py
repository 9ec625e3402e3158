"""Idempotency-Key bound to its request (the IETF Idempotency-Key draft): a key names one route
and one body; the same key with another is a 422 naming the header, not the first reply again."""

from __future__ import annotations

import hashlib

import orjson
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from api.http import problems
from api.store import KeyReused, LostRace

HEADER = "Idempotency-Key"


def fingerprint(route: str, body: BaseModel, key: str | None) -> str | None:
    """For a request with an Idempotency-Key, its route and body as sent (keys sorted),
    digested: stored on the lines it wrote, beside the key (the draft's "idempotency
    fingerprint")."""
    if key is None:
        return None
    data = orjson.dumps([route, body.model_dump(mode="json")], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(data).hexdigest()[:32]


def install(app: FastAPI) -> None:
    """A reused key is a 422 naming the header; a blind append that lost every race a 409."""

    @app.exception_handler(KeyReused)
    async def reused(_: Request, exc: KeyReused) -> JSONResponse:
        errors = [problems.FieldError(field=HEADER, reason=str(exc))]
        return problems.problem(422, "Idempotency-Key reused", str(exc), errors)

    @app.exception_handler(LostRace)
    async def lost(_: Request, exc: LostRace) -> JSONResponse:
        detail = "other writers got there first every time it was tried: send it again"
        return problems.problem(409, "Other writers got there first", detail)
