"""What the tokens rest on, kept in the store's own database so every worker and a restart agree:
each encounter's token generations (a rotation bumps one) and the fingerprint of the secret the
service issues tokens under.

A worker also remembers the generations it last read (`known`): the GM's writes check a token
against them on the event loop, and the committer confirms the generation against the store
(`stale`, one read for the whole commit) before the write is decided, so a rotation made by
another worker or by `combatlog tokens --rotate` is refused at once all the same."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any
from uuid import UUID

from api.store.config import tables_locked
from api.store.sql import Run, transaction

ROLES = ("gm", "player")
CHARACTERS = "pc:"  # a player character's token's generation: role `pc:<character>` (issue 26)
KNOWN = 4096  # encounters whose generations a worker remembers (the least recently read go)
CLAIM_COLUMNS = "claim_id, combatant, player, ticket, state, made, generation, link"


@dataclass(frozen=True, slots=True)
class Claim:
    """A player's claim of a player character through the encounter's shared player link
    (issue 26): `ticket` is the digest of the secret its requester alone holds; `state` is
    `pending`, `approved` (at the character's token `generation` then: a rotation since
    releases it) or `declined`; `made` in seconds since the epoch; `link` the generation of the
    shared player token it was made with (a claim waiting when that token is replaced lapses)."""

    claim_id: str
    combatant: str
    player: str
    ticket: str
    state: str = "pending"
    made: float = 0.0
    generation: int = -1
    link: int = 0


class AccessRecords:
    """Token generations and the secret's fingerprint (in memory for the in-memory store)."""

    def __init__(self, recorder: Any, url: str, postgres: bool) -> None:
        self.datastore: Any = getattr(recorder, "datastore", None)
        self.postgres = postgres
        self._generations: dict[str, dict[str, int]] = {}  # by encounter, by role
        self._fingerprint: str | None = None
        self._guard = threading.Lock()
        self._known: OrderedDict[UUID, dict[str, int]] = OrderedDict()
        self._claims: dict[str, dict[str, Claim]] = {}  # by encounter, by claim (in memory)
        if self.datastore is None:
            return
        if postgres:
            prefix = f"{self.datastore.schema}.{recorder.events_table_name.removesuffix('_events')}"
            self.tokens, self.secret = f"{prefix}_tokens", f"{prefix}_secret"
            self.claims_table = f"{prefix}_claims"
        else:
            self.tokens, self.secret = "token_generations", "secret_fingerprint"
            self.claims_table = "player_claims"
        with tables_locked(url), self._sql() as run:
            run(
                f"CREATE TABLE IF NOT EXISTS {self.tokens} (encounter_id TEXT, role TEXT, "
                "generation INTEGER NOT NULL, PRIMARY KEY (encounter_id, role))"
            )
            run(f"CREATE TABLE IF NOT EXISTS {self.secret} (name TEXT PRIMARY KEY, value TEXT)")
            run(
                f"CREATE TABLE IF NOT EXISTS {self.claims_table} (encounter_id TEXT, "
                "claim_id TEXT, combatant TEXT NOT NULL, player TEXT NOT NULL, "
                "ticket TEXT NOT NULL, state TEXT NOT NULL, made DOUBLE PRECISION NOT NULL, "
                "generation INTEGER NOT NULL, link INTEGER NOT NULL, "
                "PRIMARY KEY (encounter_id, claim_id))"
            )

    def generations(self, encounter_id: UUID) -> dict[str, int]:
        """How often each role's token was rotated (0: never), read from the store: the GM's,
        the players', and each player character's that was (`pc:<character>`)."""
        found = dict.fromkeys(ROLES, 0)
        if self.datastore is None:
            with self._guard:
                found.update(self._generations.get(encounter_id.hex, {}))
            return found
        rows = self._read(
            f"SELECT role, generation FROM {self.tokens} WHERE encounter_id = ?",
            (encounter_id.hex,),
        )
        found.update({r: g for r, g in rows if r in found or str(r).startswith(CHARACTERS)})
        self._remember({encounter_id: found})
        return found

    def known(self, encounter_id: UUID) -> dict[str, int] | None:
        """The generations this worker last read (None if it read none): perhaps behind another
        worker's rotation, so what is let through on them is confirmed by `stale`."""
        if self.datastore is None:
            return self.generations(encounter_id)
        with self._guard:
            return self._known.get(encounter_id)

    def stale(self, granted: Iterable[tuple[UUID, str, int]]) -> set[tuple[UUID, str, int]]:
        """Of (encounter, role, generation) grants, those whose role's token has been rotated
        since: one read of the store for them all."""
        wanted = set(granted)
        ids = {encounter_id.hex: encounter_id for encounter_id, _, _ in wanted}
        if not wanted:
            return set()
        if self.datastore is None:
            current = {
                encounter_id: self.generations(encounter_id) for encounter_id in ids.values()
            }
        else:
            current = {e: dict.fromkeys(ROLES, 0) for e in ids.values()}
            marks = ", ".join("?" * len(ids))
            statement = f"SELECT encounter_id, role, generation FROM {self.tokens} WHERE "
            for hexed, role, generation in self._read(
                statement + f"encounter_id IN ({marks})", tuple(ids)
            ):
                current[ids[hexed]][role] = generation
            with self._guard:
                moved = {e: g for e, g in current.items() if self._known.get(e, g) != g}
            self._remember(moved)  # what another worker or the command line rotated
        return {grant for grant in wanted if current[grant[0]].get(grant[1], 0) != grant[2]}

    def _remember(self, read: Mapping[UUID, dict[str, int]]) -> None:
        with self._guard:
            for encounter_id, generations in read.items():
                self._known[encounter_id] = dict(generations)
                self._known.move_to_end(encounter_id)
            while len(self._known) > KNOWN:
                self._known.popitem(last=False)

    def _read(self, statement: str, params: tuple[str, ...]) -> list[tuple[Any, ...]]:
        """One SELECT outside a transaction (one statement, not three: it runs on every request
        that shows a token; on SQLite each statement is a wait for the GIL against the writer)."""
        if not self.postgres:
            with self.datastore.get_connection(commit=False) as reader, reader.cursor() as c:
                c.execute(statement, params)
                return [tuple(row) for row in c.fetchall()]
        with self.datastore.cursor() as cursor:
            cursor.execute(statement.replace("?", "%s"), params)
            return [tuple(row.values()) for row in cursor.fetchall()]

    def rotate(self, encounter_id: UUID, role: str) -> int:
        """The role's next generation, recorded: the token of the one before is refused."""
        if self.datastore is None:
            with self._guard:
                rotated = self._generations.setdefault(encounter_id.hex, {})
                rotated[role] = rotated.get(role, 0) + 1
                return rotated[role]
        with self._sql() as run:
            run(
                f"INSERT INTO {self.tokens} AS t (encounter_id, role, generation) VALUES (?, ?, 1) "
                "ON CONFLICT (encounter_id, role) DO UPDATE SET generation = t.generation + 1",
                (encounter_id.hex, role),
            )
            rows = run(
                f"SELECT generation FROM {self.tokens} WHERE encounter_id = ? AND role = ?",
                (encounter_id.hex, role),
            )
        return int(rows[0][0])

    def secret_fingerprint(self) -> str | None:
        """The fingerprint of the secret the stored encounters' tokens were issued under."""
        if self.datastore is None:
            return self._fingerprint
        with self._sql(commit=False) as run:
            rows = run(f"SELECT value FROM {self.secret} WHERE name = 'fingerprint'")
        return str(rows[0][0]) if rows else None

    def remember_secret(self, fingerprint: str) -> None:
        """From now on, tokens are issued under the secret with this fingerprint."""
        if self.datastore is None:
            self._fingerprint = fingerprint
            return
        with self._sql() as run:
            run(
                f"INSERT INTO {self.secret} (name, value) VALUES ('fingerprint', ?) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (fingerprint,),
            )

    def claims(self, encounter_id: UUID) -> list[Claim]:
        """The encounter's claims, oldest first (every query names the encounter: a claim of
        one is never found through another)."""
        if self.datastore is None:
            with self._guard:
                return sorted(self._claims.get(encounter_id.hex, {}).values(), key=_made)
        rows = self._read(
            f"SELECT {CLAIM_COLUMNS} FROM {self.claims_table} WHERE encounter_id = ? "
            "ORDER BY made, claim_id",
            (encounter_id.hex,),
        )
        return [_claim(row) for row in rows]

    def claim(self, encounter_id: UUID, claim_id: str) -> Claim | None:
        """One claim of the encounter (None: the encounter has none of that id)."""
        return next((c for c in self.claims(encounter_id) if c.claim_id == claim_id), None)

    def add_claim(
        self, encounter_id: UUID, claim: Claim, check: Callable[[list[Claim]], None]
    ) -> None:
        """Keep a new claim, once `check` (which raises to refuse it) passed on the encounter's
        claims, read in the same transaction."""
        if self.datastore is None:
            with self._guard:
                kept = self._claims.setdefault(encounter_id.hex, {})
                check(sorted(kept.values(), key=_made))
                kept[claim.claim_id] = claim
            return
        with self._sql() as run:
            rows = run(
                f"SELECT {CLAIM_COLUMNS} FROM {self.claims_table} WHERE encounter_id = ?",
                (encounter_id.hex,),
            )
            check(sorted((_claim(row) for row in rows), key=_made))
            run(
                f"INSERT INTO {self.claims_table} (encounter_id, {CLAIM_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (encounter_id.hex, claim.claim_id, claim.combatant, claim.player, claim.ticket,
                 claim.state, claim.made, claim.generation, claim.link),
            )  # fmt: skip

    def decide_claim(
        self, encounter_id: UUID, claim_id: str, state: str, generation: int = -1
    ) -> bool:
        """A pending claim approved (at the character's token generation) or declined; when
        approved, every other pending claim of that character declined with it. False: no
        pending claim of that id (decided meanwhile, or none)."""
        if self.datastore is None:
            with self._guard:
                kept = self._claims.get(encounter_id.hex, {})
                found = kept.get(claim_id)
                if found is None or found.state != "pending":
                    return False
                kept[claim_id] = replace(found, state=state, generation=generation)
                if state == "approved":
                    for other in list(kept.values()):
                        rival = other.combatant == found.combatant and other.claim_id != claim_id
                        if rival and other.state == "pending":
                            kept[other.claim_id] = replace(other, state="declined")
                return True
        with self._sql() as run:
            rows = run(
                f"UPDATE {self.claims_table} SET state = ?, generation = ? WHERE "
                "encounter_id = ? AND claim_id = ? AND state = 'pending' RETURNING combatant",
                (state, generation, encounter_id.hex, claim_id),
            )
            if rows and state == "approved":
                run(
                    f"UPDATE {self.claims_table} SET state = 'declined' WHERE encounter_id = ? "
                    "AND combatant = ? AND state = 'pending'",
                    (encounter_id.hex, rows[0][0]),
                )
        return bool(rows)

    @contextmanager
    def _sql(self, commit: bool = True) -> Iterator[Run]:
        with transaction(self.datastore, self.postgres, commit) as (run, _):
            yield run


def _made(claim: Claim) -> tuple[float, str]:
    return claim.made, claim.claim_id


def _claim(row: tuple[Any, ...]) -> Claim:
    claim_id, combatant, player, ticket, state, made, generation, link = row
    return Claim(str(claim_id), str(combatant), str(player), str(ticket), str(state),
                 float(made), int(generation), int(link))  # fmt: skip
