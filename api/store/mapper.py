"""Storage format: each fact is stored as its contract JSON line, under its own stable topic."""

from __future__ import annotations

import zlib
from datetime import datetime
from typing import Any, cast
from uuid import UUID

import orjson
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import get_topic, register_topic, resolve_topic
from pydantic import TypeAdapter

from api.store.aggregate import Encounter, event_time
from domain.events import EVENT_TYPES, EncounterCreated, Event, Fact

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
FACT_LIST: TypeAdapter[list[Event]] = TypeAdapter(list[Event])

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
        if isinstance(fact, Fact):
            topic, data = FACT_TOPICS[type(fact)], self.transcoder.encode(fact.to_json_dict())
        else:
            topic = get_topic(type(domain_event))
            data = zlib.compress(self.transcoder.encode(snapshot_state(domain_event)))
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=topic,
            state=self.wrap(data),
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
        """Stored states straight to facts: one JSON array validated in one pydantic call."""
        states = [self.plain(state) for state in stored_states]
        return cast(list[Fact], FACT_LIST.validate_json(b"[" + b",".join(states) + b"]"))

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
