"""One write to the store and its outcome: what a command decides, all or none, its facts stamped
in one place, and the lines it wrote (api/store/batch.py commits them)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID, uuid5

from domain.commands import Command, Import
from domain.events import Fact
from domain.integrity import LogError

FORKS = UUID("5b2f7c1e-16a0-4b1e-9d3c-0f0e6b1c2a16")  # a keyed fork's branch id: uuid5(FORKS, …)


def fork_id(parent: UUID, key: str) -> UUID:
    """The branch a fork of `parent` with the Idempotency-Key `key` opens: its retry finds it
    there, and a write to `parent` sent with that key finds it too (a key names one request)."""
    return uuid5(FORKS, f"{parent}/{key}")


@dataclass(frozen=True, slots=True)
class Append:
    """One write: what `command` decides, all or none, after `expected_version` when given (a
    Create or Import opens the new encounter `encounter_id`); each fact stamped with the time of
    its commit and `by` where it has none, and with the Idempotency-Key `key`."""

    encounter_id: UUID
    command: Command
    expected_version: int | None = None
    by: str | None = None
    key: str | None = None
    fingerprint: str | None = None  # the request's route and body, digested (api/http/idempotency)
    # the role and generation of the token the write was let in with, when checked against what
    # the worker remembered of the rotations: the committer confirms it (api/store/access.py)
    grant: tuple[str, int] | None = None

    def __post_init__(self) -> None:
        if self.key is not None and not 1 <= len(self.key) <= 200:
            raise LogError(0, "an idempotency key is 1 to 200 characters", field="key")

    def stamped(self, fact: Fact, at: datetime | None) -> Fact:
        """The one place a fact is stamped: `at` and `by` where it has none, the key (and the
        fingerprint of the request that used it) when given; an imported log keeps its own."""
        if isinstance(self.command, Import):
            return fact
        changes: dict[str, Any] = {}
        if self.key is not None:
            changes["key"] = self.key
            if self.fingerprint is not None:
                changes["fingerprint"] = self.fingerprint
        if fact.at is None and at is not None:
            changes["at"] = at
        if fact.by is None and self.by is not None:
            changes["by"] = self.by
        return restamped(fact, changes) if changes else fact


def restamped(fact: Fact, changes: dict[str, Any]) -> Fact:
    """`fact.model_copy(update=changes)`, field for field, without its generic copy: ~35% less
    CPU a stamp (the envelope's values are the service's own, so nothing to validate either way)."""
    cls = type(fact)
    new = cls.__new__(cls)
    setattr_ = object.__setattr__  # the model is frozen: its own __setattr__ refuses
    setattr_(new, "__dict__", {**fact.__dict__, **changes})
    setattr_(new, "__pydantic_fields_set__", fact.__pydantic_fields_set__ | changes.keys())
    setattr_(new, "__pydantic_extra__", fact.__pydantic_extra__)
    setattr_(new, "__pydantic_private__", fact.__pydantic_private__)
    return new


@dataclass(frozen=True, slots=True)
class Appended:
    """What a write did: lines first..version, and the facts as stored (None from the store when
    a retried key answered with an earlier request's lines)."""

    first: int
    version: int
    facts: list[Fact] | None = None


Outcome = Appended | Exception
