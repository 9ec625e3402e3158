"""Idempotency-Key bound to its request (the IETF Idempotency-Key draft): a key names one route
and one body; the same key with another is a 422 naming the header, not the first reply again."""

from __future__ import annotations

import hashlib

import orjson
from pydantic import BaseModel

HEADER = "Idempotency-Key"


def fingerprint(route: str, body: BaseModel, key: str | None) -> str | None:
    """For a request with an Idempotency-Key, its route and body as sent (keys sorted),
    digested: stored on the lines it wrote, beside the key (the draft's "idempotency
    fingerprint")."""
    if key is None:
        return None
    data = orjson.dumps([route, body.model_dump(mode="json")], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(data).hexdigest()[:32]
