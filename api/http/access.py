"""Who may do what: a GM token (everything) and a player token (read, player view) per encounter.

Tokens are HMACs of the encounter id under the service's secret, so every worker that shares the
secret (COMBATLOG_SECRET, or the secret file beside the SQLite store) checks them without storage.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path
from typing import Literal
from uuid import UUID

from api.http.problems import HttpProblem

Role = Literal["gm", "player"]


def load_secret(folder: Path) -> bytes:
    """COMBATLOG_SECRET, else the secret file in `folder` (made on first start, mode 0600)."""
    if env := os.environ.get("COMBATLOG_SECRET"):
        return env.encode()
    path = folder / "combatlog.secret"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip().encode()


def token(secret: bytes, encounter_id: UUID, role: Role) -> str:
    """The encounter's token for a role."""
    digest = hmac.new(secret, f"{role}:{encounter_id}".encode(), hashlib.sha256).digest()
    return f"{role}_" + digest.hex()[:40]


def analytics_token(secret: bytes) -> str:
    """The operator's token for reports across every encounter of this service."""
    digest = hmac.new(secret, b"analytics", hashlib.sha256).digest()
    return "stats_" + digest.hex()[:40]


def check_analytics(
    secret: bytes,
    authorization: str | None,
    refused: str = "reports across encounters need the analytics token",
) -> None:
    """401 without a token, 403 unless it is the analytics token (the operator's: it opens
    what spans every encounter, the list of them and reports across them)."""
    if not authorization or not authorization.lower().startswith("bearer "):
        raise HttpProblem(
            401, "Token needed", "send Authorization: Bearer <analytics token>", "authorization"
        )
    if not hmac.compare_digest(authorization[7:].strip(), analytics_token(secret)):
        raise HttpProblem(403, "Wrong token", refused, "authorization")


def role_of(secret: bytes, encounter_id: UUID, authorization: str | None) -> Role:
    """The role a bearer token grants on this encounter; 401 without one, 403 for a wrong one."""
    if not authorization or not authorization.lower().startswith("bearer "):
        raise HttpProblem(
            401, "Token needed", "send Authorization: Bearer <token>", "authorization"
        )
    given = authorization[7:].strip()
    for role in ("gm", "player"):
        if hmac.compare_digest(given, token(secret, encounter_id, role)):
            return role
    raise HttpProblem(
        403, "Wrong token", "this token opens no door on this encounter", "authorization"
    )
