"""What a route receives, as typed `Annotated` dependencies: the runtime and its parts, and who
the caller is (the operator, an encounter's GM or player). The only module that reads the app's
state: the app's start puts the runtime there (`install`), a request takes it from here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from uuid import UUID

from fastapi import Depends, FastAPI, Header, Query, Request
from starlette.types import Scope

from api.analytics.ingest.model import Analytics
from api.campaigns.registry import CampaignRegistry
from api.http.feeds import Feeds
from api.http.problems import HttpProblem
from api.library import CreatureLibrary
from api.service.commits import Committers
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


def _feeds(request: Request) -> Feeds:
    return served_in(request.scope).feeds


RuntimeDep = Annotated[Runtime, Depends(_runtime)]
Service = Annotated[Encounters, Depends(_encounters)]
Commits = Annotated[Committers, Depends(_commits)]
TokensDep = Annotated[Tokens, Depends(_tokens)]
FeedsDep = Annotated[Feeds, Depends(_feeds)]

Auth = Annotated[str | None, Header(description="Bearer <gm or player token>")]
OperatorAuth = Annotated[str | None, Header(description="Bearer <operator token>")]
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
    encounter_id: UUID,
    service: Service,
    tokens: TokensDep,
    authorization: Auth = None,
    given: TokenQuery = None,
) -> Role:
    """The caller's role on this encounter (401 without a token, 403 with a wrong one)."""
    service.exists(encounter_id)  # 404 before 401/403 (cached once seen)
    field = "authorization"
    if authorization is None and given is not None:
        authorization, field = f"Bearer {given}", "token"
    return tokens.role(encounter_id, authorization, field)


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


async def library_keeper(
    tokens: TokensDep, runtime: RuntimeDep, authorization: OperatorAuth = None
) -> CreatureLibrary:
    """The service's creature library, for the operator token only."""
    tokens.check_operator(authorization, "the creature library needs the operator token")
    return runtime.library


async def registry(_: Annotated[None, Depends(operator)], runtime: RuntimeDep) -> CampaignRegistry:
    """The service's campaign registry, once the operator token is checked."""
    return runtime.campaigns


async def analytics(_: Annotated[None, Depends(operator)], runtime: RuntimeDep) -> Analytics:
    """The analytics read model, once the operator token is checked."""
    return runtime.analytics


Reader = Annotated[Role, Depends(role)]
Writer = Annotated[Role, Depends(gm)]
Operator = Annotated[None, Depends(operator)]
OperatorAnalytics = Annotated[Analytics, Depends(analytics)]
Library = Annotated[CreatureLibrary, Depends(library_keeper)]
Registry = Annotated[CampaignRegistry, Depends(registry)]
