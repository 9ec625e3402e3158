"""An encounter's tokens: its table's key reads them (as `combatlog tokens` does on the service's
machine), and a GM replaces the player or GM token, after which the old one is refused; the GM
reads each player character's link (its token) and replaces one (issue 26)."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Path
from fastapi.concurrency import run_in_threadpool

from api.http.deps import FeedsDep, KeyOpened, Service, TokensDep, Writer
from api.http.problems import ERRORS, HttpProblem
from api.http.routes.encounters import NO_STORE
from api.http.schemas import encounters as schemas
from api.http.schemas.proposals import CharacterLink
from domain.events import CombatantId
from projections.history import History
from projections.proposals import players_in_fight

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post("/{encounter_id}/tokens", response_model=schemas.Tokens, dependencies=NO_STORE)
async def rotate(
    encounter_id: UUID, body: schemas.Rotation, _: Writer, tokens: TokensDep, feeds: FeedsDep
) -> schemas.Tokens:
    """Replace the player (or GM) token; every worker refuses the old one from now on, and a
    live stream opened with it ends (on this worker at once; on another before its next line)."""
    issued = await run_in_threadpool(tokens.rotate, encounter_id, body.rotate)
    await feeds.rotated(encounter_id)
    return schemas.Tokens(id=encounter_id, **issued)


@router.get("/{encounter_id}/tokens", response_model=schemas.Tokens, dependencies=NO_STORE)
async def current(encounter_id: UUID, _: KeyOpened, tokens: TokensDep) -> schemas.Tokens:
    """The encounter's current GM and player tokens, for the key of its table only: the GM page
    opens a fight from a campaign's page with them (what `combatlog tokens ID` prints)."""
    issued = await run_in_threadpool(tokens.issued, encounter_id)
    return schemas.Tokens(id=encounter_id, **issued)


def characters_in(history: History) -> list[tuple[str, str]]:
    """The player characters in the fight, in the order they joined: (id, name)."""
    players = players_in_fight(history)
    return [(m.id, m.name) for m in history.table().members.values() if m.id in players]


@router.get("/{encounter_id}/characters", response_model=list[CharacterLink], dependencies=NO_STORE)
async def characters(
    encounter_id: UUID, _: Writer, service: Service, tokens: TokensDep
) -> list[CharacterLink]:
    """Each player character's link, for the GM to hand its player: the player view as that
    player sees it, their own full card, and proposals for that character alone."""
    found = await run_in_threadpool(service.read, encounter_id, characters_in)
    return [
        CharacterLink(combatant=c, name=name, token=tokens.character(encounter_id, c))
        for c, name in found
    ]


@router.post(
    "/{encounter_id}/characters/{combatant}/token",
    response_model=CharacterLink,
    dependencies=NO_STORE,
)
async def rotate_character(
    encounter_id: UUID,
    combatant: Annotated[CombatantId, Path()],
    _: Writer,
    service: Service,
    tokens: TokensDep,
    feeds: FeedsDep,
) -> CharacterLink:
    """Replace one player character's link: the old one is refused from now on, and a live
    stream opened with it ends."""
    found = dict(await run_in_threadpool(service.read, encounter_id, characters_in))
    if combatant not in found:
        detail = f"{combatant!r} is no player character in the fight"
        raise HttpProblem(404, "No such character", detail, "combatant")
    token = await run_in_threadpool(tokens.rotate_character, encounter_id, combatant)
    await feeds.rotated(encounter_id)
    return CharacterLink(combatant=combatant, name=found[combatant], token=token)
