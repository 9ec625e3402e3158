"""The encounter resources: open, list, append, state, log, undo/redo/amend, export and import."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.concurrency import run_in_threadpool

from api.dice import resolve_roll
from api.http import schemas
from api.http.access import Role, role_of, token
from api.http.player import player_lines
from api.http.problems import HttpProblem, Problem
from api.service import Appended, Encounters
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
    try:
        created = EncounterCreated(name=body.name, ruleset=body.ruleset, options=body.options)
    except ValueError as exc:
        raise HttpProblem(422, "Invalid encounter", str(exc), "name") from None
    encounter_id = service.create(created, by="gm")
    return _opened(request, encounter_id, 1)


@router.get("", response_model=list[schemas.Summary])
def list_encounters(service: Service) -> list[schemas.Summary]:
    """Every encounter (ids, names, rules, versions; no tokens)."""
    return [schemas.Summary(**vars_of(s)) for s in service.store.list_encounters()]


@router.post("/{encounter_id}/facts", status_code=201, response_model=schemas.Appended)
async def append_facts(
    encounter_id: UUID,
    body: schemas.NewFacts,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Append facts, all or none, after `expected_version` when given."""
    facts = [_fact(raw, n, f"facts[{n - 1}]") for n, raw in enumerate(body.facts, 1)]
    done = await writing(
        service, encounter_id, service.append, encounter_id, facts, body.expected_version,
        by="gm", key=key,
    )  # fmt: skip
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
            raise HttpProblem(422, "No such line", f"the log has {history.version} lines", "at")
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
    body: schemas.Correction,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Revoke line `position`, or the latest fact in force."""
    done = await writing(
        service, encounter_id, service.undo, encounter_id, body.position,
        expected_version=body.expected_version, by="gm", key=key,
    )  # fmt: skip
    return schemas.Appended(first=done.first, version=done.version)


@router.post("/{encounter_id}/redo", status_code=201, response_model=schemas.Appended)
async def redo(
    encounter_id: UUID,
    body: schemas.Correction,
    _: Writer,
    service: Service,
    key: IdempotencyKey = None,
) -> schemas.Appended:
    """Restore line `position`, or the line most recently revoked."""
    done = await writing(
        service, encounter_id, service.redo, encounter_id, body.position,
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
    """Correct the ruling at `position`; everything after it is recomputed."""
    replacement = _fact(body.replacement, body.position, "replacement")
    done = await writing(
        service, encounter_id, service.amend, encounter_id, body.position, replacement,
        expected_version=body.expected_version, by="gm", key=key,
    )  # fmt: skip
    return schemas.Appended(first=done.first, version=done.version)


@router.get(
    "/{encounter_id}/export",
    response_class=Response,
    responses={
        200: {
            "description": "The log, one fact a line (CONTRACT §1)",
            "content": {
                "application/x-ndjson": {
                    "schema": {"type": "string"},
                    "example": schemas.JSONL_EXAMPLE,
                }
            },
        }
    },
)
def export(encounter_id: UUID, _: Writer, service: Service) -> Response:
    """The whole log as JSON Lines (GM only: it holds every number)."""
    data = service.read(encounter_id, lambda history: write_jsonl(history.events))
    return Response(data, media_type="application/x-ndjson")


@router.post(
    "/import",
    status_code=201,
    response_model=schemas.Opened,
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": "A whole log as JSON Lines; line 1 is EncounterCreated",
            "content": {
                "application/x-ndjson": {
                    "schema": {"type": "string"},
                    "example": schemas.JSONL_EXAMPLE,
                }
            },
        }
    },
)
async def import_log(request: Request, service: Service) -> schemas.Opened:
    """Store a JSON Lines log (the request body) as a new encounter; checked whole first."""
    facts = read_jsonl(await request.body())
    encounter_id = service.import_log(facts)
    return _opened(request, encounter_id, len(facts))


async def writing(
    service: Encounters,
    encounter_id: UUID,
    command: Callable[..., Appended],
    *args: Any,
    **kwargs: Any,
) -> Appended:
    """Run an append on the event loop when the store is embedded and the encounter free (a
    thread hop costs more than the append), else in the thread pool."""
    if service.quick(encounter_id):
        return command(*args, **kwargs)
    return await run_in_threadpool(command, *args, **kwargs)


def _fact(raw: dict[str, Any], position: int, field: str) -> Fact:
    try:
        return parse_event(resolve_roll(raw), position)
    except LogError as exc:
        where = f"{field}.{exc.field}" if exc.field else field
        raise HttpProblem(422, "Invalid fact", exc.reason, where) from None


def _opened(request: Request, encounter_id: UUID, version: int) -> schemas.Opened:
    secret = request.app.state.secret
    gm_token, player_token = (token(secret, encounter_id, r) for r in ("gm", "player"))
    return schemas.Opened(
        id=encounter_id, version=version, gm_token=gm_token, player_token=player_token
    )


def vars_of(summary: Any) -> dict[str, Any]:
    return {
        "id": summary.id,
        "name": summary.name,
        "ruleset": summary.ruleset,
        "version": summary.version,
    }


def log_lines(events: Sequence[Fact], after: int = 0) -> list[schemas.LogLine]:
    """Each line after `after`, with whether it is revoked now and the amendment in force."""
    revoked: set[int] = set()
    amended: dict[int, list[int]] = {}
    for position, event in enumerate(events, 1):
        kind, target = event.type_name, getattr(event, "target", None)
        if kind == "EventRevoked":
            revoked.add(target)  # type: ignore[arg-type]
        elif kind == "EventRestored":
            revoked.discard(target)
        elif kind == "EventAmended":
            amended.setdefault(target, []).append(position)  # type: ignore[arg-type]
    return [
        schemas.LogLine(
            position=p,
            fact=e.to_json_dict(),
            revoked=p in revoked,
            amended_by=next((a for a in reversed(amended.get(p, [])) if a not in revoked), None),
        )
        for p, e in enumerate(events[after:], after + 1)
    ]


__all__ = ["TableFact", "router"]
