"""The memory benchmark's store: what `make bench-service` reads is written as the service
writes (this benchmark once called a store method the one write path had replaced)."""

from __future__ import annotations

from pathlib import Path

from api.store import EncounterStore
from benchmarks.memory import FIGHTS, populate
from projections.table import table_at


def test_the_memory_benchmark_stores_every_encounter_whole(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'memory.sqlite'}"
    ids = populate(url, FIGHTS + 2, 12)  # past FIGHTS: the logs are stored again under new ids
    with EncounterStore(url) as store:
        assert [store.version(encounter_id) for encounter_id in ids] == [12] * len(ids)
        first, again = store.facts(ids[0]), store.facts(ids[FIGHTS])
        assert first == again and first[0].type == "EncounterCreated"
        assert len(table_at(first).members) > 1  # its joins read back as facts
