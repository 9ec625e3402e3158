"""What a fact from outside may hold: numbers a d20 table can mean, times the store can keep
(written with their zone), and JSON nested no deeper than a table's data needs. Checked at the
edge only (`edge_validator`), so a log stored before the bounds existed still reads."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from pydantic import GetCoreSchemaHandler
from pydantic_core import CoreSchema, PydanticCustomError, SchemaValidator, core_schema

MAGNITUDE = 10**6  # |amount|, value, totals, modifiers, DCs, stats: far past any d20 figure
MAX_DEPTH = 32  # JSON nesting: a request body, a log line, a fact's stats or options
EARLIEST = datetime(1, 1, 1, tzinfo=UTC) + timedelta(days=1)  # a day inside what datetime holds,
LATEST = datetime(9999, 12, 31, tzinfo=UTC) - timedelta(days=1)  # so any offset still shows it
NUL = "must not contain the NUL character (U+0000)"
EDGE_BOUND = "combatlog_edge_bound"  # core-schema metadata: the check a value from outside gets
EDGE_FORM = "combatlog_edge_form"  # ... and the check of its form as sent, before its type's


@dataclass(frozen=True, slots=True, eq=False)  # hashed by identity, as Annotated needs
class AtTheEdge:
    """A field annotation: a value from outside (a request, a file: `edge_validator`) is also held
    to `bound`, checked after the field's own type (`form`: before it, on the value as sent); the
    store's reads skip it, so a log stored before the bounds still reads."""

    bound: CoreSchema
    form: bool = False

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> Any:
        schema = handler(source)
        key = EDGE_FORM if self.form else EDGE_BOUND
        return {**schema, "metadata": {**schema.get("metadata", {}), key: self.bound}}


def edge_validator(schema: CoreSchema) -> SchemaValidator:
    """A validator of `schema` (a model's or an adapter's) for values from outside: each field
    marked `AtTheEdge` also checked against its bound, in pydantic-core."""
    models: list[type] = []
    bounded = cast(CoreSchema, _with_bounds(schema, models))
    # pydantic-core reuses a complete model class's own validator wherever a schema names the
    # class (its "prebuilt" validator, without the bounds): marked incomplete while this builds
    complete = [vars(cls).get("__pydantic_complete__") for cls in models]
    try:
        for cls in models:
            type.__setattr__(cls, "__pydantic_complete__", False)
        return SchemaValidator(bounded)
    finally:
        for cls, was in zip(models, complete, strict=True):
            type.__setattr__(cls, "__pydantic_complete__", was)


def _with_bounds(node: Any, models: list[type]) -> Any:
    """`node` with each bound it carries chained after it; the model classes named collected."""
    if isinstance(node, list):
        return [_with_bounds(item, models) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("type") == "model":
        models.append(node["cls"])
    kept = {k: v if k == "metadata" else _with_bounds(v, models) for k, v in node.items()}
    metadata = node.get("metadata", {})
    steps = [s for s in (metadata.get(EDGE_FORM), kept, metadata.get(EDGE_BOUND)) if s is not None]
    return kept if len(steps) == 1 else core_schema.chain_schema(steps)


def _bounded(schema: CoreSchema, reason: str) -> AtTheEdge:
    return AtTheEdge(core_schema.custom_error_schema(
        schema, custom_error_type="out_of_bounds", custom_error_message=reason))  # fmt: skip


def _time_in_range(value: datetime | None) -> datetime | None:
    """A recorded time the store and the analytics can hold: in UTC, a day inside years
    1–9999 (no offset: read as UTC)."""
    if value is not None and not in_range(value):
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


def _tree_in_bounds(value: dict[str, Any]) -> dict[str, Any]:
    """Stats or options: every number within ±MAGNITUDE, nested at most MAX_DEPTH deep."""
    if (fault := tree_fault(value)) is not None:
        raise out_of_bounds(fault)
    return value


# An integer a table can mean: within ±MAGNITUDE.
WITHIN = _bounded(core_schema.int_schema(ge=-MAGNITUDE, le=MAGNITUDE),
                  f"must lie between {-MAGNITUDE} and {MAGNITUDE}")  # fmt: skip
# Text without the NUL character, which no name or note needs and PostgreSQL's text columns (the
# analytics read model) cannot hold.
NUL_FREE = _bounded(core_schema.str_schema(pattern=r"^[^\x00]*$"), NUL)
TIME_IN_RANGE = AtTheEdge(core_schema.no_info_plain_validator_function(_time_in_range))
# A time as ISO 8601 writes it, with its UTC offset: else a number is read as seconds since 1970
# and a day or a time without a zone as UTC, silently (a recap then spans decades).
ZONED = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$"
ZONED_REASON = ("must be an ISO 8601 date and time with its UTC offset ('Z' or '+hh:mm'), such as "
                "'2026-11-20T19:30:00Z'")  # fmt: skip
DAY = r"^\d{4}-\d{2}-\d{2}$"  # a day as ISO 8601 writes it: a number is no day, nor a time
DAY_REASON = "must be a date as YYYY-MM-DD, such as '2026-11-20'"


def _written(pattern: str, reason: str) -> CoreSchema:
    """A string as sent, matching `pattern`; else `reason`."""
    return core_schema.custom_error_schema(core_schema.str_schema(pattern=pattern, strict=True),
                                           custom_error_type="not_as_written",
                                           custom_error_message=reason)  # fmt: skip


ZONED_TIME = AtTheEdge(core_schema.nullable_schema(_written(ZONED, ZONED_REASON)), form=True)
ISO_DAY = AtTheEdge(_written(DAY, DAY_REASON), form=True)
TREE_IN_BOUNDS = AtTheEdge(core_schema.no_info_plain_validator_function(_tree_in_bounds))


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
