"""The store's core behaviours against a real PostgreSQL, in tables of the test's own."""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterator
from uuid import uuid4

import pytest

from api.store import EncounterStore
from tests.store_helpers import TEST_SECRET, OpenStore
from tests.test_api_claims import (  # noqa: F401
    test_a_refused_check_keeps_no_claim,
    test_claims_are_kept_per_encounter_in_either_store,
)
from tests.test_group_commit_races import (  # noqa: F401
    race,
    test_a_blind_append_overtaken_thirty_times_is_still_written_after_the_others_lines,
    test_a_write_to_another_fight_is_answered_while_a_contended_one_is_still_being_tried,
)

# The same tests, collected again here, run on this module's fixtures.
from tests.test_store_appends import (  # noqa: F401
    test_a_bad_log_is_rejected_whole_on_import,
    test_a_batch_with_a_bad_third_fact_writes_nothing_and_names_its_line,
    test_a_blind_writer_overtaken_in_every_round_of_its_commit_is_a_lost_race_to_try_again,
    test_a_blind_writer_who_lost_a_race_is_written_on_the_log_read_afresh,
    test_a_writer_on_a_stale_cached_log_appends_after_the_other_writers_lines,
    test_a_writer_with_an_expected_version_who_lost_the_race_gets_a_conflict,
    test_an_append_from_a_stale_version_is_a_conflict,
    test_facts_without_a_time_get_the_shell_stamp_and_the_others_keep_theirs,
    test_two_writers_racing_for_the_same_line_one_wins_and_nothing_is_lost,
)
from tests.test_store_loading import (  # noqa: F401
    test_an_encounter_survives_closing_and_reopening_the_database,
    test_an_unknown_encounter_is_reported_as_such,
    test_facts_upto_a_line_are_the_first_lines,
    test_loading_a_long_encounter_starts_from_its_latest_snapshot,
    test_the_list_shows_each_encounter_with_its_name_ruleset_and_version,
)
from tests.test_store_topics import (  # noqa: F401
    test_every_fact_type_is_stored_as_its_json_line_under_its_pinned_topic,
)
from tests.test_stored_tables import (  # noqa: F401
    test_a_correction_after_the_stored_tables_that_reaches_behind_them_refolds_from_before,
    test_a_service_on_a_long_stored_log_undoes_redoes_and_appends_as_on_a_fresh_fold,
    test_tables_stored_by_other_rules_code_are_not_used,
)

pytestmark = pytest.mark.postgres
HOST, PORT, DBNAME = "127.0.0.1", 5432, "test"


def reachable_user() -> str | None:
    """The first of `postgres` and the OS user that can connect, or None."""
    try:
        import psycopg
        import psycopg_pool  # noqa: F401  (eventsourcing.postgres needs it)
    except ImportError:
        return None
    for user in ("postgres", getpass.getuser()):
        try:
            with psycopg.connect(host=HOST, port=PORT, dbname=DBNAME, user=user, connect_timeout=3):
                return user
        except psycopg.Error:
            continue
    return None


@pytest.fixture(scope="module")
def postgres_url() -> str:
    """The test server's URL; skip without one, unless COMBATLOG_REQUIRE_POSTGRES=1."""
    user = reachable_user()
    if user is None:
        reason = f"no PostgreSQL at {HOST}:{PORT}/{DBNAME} (or no psycopg / psycopg_pool)"
        if os.environ.get("COMBATLOG_REQUIRE_POSTGRES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return f"postgresql://{user}@{HOST}:{PORT}/{DBNAME}"


@pytest.fixture
def open_store(postgres_url: str) -> Iterator[OpenStore]:
    """Stores on tables named for this test alone, dropped afterwards."""
    name = f"combatlog_test_{uuid4().hex[:12]}"
    opened: list[EncounterStore] = []

    def open_one() -> EncounterStore:
        opened.append(EncounterStore(postgres_url, name=name, secret=TEST_SECRET))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()
    drop_tables(postgres_url, name)


@pytest.fixture
def store(open_store: OpenStore) -> EncounterStore:
    return open_store()


def drop_tables(url: str, name: str) -> None:
    import psycopg

    from api.analytics.ingest import model

    kept = ["events", "snapshots", "tables", "tokens", "secret", "game_tables", "library",
            "campaigns", "analytics_tracking", "claims"]  # fmt: skip
    kept += [f"analytics_{t}" for t in model.TABLES]
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP TABLE IF EXISTS {', '.join(f'{name}_{t}' for t in kept)}")
