"""The creature library on PostgreSQL, in tables of the test's own: two workers share it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from tests.gm_page_helpers import operator
from tests.test_library import GOBLIN, KYRA, listed, put
from tests.test_store_postgres import drop_tables, postgres_url  # noqa: F401

pytestmark = pytest.mark.postgres


@pytest.fixture
def workers(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[list[TestClient]]:
    """Two apps on the same tables and secret, as two worker processes would be (the library,
    the campaign registry and the read model beside the store dropped after)."""
    name = f"combatlog_test_{uuid4().hex[:12]}"
    monkeypatch.setenv("COMBATLOG_STORE_NAME", name)
    with ExitStack() as stack:
        yield [
            stack.enter_context(TestClient(create_app(postgres_url, folder=tmp_path)))
            for _ in range(2)
        ]
    drop_tables(postgres_url, name)
    import psycopg

    from api.analytics.ingest.rows import TABLES

    beside = [f"{name}_library", f"{name}_campaigns", f"{name}_analytics_tracking",
              *(f"{name}_analytics_{t}" for t in TABLES)]  # fmt: skip
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute(f"DROP TABLE IF EXISTS {', '.join(beside)}")


def test_a_creature_one_worker_saves_the_other_lists_replaces_and_deletes(
    workers: list[TestClient],
) -> None:
    first, second = workers
    put(first, "dnd35/goblin", GOBLIN)
    put(first, "dnd35/kyra", KYRA)
    assert [c["id"] for c in listed(second, "dnd35")] == ["goblin", "kyra"]
    put(second, "dnd35/goblin", {**GOBLIN, "name": "Goblin boss"})
    assert [c["name"] for c in listed(first, "dnd35")] == ["Goblin boss", "Kyra"]
    assert second.delete("/library/dnd35/kyra", headers=operator(second)).status_code == 204
    assert [c["id"] for c in listed(first)] == ["goblin"]


def test_an_import_on_postgres_keeps_every_creature(workers: list[TestClient]) -> None:
    first, second = workers
    body = {"creatures": [{"id": "goblin", "ruleset": "dnd35", **GOBLIN},
                          {"id": "kyra", "ruleset": "dnd35", **KYRA}]}  # fmt: skip
    assert first.post("/library/import", json=body, headers=operator(first)).json() == {
        "imported": 2
    }
    assert len(listed(second, "dnd35")) == 2
