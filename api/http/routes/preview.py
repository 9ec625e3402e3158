"""A dry run: the table and the lines a batch of facts would make, with nothing stored."""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from fastapi import APIRouter

from api.http.deps import Service, Writer
from api.http.facts import client_facts
from api.http.problems import ERRORS
from api.http.schemas import encounters as schemas
from domain.events import Fact
from projections.history import History
from projections.preview import checked, dry_run
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
    table, derived = dry_run(history, facts)
    first = history.version + 1
    lines = [
        schemas.LogLine(position=p, fact=f.to_json_dict(), revoked=False, derived=derived.get(p))
        for p, f in enumerate(facts, first)
    ]
    return schemas.Previewed(state=gm_state_json(table, history.version + len(facts)), lines=lines)
