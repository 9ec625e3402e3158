"""What-if branches: fork an encounter at a line into a new one, and compare two related
encounters' tables (projections/branch.py, projections/compare.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, cast
from uuid import UUID

from fastapi import APIRouter, Header, Query
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict

from api.http.deps import Commits, DoorsDep, Service, TokensDep, Writer
from api.http.idempotency import fingerprint
from api.http.problems import ERRORS, HttpProblem
from api.http.routes.encounters import NO_STORE, TIMELINE, IdempotencyKey, opened
from api.http.schemas import encounters as schemas
from api.service.doors import Doors
from api.service.encounters import Append, Encounters, fork_id
from api.service.errors import KeyReused, UnknownEncounter
from domain.commands import Import
from domain.events import EncounterCreated, Fact, Label, Position
from domain.integrity import LogError
from projections.branch import forked
from projections.compare import differences, gm_table, related
from projections.history import History, Timeline

router = APIRouter(prefix="/encounters", tags=["branches"], responses=ERRORS)


class Fork(BaseModel):
    """Where to fork: after line `at`, as written (`then`) or as corrected."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"at": 12}, {"at": 40, "timeline": "corrected"}]},
    )

    at: Position
    timeline: Timeline = "then"
    name: Label | None = None  # default: the parent's, "(branch at line N)"


class Comparison(BaseModel):
    """Both tables (CONTRACT §2, the GM's) and what differs from the first to the second."""

    model_config = schemas.example(
        {
            "a": schemas.STATE_EXAMPLE,
            "b": schemas.STATE_EXAMPLE,
            "differences": ["Goblin 2: hp 4 → -1; dying, unconscious, helpless"],
        }
    )
    a: dict[str, Any]
    b: dict[str, Any]
    differences: list[str]


@router.post(
    "/{encounter_id}/fork", status_code=201, response_model=schemas.Opened, dependencies=NO_STORE
)
async def fork(
    encounter_id: UUID,
    body: Fork,
    _: Writer,
    service: Service,
    commits: Commits,
    tokens: TokensDep,
    key: IdempotencyKey = None,
) -> schemas.Opened:
    """Fork the encounter after line `at` into a new encounter whose line 1 names this one (GM
    token); this one is not touched. The reply holds the branch's id and tokens; a retry with
    its Idempotency-Key answers the same branch and makes no second one."""

    def branch(history: History) -> list[Fact]:
        if key is not None and any(fact.key == key for fact in history.events):
            raise KeyReused(key)  # a key names one request: this one wrote to the encounter
        with no_such_line():
            return forked(history.events, encounter_id, body.at, body.timeline, body.name)

    facts = await run_in_threadpool(service.read, encounter_id, branch)
    if key is None:
        branched = await commits.new(Import(tuple(facts)))
        return opened(tokens, branched, len(facts))
    digest = fingerprint("fork", body, key)
    branch_id = fork_id(encounter_id, key)
    facts[0] = facts[0].model_copy(update={"key": key, "fingerprint": digest})
    if not await run_in_threadpool(forked_before, service, branch_id, key, digest):
        append = Append(branch_id, Import(tuple(facts)))
        try:
            await asyncio.wrap_future(commits.submit(append))
        except Exception:  # a retry that raced its first try: that one's branch answers
            if not await run_in_threadpool(forked_before, service, branch_id, key, digest):
                raise
    return opened(tokens, branch_id, len(facts))


def forked_before(service: Encounters, branch_id: UUID, key: str, digest: str | None) -> bool:
    """Whether a fork with this key made the branch already; KeyReused (a 422 naming the
    header) if that request's route or body differs, as its fingerprint on line 1 tells."""
    try:
        first = service.facts(branch_id, upto=1)
    except UnknownEncounter:
        return False
    if first[0].fingerprint != digest:
        raise KeyReused(key)
    return True


@router.get("/{encounter_id}/compare/{other}", response_model=Comparison)
def compare(
    encounter_id: UUID,
    other: UUID,
    _: Writer,
    service: Service,
    doors: DoorsDep,
    at: Annotated[int | None, Query(ge=1, description="Both tables after line N.")] = None,
    timeline: Annotated[Timeline, Query(description=TIMELINE)] = "then",
    other_token: OtherToken = None,
) -> Comparison:
    """Compare this encounter (GM token) with a branch of it, its parent, or another branch of
    its parent (its GM token in `X-Other-Token`): both tables, now or after line `at`, and what
    differs, in words."""
    other_gm(doors, other, other_token)
    first = cast(EncounterCreated, service.read(encounter_id, lambda h: h.events[0]))
    second = cast(EncounterCreated, service.read(other, lambda h: h.events[0]))
    if not related(encounter_id, first, other, second):
        reason = "neither is a branch of the other, nor are both branches of one encounter"
        raise HttpProblem(422, "Not related", reason, "other")
    with no_such_line():
        a = service.read(encounter_id, lambda h: gm_table(h, at, timeline))
        b = service.read(other, lambda h: gm_table(h, at, timeline))
    return Comparison(a=a, b=b, differences=differences(a, b))


OtherToken = Annotated[
    str | None,
    Header(
        alias="X-Other-Token",
        max_length=200,
        description="The other encounter's GM token: comparing reads both GM tables, so a "
        "branch's token alone never reads its parent (whose tokens may have been rotated since).",
    ),
]


def other_gm(doors: Doors, other: UUID, given: str | None) -> None:
    """401 without the other encounter's token, 403 unless it is that encounter's GM token (or
    its table's key), whether or not that encounter exists."""
    field = "x-other-token"
    if given is None:
        raise HttpProblem(401, "Token needed", "send X-Other-Token: <its GM token>", field)
    if doors.role(other, f"Bearer {given}", field) != "gm":
        raise HttpProblem(403, "GM only", "comparing needs the other encounter's GM token", field)


@contextmanager
def no_such_line() -> Iterator[None]:
    """A line past a log's end, as the state route refuses it: 422 naming `at`; a fork as
    corrected that cannot take a later correction: 422 naming `timeline`."""
    try:
        yield
    except LogError as exc:
        title = "Cannot fork as corrected" if exc.field == "timeline" else "No such line"
        raise HttpProblem(422, title, exc.reason, exc.field or "at") from None
