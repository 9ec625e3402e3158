"""The Encounter aggregate: it takes a fact after the log's integrity checks, never game rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot
from eventsourcing.utils import register_topic
from pydantic import BaseModel, ConfigDict

from api.store.library_internals import restored
from domain.commands import Command, Create, Import, named
from domain.decide import decide
from domain.events import EncounterCreated, Fact
from domain.integrity import LogError, LogIntegrity

ENCOUNTER_TOPIC = "combatlog:Encounter"
SNAPSHOT_TOPIC = "combatlog:Encounter.Snapshot"
SNAPSHOT_INTERVAL = 1000
# The library's event time when a fact carries no `at`: fixed, so the store never reads the clock.
UNSTAMPED = datetime(1970, 1, 1, tzinfo=UTC)


def event_time(fact: Fact) -> datetime:
    """The library event's timestamp: the fact's `at` when recorded, else UNSTAMPED."""
    return fact.at or UNSTAMPED


class EncounterState(BaseModel):
    """What a snapshot keeps of an encounter besides its id and version."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    created_on: datetime
    modified_on: datetime
    integrity: LogIntegrity


class Encounter(Aggregate):
    """One encounter's log: version N is line N; the checks run before each event, not on replay."""

    TOPIC = ENCOUNTER_TOPIC
    # The shape of a snapshot's state (EncounterState, LogIntegrity's fields), as the library
    # versions an aggregate: a change bumps it and adds `upcast_vN_vN+1(state)`, which turns a
    # stored state of version N into N+1 in place, so every snapshot already stored still loads
    # (tests/test_snapshot_versions.py loads one written before versions were kept: version 1).
    class_version = 3

    class Event(Aggregate.Event):
        """Base of the encounter's library events (each carries one fact)."""

    @dataclass(frozen=True)
    class Created(Event, Aggregate.Created):
        """Line 1: the EncounterCreated fact."""

        TOPIC = "combatlog:Encounter.Created"

        fact: EncounterCreated

    @dataclass(frozen=True)
    class Recorded(Event):
        """Line 2 onwards: any other fact."""

        TOPIC = "combatlog:Encounter.Recorded"

        fact: Fact

        def apply(self, aggregate: Any) -> None:
            aggregate.integrity.record(self.fact)

    @dataclass(frozen=True)
    class Snapshot(LibrarySnapshot):
        """The encounter at a version, with its LogIntegrity, so loading skips the lines before."""

        TOPIC = SNAPSHOT_TOPIC

        @classmethod
        def take(cls, aggregate: Any) -> Encounter.Snapshot:
            state = EncounterState(
                created_on=aggregate.created_on,
                modified_on=aggregate.modified_on,
                integrity=aggregate.integrity,
            )
            return cls(
                originator_id=aggregate.id,
                originator_version=aggregate.version,
                timestamp=aggregate.modified_on,
                topic=ENCOUNTER_TOPIC,
                state={**state.model_dump(mode="json"), "class_version": aggregate.class_version},
            )

        def mutate(self, _: None) -> Encounter:
            return Encounter.restore(self.originator_id, self.originator_version, self.state)

    def __init__(self, fact: EncounterCreated) -> None:
        # LogIntegrity.check, not record, remembers the ruleset; replay only records.
        self.integrity = LogIntegrity(ruleset=fact.ruleset)
        self.integrity.record(fact)

    def record(self, fact: Fact) -> None:
        """Take `fact` as the next line (LogError naming its position if it cannot be): what its
        Recorded event does to the aggregate, with no event made: the store saves the fact
        itself as the line's record (api/store/saving.py)."""
        self.integrity.check(fact)
        self.integrity.record(fact)
        self.version += 1  # as the event's mutate moves them (CanMutateAggregate.mutate)
        self.modified_on = event_time(fact)

    def handle(self, command: Command, stamped: Callable[[Fact], Fact]) -> list[Fact]:
        """Record what `command` decides on the log as it stands (inside the caller's version
        check), each fact `stamped`; LogError naming the command's field if one cannot be."""
        facts = [stamped(fact) for fact in decide(self.integrity, command)]
        self._take(command, facts, 0)
        return facts

    @classmethod
    def opened(
        cls, encounter_id: UUID, command: Create | Import, stamped: Callable[[Fact], Fact]
    ) -> tuple[Encounter, list[Fact]]:
        """A new encounter holding what `command` decides, each fact `stamped`, and those facts;
        LogError naming the line that cannot be taken (line 1 must be EncounterCreated)."""
        facts = [stamped(fact) for fact in decide(LogIntegrity(), command)]
        LogIntegrity().check(facts[0])
        created = cast(EncounterCreated, facts[0])
        # as its Created event makes it (the shell, then __init__), with no event made
        encounter = restored(cls, encounter_id, 1, event_time(created))
        encounter.__init__(created)  # type: ignore[misc]
        encounter._take(command, facts, 1)
        return encounter, facts

    def _take(self, command: Command, facts: list[Fact], start: int) -> None:
        for index in range(start, len(facts)):
            try:
                self.record(facts[index])
            except LogError as exc:
                raise named(command, exc, index) from None

    @classmethod
    def restore(cls, encounter_id: UUID, version: int, state: dict[str, Any]) -> Encounter:
        """The encounter as a snapshot kept it, its state upcast from the version it was kept in."""
        kept = EncounterState.model_validate(cls.upcast(dict(state)))
        encounter = restored(cls, encounter_id, version, kept.created_on)
        encounter.modified_on = kept.modified_on
        encounter.integrity = kept.integrity
        return encounter

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """Version 2 keeps the log's GM actions of several lines (LogIntegrity.actions): a
        snapshot of version 1 was kept before any line named an action."""
        state["integrity"]["actions"] = {}

    @staticmethod
    def upcast_v2_v3(state: dict[str, Any]) -> None:
        """Version 3 keeps the players' proposals and the GM's rulings on them
        (LogIntegrity.proposals, .rulings): a snapshot of version 2 was kept before any."""
        state["integrity"] |= {"proposals": {}, "rulings": {}}

    @classmethod
    def upcast(cls, state: dict[str, Any]) -> dict[str, Any]:
        """A stored snapshot state brought to this class's version (none kept: version 1)."""
        kept_in = state.pop("class_version", 1)
        for version in range(kept_in, cls.class_version):
            getattr(cls, f"upcast_v{version}_v{version + 1}")(state)
        return state


register_topic(SNAPSHOT_TOPIC, Encounter.Snapshot)


def replay(encounter: Encounter | None, events: Iterable[Any]) -> Encounter | None:
    """Library events applied in order: project_aggregate without its costly Protocol check."""
    for event in events:
        encounter = event.mutate(encounter)
    return encounter
