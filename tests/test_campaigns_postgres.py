"""The campaign registry on PostgreSQL, in tables of the test's own: two workers share it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.gm_page_helpers import operator
from tests.test_library import KYRA, put
from tests.test_library_postgres import workers  # noqa: F401  (the fixture)
from tests.test_store_postgres import postgres_url  # noqa: F401  (its fixture)

pytestmark = pytest.mark.postgres


def test_a_campaign_one_worker_sets_up_the_other_reads_and_forgets(
    workers: list[TestClient],  # noqa: F811  (the fixture)
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
