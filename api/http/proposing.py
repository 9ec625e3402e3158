"""Players' proposals over HTTP (issue 26): a player's proposal for the character their token
holds, its withdrawal, and the GM's acceptance (as proposed or edited) and decline, each read
from the history it is decided on and committed through the one write path
(api/http/writes.py `committed`).

A proposal is decided on what its player could see: `Propose` carries whom they may name and
the player characters in the fight, read from the history at version V and committed only on
V (a write between: read again, up to `TRIES` times), so a combatant hidden meanwhile is never
named; a proposal the GM's standing ruling takes unasked (projections/standing.py) is accepted
at once after it (`standing`). The limits, read from the same history: at most `MOST_OPEN`
proposals of one character waiting for the GM, at most `MOST_A_MINUTE` made in a minute (429
with Retry-After beyond)."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar
from uuid import UUID

from fastapi.concurrency import run_in_threadpool

from api.compute.offload import off_loop
from api.http.facts import client_facts
from api.http.problems import HttpProblem
from api.http.schemas import encounters as schemas
from api.http.schemas.proposals import Acceptance, Declining, NewProposal
from api.http.writes import committed
from api.service.tokens import Viewer
from api.store.errors import VersionConflict
from api.wiring import Runtime
from domain.commands import Accept, Decline, Propose, Undo
from domain.events import ActionProposed, Fact, ProposalAccepted, ProposalDeclined
from domain.integrity import LogError
from domain.jsonl import parse_event
from projections.history import History
from projections.proposals import OPEN, nameable, players_in_fight, proposal_at, proposals
from projections.standing import accepts_routine, routine

T = TypeVar("T")
MOST_OPEN = 5  # proposals of one character waiting for the GM
MOST_A_MINUTE = 12  # proposals of one character made in any 60 seconds
WAIT_FOR_GM = 10  # Retry-After (s) while the GM's queue holds MOST_OPEN of the character's
TRIES = 3  # reads and commits of a proposal while other writes keep moving the log
NOT_YOURS = "a player proposes for the character their own link holds"


def proposer(role: str, viewer: Viewer, asked: str | None) -> str:
    """The character a proposal is for: the one the token holds (or, for a token holding
    several, the one asked for); 403 for any other, and for a token holding none."""
    if role == "gm":
        raise HttpProblem(403, "Players only", "the GM records facts: a proposal is a "
                          "player's", "authorization")  # fmt: skip
    if not viewer:
        raise HttpProblem(403, "A character's link only", NOT_YOURS, "authorization")
    if asked is None and len(viewer) == 1:
        return next(iter(viewer))
    if asked not in viewer:
        raise HttpProblem(403, "Not your character", NOT_YOURS, "combatant")
    return asked


def proposed(character: str, body: NewProposal) -> ActionProposed:
    """The proposal as the log will hold it, its dice rolled; 422 naming the field at fault."""
    facts = client_facts(body.facts)
    raw: dict[str, Any] = {
        "type": "ActionProposed", "combatant": character,
        "facts": [{k: v for k, v in f.to_json_dict().items() if v is not None} for f in facts],
    }  # fmt: skip
    if body.note is not None:
        raw["note"] = body.note
    try:
        found = parse_event(raw, 1)
    except LogError as exc:
        raise HttpProblem(422, "Not a proposal", exc.reason, exc.field or "facts") from None
    assert isinstance(found, ActionProposed)
    return found


def limited(history: History, character: str, now: datetime) -> None:
    """429 with Retry-After when the character has MOST_OPEN proposals waiting (made, neither
    withdrawn nor ruled on: pending or stale), or made MOST_A_MINUTE in the last minute; one pass
    over the log, no table folded."""
    revoked, made, ruled = history.corrections.revoked, {}, set()
    for position, event in enumerate(history.events, 1):
        if isinstance(event, ActionProposed) and event.combatant == character:
            made[position] = event.at
        elif isinstance(event, ProposalAccepted | ProposalDeclined) and position not in revoked:
            ruled.add(event.proposal)
    waiting = [line for line in made if line not in revoked and line not in ruled]
    if len(waiting) >= MOST_OPEN:  # pending or stale: the states the GM may still rule on
        detail = f"{MOST_OPEN} proposals of {character} wait for the GM already"
        raise HttpProblem(429, "Too many proposals", detail, "facts",
                          headers={"Retry-After": str(WAIT_FOR_GM)})  # fmt: skip
    recent = sorted(at for at in made.values() if at and (now - at).total_seconds() < 60)
    if len(recent) >= MOST_A_MINUTE:
        wait = math.ceil(60 - (now - recent[-MOST_A_MINUTE]).total_seconds())
        detail = f"{MOST_A_MINUTE} proposals of {character} in a minute: wait a little"
        raise HttpProblem(429, "Too many proposals", detail, "facts",
                          headers={"Retry-After": str(max(wait, 1))})  # fmt: skip


async def edited(raws: list[dict[str, Any]]) -> list[Fact]:
    """The GM's edited facts, their dice rolled (off the event loop when there are any)."""
    if any("roll" in raw for raw in raws):
        return list(await off_loop(client_facts, raws))
    return client_facts(raws)


async def read(runtime: Runtime, encounter_id: UUID, view: Callable[[History], T]) -> T:
    """A view of the encounter's history, read off the event loop."""
    return await run_in_threadpool(runtime.encounters.read, encounter_id, view)


async def propose(
    runtime: Runtime, encounter_id: UUID, character: str, body: NewProposal, key: str | None
) -> schemas.Appended:
    """The player's proposal for `character`, decided on the history it was read from."""
    rolled = any("roll" in raw for raw in body.facts)  # dice: rolled off the event loop
    proposal = await off_loop(proposed, character, body) if rolled else proposed(character, body)
    viewer = frozenset({character})
    for _ in range(TRIES):

        def look(history: History) -> tuple[int, Propose, bool]:
            if key is None or all(event.key != key for event in history.events):
                limited(history, character, datetime.now(UTC))  # not a retry of one written
            names, players = nameable(history, viewer), players_in_fight(history)
            unasked = routine(proposal) and accepts_routine(history.events)
            return history.version, Propose(proposal, names, players), unasked

        version, command, unasked = await read(runtime, encounter_id, look)
        request = ("proposals", body, key)
        try:
            made = await committed(
                runtime, encounter_id, command, request, f"player:{character}", version
            )
        except VersionConflict:  # the log moved between the read and the commit: again
            continue
        return await standing(runtime, encounter_id, made, key) if unasked else made
    raise HttpProblem(503, "Too many writers at once", "the log kept moving: send it again",
                      headers={"Retry-After": "1"})  # fmt: skip


async def standing(
    runtime: Runtime, encounter_id: UUID, made: schemas.Appended, key: str | None
) -> schemas.Appended:
    """The proposal just made, accepted as proposed by the GM's standing ruling (a line of the
    GM's, `standing`), one action as the GM's own tap; its own Idempotency-Key derived from the
    proposal's, so a retried proposal is accepted once. Refused meanwhile (the GM ruled first,
    the player withdrew it), it stays as the log has it."""
    asked = await read(runtime, encounter_id, lambda history: proposal_at(history, made.first))
    if asked is None:
        return made
    accept = Accept(made.first, asked, standing=True)
    derived = None if key is None else f"{key[:160]}:standing"
    request = ("accept-standing", Acceptance(), derived)
    try:
        done = await committed(runtime, encounter_id, accept, request, "gm")
    except (LogError, HttpProblem):
        return made
    return schemas.Appended(first=made.first, version=max(made.version, done.version))


async def withdraw(
    runtime: Runtime, encounter_id: UUID, viewer: Viewer, line: int, key: str | None
) -> schemas.Appended:
    """The player takes back their own proposal while the GM has not ruled on it. Any line
    that is not one of their proposals is answered alike (404), whatever it holds."""

    def look(history: History) -> str:
        found = proposal_at(history, line)
        if found is None or found.combatant not in viewer:
            raise HttpProblem(404, "No such proposal", f"no proposal of yours at line {line}",
                              "line")  # fmt: skip
        state = next(p.state for p in proposals(history) if p.line == line)
        if state not in OPEN:
            raise HttpProblem(409, "Already ruled", f"the proposal at line {line} is {state}",
                              "line")  # fmt: skip
        return found.combatant

    character = await read(runtime, encounter_id, look)
    body = schemas.Undo(position=line)
    request = ("withdraw", body, key)
    return await committed(runtime, encounter_id, Undo(line), request, f"player:{character}")


async def rule(
    runtime: Runtime,
    encounter_id: UUID,
    line: int,
    body: Acceptance | Declining,
    key: str | None,
) -> schemas.Appended:
    """The GM's acceptance (as proposed, or as `facts` when given) or decline."""

    def look(history: History) -> ActionProposed:
        found = proposal_at(history, line)
        if found is None:
            raise HttpProblem(404, "No such proposal", f"no proposal at line {line}", "line")
        return found

    asked = await read(runtime, encounter_id, look)
    command: Accept | Decline
    if isinstance(body, Declining):
        command = Decline(line, body.reason)
    else:
        facts = None if body.facts is None else tuple(await edited(body.facts))
        command = Accept(line, asked, facts)
    route = "decline" if isinstance(body, Declining) else "accept"
    return await committed(
        runtime, encounter_id, command, (route, body, key), "gm", body.expected_version
    )
