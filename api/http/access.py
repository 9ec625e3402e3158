"""Who may do what: the operator's token (create, import, and what spans every encounter), and per
encounter a GM token (everything) and a player token (read, player view).

Tokens are HMACs under the service's secret (COMBATLOG_SECRET, or the secret file beside the
SQLite store), so every worker that shares it checks them without issuing any. An encounter's
token also mixes in its role's generation, kept in the store (api/store/access.py): a rotation
bumps it, and every worker refuses the old token from then on: a read checks the generations in
the store; a write may be let in on those the worker remembers, and its commit confirms them in
the store first (api/store/access.py), refusing it if they moved.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from functools import lru_cache
from typing import Literal
from uuid import UUID

from api.config.secret import load_secret as load_secret
from api.http.problems import HttpProblem

Role = Literal["gm", "player"]
ROLES: tuple[Role, ...] = ("gm", "player")
OPERATOR_ONLY = "creating, importing and what spans every encounter need the operator token"


@lru_cache(maxsize=4096)  # checked on every request: the HMAC once per encounter and role
def token(secret: bytes, encounter_id: UUID, role: Role, generation: int = 0) -> str:
    """The encounter's token for a role, at its generation (0 until the first rotation)."""
    message = f"{role}:{encounter_id}" + (f":{generation}" if generation else "")
    digest = hmac.new(secret, message.encode(), hashlib.sha256).digest()
    return f"{role}_" + digest.hex()[:40]


def operator_token(secret: bytes) -> str:
    """The operator's token: it creates and imports encounters, lists them, and reports across
    them (the analytics token of earlier versions, the same value)."""
    digest = hmac.new(secret, b"analytics", hashlib.sha256).digest()
    return "stats_" + digest.hex()[:40]


analytics_token = operator_token  # its earlier name


def bearer(authorization: str | None, field: str = "authorization", what: str = "token") -> bytes:
    """The token a `Bearer` header carries; 401 without one, or with one no token can be."""
    if not authorization or not authorization.lower().startswith("bearer "):
        raise HttpProblem(401, "Token needed", f"send Authorization: Bearer <{what}>", field)
    given = authorization[7:].strip()
    if not given.isascii() or not given.isprintable():
        raise HttpProblem(401, "Not a token", "a token is printable ASCII", field)
    return given.encode()


def same(given: bytes, expected: str) -> bool:
    """Constant-time comparison."""
    return hmac.compare_digest(given, expected.encode())


def check_operator(secret: bytes, authorization: str | None, refused: str = OPERATOR_ONLY) -> None:
    """401 without a token, 403 unless it is the operator's token."""
    if not same(bearer(authorization, what="operator token"), operator_token(secret)):
        raise HttpProblem(403, "Wrong token", refused, "authorization")


def role_of(
    secret: bytes,
    encounter_id: UUID,
    authorization: str | None,
    generations: Mapping[str, int] | None = None,
    field: str = "authorization",
) -> Role:
    """The role a bearer token grants on this encounter; 401 without one, 403 for a wrong one
    (a rotated-away token among them)."""
    given = bearer(authorization, field)
    current = generations or {}
    for role in ROLES:
        if same(given, token(secret, encounter_id, role, current.get(role, 0))):
            return role
    raise wrong_token(field)


def wrong_token(field: str = "authorization") -> HttpProblem:
    """The 403 of a token that opens no door on the encounter (a rotated-away one among them)."""
    return HttpProblem(403, "Wrong token", "this token opens no door on this encounter", field)


def tokens(secret: bytes, encounter_id: UUID, generations: Mapping[str, int]) -> dict[str, str]:
    """The encounter's current tokens: {gm_token, player_token}."""
    return {f"{r}_token": token(secret, encounter_id, r, generations.get(r, 0)) for r in ROLES}
