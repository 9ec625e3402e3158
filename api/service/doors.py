"""Who opens what: an encounter opens to its own tokens (its GM's, its players') and to the key of
the table it belongs to (the group's GM); a table's routes (its encounters listed and opened,
its campaigns, library and figures) open to that table's key. Every answer is read from the
store on each request (the rotations, the keys' hashes), so a rotation counts at once, on every
worker; only an encounter's table, which its line 1 fixes for good, is remembered.

An id that does not exist answers as one the credential does not open: an encounter's own
tokens are tried first (they need no read of the encounter), then the key, and an encounter
that is not there belongs to no table, so no key opens it: 403, as for another table's."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from uuid import UUID

from api.service.encounters import Encounters
from api.service.errors import NotAToken, NoToken, UnknownEncounter, WrongToken
from api.service.tables import Tables
from api.service.tokens import Role, Tokens, Viewer, bearer, role_of
from domain.tables import table_of

NO_TABLE = "this key opens no table"
TABLES_KEPT = 4096  # encounters whose table a worker remembers (the least recently asked go)


@dataclass(frozen=True, slots=True)
class Opener:
    """How the caller opened an encounter: its role, the table whose key opened it (None: the
    encounter's own token), and the characters its token holds (a player character's token:
    that one; every other credential: none)."""

    role: Role
    table: str | None = None
    viewer: Viewer = frozenset()


class Doors:
    """The service's doors: tokens, tables' keys and the encounters they open."""

    def __init__(self, tokens: Tokens, tables: Tables, encounters: Encounters) -> None:
        self.tokens, self.tables, self.encounters = tokens, tables, encounters
        self._tables_of: OrderedDict[UUID, str] = OrderedDict()
        self._guard = threading.Lock()

    def table(self, authorization: str | None, field: str = "authorization") -> str:
        """The id of the table the caller's key opens: NoToken or NotAToken (401) without a
        key, WrongToken (403) for one that opens no table (an encounter's token among them)."""
        found = self.tables.opened_by(bearer(authorization, field, "table key"))
        if found is None:
            raise WrongToken(field, NO_TABLE)
        return found

    def opener(
        self, encounter_id: UUID, authorization: str | None, field: str = "authorization"
    ) -> Opener:
        """How the token opens the encounter: its GM's or a player's token, or its table's key
        (the GM's role); NoToken or NotAToken (401), else WrongToken (403), whether or not the
        encounter exists."""
        try:
            role, viewer = self.tokens.holder(encounter_id, authorization, field)
            return Opener(role, None, viewer)
        except WrongToken:
            table = self.tables.opened_by(bearer(authorization, field))
            if table is None or table != self.table_of(encounter_id):
                raise
            return Opener("gm", table)

    def closed_to(self, encounter_id: UUID, credentials: Iterable[str]) -> set[str]:
        """Of these credentials (a live stream's Authorization values), those that open the
        encounter no more: its tokens' rotations read once for them all, the tables' keys only
        for one that is no token of the encounter's."""
        generations, secret = self.tokens.generations(encounter_id), self.tokens.secret
        closed = set()
        for credential in credentials:
            try:
                role_of(secret, encounter_id, credential, generations)
            except (NoToken, NotAToken, WrongToken):
                if not self._keys(encounter_id, credential):
                    closed.add(credential)
        return closed

    def _keys(self, encounter_id: UUID, credential: str) -> bool:
        """Whether the credential is the key of the encounter's table now."""
        try:
            table = self.tables.opened_by(bearer(credential))
        except (NoToken, NotAToken):
            return False
        return table is not None and table == self.table_of(encounter_id)

    def role(
        self, encounter_id: UUID, authorization: str | None, field: str = "authorization"
    ) -> Role:
        """The role the token (or the table's key) gives on the encounter (see `opener`)."""
        return self.opener(encounter_id, authorization, field).role

    def table_of(self, encounter_id: UUID) -> str | None:
        """The table the encounter belongs to, from its line 1 (None: no such encounter)."""
        with self._guard:
            if (known := self._tables_of.get(encounter_id)) is not None:
                self._tables_of.move_to_end(encounter_id)
                return known
        try:
            first = self.encounters.facts(encounter_id, upto=1)[0]
        except UnknownEncounter:
            return None
        with self._guard:
            self._tables_of[encounter_id] = table = table_of(first)
            while len(self._tables_of) > TABLES_KEPT:
                self._tables_of.popitem(last=False)
        return table
