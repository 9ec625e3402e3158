"""Decisions: a command on the log as it stands, inside the version check, becomes facts."""

from __future__ import annotations

from typing import Any, assert_never

from domain.commands import Amend, AppendFacts, Command, Create, Import, Redo, Undo
from domain.corrections import UNREVOCABLE_NAMES
from domain.events import EventAmended, EventRestored, EventRevoked, Fact
from domain.integrity import LogError, LogIntegrity

NOT_UNDOABLE = UNREVOCABLE_NAMES | {"EncounterCreated"}


def decide(log: LogIntegrity, command: Command) -> list[Fact]:
    """The facts `command` records on `log` (LogError naming the command's field if none can)."""
    match command:
        case AppendFacts(facts=facts):
            return list(facts)
        case Undo(position=position, reason=reason):
            target = position or latest_undoable(log)
            return [EventRevoked(target=target, **given(reason=reason))]
        case Redo(position=position, reason=reason):
            target = position or latest_revoked(log)
            return [EventRestored(target=target, **given(reason=reason))]
        case Amend(position=position, replacement=replacement, reason=reason):
            return [EventAmended(target=position, replacement=replacement, **given(reason=reason))]
        case Create(created=created):
            return [created]
        case Import(facts=facts) if facts:
            return list(facts)
        case Import():
            raise LogError(1, "the log is empty; the first line must be EncounterCreated", "type")
        case _:
            assert_never(command)


def latest_undoable(log: LogIntegrity) -> int:
    """The latest line that is a fact or an amendment and not already revoked."""
    for position in range(log.version, 1, -1):
        if position not in log.revoked and log.types[position - 1] not in NOT_UNDOABLE:
            return position
    raise LogError(log.version + 1, "there is nothing to undo", "position")


def latest_revoked(log: LogIntegrity) -> int:
    """The target of the latest EventRevoked whose target is still revoked."""
    if log.revoked:
        # a snapshot kept before `revoked_at` existed: a line was revoked after it was written
        return max(log.revoked, key=lambda target: log.revoked_at.get(target, target))
    raise LogError(log.version + 1, "there is nothing to redo", "position")


def given(**fields: Any) -> dict[str, Any]:
    """The optional fields that have a value: a fact records only what was said (an unset field
    stays out of its JSON, where an explicit None would be written as null)."""
    return {name: value for name, value in fields.items() if value is not None}
