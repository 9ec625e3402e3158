"""JSON Lines reading and writing of a whole combat log, rejected whole on the first bad line."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, cast

import msgspec
import orjson
from pydantic import ValidationError

from domain.bounds import MAX_DEPTH, edge_validator, too_deep
from domain.events import EVENT_TYPES, Event, Fact
from domain.integrity import LogError, LogIntegrity, first_error
from domain.lean import LEAN_DECODER, raw_refusal

# A line of the biggest legitimate fact (a join with its stats, a note of 4000 characters) is a
# few kB; a line past the HTTP body's limit (api/app.py MAX_BODY) is no fact any client sent.
MAX_LINE_BYTES = 1_000_000
# A long fight is a few thousand lines; the replay benchmark's log is 100k (~165 MB, ~1 s to
# replay). A million lines fold in ~1.6 GB and ~10 s; ten million would not fit a laptop.
MAX_LINES = 1_000_000


class _EdgeValidators(dict[str, Any]):
    """Each fact type's validator for a fact from outside, its fields held to domain.bounds,
    made when first asked for (from its model's schema, built then: a replay of lean facts
    asks for none)."""

    def __missing__(self, kind: str) -> Any:
        cls = EVENT_TYPES[kind]  # KeyError for a type there is none of, as a plain dict
        cls.model_rebuild()
        self[kind] = made = edge_validator(cls.__pydantic_core_schema__)
        return made

    def get(self, kind: Any, default: Any = None) -> Any:
        return self[kind] if isinstance(kind, str) and kind in EVENT_TYPES else default

    def every(self) -> None:
        """Every fact type's validator made now (a service's start: none on a request)."""
        for kind in EVENT_TYPES:
            self[kind]


EDGE_VALIDATORS = _EdgeValidators()


def parse_event(obj: Any, position: int, nested: bool = True) -> Event:
    """One decoded JSON object from outside (a request, a file) as an event, within the bounds of
    domain.bounds, or LogError naming the field and the reason. `nested` False: the caller knows
    no field holds an object or array, so the line cannot be too deep."""
    if not isinstance(obj, dict):
        raise LogError(position, "each line must be a JSON object")
    kind = obj.get("type")
    if kind is None:
        raise LogError(position, "missing event type", "type")
    if not isinstance(kind, str):
        raise LogError(position, "the event type is a string, such as 'NoteAdded'", "type")
    validator = EDGE_VALIDATORS.get(kind)
    if validator is None:
        raise LogError(position, f"unknown event type '{kind}'", "type")
    if nested and (deep := too_deep(obj)) is not None:
        field = deep.split(".")[0].split("[")[0]
        raise LogError(position, f"nested deeper than {MAX_DEPTH} levels at '{deep}'", field)
    try:
        return cast(Event, validator.validate_python(obj))
    except ValidationError as exc:
        name, reason = first_error(exc)
        raise LogError(position, reason, name or None) from None


def _nested(line: bytes) -> bool:
    """Whether a line's object may hold an object or array: a second brace or any bracket."""
    return b"[" in line or line.count(b"{") > 1


class Readable(Protocol):
    """A binary stream already opened (a file, a pipe): read a line of at most `size` bytes."""

    def readline(self, size: int = -1, /) -> bytes: ...


def read_log(stream: Readable) -> list[Event]:
    """Read and check a whole log from `stream` line by line, holding no line past
    MAX_LINE_BYTES and no more than MAX_LINES lines (`/dev/zero` fails at line 1, never read
    whole); the first bad line raises LogError and nothing is returned."""
    lines = bounded_lines(stream)
    return _events(lines, b"".join(lines))


def read_log_lean(stream: Readable) -> list[Event]:
    """As `read_log`, each line read into its lean twin where its type has one (domain/lean.py),
    for a fold that only reads the facts (`combatlog replay`); what it accepts and every error it
    raises are `read_log`'s: any line the lean read refuses sends the whole log down that path."""
    lines = bounded_lines(stream)
    raw = b"".join(lines)
    events = _lean(lines, raw)
    return _events(lines, raw) if events is None else events


def _lean(lines: list[bytes], raw: bytes) -> list[Event] | None:
    """Every line decoded and validated into its lean twin in one msgspec pass (a type with no
    twin, or a line its twin refuses: by the model, as `_all_valid`), the whole log checked; or
    None when anything is amiss, for `_events` to read (and word the error) as before."""
    if raw_refusal(raw) or _most_brackets(raw) > MAX_DEPTH:
        return None
    decode, validators, loads = LEAN_DECODER.decode, EDGE_VALIDATORS, orjson.loads
    events: list[Any] = []
    add = events.append
    for line in lines:
        try:
            add(decode(line))
        except (msgspec.DecodeError, ValueError):  # no twin, one the model may still accept, or
            # bytes msgspec refuses its own way (an encoded surrogate: UnicodeDecodeError)
            try:
                add(validators[(obj := loads(line))["type"]].validate_python(obj))
            except (orjson.JSONDecodeError, KeyError, TypeError, ValidationError):
                return None
    try:
        check_log(events)
    except Exception:  # a fault (or a twin the check reads otherwise): the models' read says which
        return None
    return cast(list[Event], events) if events else None


def bounded_lines(stream: Readable) -> list[bytes]:
    """The lines of `stream`, each with its line break, or LogError at the first line longer
    than MAX_LINE_BYTES or past MAX_LINES. A last line of blanks without a break is dropped,
    as `read_jsonl` drops it."""
    lines: list[bytes] = []
    readline, most = stream.readline, MAX_LINE_BYTES + 1  # a full line and its break
    while line := readline(most):
        if len(line) == most and not line.endswith(b"\n"):
            raise LogError(len(lines) + 1, f"longer than {MAX_LINE_BYTES} bytes")
        if len(lines) == MAX_LINES:
            raise LogError(MAX_LINES + 1, f"the log is longer than {MAX_LINES} lines")
        lines.append(line)
    if lines and not lines[-1].endswith(b"\n") and lines[-1].strip() == b"":
        lines.pop()
    return lines


def read_jsonl(data: bytes | str) -> list[Event]:
    """Parse and check a whole log; the first bad line raises LogError and nothing is returned."""
    raw = data.encode() if isinstance(data, str) else data
    lines = raw.split(b"\n")
    if lines and lines[-1].strip() == b"":
        lines.pop()
    return _events(lines, raw)


def _events(lines: list[bytes], raw: bytes) -> list[Event]:
    """The log of `lines` (`raw`: them joined), checked whole."""
    events = _all_valid(lines, _most_brackets(raw))
    if events is None:  # some line is not a valid event: find the first error, line by line
        return _read_lines(lines)
    check_log(events)  # every line is a valid event, so the first fault of any kind is here
    return events


def _all_valid(lines: list[bytes], brackets: int) -> list[Event] | None:
    """Every line decoded and validated in one pass with no per-line checks around it (reading
    the 100k-line benchmark log, CPU: 437–457 → 377–396 ms), or None when any line fails
    anything, for `_read_lines` to say which and why. `brackets`: the most opening brackets
    on any one line."""
    validators, loads = EDGE_VALIDATORS, orjson.loads
    try:  # each decoded object let go once validated: holding them all took 26 MB more
        events = [validators[(obj := loads(line))["type"]].validate_python(obj) for line in lines]
    except (orjson.JSONDecodeError, KeyError, TypeError, ValidationError):
        return None
    for line in lines if brackets > MAX_DEPTH else ():  # at most MAX_DEPTH brackets on a line:
        if line.count(b"{") + line.count(b"[") > MAX_DEPTH and too_deep(loads(line)) is not None:
            return None  # ... it cannot nest deeper than that
    return cast(list[Event], events) if events else None


# every byte but the opening brackets and the line break, for `_most_brackets` to drop
NOT_BRACKETS = bytes(set(range(256)) - set(b"{[\n"))


def _most_brackets(data: bytes) -> int:
    """The most opening brackets on one line of `data`, counted in one pass over the whole
    (a count on every line of the 100k-line benchmark log, CPU ~20 ms; this ~6 ms)."""
    return max(map(len, data.translate(None, NOT_BRACKETS).split(b"\n")))


def _read_lines(lines: list[bytes]) -> list[Event]:
    """The log line by line, each checked in full before the next: the first bad line raises."""
    integrity = LogIntegrity()
    events: list[Event] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            raise LogError(number, "empty line")
        try:
            obj = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise LogError(number, f"not valid JSON ({exc})") from None
        event = parse_event(obj, number, _nested(line))
        integrity.append(event)
        events.append(event)
    if not events:
        raise LogError(1, "the log is empty; the first line must be EncounterCreated", "type")
    return events


def dumps_event(event: Fact) -> bytes:
    """One event as one line of JSON (no newline)."""
    return orjson.dumps(event.to_json_dict())


def write_jsonl(events: Iterable[Fact]) -> bytes:
    """A whole log as JSON Lines, one event per line, newline-terminated."""
    return b"".join(dumps_event(e) + b"\n" for e in events)


def check_log(events: Sequence[Fact]) -> LogIntegrity:
    """Check an already-parsed log line by line; returns the integrity state it ends in."""
    integrity = LogIntegrity()
    integrity.extend(events)
    return integrity
