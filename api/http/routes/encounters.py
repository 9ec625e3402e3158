"""The encounter resources: open, list, append, state, log, export and import."""

from __future__ import annotations

from typing import Annotated, Any, cast
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Query, Request, Response

from api.http.deps import Commits, Opened, RuntimeDep, Service, TableId, TokensDep, Writer
from api.http.facts import fits_64_bits, imported
from api.http.lines import log_lines
from api.http.problems import BUSY, ERRORS, HttpProblem
from api.http.schemas import encounters as schemas
from api.http.writes import write
from api.service.tokens import Tokens
from domain.commands import Create
from domain.events import EncounterCreated
from domain.jsonl import parse_event, write_jsonl
from domain.tables import seated
from projections.history import History, Timeline
from projections.player import player_jsonl, player_lines, player_state

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)
IdempotencyKey = Annotated[
    str | None, Header(alias="Idempotency-Key", min_length=1, max_length=200)
]


async def no_store(response: Response) -> None:
    """The reply carries a token or a key: no cache (a proxy's, the browser's) may keep it."""
    response.headers["Cache-Control"] = "no-store"


NO_STORE = [Depends(no_store)]  # on every route whose reply holds a token or a key
TIMELINE = (
    "`then` (default): the table as it stood after line `at`, later corrections not reaching "
    "back; `corrected`: the first `at` lines with every correction in the whole log applied."
)


@router.post("", status_code=201, response_model=schemas.Opened, dependencies=NO_STORE)
async def open_encounter(
    table: TableId, body: schemas.NewEncounter, commits: Commits, tokens: TokensDep
) -> schemas.Opened:
    """Open an encounter in the caller's table (its key); the reply holds its GM and player
    tokens."""
    fits_64_bits(body.options, "options")
    given = {"type": "EncounterCreated", **body.model_dump(mode="json", exclude_none=True)}
    created = cast(EncounterCreated, parse_event(given, 1))  # its options within the bounds
    created = seated(created, table)
    encounter_id = await commits.new(Create(created), by="gm")
    return opened(tokens, encounter_id, 1)


@router.get("", response_model=list[schemas.Summary])
def list_encounters(table: TableId, service: Service) -> list[schemas.Summary]:
    """The encounters of the caller's table (ids, names, rules, versions; no tokens), for its
    key only: a player must not learn the names of fights the GM has prepared."""
    return [
        schemas.Summary(id=s.id, name=s.name, ruleset=s.ruleset, version=s.version)
        for s in service.listed(table)
    ]


@router.post(
    "/{encounter_id}/facts", status_code=201, response_model=schemas.Appended, responses=BUSY
)
async def append_facts(
    encounter_id: UUID,
    body: schemas.NewFacts,
    _: Writer,
    runtime: RuntimeDep,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Append facts, all or none, after `expected_version` when given."""
    return await write(runtime, encounter_id, "facts", body, key)


@router.get(
    "/{encounter_id}/state",
    responses={200: {"content": {"application/json": {"example": schemas.STATE_EXAMPLE}}}},
)
def table_state(
    encounter_id: UUID,
    caller: Opened,
    service: Service,
    at: Annotated[
        int | None, Query(ge=1, description="The table as it stood after line N.")
    ] = None,
    timeline: Annotated[Timeline, Query(description=TIMELINE)] = "then",
) -> dict[str, Any]:
    """The table state (CONTRACT §2), now or after line `at`, as it stood then or as corrected;
    players get the player view (a player character's token: as its player sees it, with that
    character's full card)."""

    def view(history: History) -> dict[str, Any]:
        if at is not None and at > history.version:
            raise HttpProblem(422, "No such line", f"the log ends at line {history.version}", "at")
        if caller.role != "gm":
            return player_state(history, at, timeline, caller.viewer)
        return history.gm_state(at, timeline)

    return service.read(encounter_id, view)


@router.get(
    "/{encounter_id}/log",
    response_model=list[schemas.LogLine | schemas.WithdrawnLine],
    responses={200: {"content": {"application/json": {"example": schemas.LOG_EXAMPLE}}}},
)
def log(encounter_id: UUID, caller: Opened, service: Service) -> list[Any]:
    """Every line with its position, time, author, and whether it is revoked or amended; players
    get the player log (a bare withdrawn marker for each line revoked or replaced; a player
    character's token: its own proposals and their rulings too)."""

    def view(history: History) -> list[Any]:
        if caller.role != "gm":
            return player_lines(history, caller.viewer)
        return log_lines(history)

    return service.read(encounter_id, view)


@router.get(
    "/{encounter_id}/export",
    response_class=Response,
    responses={200: schemas.JSONL_RESPONSE},
)
def export(encounter_id: UUID, caller: Opened, service: Service) -> Response:
    """The whole log as JSON Lines; a player token gets the player view (as the player log)."""
    whole, viewer = caller.role == "gm", caller.viewer
    data = service.read(
        encounter_id, lambda h: write_jsonl(h.events) if whole else player_jsonl(h, viewer)
    )
    return Response(data, media_type="application/x-ndjson")


@router.post(
    "/import",
    status_code=201,
    response_model=schemas.Opened,
    openapi_extra={"requestBody": schemas.JSONL_BODY},
    dependencies=NO_STORE,
)
async def import_log(
    table: TableId, request: Request, commits: Commits, tokens: TokensDep
) -> schemas.Opened:
    """Store a JSON Lines log (the request body) as a new encounter of the caller's table (its
    key; the table its line 1 named, if any, is replaced), checked whole first."""
    encounter_id, version = await imported(commits, await request.body(), table)
    return opened(tokens, encounter_id, version)


def opened(tokens: Tokens, encounter_id: UUID, version: int) -> schemas.Opened:
    """A new encounter's id, lines and tokens (generation 0), as the reply gives them."""
    return schemas.Opened(id=encounter_id, version=version, **tokens.issued(encounter_id, {}))


__all__ = ["router"]
