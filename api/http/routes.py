"""The encounter resources: open, list, append, state, log, export and import."""

from __future__ import annotations

from typing import Annotated, Any, cast
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.concurrency import run_in_threadpool

from api.compute.offload import off_loop
from api.http import schemas
from api.http.access import Role, check_operator, role_of, tokens
from api.http.facts import client_facts, fits_64_bits, imported
from api.http.idempotency import fingerprint
from api.http.lines import log_lines
from api.http.problems import HttpProblem, Problem
from api.service.encounters import Append, Encounters
from domain.commands import AppendFacts, Command, Create
from domain.events import EncounterCreated
from domain.jsonl import parse_event, write_jsonl
from projections.history import History, Timeline
from projections.player import player_jsonl, player_lines, player_state

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        401: "No token", 403: "Wrong token, or a player token where the GM's is needed",
        404: "No such encounter", 409: "expected_version is stale, or another writer got there",
        413: "Body too large", 422: "Bad input, or a fact the log cannot take",
    }.items()
}  # fmt: skip
GRANT = "combatlog.grant"  # scope key: the GM token's generation the write lane let it in on
BOUNDED = "combatlog.bounded"  # scope key: the lane found the body's integers and depth in bounds
LIGHT_BATCH = 20  # facts without dice validated on the event loop: less than the trip to a worker
router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)
Auth = Annotated[str | None, Header(description="Bearer <gm or player token>")]
IdempotencyKey = Annotated[
    str | None, Header(alias="Idempotency-Key", min_length=1, max_length=200)
]


async def encounters(request: Request) -> Encounters:
    service: Encounters = request.app.state.encounters
    return service


Service = Annotated[Encounters, Depends(encounters)]
TIMELINE = (
    "`then` (default): the table as it stood after line `at`, later corrections not reaching "
    "back; `corrected`: the first `at` lines with every correction in the whole log applied."
)


TokenQuery = Annotated[
    str | None,
    Query(
        alias="token",
        max_length=200,
        description="The token, for clients that cannot send headers (a browser's EventSource); "
        "the Authorization header wins when both are given.",
    ),
]


async def role(
    request: Request, encounter_id: UUID, authorization: Auth = None, given: TokenQuery = None
) -> Role:
    """The caller's role on this encounter (401 without a token, 403 with a wrong one)."""
    service: Encounters = request.app.state.encounters
    service.exists(encounter_id)  # 404 before 401/403 (cached once seen)
    field = "authorization"
    if authorization is None and given is not None:
        authorization, field = f"Bearer {given}", "token"
    generations = service.store.access.generations(encounter_id)  # rotations, from the store
    return role_of(request.app.state.secret, encounter_id, authorization, generations, field)


async def gm(caller: Annotated[Role, Depends(role)]) -> Role:
    """Only the GM may write."""
    if caller != "gm":
        raise HttpProblem(403, "GM only", "the player token is read-only", "authorization")
    return caller


async def operator(
    request: Request,
    authorization: Annotated[str | None, Header(description="Bearer <operator token>")] = None,
) -> None:
    """Only the operator (401 without a token, 403 with another), before the body is read."""
    check_operator(request.app.state.secret, authorization)


Reader = Annotated[Role, Depends(role)]
Writer = Annotated[Role, Depends(gm)]
Operator = Annotated[None, Depends(operator)]


@router.post("", status_code=201, response_model=schemas.Opened)
async def open_encounter(
    _: Operator, body: schemas.NewEncounter, request: Request
) -> schemas.Opened:
    """Open an encounter (the operator token); the reply holds its GM and player tokens."""
    fits_64_bits(body.options, "options")
    given = {"type": "EncounterCreated", **body.model_dump(mode="json", exclude_none=True)}
    created = cast(EncounterCreated, parse_event(given, 1))  # its options within the bounds
    encounter_id = await request.app.state.commits.new(Create(created), by="gm")
    return opened(request, encounter_id, 1)


@router.get("", response_model=list[schemas.Summary])
def list_encounters(_: Operator, service: Service) -> list[schemas.Summary]:
    """Every encounter (ids, names, rules, versions; no tokens), for the operator token only: a
    player must not learn the names of fights the GM has prepared."""
    return [
        schemas.Summary(id=s.id, name=s.name, ruleset=s.ruleset, version=s.version)
        for s in service.store.list_encounters()
    ]


@router.post("/{encounter_id}/facts", status_code=201, response_model=schemas.Appended)
async def append_facts(
    encounter_id: UUID,
    body: schemas.NewFacts,
    _: Writer,
    request: Request,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Append facts, all or none, after `expected_version` when given."""
    costly = len(body.facts) > LIGHT_BATCH or any("roll" in raw for raw in body.facts)
    bounded = request.scope.get(BOUNDED, False)
    if costly:
        facts = await off_loop(client_facts, body.facts, bounded)
    else:
        facts = client_facts(body.facts, bounded)
    command = AppendFacts(tuple(facts))
    return await committed(request, encounter_id, command, "facts", body, key)


async def committed(
    request: Request,
    encounter_id: UUID,
    command: Command,
    route: str,
    body: schemas.NewFacts | schemas.Undo | schemas.Amendment,
    key: str | None,
) -> schemas.Appended:
    """Every write's one path: the GM's command, committed with the writes that arrive
    meanwhile (api/service/commits.py); a refusal names the body's field (`facts[2].target`)."""
    service: Encounters = request.app.state.encounters
    if not service.cached(encounter_id):  # a long log's first fold: not on the committer
        await run_in_threadpool(service.history, encounter_id)
    digest = fingerprint(route, body, key)
    grant = request.scope.get(GRANT)  # the token let in on remembered generations, to confirm
    append = Append(encounter_id, command, body.expected_version, "gm", key, digest, grant)
    done = await request.app.state.commits.committed(append)
    return schemas.Appended(first=done.first, version=done.version)


@router.get(
    "/{encounter_id}/state",
    responses={200: {"content": {"application/json": {"example": schemas.STATE_EXAMPLE}}}},
)
def table_state(
    encounter_id: UUID,
    caller: Reader,
    service: Service,
    at: Annotated[
        int | None, Query(ge=1, description="The table as it stood after line N.")
    ] = None,
    timeline: Annotated[Timeline, Query(description=TIMELINE)] = "then",
) -> dict[str, Any]:
    """The table state (CONTRACT §2), now or after line `at`, as it stood then or as corrected;
    players get the player view."""

    def view(history: History) -> dict[str, Any]:
        if at is not None and at > history.version:
            raise HttpProblem(422, "No such line", f"the log ends at line {history.version}", "at")
        if caller != "gm":
            return player_state(history, at, timeline)
        return history.gm_state(at, timeline)

    return service.read(encounter_id, view)


@router.get(
    "/{encounter_id}/log",
    response_model=list[schemas.LogLine | schemas.WithdrawnLine],
    responses={200: {"content": {"application/json": {"example": schemas.LOG_EXAMPLE}}}},
)
def log(encounter_id: UUID, caller: Reader, service: Service) -> list[Any]:
    """Every line with its position, time, author, and whether it is revoked or amended; players
    get the player log (a bare withdrawn marker for each line revoked or replaced)."""

    def view(history: History) -> list[Any]:
        if caller != "gm":
            return player_lines(history)
        return log_lines(history)

    return service.read(encounter_id, view)


@router.get(
    "/{encounter_id}/export",
    response_class=Response,
    responses={200: schemas.JSONL_RESPONSE},
)
def export(encounter_id: UUID, caller: Reader, service: Service) -> Response:
    """The whole log as JSON Lines; a player token gets the player view (as the player log)."""
    whole = caller == "gm"
    data = service.read(encounter_id, lambda h: write_jsonl(h.events) if whole else player_jsonl(h))
    return Response(data, media_type="application/x-ndjson")


@router.post(
    "/import",
    status_code=201,
    response_model=schemas.Opened,
    openapi_extra={"requestBody": schemas.JSONL_BODY},
)
async def import_log(_: Operator, request: Request) -> schemas.Opened:
    """Store a JSON Lines log (the request body) as a new encounter, checked whole first (the
    operator token)."""
    encounter_id, version = await imported(request.app.state.commits, await request.body())
    return opened(request, encounter_id, version)


def opened(request: Request, encounter_id: UUID, version: int) -> schemas.Opened:
    """A new encounter's id, lines and tokens (generation 0), as the reply gives them."""
    issued = tokens(request.app.state.secret, encounter_id, {})
    return schemas.Opened(id=encounter_id, version=version, **issued)


__all__ = ["router"]
