"""The campaign registry on PostgreSQL, in tables of the test's own: two workers share it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from tests.gm_page_helpers import operator
from tests.test_library import KYRA, put
from tests.test_store_postgres import drop_tables, postgres_url  # noqa: F401

pytestmark = pytest.mark.postgres


@pytest.fixture
def workers(
    tmp_path: Path,
    postgres_url: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[list[TestClient]]:
    """Two apps on the same tables and secret, as two worker processes would be."""
    name = f"combatlog_test_{uuid4().hex[:12]}"
    monkeypatch.setenv("COMBATLOG_STORE_NAME", name)
    with ExitStack() as stack:
        yield [
            stack.enter_context(TestClient(create_app(postgres_url, folder=tmp_path)))
            for _ in range(2)
        ]
    drop_tables(postgres_url, name)
    import psycopg

    from api.analytics.rows import TABLES

    extra = [f"{name}_library", f"{name}_campaigns", f"{name}_analytics_tracking",
             *(f"{name}_analytics_{t}" for t in TABLES)]  # fmt: skip
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute(f"DROP TABLE IF EXISTS {', '.join(extra)}")


def test_a_campaign_one_worker_sets_up_the_other_reads_and_forgets(
    workers: list[TestClient],
) -> None:
    first, second = workers
    put(first, "dnd35/kyra", KYRA)
    set_up = {"name": "Curse of the Crypt", "ruleset": "dnd35", "party": ["kyra"]}
    assert first.put("/campaigns/crypt", json=set_up, headers=operator(first)).status_code == 200
    seen = second.get("/campaigns/crypt", headers=operator(second)).json()
    assert (seen["name"], [c["name"] for c in seen["party"]]) == ("Curse of the Crypt", ["Kyra"])
    listed = second.get("/campaigns", headers=operator(second)).json()["campaigns"]
    assert [(c["id"], c["sessions"], c["encounters"]) for c in listed] == [("crypt", 0, 0)]
    assert second.delete("/campaigns/crypt", headers=operator(second)).status_code == 204
    assert first.get("/campaigns/crypt", headers=operator(first)).status_code == 404
