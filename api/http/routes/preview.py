"""A dry run: the table and the lines a batch of facts would make, with nothing stored."""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from fastapi import APIRouter

from api.http.deps import Service, Writer
from api.http.facts import client_facts
from api.http.problems import ERRORS
from api.http.schemas import encounters as schemas
from domain.commands import AppendFacts, named
from domain.corrections import is_correction
from domain.events import Fact
from domain.integrity import LogError, LogIntegrity
from projections.derived import derived_lines
from projections.effective import effective_log
from projections.history import History
from projections.render import gm_state_json

router = APIRouter(prefix="/encounters", tags=["encounters"], responses=ERRORS)


@router.post("/{encounter_id}/preview", response_model=schemas.Previewed)
def preview(
    encounter_id: UUID, body: schemas.Preview, _: Writer, service: Service
) -> schemas.Previewed:
    """What these facts would do if appended now (the same checks and 422s, dice rolled): the
    table state and their lines with `derived`; nothing is stored."""
    facts = client_facts(body.facts)  # within one request's dice budget, in the thread pool
    return service.read(encounter_id, lambda history: previewed(history, facts))


def previewed(history: History, facts: Sequence[Fact]) -> schemas.Previewed:
    """The preview of `facts` after the log of `history` (which is left as it was)."""
    checked(history.events, facts)
    events = [*history.events, *facts]
    first = history.version + 1
    if any(is_correction(f) for f in facts):  # a correction may reach back: fold it all
        table, derived = derived_lines(effective_log(events))
    else:
        table, derived = derived_lines(enumerate(facts, first), history.table())
    lines = [
        schemas.LogLine(position=p, fact=f.to_json_dict(), revoked=False, derived=derived.get(p))
        for p, f in enumerate(facts, first)
    ]
    return schemas.Previewed(state=gm_state_json(table, len(events)), lines=lines)


def checked(events: Sequence[Fact], facts: Sequence[Fact]) -> None:
    """The log's integrity checks, as an append runs them; LogError names `facts[n].field`."""
    integrity = LogIntegrity()
    for event in events:
        integrity.record(event)
    for index, fact in enumerate(facts):
        try:
            integrity.append(fact)
        except LogError as exc:
            raise named(AppendFacts(tuple(facts)), exc, index) from None
