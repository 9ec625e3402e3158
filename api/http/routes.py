"""The encounter resources: open, list, append, state, log, undo/redo/amend, export and import."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.concurrency import run_in_threadpool

from api.dice import DiceError, resolve_roll
from api.http import schemas
from api.http.access import Role, check_analytics, role_of, token
from api.http.player import log_lines, player_jsonl, player_lines
from api.http.problems import HttpProblem, Problem
from api.service import Append, Encounters
from domain.events import EncounterCreated, Fact, TableFact
from domain.integrity import LogError
from domain.jsonl import parse_event, read_jsonl, write_jsonl
from projections.history import History
from projections.render import player_state_json

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        401: "No token", 403: "Wrong token, or a player token where the GM's is needed",
        404: "No such encounter", 409: "expected_version is stale, or another writer got there",
        413: "Body too large", 422: "Bad input, or a fact the log cannot take",
    }.items()
}  # fmt: skip
router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)
Auth = Annotated[str | None, Header(description="Bearer <gm or player token>")]
IdempotencyKey = Annotated[
    str | None, Header(alias="Idempotency-Key", min_length=1, max_length=200)
]


async def encounters(request: Request) -> Encounters:
    service: Encounters = request.app.state.encounters
    return service


Service = Annotated[Encounters, Depends(encounters)]


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
    request.app.state.encounters.exists(encounter_id)  # 404 before 401/403 (cached once seen)
    if authorization is None and given is not None:
        authorization = f"Bearer {given}"
    return role_of(request.app.state.secret, encounter_id, authorization)


async def gm(caller: Annotated[Role, Depends(role)]) -> Role:
    """Only the GM may write."""
    if caller != "gm":
        raise HttpProblem(403, "GM only", "the player token is read-only", "authorization")
    return caller


Reader = Annotated[Role, Depends(role)]
Writer = Annotated[Role, Depends(gm)]


@router.post("", status_code=201, response_model=schemas.Opened)
def open_encounter(
    body: schemas.NewEncounter, request: Request, service: Service
) -> schemas.Opened:
    """Open an encounter; the reply holds its GM and player tokens."""
    _fits_64_bits(body.options, "options")
    created = EncounterCreated(name=body.name, ruleset=body.ruleset, options=body.options)
    encounter_id = service.create(created, by="gm")
    return _opened(request, encounter_id, 1)


@router.get("", response_model=list[schemas.Summary])
def list_encounters(
    service: Service,
    request: Request,
    authorization: Annotated[str | None, Header(description="Bearer <analytics token>")] = None,
) -> list[schemas.Summary]:
    """Every encounter (ids, names, rules, versions; no tokens), for the operator's analytics
    token only: a player must not learn the names of fights the GM has prepared."""
    refused = "the list of every encounter needs the analytics token"
    check_analytics(request.app.state.secret, authorization, refused)
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
    facts = [_fact(raw, n, f"facts[{n - 1}]") for n, raw in enumerate(body.facts, 1)]
    service: Encounters = request.app.state.encounters
    if not service.cached(encounter_id):  # a long log's first fold: not on the committer
        await run_in_threadpool(service.history, encounter_id)
    append = Append(encounter_id, facts, body.expected_version, by="gm", key=key)
    with fields_as_sent(in_batch):  # committed with the appends that arrive meanwhile
        done = await asyncio.wrap_future(request.app.state.commits.submit(append))
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
) -> dict[str, Any]:
    """The table state (CONTRACT §2), now or after line `at`; players get the player view."""

    def view(history: History) -> dict[str, Any]:
        if at is not None and at > history.version:
            raise HttpProblem(422, "No such line", f"the log ends at line {history.version}", "at")
        if caller == "gm":
            return history.state(at)
        return player_state_json(history.table(at), at or history.version)

    return service.read(encounter_id, view)


@router.get("/{encounter_id}/log", response_model=list[schemas.LogLine])
def log(encounter_id: UUID, caller: Reader, service: Service) -> list[schemas.LogLine]:
    """Every line with its position, time, author, and whether it is revoked or amended."""

    def view(history: History) -> list[schemas.LogLine]:
        lines = log_lines(history.events)
        return lines if caller == "gm" else player_lines(history.table(), history.events, lines)

    return service.read(encounter_id, view)


@router.post("/{encounter_id}/undo", status_code=201, response_model=schemas.Appended)
async def undo(
    encounter_id: UUID,
    body: schemas.Undo,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Revoke line `position`, or the latest fact in force, with the GM's `reason` if given."""
    with fields_as_sent(as_position):
        done = await run_in_threadpool(
            service.undo, encounter_id, body.position, body.reason,
            expected_version=body.expected_version, by="gm", key=key,
        )  # fmt: skip
    return schemas.Appended(first=done.first, version=done.version)


@router.post("/{encounter_id}/redo", status_code=201, response_model=schemas.Appended)
async def redo(
    encounter_id: UUID,
    body: schemas.Redo,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Restore line `position`, or the line most recently revoked, with the GM's `reason`."""
    with fields_as_sent(as_position):
        done = await run_in_threadpool(
            service.redo, encounter_id, body.position, body.reason,
            expected_version=body.expected_version, by="gm", key=key,
        )  # fmt: skip
    return schemas.Appended(first=done.first, version=done.version)


@router.post("/{encounter_id}/amend", status_code=201, response_model=schemas.Appended)
async def amend(
    encounter_id: UUID,
    body: schemas.Amendment,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Correct the ruling at `position` (with the GM's `reason`); what follows is recomputed."""
    # any fact type parses here; the log's integrity check refuses one that cannot replace
    replacement: Any = _fact(body.replacement, body.position, "replacement")
    with fields_as_sent(as_position):
        done = await run_in_threadpool(
            service.amend, encounter_id, body.position, replacement,
            body.reason, expected_version=body.expected_version, by="gm", key=key,
        )  # fmt: skip
    return schemas.Appended(first=done.first, version=done.version)


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
async def import_log(request: Request, service: Service) -> schemas.Opened:
    """Store a JSON Lines log (the request body) as a new encounter; checked whole first."""
    try:
        facts = read_jsonl(await request.body())
    except LogError as exc:
        where = f"line {exc.position}"
        field = f"{where}.{exc.field}" if exc.field else where
        raise HttpProblem(422, "Invalid log", f"{where}: {exc.reason}", field, exc.reason) from None
    for number, fact in enumerate(facts, 1):
        _fits_64_bits(fact.to_json_dict(), f"line {number}")
    encounter_id = service.import_log(facts)
    return _opened(request, encounter_id, len(facts))


@contextmanager
def fields_as_sent(rename: Callable[[LogError], str | None]) -> Iterator[None]:
    """A fact the log refuses, its field named as the request body names it."""
    try:
        yield
    except LogError as exc:
        raise LogError(exc.position, exc.reason, rename(exc)) from None


def in_batch(exc: LogError) -> str | None:
    """`target` of the third fact sent is `facts[2].target`."""
    if exc.index is None or exc.index < 0 or not exc.field:
        return exc.field
    return f"facts[{exc.index}].{exc.field}"


def as_position(exc: LogError) -> str | None:
    """A correction's `target` is the body's `position`."""
    return "position" if exc.field == "target" else exc.field


def _fact(raw: dict[str, Any], position: int, field: str) -> Fact:
    """The fact a client sent, its dice rolled; 422 naming the field at fault."""
    _fits_64_bits(raw, field)
    try:
        resolved = resolve_roll(raw)
    except DiceError as exc:
        raise HttpProblem(422, "Bad dice notation", str(exc), f"{field}.roll") from None
    if resolved is not raw:
        _fits_64_bits(resolved, field, blame=f"{field}.roll")  # a total past 64 bits
    try:
        return parse_event(resolved, position)
    except LogError as exc:
        where = f"{field}.{exc.field}" if exc.field else field
        raise HttpProblem(422, "Invalid fact", exc.reason, where) from None


def _fits_64_bits(value: Any, field: str, blame: str | None = None) -> None:
    """422 naming the field (or `blame`) unless every integer fits the 64 bits the store keeps."""
    if (at := schemas.beyond_64_bits(value, field)) is not None:
        low, high = schemas.INT64[0], schemas.INT64[-1]
        reason = f"the number does not fit in 64 bits: it must lie between {low} and {high}"
        raise HttpProblem(422, "Number out of range", reason, blame or at)


def _opened(request: Request, encounter_id: UUID, version: int) -> schemas.Opened:
    secret = request.app.state.secret
    gm_token, player_token = (token(secret, encounter_id, r) for r in ("gm", "player"))
    return schemas.Opened(
        id=encounter_id, version=version, gm_token=gm_token, player_token=player_token
    )


__all__ = ["TableFact", "log_lines", "router"]
