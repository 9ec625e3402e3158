"""Storage format: each fact is stored as its contract JSON line, under its own stable topic."""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from datetime import datetime
from typing import Any, cast, overload
from uuid import UUID

import msgspec
import orjson
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import get_topic, register_topic, resolve_topic
from pydantic import TypeAdapter

from api.store.aggregate import Encounter, event_time
from domain.corrections import CORRECTION_MODELS
from domain.events import (
    EVENT_TYPES,
    CombatantJoined,
    CombatantRevealed,
    EncounterCreated,
    Event,
    Fact,
    built,
)
from domain.lean import TWINS, raw_refusal

# A fact's stored state is `orjson.dumps(fact.to_json_dict())`, byte for byte a line of the
# JSON Lines contract; its topic is `domain.events:<type>`, the class topic when first written,
# frozen here and registered so a class that moves keeps resolving (tests/test_store_topics.py pins
# them). Snapshots, a cache rather than the contract, are zlib-compressed JSON (mostly the list
# of line types, which compresses ~80x) under `combatlog:Encounter.Snapshot`.
FACT_TOPICS: dict[type[Fact], str] = {
    cls: f"domain.events:{name}" for name, cls in EVENT_TYPES.items()
}
FACTS_BY_TOPIC: dict[str, type[Fact]] = {topic: cls for cls, topic in FACT_TOPICS.items()}
CREATED_TOPIC = FACT_TOPICS[EncounterCreated]
CORRECTION_TOPICS = frozenset(FACT_TOPICS[c] for c in CORRECTION_MODELS)
CAST_TOPICS = frozenset(FACT_TOPICS[c] for c in (CombatantJoined, CombatantRevealed))
FACT_LIST: TypeAdapter[list[Event]] = TypeAdapter(list[Event])
# A stored state begins `{"type":"<name>"`: that head names the validator of the fact's own
# type, which reads the JSON once, where the union's (FACT_LIST) first finds the tag in it:
# `facts` of 100k stored states, CPU 262-266 -> 226-230 ms (best of 5, alternating runs).
TYPE_KEY = b'{"type":"'
HEAD = len(TYPE_KEY)
built()  # the validators kept here are the built ones, not their stand-ins
VALIDATORS_BY_HEAD = {
    TYPE_KEY + name.encode(): cls.__pydantic_validator__ for name, cls in EVENT_TYPES.items()
}
# ... and, for the readers that only fold (`lean_facts`), the decoder of its lean twin where its
# type has one (domain/lean.py): one msgspec pass a line, 1.28 µs against 2.81 (stamped lines)
LEAN_BY_HEAD: dict[bytes, Any] = {
    TYPE_KEY + name.encode(): msgspec.json.Decoder(TWINS[cls]).decode
    for name, cls in EVENT_TYPES.items()
    if cls in TWINS
}

for _topic, _cls in FACTS_BY_TOPIC.items():
    register_topic(_topic, _cls)


class OrjsonTranscoder(Transcoder):
    """JSON bytes through orjson (as eventsourcing's examples/aggregate7)."""

    def encode(self, obj: Any) -> bytes:
        return orjson.dumps(obj)

    def decode(self, data: bytes) -> Any:
        return orjson.loads(data)


class FactMapper(Mapper[UUID]):
    """Library events ⇄ stored records; a fact's record is the fact alone, as in the contract."""

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        fact = getattr(domain_event, "fact", None)
        originator_id, version = domain_event.originator_id, domain_event.originator_version
        if isinstance(fact, Fact):
            return self.fact_record(originator_id, version, fact)
        data = zlib.compress(self.transcoder.encode(snapshot_state(domain_event)))
        return StoredEvent(
            originator_id=originator_id,
            originator_version=version,
            topic=get_topic(type(domain_event)),
            state=self.wrap(data),
        )

    def fact_record(self, originator_id: UUID, version: int, fact: Fact) -> StoredEvent:
        """Line `version` of a log as stored: the one record of a fact, whether the library's
        event for it is mapped or the store saves the fact itself (api/store/saving.py)."""
        return StoredEvent(
            originator_id=originator_id,
            originator_version=version,
            topic=FACT_TOPICS[type(fact)],
            state=self.wrap(self.transcoder.encode(fact.to_json_dict())),
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        state = self.plain(stored_event.state)
        originator_id = as_uuid(stored_event.originator_id)
        version = stored_event.originator_version
        fact_class = FACTS_BY_TOPIC.get(stored_event.topic)
        if fact_class is None:
            snapshot_class = resolve_topic(stored_event.topic)
            kept = self.transcoder.decode(zlib.decompress(state))
            kept["timestamp"] = datetime.fromisoformat(kept["timestamp"])
            snapshot = snapshot_class(
                originator_id=originator_id, originator_version=version, **kept
            )
            return cast(DomainEventProtocol[UUID], snapshot)
        return fact_event(originator_id, version, fact_class.model_validate_json(state))

    def facts(self, stored_states: list[bytes]) -> list[Fact]:
        """Stored states straight to facts, each by its own type's validator: the type is the
        state's first key, as `to_json_dict` writes it. Else (a state written otherwise, or one
        that fails) the whole batch as one JSON array of the union, as it always read."""
        return self._facts(self._plain_states(stored_states))

    def _plain_states(self, stored_states: list[bytes]) -> list[bytes]:
        plain = self.cipher or self.compressor  # else each state is its JSON already
        return [self.plain(state) for state in stored_states] if plain else stored_states

    def _facts(self, states: list[bytes]) -> list[Fact]:
        validators = VALIDATORS_BY_HEAD
        try:
            return [validators[state[: state.index(b'"', HEAD)]].validate_json(state)
                    for state in states]  # fmt: skip
        except (KeyError, ValueError):
            return cast(list[Fact], FACT_LIST.validate_json(b"[" + b",".join(states) + b"]"))

    def lean_facts(self, stored_states: list[bytes]) -> list[Fact]:
        """Stored states as a fold reads them: each into its type's lean twin where it has one
        (domain/lean.py; a twin is taken as its model by `isinstance` and every fold), else its
        model, as `facts`. Only for readers that fold and tally: a twin knows no unset fields,
        so it cannot be written out again as a line (`to_json_dict`). What the twins could
        read otherwise than the models (a `\\u` escape, an `at` of another form) sends the
        batch through `facts`, as does a state that is not a fact's JSON."""
        states = self._plain_states(stored_states)
        if raw_refusal(b"".join(states)):
            return self._facts(states)
        lean, validators = LEAN_BY_HEAD, VALIDATORS_BY_HEAD
        facts: list[Fact] = []
        add = facts.append
        try:
            for state in states:
                head = state[: state.index(b'"', HEAD)]
                decode = lean.get(head)
                add(decode(state) if decode else validators[head].validate_json(state))
        except (KeyError, ValueError, msgspec.DecodeError):
            return self._facts(states)
        return facts

    def wrap(self, data: bytes) -> bytes:
        """Compressed and enciphered, when the library is configured to."""
        if self.compressor:
            data = self.compressor.compress(data)
        return self.cipher.encrypt(data) if self.cipher else data

    def plain(self, data: bytes) -> bytes:
        """The JSON bytes of a stored state."""
        if self.cipher:
            data = self.cipher.decrypt(data)
        return self.compressor.decompress(data) if self.compressor else data


def fact_event(originator_id: UUID, version: int, fact: Fact) -> DomainEventProtocol[UUID]:
    """The aggregate's library event for a stored fact."""
    if isinstance(fact, EncounterCreated):
        return Encounter.Created(
            originator_id=originator_id,
            originator_version=version,
            timestamp=event_time(fact),
            originator_topic=get_topic(Encounter),
            fact=fact,
        )
    return Encounter.Recorded(
        originator_id=originator_id,
        originator_version=version,
        timestamp=event_time(fact),
        fact=fact,
    )


def snapshot_state(snapshot: Any) -> dict[str, Any]:
    """A snapshot's stored state: its time, the aggregate's topic and its JSON-ready state."""
    return {"timestamp": snapshot.timestamp, "topic": snapshot.topic, "state": snapshot.state}


def as_uuid(originator_id: UUID | str) -> UUID:
    return originator_id if isinstance(originator_id, UUID) else UUID(originator_id)


class StoredFacts(MutableSequence[Fact]):
    """A log read from the store, each line decoded the first time it is asked for (a slice
    decodes its undecoded lines in one pydantic call). A rebuild that starts from a stored table
    only needs the lines after it, and the lines any correction names. Append-only, as a log is.

    `folded` is the same log as a fold reads it: a line not yet decoded is decoded into its lean
    twin (FactMapper.lean_facts, ~2x cheaper), kept for the next fold (an undo), while the line
    as a model is still decoded from its stored bytes when first asked for here (to be written
    out, rendered, redacted)."""

    def __init__(self, mapper: FactMapper, states: list[bytes]) -> None:
        self._mapper = mapper
        self._states: list[bytes | None] = list(states)
        self._facts: list[Fact | None] = [None] * len(states)
        self._lean: list[Fact | None] = [None] * len(states)
        self._undecoded = self._stored = self._unlean = len(states)
        self._decoding = threading.Lock()  # readers outside the encounter's lock may decode too
        self.folded: Sequence[Fact] = _Folded(self)

    def __len__(self) -> int:
        return len(self._facts)

    @overload
    def __getitem__(self, index: int) -> Fact: ...

    @overload
    def __getitem__(self, index: slice) -> list[Fact]: ...

    def __getitem__(self, index: int | slice) -> Fact | list[Fact]:
        return _indexed(index, len(self._facts), self._decoded)

    def _decoded(self, start: int, stop: int) -> list[Fact]:
        self._decode(start, stop)
        return cast(list[Fact], self._facts[start:stop])

    def __iter__(self) -> Iterator[Fact]:
        return iter(self[:])

    def insert(self, index: int, fact: Fact) -> None:
        """Only at the end (append): a line recorded after the read."""
        if index != len(self._facts):
            raise TypeError("a log only grows at its end")
        self._states.append(None)
        self._facts.append(fact)
        self._lean.append(fact)

    def lean(self, start: int, stop: int) -> list[Fact]:
        """Lines start+1..stop as a fold reads them: each line's model where it is decoded,
        else its lean twin (decoded now for all those in range that are neither, in one call)."""
        lean = self._lean
        if self._unlean:  # some line not yet read for a fold
            with self._decoding:
                missing = [i for i in range(start, stop) if lean[i] is None]
                decoded = self._facts
                fresh = [i for i in missing if decoded[i] is None]
                states = [cast(bytes, self._states[i]) for i in fresh]
                for i, fact in zip(fresh, self._mapper.lean_facts(states) if fresh else [],
                                   strict=True):  # fmt: skip
                    lean[i] = fact
                for i in missing:
                    if lean[i] is None:
                        lean[i] = decoded[i]
                self._unlean -= len(missing)
        return cast(list[Fact], lean[start:stop])

    @overload
    def __setitem__(self, index: int, fact: Fact) -> None: ...

    @overload
    def __setitem__(self, index: slice, fact: Iterable[Fact]) -> None: ...

    def __setitem__(self, index: int | slice, fact: Fact | Iterable[Fact]) -> None:
        raise TypeError("a log's lines never change")

    def __delitem__(self, index: int | slice) -> None:
        raise TypeError("a log's lines are never deleted")

    def _decode(self, start: int, stop: int) -> None:
        if not self._undecoded:
            return
        with self._decoding:
            self._decode_missing(start, stop)

    def _decode_missing(self, start: int, stop: int) -> None:
        if self._undecoded == self._stored:  # none decoded yet: the stored lines in range, whole
            stop = min(stop, self._stored)  # (lines appended since are facts already)
            if start < stop:
                states = cast(list[bytes], self._states[start:stop])
                self._facts[start:stop] = self._mapper.facts(states)
                self._states[start:stop] = [None] * (stop - start)  # not needed again
                self._undecoded -= stop - start
            return
        missing = [i for i in range(start, stop) if self._facts[i] is None]
        if not missing:
            return
        states = [cast(bytes, self._states[i]) for i in missing]
        for i, fact in zip(missing, self._mapper.facts(states), strict=True):
            self._facts[i] = fact
            self._states[i] = None  # the bytes are not needed again
        self._undecoded -= len(missing)


class _Folded(Sequence[Fact]):
    """A StoredFacts log as a fold reads it (`StoredFacts.folded`): read-only, its length the
    log's, a line appended since the read its fact."""

    def __init__(self, log: StoredFacts) -> None:
        self._log = log

    def __len__(self) -> int:
        return len(self._log)

    @overload
    def __getitem__(self, index: int) -> Fact: ...

    @overload
    def __getitem__(self, index: slice) -> list[Fact]: ...

    def __getitem__(self, index: int | slice) -> Fact | list[Fact]:
        return _indexed(index, len(self._log), self._log.lean)


def _indexed(
    index: int | slice, length: int, read: Callable[[int, int], list[Fact]]
) -> Fact | list[Fact]:
    """Line `index` (or the lines of a slice) of a log of `length` lines, whose lines
    start+1..stop `read` gives: the one indexing of both views of a stored log."""
    if isinstance(index, slice):
        start, stop, step = index.indices(length)
        if step != 1:
            return read(0, length)[index]
        return read(start, stop) if start < stop else []
    if index < 0:
        index += length
    if not 0 <= index < length:
        raise IndexError("no such line")
    return read(index, index + 1)[0]
