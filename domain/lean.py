"""Lean facts: each fact type's twin as a `msgspec.Struct`, generated from its pydantic model
(domain/events.py stays the one definition), which a whole line decodes and validates into in
one C pass. Replay reads these instead of building a pydantic object per line (the 100k-line
benchmark log: docs/benchmarks.md). A type whose fields msgspec cannot hold to exactly what the
pydantic model accepts (a stats tree, a day, a field validator, an untagged union of models) has
no twin: its lines are read by the pydantic model as before.

A twin's `__class__` is its model, so `isinstance` and every `match` class pattern of the folds
take it as the model; the few lookups by exact type name both (`with_twins`).

What msgspec checks differently is kept out of the struct and checked on the whole log instead
(`raw_refusal`): any `\\u` escape (so NUL in text), and the form and range of `at`. Any line the
lean decode refuses is read by the pydantic path, so every error message stays as the model words
it."""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Annotated, Any, Literal, TypeVar, Union, cast, get_args, get_origin

import annotated_types as at
import msgspec
from pydantic import BaseModel, Strict
from pydantic.fields import FieldInfo
from pydantic.types import StringConstraints
from pydantic_core import PydanticUndefined

from domain.bounds import NUL_FREE, TIME_IN_RANGE, WITHIN, ZONED_TIME, AtTheEdge
from domain.events import EVENT_TYPES, CombatantId, Fact

META: Any = msgspec.Meta  # each field's keywords, gathered at run time
K = TypeVar("K")
V = TypeVar("V")


class Unsupported(Exception):
    """A field msgspec cannot hold to exactly what its pydantic model accepts."""


class LeanFact(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The base of every twin: what the folds ask of a fact beyond its fields."""

    @property
    def type_name(self) -> str:
        """The wire name of this fact's type (`"DamageDealt"` …)."""
        return str(self.__struct_config__.tag)

    def model_copy(self, update: Mapping[str, Any] | None = None) -> Any:
        """A copy with `update` applied, as pydantic's `model_copy(update=...)`."""
        return msgspec.structs.replace(self, **(update or {}))


# the bounds each edge annotation carries that the struct holds itself (ge/le) or that the whole
# log is checked for (`raw_refusal`); any other edge annotation has no twin
_EDGE_HANDLED: dict[int, dict[str, int]] = {
    id(NUL_FREE): {},
    id(TIME_IN_RANGE): {},
    id(ZONED_TIME): {},
}
_EDGE_HANDLED[id(WITHIN)] = {"ge": WITHIN.bound["schema"]["ge"], "le": WITHIN.bound["schema"]["le"]}
_META_NAMES = {at.Ge: "ge", at.Le: "le", at.Gt: "gt", at.Lt: "lt", at.MinLen: "min_length",
               at.MaxLen: "max_length"}  # fmt: skip


def _constraints(metadata: Iterable[Any]) -> dict[str, Any]:
    """msgspec.Meta keywords for pydantic field metadata (each bound the tightest given), or
    Unsupported."""
    meta: dict[str, Any] = {}
    for item in metadata:
        if isinstance(item, Strict):  # msgspec is strict: no bool or float for an int
            continue
        if isinstance(item, AtTheEdge):
            if id(item) not in _EDGE_HANDLED:
                raise Unsupported(item)
            _tighten(meta, _EDGE_HANDLED[id(item)])
        elif type(item) in _META_NAMES:
            name = _META_NAMES[type(item)]
            _tighten(meta, {name: getattr(item, name)})
        elif isinstance(item, StringConstraints):
            _tighten(meta, _string(item))
        elif isinstance(item, FieldInfo):
            if item.json_schema_extra is None and not item.metadata:
                raise Unsupported(item)
            _tighten(meta, _constraints(item.metadata))
        else:
            raise Unsupported(item)
    return meta


def _tighten(meta: dict[str, Any], more: Mapping[str, Any]) -> None:
    """`meta` with `more`'s bounds too: of two lower bounds the higher, of two upper the lower."""
    for name, value in more.items():
        if name == "pattern" and "pattern" in meta and meta["pattern"] != value:
            raise Unsupported(name)  # msgspec holds one pattern a field
        if name in meta and name in ("ge", "gt", "min_length"):
            value = max(meta[name], value)
        elif name in meta and name in ("le", "lt", "max_length"):
            value = min(meta[name], value)
        meta[name] = value


# A combatant id's form: a twin holds only its length, as the pattern costs msgspec a Python
# regex call a field (100k lines: ~40 ms of ~60). The log's integrity check (check_log, run on
# every lean read) then takes an id only if it names a combatant that joined, and each join is
# read by its model (CombatantJoined has no twin), which holds its id to the pattern;
# tests/test_lean_facts.py proves every twin field of this type is one the check reads.
JOINED_ID = get_args(CombatantId)[1]


def _string(item: StringConstraints) -> dict[str, Any]:
    if item.strip_whitespace or item.to_lower or item.to_upper or item.strict:
        raise Unsupported(item)
    meta = {k: v for k in ("min_length", "max_length") if (v := getattr(item, k)) is not None}
    if item.pattern is not None and item is not JOINED_ID:
        # pydantic's `$` ends the text; Python's also before a "\n"
        pattern = str(item.pattern)
        meta["pattern"] = pattern[:-1] + r"\Z" if pattern.endswith("$") else pattern
    return meta


# at most the integers orjson reads as integers (past them: a float, which no int field takes), so
# a twin refuses what the model never sees as an int (msgspec's bounds fit an int64: orjson's
# unsigned ones past it are read by the model)
ORJSON_INTS = {"ge": -(2**63), "le": 2**63 - 1}


def lean_type(hint: Any, twins: dict[type, type]) -> Any:
    """The msgspec type holding `hint` to what pydantic accepts, or Unsupported."""
    origin = get_origin(hint)
    if origin is Annotated:
        base, *metadata = get_args(hint)
        meta = _constraints(metadata)
        if base is int:
            _tighten(meta, ORJSON_INTS)
            return Annotated[int, META(**meta)]
        inner = lean_type(base, twins)
        return Annotated[inner, META(**meta)] if meta else inner
    if origin in (Union, types.UnionType):
        members = [lean_type(a, twins) for a in get_args(hint)]
        if sum(isinstance(m, type) and issubclass(m, msgspec.Struct) for m in members) > 1:
            raise Unsupported(hint)  # pydantic tries each model in turn; msgspec needs a tag
        return Union[tuple(members)]  # noqa: UP007  (a runtime union of computed members)
    if origin is list:
        return list[lean_type(get_args(hint)[0], twins)]  # type: ignore[misc]
    if origin is Literal:
        if not all(isinstance(a, str) for a in get_args(hint)):
            raise Unsupported(hint)  # msgspec's Literal[True] is not pydantic's
        return hint
    if hint is int:
        return Annotated[int, META(**ORJSON_INTS)]
    if hint in (str, bool, type(None)):
        return hint
    if hint is datetime:  # only the envelope's `at`, its form and range checked on the whole log
        return Annotated[datetime, msgspec.Meta(tz=True)]
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        if hint not in twins:
            twins[hint] = _twin(hint, twins, tagged=False)
        return twins[hint]
    raise Unsupported(hint)


def _twin(model: type[BaseModel], twins: dict[type, type], tagged: bool) -> type:
    """The Struct twin of `model`: the same fields, types and defaults."""
    decorators = model.__pydantic_decorators__
    if decorators.field_validators or decorators.model_validators or decorators.validators:
        raise Unsupported(model)
    if model.model_config.get("extra") != "forbid":
        raise Unsupported(model)
    fields: list[tuple[str, Any, Any]] = []
    for name, info in model.model_fields.items():
        if tagged and name == "type":
            continue  # the union's tag
        hint = lean_type(Annotated[(info.annotation, *info.metadata)] if info.metadata
                         else info.annotation, twins)  # fmt: skip
        if info.default_factory is not None:
            factory = cast(Callable[[], Any], info.default_factory)  # it takes no data here
            fields.append((name, hint, msgspec.field(default_factory=factory)))
        elif info.default is PydanticUndefined:
            fields.append((name, hint, msgspec.NODEFAULT))
        else:
            fields.append((name, hint, info.default))
    config: dict[str, Any] = {"frozen": True, "kw_only": True, "forbid_unknown_fields": True,
                              "gc": False}  # fmt: skip
    if tagged:
        config.update(tag_field="type", tag=model.model_fields["type"].default)
        bases: tuple[type, ...] = (LeanFact,)
    else:
        bases = (msgspec.Struct,)
    spec = [(n, h) if d is msgspec.NODEFAULT else (n, h, d) for n, h, d in fields]
    # `__class__` the model: `isinstance` (so every `match` class pattern) takes the twin as the
    # model, as it does a mock with a spec; `type()` still tells them apart (`with_twins`)
    namespace = {"__class__": model}
    return msgspec.defstruct(model.__name__, spec, bases=bases, module=__name__,
                             namespace=namespace, **config)  # fmt: skip


def _twins() -> dict[type[Fact], type[LeanFact]]:
    made: dict[type, type] = {}
    found: dict[type[Fact], type[LeanFact]] = {}
    for cls in EVENT_TYPES.values():
        try:
            found[cls] = _twin(cls, made, tagged=True)
        except Unsupported:
            continue
    return found


TWINS: dict[type[Fact], type[LeanFact]] = _twins()
MODEL_OF: dict[type, type[Fact]] = {twin: model for model, twin in TWINS.items()}
LEAN_DECODER = msgspec.json.Decoder(Union[tuple(TWINS.values())])  # noqa: UP007


def with_twins(kinds: Mapping[K, V]) -> dict[K, V]:
    """A mapping keyed by fact types, each type's twin (if it has one) keyed alike."""
    twins = {cast(K, TWINS[k]): v for k, v in kinds.items() if k in TWINS}
    return {**kinds, **twins}


def kinds_with_twins(kinds: Iterable[type[Fact]]) -> frozenset[type]:
    """The fact types and their twins."""
    return frozenset(with_twins(dict.fromkeys(kinds)))


# `at` as the edge takes it (domain.bounds.ZONED, TIME_IN_RANGE), narrowed to what msgspec reads
# to the same time: seconds given, at most 6 digits of a second, an offset of at most ±23:59,
# and no day within a day of the range's ends (those lines are read by the model)
_AT_AS_TWINS_READ = (rb"\d{4}-(?:0[1-9]|1[0-2])-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?"
                     rb"(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)\"")  # fmt: skip
_BAD_AT = re.compile(rb'"at"\s*:\s*"(?!(?!0001-01|9999-12)' + _AT_AS_TWINS_READ + b")")


def raw_refusal(raw: bytes) -> bool:
    """Whether the whole log may hold what the twins would read differently from the models: a
    `\\u` escape anywhere (a NUL, a lone surrogate, or a key spelled `"\\u0061t"`, which the
    check of `at` below would not see; orjson writes one only for a control character) or an
    `at` not in the form both read alike. A false alarm (an `at` key in a stats tree) only
    sends the log down the pydantic path."""
    return b"\\u" in raw or _BAD_AT.search(raw) is not None


__all__ = ["LEAN_DECODER", "MODEL_OF", "TWINS", "LeanFact", "kinds_with_twins", "with_twins"]
_ = typing  # the module's own `Union[...]` built at run time
