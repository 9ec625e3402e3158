"""Who may do what: the operator's token (the tables and their keys, api/service/tables.py; and
the default table's routes while it is that table's key), and per encounter a GM token
(everything), a player token (read, the shared player view) and a token per player character
(`pc_…`: the player view as that character's player sees it, their own card, and proposals for
that character: issue 26). A table's key is checked in api/service/doors.py.

Tokens are HMACs under the service's secret (COMBATLOG_SECRET, or the secret file beside the
SQLite store), so every worker that shares it checks them without issuing any. An encounter's
token also mixes in its role's generation, kept in the store (api/store/access.py): a rotation
bumps it, and every worker refuses the old token from then on: a read checks the generations in
the store; a write may be let in on those the worker remembers, and its commit confirms them in
the store first (api/service/commits.py), refusing it if they moved.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from functools import lru_cache
from typing import Literal
from uuid import UUID

from api.service.errors import NotAToken, NoToken, WrongToken
from api.store.access import AccessRecords

Role = Literal["gm", "player"]
ROLES: tuple[Role, ...] = ("gm", "player")
Viewer = frozenset[str]  # the characters a token holds (projections/redaction.py); none: everyone's
CHARACTER = "pc"  # a character's token begins `pc_`; its generation is kept as role `pc:<id>`
OPERATOR_ONLY = "the tables and their keys are the operator's: this needs the operator token"
NO_DOOR = "this token opens no door on this encounter"


@lru_cache(maxsize=4096)  # checked on every request: the HMAC once per encounter and role
def token(secret: bytes, encounter_id: UUID, role: Role, generation: int = 0) -> str:
    """The encounter's token for a role, at its generation (0 until the first rotation)."""
    message = f"{role}:{encounter_id}" + (f":{generation}" if generation else "")
    digest = hmac.new(secret, message.encode(), hashlib.sha256).digest()
    return f"{role}_" + digest.hex()[:40]


def character_token(secret: bytes, encounter_id: UUID, character: str, generation: int = 0) -> str:
    """The token of one player character of the encounter, at its generation: `pc_`, the HMAC
    of `pc:<encounter>:<character>[:generation]`, `_`, the character's id in hex (so the token
    says whom it holds without a read of the encounter, and stays URL-safe)."""
    message = f"{CHARACTER}:{encounter_id}:{character}" + (f":{generation}" if generation else "")
    digest = hmac.new(secret, message.encode(), hashlib.sha256).digest()
    return f"{CHARACTER}_{digest.hex()[:40]}_{character.encode().hex()}"


def character_role(character: str) -> str:
    """The role a character's token generation is kept under (api/store/access.py)."""
    return f"{CHARACTER}:{character}"


def character_of(given: bytes) -> str | None:
    """The character a `pc_` token names (None: it is no character's token)."""
    prefix = len(CHARACTER) + 42  # `pc_`, 40 hex, `_`
    if not given.startswith(f"{CHARACTER}_".encode()) or given[prefix - 1 : prefix] != b"_":
        return None
    try:
        return bytes.fromhex(given[prefix:].decode()).decode() or None
    except ValueError:  # odd length, not hex, not UTF-8
        return None


def operator_token(secret: bytes) -> str:
    """The operator's token: it manages the tables, and is the default table's key until that
    is rotated (the analytics token of earlier versions, the same value)."""
    digest = hmac.new(secret, b"analytics", hashlib.sha256).digest()
    return "stats_" + digest.hex()[:40]


analytics_token = operator_token  # its earlier name


def bearer(authorization: str | None, field: str = "authorization", what: str = "token") -> bytes:
    """The token a `Bearer` header carries; NoToken without one, NotAToken for one no token
    can be."""
    if not authorization or not authorization.lower().startswith("bearer "):
        raise NoToken(field, what)
    given = authorization[7:].strip()
    if not given.isascii() or not given.isprintable():
        raise NotAToken(field)
    return given.encode()


def same(given: bytes, expected: str) -> bool:
    """Constant-time comparison."""
    return hmac.compare_digest(given, expected.encode())


def check_operator(secret: bytes, authorization: str | None, refused: str = OPERATOR_ONLY) -> None:
    """NoToken without a token, WrongToken unless it is the operator's token."""
    if not same(bearer(authorization, what="operator token"), operator_token(secret)):
        raise WrongToken("authorization", refused)


def holder_of(
    secret: bytes,
    encounter_id: UUID,
    authorization: str | None,
    generations: Mapping[str, int] | None = None,
    field: str = "authorization",
) -> tuple[Role, Viewer]:
    """The role a bearer token grants on this encounter and the characters it holds (a
    character's token: the player role, that character); NoToken without one, WrongToken for
    a wrong one (a rotated-away one among them)."""
    given = bearer(authorization, field)
    current = generations or {}
    character = character_of(given)
    if character is not None:
        generation = current.get(character_role(character), 0)
        if same(given, character_token(secret, encounter_id, character, generation)):
            return "player", frozenset({character})
        raise WrongToken(field, NO_DOOR)
    for role in ROLES:
        if same(given, token(secret, encounter_id, role, current.get(role, 0))):
            return role, frozenset()
    raise WrongToken(field, NO_DOOR)


def role_of(
    secret: bytes,
    encounter_id: UUID,
    authorization: str | None,
    generations: Mapping[str, int] | None = None,
    field: str = "authorization",
) -> Role:
    """The role a bearer token grants on this encounter (see `holder_of`)."""
    return holder_of(secret, encounter_id, authorization, generations, field)[0]


def tokens(secret: bytes, encounter_id: UUID, generations: Mapping[str, int]) -> dict[str, str]:
    """The encounter's current tokens: {gm_token, player_token}."""
    return {f"{r}_token": token(secret, encounter_id, r, generations.get(r, 0)) for r in ROLES}


class Tokens:
    """The service's tokens: issued and checked under its secret, at the generations the store
    keeps (read from it on each check, or, for a write, as this worker last read them)."""

    def __init__(self, secret: bytes, access: AccessRecords) -> None:
        self.secret, self.access = secret, access

    def role(
        self, encounter_id: UUID, authorization: str | None, field: str = "authorization"
    ) -> Role:
        """The role the token grants on the encounter, at the generations the store holds now."""
        generations = self.access.generations(encounter_id)
        return role_of(self.secret, encounter_id, authorization, generations, field)

    def holder(
        self, encounter_id: UUID, authorization: str | None, field: str = "authorization"
    ) -> tuple[Role, Viewer]:
        """The role and the characters the token holds, at the generations the store holds."""
        generations = self.access.generations(encounter_id)
        return holder_of(self.secret, encounter_id, authorization, generations, field)

    def character(self, encounter_id: UUID, character: str) -> str:
        """The current token of one player character of the encounter."""
        generation = self.access.generations(encounter_id).get(character_role(character), 0)
        return character_token(self.secret, encounter_id, character, generation)

    def rotate_character(self, encounter_id: UUID, character: str) -> str:
        """Replace one character's token (the old one is refused from now on): the new one."""
        self.access.rotate(encounter_id, character_role(character))
        return self.character(encounter_id, character)

    def remembered_gm(self, encounter_id: UUID, authorization: str | None) -> int | None:
        """The GM token's generation, if the token is the GM's at the generations this worker
        remembers (its commit confirms it in the store); None when memory cannot tell."""
        known = self.access.known(encounter_id)
        if known is None:
            return None
        try:
            role = role_of(self.secret, encounter_id, authorization, known)
        except (NoToken, NotAToken, WrongToken):
            return None  # refused on memory: the store decides
        return known["gm"] if role == "gm" else None

    def check_operator(self, authorization: str | None, refused: str = OPERATOR_ONLY) -> None:
        """NoToken without a token, WrongToken unless it is the operator's token."""
        check_operator(self.secret, authorization, refused)

    def operator(self) -> str:
        """The operator's token."""
        return operator_token(self.secret)

    def generations(self, encounter_id: UUID) -> dict[str, int]:
        """How often each role's token of the encounter was rotated, read from the store."""
        return self.access.generations(encounter_id)

    def issued(
        self, encounter_id: UUID, generations: Mapping[str, int] | None = None
    ) -> dict[str, str]:
        """The encounter's current tokens {gm_token, player_token} (at `generations` when given:
        a new encounter's are all 0)."""
        if generations is None:
            generations = self.access.generations(encounter_id)
        return tokens(self.secret, encounter_id, generations)

    def rotate(self, encounter_id: UUID, role: str) -> dict[str, str]:
        """Replace the role's token (the old one is refused from now on): the current tokens."""
        self.access.rotate(encounter_id, role)
        return self.issued(encounter_id)
