"""Players claiming characters through an encounter's shared player link (issue 26): a player
picks a player character nobody holds and gives their name; the GM approves or declines; the
approved requester alone, holding the claim's ticket, reads the character's token (`pc_…`).

Claims are access control, not table facts: they are kept in the store beside the tokens'
generations (api/store/access.py), never in the log. A claim is approved at the character's
token generation; the GM's rotation of that token (the release) leaves it behind, and the
character is offered again. Each claim is found only through its own encounter.

A ticket is `claim_` and 32 random bytes in hex; the store keeps only its SHA-256 digest."""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from uuid import UUID

from api.service.errors import WrongToken
from api.service.tokens import Tokens, bearer, character_role
from api.store.access import Claim

MOST_PENDING = 8  # claims of one encounter waiting for the GM
MOST_A_MINUTE = 12  # claims made through one encounter's player link in any 60 seconds
WAIT_FOR_GM = 10  # Retry-After (s) while MOST_PENDING claims wait
NO_CLAIM = "no claim of this encounter holds this ticket"
TICKET = "claim_"  # a claim's ticket begins so


class ClaimRefused(Exception):
    """A claim refused: `status` (404, 409, 429), `title`, `detail`, the `field` at fault, and
    for a 429 the seconds to wait."""

    def __init__(
        self, status: int, title: str, detail: str, field: str, retry_after: int | None = None
    ) -> None:
        super().__init__(detail)
        self.status, self.title, self.detail = status, title, detail
        self.field, self.retry_after = field, retry_after


@dataclass(frozen=True, slots=True)
class ClaimView:
    """A claim as it stands: `state` is `pending`, `approved`, `declined`, `released` (was
    approved, and the GM has since replaced the character's token) or `lapsed` (waiting when the
    GM replaced the shared player token it was made with); `token` is the character's
    token, for the claim's own requester while approved."""

    claim: str
    combatant: str
    name: str
    player: str
    state: str
    made: float
    token: str | None = None


def digest(ticket: str) -> str:
    return hashlib.sha256(ticket.encode()).hexdigest()


class Claims:
    """The encounters' claims, over the store's access records and the tokens."""

    def __init__(self, tokens: Tokens) -> None:
        self.tokens, self.access = tokens, tokens.access

    def _state(self, claim: Claim, generations: Mapping[str, int]) -> str:
        if claim.state == "pending":  # lapsed: the shared link it was made with was replaced
            return "pending" if generations.get("player", 0) == claim.link else "lapsed"
        if claim.state != "approved":
            return claim.state
        current = generations.get(character_role(claim.combatant), 0)
        return "approved" if current == claim.generation else "released"

    def _view(
        self, claim: Claim, names: Mapping[str, str], generations: Mapping[str, int]
    ) -> ClaimView:
        name = names.get(claim.combatant, claim.combatant)
        state = self._state(claim, generations)
        return ClaimView(claim.claim_id, claim.combatant, name, claim.player, state, claim.made)

    def claimed(self, encounter_id: UUID) -> dict[str, str]:
        """The characters held through an approved claim now: {character: player's name}."""
        generations = self.tokens.generations(encounter_id)
        return {
            c.combatant: c.player
            for c in self.access.claims(encounter_id)
            if self._state(c, generations) == "approved"
        }

    def open_claims(self, encounter_id: UUID, names: Mapping[str, str]) -> list[ClaimView]:
        """For the GM: the claims waiting and the characters held by claim, oldest first."""
        generations = self.tokens.generations(encounter_id)
        views = [self._view(c, names, generations) for c in self.access.claims(encounter_id)]
        return [v for v in views if v.state in ("pending", "approved")]

    def make(
        self, encounter_id: UUID, combatant: str, player: str, offered: Mapping[str, str]
    ) -> tuple[ClaimView, str]:
        """A new claim of `combatant` (one of `offered`: the player characters the player view
        shows; 404 for any other, alike) and its ticket; 409 for one held already, 429 beyond
        the limits."""
        if combatant not in offered:
            detail = f"{combatant!r} is no player character in the fight"
            raise ClaimRefused(404, "No such character", detail, "combatant")
        if combatant in self.claimed(encounter_id):
            detail = f"{offered[combatant]} is claimed already: the GM releases a claim"
            raise ClaimRefused(409, "Claimed already", detail, "combatant")
        ticket = TICKET + secrets.token_hex(32)
        now, link = time.time(), self.tokens.generations(encounter_id).get("player", 0)
        claim = Claim(secrets.token_hex(8), combatant, player, digest(ticket), made=now, link=link)

        def check(claims: list[Claim]) -> None:
            waiting = [c for c in claims if c.state == "pending" and c.link == link]
            if len(waiting) >= MOST_PENDING:
                detail = f"{MOST_PENDING} claims wait for the GM already"
                raise ClaimRefused(429, "Too many claims", detail, "combatant", WAIT_FOR_GM)
            recent = sorted(c.made for c in claims if now - c.made < 60)
            if len(recent) >= MOST_A_MINUTE:
                wait = max(1, math.ceil(60 - (now - recent[-MOST_A_MINUTE])))
                detail = f"{MOST_A_MINUTE} claims in a minute: wait a little"
                raise ClaimRefused(429, "Too many claims", detail, "combatant", wait)

        self.access.add_claim(encounter_id, claim, check)
        view = ClaimView(claim.claim_id, combatant, offered[combatant], player, "pending", now)
        return view, ticket

    def mine(
        self,
        encounter_id: UUID,
        claim_id: str,
        authorization: str | None,
        names: Callable[[], Mapping[str, str]],
    ) -> ClaimView:
        """The claim its ticket (the bearer) holds, with the character's token once approved;
        NoToken or NotAToken without a ticket, WrongToken for any other (of another claim,
        another encounter, or none), whether the claim exists or not."""
        given = bearer(authorization, what="claim ticket")
        found = self.access.claim(encounter_id, claim_id)
        if found is None or not hmac.compare_digest(digest(given.decode()), found.ticket):
            raise WrongToken("authorization", NO_CLAIM)
        generations = self.tokens.generations(encounter_id)
        view = self._view(found, names(), generations)
        if view.state != "approved":
            return view
        token = self.tokens.character(encounter_id, found.combatant)
        return replace(view, token=token)

    def read(
        self, encounter_id: UUID, claim_id: str, names: Callable[[], Mapping[str, str]]
    ) -> ClaimView | None:
        """For the GM: one claim of the encounter as it stands, without the token (None: the
        encounter has no claim of that id)."""
        found = self.access.claim(encounter_id, claim_id)
        if found is None:
            return None
        return self._view(found, names(), self.tokens.generations(encounter_id))

    def decide(
        self,
        encounter_id: UUID,
        claim_id: str,
        approve: bool,
        offered: Mapping[str, str],
        names: Mapping[str, str],
    ) -> ClaimView:
        """The GM approves (the character must still be offered, and held by no one) or
        declines a pending claim; 404 for no claim of that id, 409 for one decided."""
        found = self.access.claim(encounter_id, claim_id)
        if found is None:
            raise ClaimRefused(404, "No such claim", f"no claim {claim_id!r}", "claim_id")
        now = self._state(found, self.tokens.generations(encounter_id))
        if now != "pending":
            detail = f"the claim is {now}"
            raise ClaimRefused(409, "Decided already", detail, "claim_id")
        generation = -1
        if approve:
            if found.combatant not in offered:
                detail = f"{found.combatant!r} is no player character in the fight now"
                raise ClaimRefused(409, "Not offered now", detail, "claim_id")
            holder = self.claimed(encounter_id).get(found.combatant)
            if holder is not None:
                detail = f"{offered[found.combatant]} is held by {holder}: release it first"
                raise ClaimRefused(409, "Claimed already", detail, "claim_id")
            generation = self.tokens.generations(encounter_id).get(
                character_role(found.combatant), 0
            )
        state = "approved" if approve else "declined"
        if not self.access.decide_claim(encounter_id, claim_id, state, generation):
            raise ClaimRefused(
                409, "Decided already", "the claim was decided meanwhile", "claim_id"
            )
        decided = replace(found, state=state, generation=generation)
        return self._view(decided, names, self.tokens.generations(encounter_id))
