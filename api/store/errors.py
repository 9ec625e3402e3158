"""Why the store refused an append or a read: the log moved on, a key reused, no such encounter."""

from __future__ import annotations

from uuid import UUID


class VersionConflict(Exception):
    """The log moved on: a stale expected_version, or another writer got there first."""

    def __init__(self, expected: int, actual: int) -> None:
        self.expected = expected
        self.actual = actual
        super().__init__(f"expected version {expected}, but the log is at version {actual}")


class LostRace(VersionConflict):
    """A write lost the race to other writers in every round of its commit, its expected_version
    (if any) still standing: nothing of it was written, and it may be tried again."""


class KeyReused(Exception):
    """An Idempotency-Key already used on this encounter by a request with another route or body."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(
            f"the Idempotency-Key {key!r} was used before with another request (its route or body "
            "differs); that first request's lines stand: send a new key for a new request"
        )


class UnknownEncounter(LookupError):
    """No encounter with this id in the store."""

    def __init__(self, encounter_id: UUID) -> None:
        self.encounter_id = encounter_id
        super().__init__(f"no encounter {encounter_id}")
