"""EncounterStore: each encounter an event-sourced log, kept through the eventsourcing library."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any, ClassVar, Self, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import EnvType, get_topic

from api.compute.collector import collector_paused
from api.store import batch, saving
from api.store.access import AccessRecords
from api.store.aggregate import SNAPSHOT_INTERVAL, Encounter, replay
from api.store.config import DEFAULT_URL, POSTGRES_PREFIXES, persistence_env, tables_locked
from api.store.errors import KeyReused, UnknownEncounter
from api.store.mapper import CREATED_TOPIC, FactMapper, OrjsonTranscoder
from api.store.recorders import SQLiteFactRecorder, postgres_existing
from api.store.tables import StoredTables
from domain.events import EncounterCreated, Fact
from domain.tables import DEFAULT_TABLE, table_of

STORAGE_ENV = {
    "MAPPER_TOPIC": get_topic(FactMapper),
    "TRANSCODER_TOPIC": get_topic(OrjsonTranscoder),
    # The library's aggregate cache, not fast-forwarded: an append on a cached aggregate that
    # another worker has moved on from conflicts on save (the version is taken), and is retried
    # once on a fresh one. No deep copy, so a failed append evicts the aggregate it touched.
    "AGGREGATE_CACHE_MAXSIZE": "1000",
    "AGGREGATE_CACHE_FASTFORWARD": "n",
    "DEEPCOPY_FROM_AGGREGATE_CACHE": "n",
}
LIST_PAGE = 500


@dataclass(frozen=True, slots=True)
class EncounterSummary:
    """One line of the list of encounters."""

    id: UUID
    name: str
    ruleset: str
    version: int
    table: str = DEFAULT_TABLE


class CombatLog(Application[UUID]):
    """The library application: Postgres tables are `<name>_events` and `<name>_snapshots`."""

    name = "CombatLog"
    snapshotting_intervals: ClassVar[dict[type[Any], int]] = {Encounter: SNAPSHOT_INTERVAL}
    snapshotting_projectors: ClassVar[dict[type[Any], Any]] = {Encounter: replay}

    def __init__(self, env: EnvType, name: str | None = None) -> None:
        if name:
            self.name = name
        super().__init__(env)


class EncounterStore:
    """Write (one path: `commit`), read and list encounters (memory:, sqlite:/// or
    postgresql:// URL)."""

    def __init__(
        self,
        url: str | None = None,
        *,
        name: str | None = None,
        secret: bytes | None = None,
        synchronous: str = "full",
    ) -> None:
        """`secret` (the service's) signs the stored tables; without it none are kept.
        `synchronous` "normal": a SQLite file synced at checkpoints, not at every commit."""
        self.url = url = url or DEFAULT_URL  # the settings' `database_url`, else a file here
        self.name = name  # as given (the library falls back on $COMBATLOG_STORE_NAME)
        env = {**STORAGE_ENV, **persistence_env(url, synchronous)}
        with tables_locked(url):
            self.application = CombatLog(env, name or None)
        self.mapper = cast(FactMapper, self.application.mapper)
        # An embedded store (memory or a SQLite file) appends in well under a millisecond and
        # never waits on another process's lock, so callers may append without a thread hop.
        self.embedded = not url.startswith(POSTGRES_PREFIXES)
        self.tables = StoredTables(
            self.application.recorder, url, postgres=not self.embedded, secret=secret
        )
        self.access = AccessRecords(self.application.recorder, url, postgres=not self.embedded)

    def commit(
        self, appends: Sequence[batch.Append], at: datetime | None = None
    ) -> list[batch.Outcome]:
        """Each write decided on its log (a new one for Create and Import) and saved, those of
        a round in one transaction, their facts stamped `at` (api/store/batch.py): every write
        of the store goes this way."""
        return batch.append_batch(self, appends, at)

    def save(
        self, recorded: dict[UUID, Encounter], written: Sequence[tuple[UUID, list[Fact]]]
    ) -> None:
        """What each write recorded on its encounter, in one transaction (api/store/saving.py)."""
        saving.save(self.application, recorded, written)

    def aggregate(self, encounter_id: UUID, fresh: bool = False) -> Encounter:
        """The encounter's aggregate, from the library's cache unless `fresh` (read again: its
        latest snapshot, then the events after it)."""
        if fresh:
            self.evict(encounter_id)
        try:
            encounter: Encounter = self.application.repository.get(
                encounter_id, projector_func=replay
            )
        except AggregateNotFoundError:
            raise UnknownEncounter(encounter_id) from None
        return encounter

    def receipt(
        self, encounter_id: UUID, encounter: Encounter, key: str | None, fingerprint: str | None
    ) -> tuple[int, int] | None:
        """The lines an earlier request with `key` wrote, if any; KeyReused if its fingerprint
        (kept on its first line) differs from `fingerprint`."""
        if key is None or key not in encounter.integrity.receipts:
            return None
        lines = encounter.integrity.receipts[key]
        if fingerprint is not None:
            first = self.facts(encounter_id, upto=lines[0], after=lines[0] - 1)[0]
            if first.fingerprint not in (None, fingerprint):
                raise KeyReused(key)
        return lines

    def facts(self, encounter_id: UUID, upto: int | None = None, after: int = 0) -> list[Fact]:
        """The log, lines after+1..n (or ..upto), decoded from the stored records without replay."""
        rows = self.rows(encounter_id, upto, after)
        with collector_paused():
            return self.mapper.facts([state for _, state in rows]) if rows else []

    def lean_facts(self, encounter_id: UUID, upto: int | None = None, after: int = 0) -> list[Fact]:
        """As `facts`, each line in its lean twin where its type has one, for a reader that
        only folds and tallies (FactMapper.lean_facts): ~2x cheaper to decode."""
        rows = self.rows(encounter_id, upto, after)
        with collector_paused():
            return self.mapper.lean_facts([state for _, state in rows]) if rows else []

    def rows(
        self, encounter_id: UUID, upto: int | None = None, after: int = 0
    ) -> list[tuple[str, bytes]]:
        """(topic, stored state) of lines after+1..n (or ..upto), not decoded."""
        if (upto is not None and upto < 1) or after > 0:
            self.version(encounter_id)  # UnknownEncounter when there is none
        if upto is not None and upto < 1:
            return []
        recorder = self.application.recorder
        if isinstance(recorder, SQLiteFactRecorder):
            rows = recorder.select_rows(encounter_id, gt=after or None, lte=upto)
        else:
            records = recorder.select_events(encounter_id, gt=after or None, lte=upto)
            rows = [(record.topic, record.state) for record in records]
        if not rows and not after:
            raise UnknownEncounter(encounter_id)
        return rows

    def version(self, encounter_id: UUID) -> int:
        """How many lines the log holds."""
        for last in self.application.recorder.select_events(encounter_id, desc=True, limit=1):
            return int(last.originator_version)
        raise UnknownEncounter(encounter_id)

    def existing(self, encounter_ids: Collection[UUID]) -> set[UUID]:
        """Of these encounters, those the store holds: one read for them all."""
        recorder = self.application.recorder
        if not encounter_ids:
            return set()
        if isinstance(recorder, SQLiteFactRecorder):
            return recorder.select_existing(encounter_ids)
        if not self.embedded:
            return postgres_existing(recorder, encounter_ids)
        return {each for each in encounter_ids if recorder.select_events(each, limit=1)}

    def list_encounters(self, table: str | None = None) -> list[EncounterSummary]:
        """Every encounter (of one table when given: only its lines 1 are read further), oldest
        first, from the notification log's EncounterCreated records."""
        recorder = self.application.recorder
        summaries: list[EncounterSummary] = []
        start: int | None = None
        while True:
            page = recorder.select_notifications(
                start, LIST_PAGE, topics=[CREATED_TOPIC], inclusive_of_start=False
            )
            summaries += [s for n in page if (s := self._summary(n, table)) is not None]
            if len(page) < LIST_PAGE:
                return summaries
            start = page[-1].id

    def holds_encounters(self) -> bool:
        """Whether any encounter is stored."""
        recorder = self.application.recorder
        return bool(recorder.select_notifications(None, 1, topics=[CREATED_TOPIC]))

    def secret_fingerprint(self) -> str | None:
        """The fingerprint of the secret the stored encounters' tokens were issued under."""
        return self.access.secret_fingerprint()

    def remember_secret(self, fingerprint: str) -> None:
        """From now on, tokens are issued under the secret with this fingerprint."""
        self.access.remember_secret(fingerprint)

    def close(self) -> None:
        """Release the database connections."""
        self.application.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def evict(self, encounter_id: UUID) -> None:
        """Drop a cached aggregate that a failed append may have changed."""
        cache = self.application.repository.cache
        if cache is not None:
            with suppress(KeyError):
                cache.get(encounter_id, evict=True)

    def _summary(self, record: StoredEvent, table: str | None) -> EncounterSummary | None:
        created = EncounterCreated.model_validate_json(self.mapper.plain(record.state))
        if table is not None and table_of(created) != table:
            return None
        encounter_id = UUID(str(record.originator_id))
        version = self.version(encounter_id)
        return EncounterSummary(
            encounter_id, created.name, created.ruleset, version, table_of(created)
        )
