"""What a fact from outside may hold: numbers a d20 table can mean, times the store can keep, and
JSON nested no deeper than a table's data needs. Checked at the edge only (`EDGE` context), so a
log stored before the bounds existed still reads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import ValidationInfo
from pydantic_core import PydanticCustomError

MAGNITUDE = 10**6  # |amount|, value, totals, modifiers, DCs, stats: far past any d20 figure
MAX_DEPTH = 32  # JSON nesting: a request body, a log line, a fact's stats or options
EARLIEST = datetime(1, 1, 1, tzinfo=UTC) + timedelta(days=1)  # a day inside what datetime holds,
LATEST = datetime(9999, 12, 31, tzinfo=UTC) - timedelta(days=1)  # so any offset still shows it
NUL = "must not contain the NUL character (U+0000)"
EDGE = {"edge": True}  # the validation context of a fact from outside (a request, a file)


def at_edge(info: ValidationInfo) -> bool:
    """Whether this validation is of a fact from outside (bounds apply) or read from the store."""
    return bool(info.context and info.context.get("edge"))


def bounded_int(value: int, info: ValidationInfo) -> int:
    """An integer a table can mean: within ±MAGNITUDE."""
    if at_edge(info) and not -MAGNITUDE <= value <= MAGNITUDE:
        raise out_of_bounds(f"must lie between {-MAGNITUDE} and {MAGNITUDE}")
    return value


def bounded_text(value: str, info: ValidationInfo) -> str:
    """Text without the NUL character, which no name or note needs and PostgreSQL's text
    columns (the analytics read model) cannot hold."""
    if at_edge(info) and "\x00" in value:
        raise out_of_bounds(NUL)
    return value


def bounded_time(value: datetime | None, info: ValidationInfo) -> datetime | None:
    """A recorded time the store and the analytics can hold: in UTC, a day inside years
    1–9999 (no offset: read as UTC)."""
    if value is None or not at_edge(info):
        return value
    if not in_range(value):
        raise out_of_bounds(f"must lie between {EARLIEST.isoformat()} and {LATEST.isoformat()}")
    return value


def in_range(value: datetime) -> bool:
    """Whether a time, taken to UTC (no offset: UTC), lies between EARLIEST and LATEST."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        return EARLIEST <= value.astimezone(UTC) <= LATEST
    except OverflowError:  # before year 1 or after 9999 once taken to UTC
        return False


def bounded_tree(value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
    """Stats or options: every number within ±MAGNITUDE, nested at most MAX_DEPTH deep."""
    if at_edge(info) and (fault := tree_fault(value)) is not None:
        raise out_of_bounds(fault)
    return value


def out_of_bounds(reason: str) -> PydanticCustomError:
    """The validation error of a value past a bound, its reason as given."""
    return PydanticCustomError("out_of_bounds", reason)


def tree_fault(value: Any) -> str | None:
    """Why a JSON value is out of bounds (its path and the bound), or None. Walked without
    recursion, so no depth can exhaust the stack."""
    stack: list[tuple[str, Any, int]] = [("", value, 1)]
    while stack:
        path, item, depth = stack.pop()
        if isinstance(item, str) and "\x00" in item:
            return f"'{path}' {NUL}"
        if isinstance(item, int) and not isinstance(item, bool):
            if not -MAGNITUDE <= item <= MAGNITUDE:
                return f"'{path}' must lie between {-MAGNITUDE} and {MAGNITUDE}"
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return f"nested deeper than {MAX_DEPTH} levels at '{path}'"
            stack.extend((f"{path}{step}", v, depth + 1) for step, v in _children(item, path))
    return None


def too_deep(value: Any) -> str | None:
    """The dotted path of the first array or object nested past MAX_DEPTH, or None."""
    stack: list[tuple[str, Any, int]] = [("", value, 1)]
    while stack:
        path, item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                return path
            stack.extend((f"{path}{step}", v, depth + 1) for step, v in _children(item, path))
    return None


def _children(item: dict[str, Any] | list[Any], path: str) -> list[tuple[str, Any]]:
    """Each member of an object or array with its step in a dotted path."""
    if isinstance(item, list):
        return [(f"[{n}]", v) for n, v in enumerate(item)]
    return [((f".{k}" if path else str(k)), v) for k, v in item.items()]
