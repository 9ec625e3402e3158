"""`combatlog fork` and `combatlog compare`: what-if branches of a stored encounter, and what
differs between two related encounters (projections/branch.py, projections/compare.py)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, cast
from uuid import UUID

import typer

from api.cli import DbOption, EncounterId, encounter_id, runtime
from api.cli.terminal import fail, plain
from domain.events import EncounterCreated
from domain.integrity import LogError

if TYPE_CHECKING:
    from api.service.encounters import Encounters
    from projections.history import History


class Timeline(StrEnum):
    then = "then"
    corrected = "corrected"


def fork(
    encounter: EncounterId,
    at: Annotated[int, typer.Option("--at", help="Fork after line N.")],
    timeline: Annotated[
        Timeline, typer.Option(help="then: lines 1..N as written; corrected: as corrected.")
    ] = Timeline.then,
    db: DbOption = None,
) -> None:
    """Fork a stored encounter after line N into a new encounter (the parent is not touched);
    prints the branch's id (`combatlog tokens` gives its tokens)."""
    from domain.commands import Import
    from projections.branch import forked

    parent = encounter_id(encounter)
    with runtime(db) as built:
        history = found(built.encounters, parent)
        try:
            facts = forked(history.events, parent, at, timeline.value)
            typer.echo(str(built.commits.created(Import(tuple(facts)))))
        except LogError as exc:
            raise fail(f"--{exc.field or 'at'}: {exc.reason}", 2) from None


def compare(
    first: EncounterId,
    second: EncounterId,
    at: Annotated[int | None, typer.Option("--at", help="Both tables after line N.")] = None,
    timeline: Annotated[
        Timeline, typer.Option(help="With --at: as it stood then, or as corrected.")
    ] = Timeline.then,
    db: DbOption = None,
) -> None:
    """Print what differs from the first encounter's table to the second's, one a line: a
    branch and its parent, or two branches of one parent."""
    from projections.compare import differences, gm_table, related

    ids = encounter_id(first), encounter_id(second)
    with runtime(db) as built:
        histories = [found(built.encounters, each) for each in ids]
    lines = [cast(EncounterCreated, h.events[0]) for h in histories]
    if not related(ids[0], lines[0], ids[1], lines[1]):
        raise fail("neither is a branch of the other, nor are both branches of one encounter", 1)
    try:
        a, b = (gm_table(h, at, timeline.value) for h in histories)
    except LogError as exc:
        raise fail(f"--at: {exc.reason}", 2) from None
    for line in differences(a, b) or ["no differences"]:
        typer.echo(plain(line))


def found(encounters: Encounters, encounter: UUID) -> History:
    """The encounter's tables, or a failure saying it is not stored."""
    from api.service.errors import UnknownEncounter

    try:
        return encounters.history(encounter)
    except UnknownEncounter:
        raise fail(f"no encounter {encounter} in the store", 1) from None
