"""Claims of characters through an encounter's shared player link (issue 26): a player opening
the link reads the player characters nobody holds and claims one with their name; the GM reads
the claims waiting (and the characters held by claim) and approves or declines each; the
requester, with the claim's ticket, reads its state and, once approved, the character's token.
The GM releases a claim by replacing the character's token (POST …/characters/{id}/token)."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Path
from fastapi.concurrency import run_in_threadpool

from api.http.deps import Auth, ClaimsDep, DoorsDep, Opened, Service, TokensDep, Writer, gm_only
from api.http.problems import ERRORS, HttpProblem
from api.http.routes.encounters import NO_STORE
from api.http.schemas.proposals import Claimable, ClaimState, NewClaim, SharedLink
from api.service.claims import TICKET, ClaimRefused, ClaimView
from projections.history import History
from projections.player import player_state
from projections.proposals import claimable
from projections.redaction import EVERYONE

router = APIRouter(prefix="/encounters", tags=["claims"], responses=ERRORS)
ClaimId = Annotated[str, Path(pattern=r"^[0-9a-f]{16}$", description="The claim's id.")]
LIMITED: dict[int | str, dict[str, Any]] = {
    429: {"description": "Too many claims wait for the GM, or were made this minute",
          "headers": {"Retry-After": {"description": "Seconds to wait",
                                      "schema": {"type": "integer"}}}},
}  # fmt: skip
SHARED_LINK = "a player claims a character through the table's shared player link"


def names(history: History) -> dict[str, str]:
    """Every combatant's name, hidden ones too: for the GM alone."""
    return {m.id: m.name for m in history.table().members.values()}


def shown_names(history: History) -> dict[str, str]:
    """The names the player view shows, by id (a claim's character hidden or renamed hidden
    since: its id alone, which its requester named)."""
    shown = player_state(history, None, "then", EVERYONE)["combatants"]
    return {c: str(seen["name"]) for c, seen in shown.items() if "name" in seen}


def problem(refused: ClaimRefused) -> HttpProblem:
    headers = None if refused.retry_after is None else {"Retry-After": str(refused.retry_after)}
    return HttpProblem(
        refused.status, refused.title, refused.detail, refused.field, headers=headers
    )


def state(view: ClaimView, ticket: str | None = None) -> ClaimState:
    return ClaimState(
        claim=view.claim, combatant=view.combatant, name=view.name, player=view.player,
        state=view.state, made=view.made, token=view.token, ticket=ticket,
    )  # fmt: skip


async def offered(service: Service, encounter_id: UUID) -> dict[str, str]:
    """The player characters the player view shows, by id: their names."""
    return dict(await run_in_threadpool(service.read, encounter_id, claimable))


@router.get("/{encounter_id}/player-link", response_model=SharedLink, dependencies=NO_STORE)
async def player_link(encounter_id: UUID, _: Writer, tokens: TokensDep) -> SharedLink:
    """The GM: the table's shared player link's token (the player view; a player opening it
    claims a character nobody holds), as the GM's rotation of it answers it too."""
    issued = await run_in_threadpool(tokens.issued, encounter_id)
    return SharedLink(id=encounter_id, token=issued["player_token"])


@router.get("/{encounter_id}/claimable", response_model=list[Claimable])
async def unclaimed(
    encounter_id: UUID, _: Opened, service: Service, claims: ClaimsDep
) -> list[Claimable]:
    """The player characters a player may claim: in the fight, shown in the player view (a
    hidden one never), held by no approved claim; in the order they joined."""
    shown = await offered(service, encounter_id)
    held = await run_in_threadpool(claims.claimed, encounter_id)
    return [Claimable(combatant=c, name=n) for c, n in shown.items() if c not in held]


@router.post(
    "/{encounter_id}/claims", status_code=201, response_model=ClaimState,
    dependencies=NO_STORE, responses=LIMITED,
)  # fmt: skip
async def claim(
    encounter_id: UUID, body: NewClaim, caller: Opened, service: Service, claims: ClaimsDep
) -> ClaimState:
    """A player asks the GM for a character, through the shared player link alone (403 for a
    character's link and the GM's token). The reply's `ticket` is the requester's alone: with
    it they read the claim, and the character's token once the GM approves. A character the
    player view does not show (hidden, not a player character, none) is refused alike (404)."""
    if caller.role == "gm" or caller.viewer:
        raise HttpProblem(403, "The shared player link only", SHARED_LINK, "authorization")
    shown = await offered(service, encounter_id)
    try:
        made, ticket = await run_in_threadpool(
            claims.make, encounter_id, body.combatant, body.player, shown
        )
    except ClaimRefused as refused:
        raise problem(refused) from None
    return state(made, ticket)


@router.get("/{encounter_id}/claims", response_model=list[ClaimState], dependencies=NO_STORE)
async def waiting(
    encounter_id: UUID, _: Writer, service: Service, claims: ClaimsDep
) -> list[ClaimState]:
    """The GM: the claims waiting (`pending`) and the characters held by claim (`approved`),
    oldest first; no ticket, no token."""
    named = await run_in_threadpool(service.read, encounter_id, names)
    found = await run_in_threadpool(claims.open_claims, encounter_id, named)
    return [state(view) for view in found]


@router.get("/{encounter_id}/claims/{claim_id}", response_model=ClaimState, dependencies=NO_STORE)
async def mine(
    encounter_id: UUID,
    claim_id: ClaimId,
    service: Service,
    claims: ClaimsDep,
    doors: DoorsDep,
    authorization: Auth = None,
) -> ClaimState:
    """The requester reads their claim with its ticket (`Authorization: Bearer claim_…`): its
    state, and the character's token while approved. Any other ticket (of another claim or
    encounter) is refused alike (403), whether the claim exists or not. The GM reads it too,
    without the token; any other token is a 403."""

    def named() -> dict[str, str]:
        return service.read(encounter_id, names)

    def shown() -> dict[str, str]:  # the requester reads names as the player view shows them
        return service.read(encounter_id, shown_names)

    if authorization is not None and authorization[7:].strip().startswith(TICKET):
        held = await run_in_threadpool(claims.mine, encounter_id, claim_id, authorization, shown)
        return state(held)
    gm_only(doors.opener(encounter_id, authorization).role)
    found = await run_in_threadpool(claims.read, encounter_id, claim_id, named)
    if found is None:
        raise HttpProblem(404, "No such claim", f"no claim {claim_id!r}", "claim_id")
    return state(found)


async def decided(
    encounter_id: UUID, claim_id: str, approve: bool, service: Service, claims: ClaimsDep
) -> ClaimState:
    def look(history: History) -> tuple[dict[str, str], dict[str, str]]:
        return dict(claimable(history)), names(history)

    shown, named = await run_in_threadpool(service.read, encounter_id, look)
    try:
        view = await run_in_threadpool(claims.decide, encounter_id, claim_id, approve, shown, named)
    except ClaimRefused as refused:
        raise problem(refused) from None
    return state(view)


@router.post("/{encounter_id}/claims/{claim_id}/approve", response_model=ClaimState)
async def approve(
    encounter_id: UUID, claim_id: ClaimId, _: Writer, service: Service, claims: ClaimsDep
) -> ClaimState:
    """The GM approves a waiting claim: its requester reads the character's token from now on,
    and every other claim waiting for that character is declined. 409 for a claim decided
    already, a character held already or no longer shown."""
    return await decided(encounter_id, claim_id, True, service, claims)


@router.post("/{encounter_id}/claims/{claim_id}/decline", response_model=ClaimState)
async def decline(
    encounter_id: UUID, claim_id: ClaimId, _: Writer, service: Service, claims: ClaimsDep
) -> ClaimState:
    """The GM declines a waiting claim; its requester may claim again."""
    return await decided(encounter_id, claim_id, False, service, claims)


__all__ = ["router"]
