"""Why the service refused a write, a read or a token, as the service's callers meet it: the
store's refusals raised again as the service's own, so the HTTP layer and the command line
depend on the service, not on the store beneath it."""

from __future__ import annotations

from uuid import UUID

from api.store import errors as store


class UnknownEncounter(LookupError):
    """No encounter with this id."""

    def __init__(self, encounter_id: UUID) -> None:
        self.encounter_id = encounter_id
        super().__init__(f"no encounter {encounter_id}")


class VersionConflict(Exception):
    """The log moved on: a stale expected_version, or another writer got there first."""

    def __init__(self, expected: int, actual: int) -> None:
        self.expected, self.actual = expected, actual
        super().__init__(f"expected version {expected}, but the log is at version {actual}")


class LostRace(VersionConflict):
    """A write lost the race to other writers every time it was tried, its expected_version (if
    any) still standing, until its time ran out (api/service/commits.py): nothing was written."""


class KeyReused(Exception):
    """An Idempotency-Key already used on this encounter by a request with another route or body."""

    def __init__(self, key: str, detail: str | None = None) -> None:
        self.key = key
        super().__init__(
            detail
            or f"the Idempotency-Key {key!r} was used before with another request (its route or "
            "body differs); that first request's lines stand: send a new key for a new request"
        )


class TokenRotated(Exception):
    """The token a write was let in on was rotated away before the write was committed."""


class NoToken(Exception):
    """No bearer token where one is needed (`what` names the token wanted)."""

    def __init__(self, field: str, what: str) -> None:
        self.field, self.what = field, what
        super().__init__(f"send Authorization: Bearer <{what}>")


class NotAToken(Exception):
    """A bearer value no token can be (not printable ASCII)."""

    def __init__(self, field: str) -> None:
        self.field = field
        super().__init__("a token is printable ASCII")


class WrongToken(Exception):
    """A token that opens no door here (a rotated-away one among them), or not the one needed."""

    def __init__(self, field: str, detail: str, title: str = "Wrong token") -> None:
        self.field, self.detail, self.title = field, detail, title
        super().__init__(detail)


def raised_again(exc: BaseException) -> BaseException:
    """The service's own error for one the store raised (any other exception as it is)."""
    match exc:
        case store.UnknownEncounter():
            return UnknownEncounter(exc.encounter_id)
        case store.LostRace():
            return LostRace(exc.expected, exc.actual)
        case store.VersionConflict():
            return VersionConflict(exc.expected, exc.actual)
        case store.KeyReused():
            return KeyReused(exc.key, str(exc))
        case _:
            return exc
