"""Decisions: a command on the log as it stands, inside the version check, becomes facts."""

from __future__ import annotations

from typing import Any, assert_never

from domain.actions import action_at
from domain.commands import (
    Accept,
    Amend,
    AppendFacts,
    Command,
    Create,
    Decline,
    Import,
    Propose,
    Redo,
    Undo,
)
from domain.corrections import UNREVOCABLE_NAMES
from domain.events import EventAmended, EventRestored, EventRevoked, Fact, ProposalDeclined
from domain.integrity import LogError, LogIntegrity
from domain.proposals import acceptance

NOT_UNDOABLE = UNREVOCABLE_NAMES | {"EncounterCreated"}


def decide(log: LogIntegrity, command: Command) -> list[Fact]:
    """The facts `command` records on `log` (LogError naming the command's field if none can);
    several are one action, each stamped with its first line (`as_action`)."""
    match command:
        case AppendFacts(facts=facts):
            return as_action(log, list(facts))
        case Undo(position=position, reason=reason, action=action):
            lines = alone(log, position, action) or undone(log, action)
            return as_action(log, [EventRevoked(target=t, **given(reason=reason)) for t in lines])
        case Redo(position=position, reason=reason, action=action):
            lines = alone(log, position, action) or redone(log, action)
            return as_action(log, [EventRestored(target=t, **given(reason=reason)) for t in lines])
        case Amend(position=position, replacement=replacement, reason=reason):
            return [EventAmended(target=position, replacement=replacement, **given(reason=reason))]
        case Create(created=created):
            return [created]
        case Import(facts=facts) if facts:
            return list(facts)
        case Import():
            raise LogError(1, "the log is empty; the first line must be EncounterCreated", "type")
        case Propose(proposal=proposal, nameable=nameable, players=players):
            log.check_proposal(proposal, log.version + 1, nameable, players)
            return [proposal]
        case Accept(proposal=line, proposed=proposed, facts=facts, standing=standing):
            if facts == ():
                reason = "an acceptance records the facts it accepts (or decline the proposal)"
                raise LogError(log.version + 1, reason, "facts")
            if log.proposals.get(line) != proposed.combatant:
                reason = f"line {line} is no proposal for '{proposed.combatant}'"
                raise LogError(log.version + 1, reason, "proposal")
            ruled = acceptance(line, proposed, facts, log.version + 1, standing)
            return as_action(log, ruled)
        case Decline(proposal=line, reason=reason):
            return [ProposalDeclined(proposal=line, **given(reason=reason))]
        case _:
            assert_never(command)


def as_action(log: LogIntegrity, facts: list[Fact]) -> list[Fact]:
    """What one command records: several facts are one action of the GM's, each line naming
    its first (the next line of the log), so an undo takes them back together."""
    if len(facts) < 2:
        return facts
    first = log.version + 1
    return [fact.model_copy(update={"action": first}) for fact in facts]


def alone(log: LogIntegrity, position: int | None, action: int | None) -> list[int]:
    """Line `position` alone, when asked for (else none); with `action` too, LogError naming it."""
    if not position:
        return []
    if action is not None:
        reason = "give `position` (that line alone) or `action` (its lines together), not both"
        raise LogError(log.version + 1, reason, "action")
    return [position]


def undone(log: LogIntegrity, action: int | None) -> list[int]:
    """The lines an undo revokes: those in force of the action beginning at line `action`, or
    of the latest action in force when None."""
    first, last = (
        action_at(log.actions, latest_undoable(log)) if action is None else begun(log, action)
    )
    lines = [p for p in range(first, last + 1) if undoable(log, p)]
    if not lines:
        reason = f"nothing of the action at line {action} is in force to undo"
        raise LogError(log.version + 1, reason, "action")
    return lines


def redone(log: LogIntegrity, action: int | None) -> list[int]:
    """The lines a redo restores: the revoked ones of the action beginning at line `action`,
    or, when None, every line the latest undo in force revoked (an undo of several lines is
    itself one action) and that is revoked still."""
    if action is None:
        target = latest_revoked(log)
        line = log.revoked_at.get(target)
        if line is None:  # a snapshot kept before `revoked_at` existed: that line alone
            return [target]
        first, last = action_at(log.actions, line)
        return sorted(t for t in log.revoked if first <= log.revoked_at.get(t, 0) <= last)
    first, last = begun(log, action)
    lines = [p for p in range(first, last + 1) if p in log.revoked]
    if not lines:
        raise LogError(log.version + 1, f"no line of the action at line {action} is revoked",
                       "action")  # fmt: skip
    return lines


def begun(log: LogIntegrity, action: int) -> tuple[int, int]:
    """The first and last line of the action beginning at line `action` (a line on its own is
    an action of one); LogError naming `action` when no action begins there."""
    if not 2 <= action <= log.version:
        raise LogError(log.version + 1, f"line {action} is no line of the log after line 1",
                       "action")  # fmt: skip
    first, last = action_at(log.actions, action)
    if first != action:
        reason = f"line {action} is one of the action beginning at line {first}"
        raise LogError(log.version + 1, reason, "action")
    return first, last


def undoable(log: LogIntegrity, position: int) -> bool:
    """Whether an undo can revoke line `position`: a fact or an amendment, not revoked."""
    return position not in log.revoked and log.types[position - 1] not in NOT_UNDOABLE


def latest_undoable(log: LogIntegrity) -> int:
    """The latest line that is a fact or an amendment and not already revoked: the GM's, so no
    player's proposal (a player withdraws their own; the GM accepts or declines it)."""
    for position in range(log.version, 1, -1):
        if undoable(log, position) and position not in log.proposals:
            return position
    raise LogError(log.version + 1, "there is nothing to undo", "position")


def latest_revoked(log: LogIntegrity) -> int:
    """The target of the latest EventRevoked whose target is still revoked (a proposal its
    player withdrew is not the GM's to bring back)."""
    lines = [target for target in log.revoked if target not in log.proposals]
    if lines:
        # a snapshot kept before `revoked_at` existed: a line was revoked after it was written
        return max(lines, key=lambda target: log.revoked_at.get(target, target))
    raise LogError(log.version + 1, "there is nothing to redo", "position")


def given(**fields: Any) -> dict[str, Any]:
    """The optional fields that have a value: a fact records only what was said (an unset field
    stays out of its JSON, where an explicit None would be written as null)."""
    return {name: value for name, value in fields.items() if value is not None}
