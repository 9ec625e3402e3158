"""The HTTP API's core flows on PostgreSQL, in tables of the test's own; and two workers on it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app

# The same tests, collected again here, run on this module's `client`.
from tests.test_api import (  # noqa: F401
    PARTY,
    opened,
    operator,
    test_a_fact_the_log_cannot_take_is_a_422_naming_the_field_and_nothing_is_written,
    test_a_gm_appends_facts_and_reads_the_table,
    test_a_retried_append_with_the_same_key_appends_once,
    test_export_then_import_gives_the_same_log,
    test_players_see_no_hidden_combatant_and_no_foe_numbers,
    test_undo_redo_and_amend_recompute_the_table,
)
from tests.test_api_errors import (  # noqa: F401
    test_a_ruling_made_on_a_stale_table_is_a_409_and_is_not_written,
    test_an_encounter_that_was_never_opened_is_a_404_to_a_token_that_would_open_it,
)
from tests.test_api_idempotency import (  # noqa: F401
    test_a_key_sent_with_a_fork_then_with_a_write_is_a_422_naming_it_and_records_nothing,
    test_a_key_sent_with_a_write_then_with_a_fork_is_a_422_naming_it_and_opens_no_branch,
)
from tests.test_store_postgres import drop_tables, postgres_url  # noqa: F401

pytestmark = pytest.mark.postgres


@pytest.fixture
def store_name(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:  # noqa: F811
    """COMBATLOG_STORE_NAME for this test alone; its tables are dropped afterwards."""
    name = f"combatlog_test_{uuid4().hex[:12]}"
    monkeypatch.setenv("COMBATLOG_STORE_NAME", name)
    yield name
    drop_tables(postgres_url, name)


@pytest.fixture
def client(tmp_path: Path, postgres_url: str, store_name: str) -> Iterator[TestClient]:  # noqa: F811
    with TestClient(create_app(postgres_url, folder=tmp_path)) as test_client:
        yield test_client


@pytest.fixture
def workers(tmp_path: Path, postgres_url: str, store_name: str) -> Iterator[list[TestClient]]:  # noqa: F811
    """Two apps on the same tables and secret, as two worker processes would be."""
    with ExitStack() as stack:
        yield [
            stack.enter_context(TestClient(create_app(postgres_url, folder=tmp_path)))
            for _ in range(2)
        ]


def test_the_service_keeps_its_lines_in_the_tables_it_is_named_for(
    client: TestClient,
    postgres_url: str,  # noqa: F811
    store_name: str,
) -> None:
    import psycopg

    body = {"name": "Goblin ambush", "ruleset": "dnd35"}
    reply = client.post("/encounters", json=body, headers=operator(client))
    with psycopg.connect(postgres_url) as connection:
        rows = connection.execute(
            f"SELECT count(*) FROM {store_name}_events WHERE originator_id = %s",
            (reply.json()["id"],),
        ).fetchone()
    assert rows == (1,)


def gm_headers(encounter: dict[str, Any], key: str | None = None) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {encounter['gm_token']}"}
    return headers | ({"Idempotency-Key": key} if key else {})


def test_a_retry_through_the_other_worker_returns_the_first_reply_and_appends_nothing(
    workers: list[TestClient],
) -> None:
    one, other = workers
    encounter = one.post(
        "/encounters", json={"name": "Goblin ambush"}, headers=operator(one)
    ).json()
    facts = f"/encounters/{encounter['id']}/facts"
    one.post(facts, json={"facts": PARTY}, headers=gm_headers(encounter))
    hit = {"facts": [{"type": "DamageDealt", "target": "goblin", "amount": 2}]}
    first = one.post(facts, json=hit, headers=gm_headers(encounter, "hit-1"))
    again = other.post(facts, json=hit, headers=gm_headers(encounter, "hit-1"))
    assert first.json() == again.json() == {"first": 5, "version": 5}
    state = other.get(f"/encounters/{encounter['id']}/state", headers=gm_headers(encounter))
    assert (state.json()["version"], state.json()["combatants"]["goblin"]["vitals"]["hp"]) == (5, 4)


def test_a_writer_on_the_other_worker_who_did_not_see_the_last_line_gets_a_409(
    workers: list[TestClient],
) -> None:
    one, other = workers
    encounter = one.post(
        "/encounters", json={"name": "Goblin ambush"}, headers=operator(one)
    ).json()
    facts = f"/encounters/{encounter['id']}/facts"
    other.post(facts, json={"facts": PARTY}, headers=gm_headers(encounter))  # other is at 4
    note = {"type": "NoteAdded", "text": "first"}
    assert one.post(facts, json={"facts": [note], "expected_version": 4},
                    headers=gm_headers(encounter)).status_code == 201  # fmt: skip
    late = other.post(facts, json={"facts": [note], "expected_version": 4},
                      headers=gm_headers(encounter))  # fmt: skip
    assert late.status_code == 409
    assert late.json()["errors"] == [
        {"field": "expected_version", "reason": "the log is at version 5"}
    ]


def test_a_key_reused_with_another_body_on_the_other_worker_is_a_422(
    workers: list[TestClient],
) -> None:
    one, other = workers
    body = {"name": "Goblin ambush"}
    encounter = one.post("/encounters", json=body, headers=operator(one)).json()
    facts = f"/encounters/{encounter['id']}/facts"
    one.post(facts, json={"facts": PARTY}, headers=gm_headers(encounter))
    hit = {"type": "DamageDealt", "target": "goblin", "amount": 2}
    assert one.post(facts, json={"facts": [hit]}, headers=gm_headers(encounter, "k")).is_success
    changed = {"facts": [{**hit, "amount": 5}]}
    reused = other.post(facts, json=changed, headers=gm_headers(encounter, "k"))
    assert reused.status_code == 422
    assert reused.json()["errors"][0]["field"] == "Idempotency-Key"


def test_a_player_token_rotated_through_one_worker_is_refused_by_the_other(
    workers: list[TestClient],
) -> None:
    one, other = workers
    encounter = one.post("/encounters", json={"name": "Leak"}, headers=operator(one)).json()
    state = f"/encounters/{encounter['id']}/state"
    player = {"Authorization": f"Bearer {encounter['player_token']}"}
    assert other.get(state, headers=player).status_code == 200
    rotation = {"rotate": "player"}
    fresh = one.post(f"/encounters/{encounter['id']}/tokens", json=rotation,
                     headers=gm_headers(encounter)).json()  # fmt: skip
    assert other.get(state, headers=player).status_code == 403
    renewed = {"Authorization": f"Bearer {fresh['player_token']}"}
    assert other.get(state, headers=renewed).status_code == 200


def test_blind_appends_racing_through_two_workers_are_all_written(
    workers: list[TestClient],
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    one, other = workers
    encounter = one.post("/encounters", json={"name": "Race"}, headers=operator(one)).json()
    facts = f"/encounters/{encounter['id']}/facts"

    def note(n: int) -> int:
        client = (one, other)[n % 2]
        body = {"facts": [{"type": "NoteAdded", "text": f"note {n}"}]}
        return client.post(facts, json=body, headers=gm_headers(encounter)).status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(note, range(80)))
    assert statuses == [201] * 80
    log = one.get(f"/encounters/{encounter['id']}/log", headers=gm_headers(encounter)).json()
    assert sorted(line["fact"]["text"] for line in log[1:]) == sorted(
        f"note {n}" for n in range(80)
    )
