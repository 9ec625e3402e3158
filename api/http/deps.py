"""What a route receives, as typed `Annotated` dependencies: the runtime and its parts, and who
the caller is (the operator; a table's key, and what that table keeps; an encounter's GM or
player, or its table's key). The only module that reads the app's state: the app's start puts
the runtime there (`install`), a request takes it from here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from uuid import UUID

from fastapi import Depends, FastAPI, Header, Query, Request
from starlette.types import Scope

from api.analytics.ingest.model import Analytics
from api.campaigns.registry import TableCampaigns
from api.http.feeds import Feeds
from api.http.problems import HttpProblem
from api.library import TableLibrary
from api.service.claims import Claims
from api.service.commits import Committers
from api.service.doors import Doors, Opener
from api.service.encounters import Encounters
from api.service.tokens import Role, Tokens
from api.wiring import Runtime


@dataclass(frozen=True, slots=True)
class Served:
    """What the app serves with, from its start to its end: the runtime and the live feeds."""

    runtime: Runtime
    feeds: Feeds


def install(app: FastAPI, served: Served | None) -> None:
    """At the app's start (and None at its end): what every request is served with."""
    app.state.served = served


def served_in(scope: Scope) -> Served:
    """What the app of this request serves with (for a plain ASGI middleware: the write lane)."""
    served: Served = scope["app"].state.served
    return served


def runtime_of(app: FastAPI) -> Runtime:
    """The runtime the app serves with (for a test, or a tool embedding the app)."""
    served: Served = app.state.served
    return served.runtime


def _runtime(request: Request) -> Runtime:
    return served_in(request.scope).runtime


def _encounters(request: Request) -> Encounters:
    return served_in(request.scope).runtime.encounters


def _commits(request: Request) -> Committers:
    return served_in(request.scope).runtime.commits


def _tokens(request: Request) -> Tokens:
    return served_in(request.scope).runtime.tokens


def _claims(request: Request) -> Claims:
    return served_in(request.scope).runtime.claims


def _feeds(request: Request) -> Feeds:
    return served_in(request.scope).feeds


def _doors(request: Request) -> Doors:
    return served_in(request.scope).runtime.doors


RuntimeDep = Annotated[Runtime, Depends(_runtime)]
Service = Annotated[Encounters, Depends(_encounters)]
Commits = Annotated[Committers, Depends(_commits)]
TokensDep = Annotated[Tokens, Depends(_tokens)]
FeedsDep = Annotated[Feeds, Depends(_feeds)]
ClaimsDep = Annotated[Claims, Depends(_claims)]
DoorsDep = Annotated[Doors, Depends(_doors)]

Auth = Annotated[str | None, Header(description="Bearer <gm or player token, or its table's key>")]
OperatorAuth = Annotated[str | None, Header(description="Bearer <operator token>")]
KeyAuth = Annotated[
    str | None,
    Header(description="Bearer <table key> (the operator token: the table it keys, if any)"),
]
TokenQuery = Annotated[
    str | None,
    Query(
        alias="token",
        max_length=200,
        description="The token, for clients that cannot send headers (a browser's EventSource); "
        "the Authorization header wins when both are given.",
    ),
]


async def opener(
    encounter_id: UUID, doors: DoorsDep, authorization: Auth = None, given: TokenQuery = None
) -> Opener:
    """How the caller opens this encounter (its GM's or a player's token, or its table's key):
    401 without a token, 403 with one that does not open it, whether the encounter exists or
    not (so no one learns which ids do without a token for them)."""
    field = "authorization"
    if authorization is None and given is not None:
        authorization, field = f"Bearer {given}", "token"
    return doors.opener(encounter_id, authorization, field)


async def role(caller: Annotated[Opener, Depends(opener)]) -> Role:
    """The caller's role on this encounter (its table's key: the GM's)."""
    return caller.role


def gm_only(caller: Role) -> Role:
    """403 unless the caller is the GM."""
    if caller != "gm":
        raise HttpProblem(403, "GM only", "the player token is read-only", "authorization")
    return caller


async def gm(caller: Annotated[Role, Depends(role)]) -> Role:
    """Only the GM may write."""
    return gm_only(caller)


async def operator(tokens: TokensDep, authorization: OperatorAuth = None) -> None:
    """Only the operator (401 without a token, 403 with another), before the body is read."""
    tokens.check_operator(authorization)


async def table_key(doors: DoorsDep, authorization: KeyAuth = None) -> str:
    """The id of the caller's table, by its key (401 without one, 403 for one that opens no
    table), before the body is read: every query of the route starts from that table."""
    return doors.table(authorization)


TableId = Annotated[str, Depends(table_key)]


async def table_keyholder(caller: Annotated[Opener, Depends(opener)]) -> Opener:
    """The caller, if it opened the encounter with its table's key (403 otherwise)."""
    if caller.table is None:
        detail = "this needs the key of the encounter's table"
        raise HttpProblem(403, "Table key only", detail, "authorization")
    return caller


async def library_keeper(table: TableId, runtime: RuntimeDep) -> TableLibrary:
    """The caller's table's creature library."""
    return runtime.library.of(table)


async def registry(table: TableId, runtime: RuntimeDep) -> TableCampaigns:
    """The caller's table's campaign registry."""
    return runtime.campaigns.of(table)


async def analytics(_: TableId, runtime: RuntimeDep) -> Analytics:
    """The analytics read model, once the caller's table key is checked (each query names the
    table: `TableId`)."""
    return runtime.analytics


Reader = Annotated[Role, Depends(role)]
Writer = Annotated[Role, Depends(gm)]
Opened = Annotated[Opener, Depends(opener)]
KeyOpened = Annotated[Opener, Depends(table_keyholder)]
Operator = Annotated[None, Depends(operator)]
TableAnalytics = Annotated[Analytics, Depends(analytics)]
Library = Annotated[TableLibrary, Depends(library_keeper)]
Registry = Annotated[TableCampaigns, Depends(registry)]
