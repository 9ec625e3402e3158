"""Facts as a client sends them: dice rolled, numbers the store can keep, and a refused fact's
field named as the request body names it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from api.dice import DiceError, resolve_roll
from api.http import schemas
from api.http.problems import HttpProblem
from domain.events import ENVELOPE, Fact
from domain.integrity import LogError
from domain.jsonl import parse_event


@contextmanager
def fields_as_sent(rename: Callable[[LogError], str | None]) -> Iterator[None]:
    """A fact the log refuses, its field named as the request body names it."""
    try:
        yield
    except LogError as exc:
        raise LogError(exc.position, exc.reason, rename(exc)) from None


def in_batch(exc: LogError) -> str | None:
    """`target` of the third fact sent is `facts[2].target`."""
    if exc.index is None or exc.index < 0 or not exc.field:
        return exc.field
    return f"facts[{exc.index}].{exc.field}"


def as_position(exc: LogError) -> str | None:
    """A correction's `target` is the body's `position`."""
    return "position" if exc.field == "target" else exc.field


def client_fact(raw: dict[str, Any], position: int, field: str) -> Fact:
    """The fact a client sent, its dice rolled; 422 naming the field at fault."""
    service_fields_unset(raw, field)
    fits_64_bits(raw, field)
    try:
        resolved = resolve_roll(raw)
    except DiceError as exc:
        raise HttpProblem(422, "Bad dice notation", str(exc), f"{field}.roll") from None
    if resolved is not raw:
        fits_64_bits(resolved, field, blame=f"{field}.roll")  # a total past 64 bits
    try:
        return parse_event(resolved, position)
    except LogError as exc:
        where = f"{field}.{exc.field}" if exc.field else field
        raise HttpProblem(422, "Invalid fact", exc.reason, where) from None


def fits_64_bits(value: Any, field: str, blame: str | None = None) -> None:
    """422 naming the field (or `blame`) unless every integer fits the 64 bits the store keeps."""
    if (at := schemas.beyond_64_bits(value, field)) is not None:
        low, high = schemas.INT64[0], schemas.INT64[-1]
        reason = f"the number does not fit in 64 bits: it must lie between {low} and {high}"
        raise HttpProblem(422, "Number out of range", reason, blame or at)


def service_fields_unset(raw: dict[str, Any], field: str) -> None:
    """422 for an envelope field in a client's fact: when it was recorded, by whom and under which
    Idempotency-Key are the service's to record (an imported log keeps its own)."""
    for name in sorted(ENVELOPE & raw.keys()):
        reason = f"`{name}` is recorded by the service, not sent with a fact"
        raise HttpProblem(422, "Invalid fact", reason, f"{field}.{name}")
