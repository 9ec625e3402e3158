"""A read model kept by an earlier release (its encounters table without the campaign columns)
is dropped and taken again from the log when the service starts: the figures come back whole,
now filed under their campaigns, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import uuid4

import pytest

from api.analytics import Analytics
from api.campaigns.sessions import sessions
from api.store import EncounterStore
from domain.events import EVENT_ADAPTER
from domain.tables import DEFAULT_TABLE
from tests.store_helpers import new_log
from tests.test_analytics_poisoned import drop
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)

# The encounters table as releases before campaigns wrote it.
EARLIER = (
    "encounter_id TEXT PRIMARY KEY, name TEXT, ruleset TEXT, started_at TEXT, ended INTEGER, "
    "rounds INTEGER, events INTEGER, seconds REAL"
)
LOG = [
    {"type": "EncounterCreated", "name": "Ambush", "ruleset": "dnd35", "campaign": "crypt",
     "session": {"id": "fri", "date": "2026-11-20"}},
    {"type": "CombatantJoined", "combatant": "v", "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12}},
]  # fmt: skip


@pytest.fixture(params=["sqlite", "postgres"])
def any_store(
    request: pytest.FixtureRequest,
    sqlite_url: str,
    postgres_url: str,  # noqa: F811
) -> Iterator[EncounterStore]:
    if request.param == "sqlite":
        with EncounterStore(sqlite_url) as store:
            yield store
        return
    name = f"combatlog_migrate_{uuid4().hex[:10]}"
    try:
        with EncounterStore(postgres_url, name=name) as store:
            yield store
    finally:
        drop(postgres_url, name)


def test_an_earlier_releases_read_model_is_taken_again(any_store: EncounterStore) -> None:
    encounter = new_log(any_store, [EVENT_ADAPTER.validate_python(line) for line in LOG])
    first = Analytics(any_store)
    first.catch_up()
    prefix = first.prefix
    with first.transaction() as run:  # as an earlier release left it: older columns, caught up
        run(f"DROP TABLE {prefix}encounters")
        run(f"CREATE TABLE {prefix}encounters ({EARLIER})")
        run(f"INSERT INTO {prefix}encounters VALUES (?, 'Ambush', 'dnd35', NULL, 0, 0, 2, NULL)",
            (str(encounter),))  # fmt: skip
    assert first.position > 0
    again = Analytics(any_store)  # the service starting on it
    assert again.position == 0
    again.catch_up()
    filed = sessions(again, DEFAULT_TABLE, "crypt")
    assert [(s.id, [f.id for f in s.fights]) for s in filed] == [("fri", [str(encounter)])]
    fighters = again.query("SELECT combatant FROM {t}fighters")
    assert fighters == [("v",)]
