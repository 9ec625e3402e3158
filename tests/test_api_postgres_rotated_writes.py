"""Two workers on PostgreSQL: a GM token rotated through one is refused at once on a write
through the other, which had let it in before and remembers its generation."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.test_api import PARTY
from tests.test_api_postgres import gm_headers, operator, store_name, workers  # noqa: F401
from tests.test_store_postgres import postgres_url  # noqa: F401

pytestmark = pytest.mark.postgres
NOTE = {"type": "NoteAdded", "text": "the goblin sneers"}


def test_a_gm_token_rotated_through_one_worker_is_refused_on_a_write_through_the_other(
    workers: list[TestClient],  # noqa: F811
) -> None:
    one, other = workers
    encounter = one.post("/encounters", json={"name": "Leak"}, headers=operator(one)).json()
    facts = f"/encounters/{encounter['id']}/facts"
    assert other.post(facts, json={"facts": PARTY}, headers=gm_headers(encounter)).is_success
    rotation = {"rotate": "gm"}
    fresh = one.post(f"/encounters/{encounter['id']}/tokens", json=rotation,
                     headers=gm_headers(encounter)).json()  # fmt: skip
    refused = other.post(facts, json={"facts": [NOTE]}, headers=gm_headers(encounter))
    assert (refused.status_code, refused.json()["title"]) == (403, "Wrong token")
    renewed = {"Authorization": f"Bearer {fresh['gm_token']}"}
    written = other.post(facts, json={"facts": [NOTE]}, headers=renewed)
    assert written.json() == {"first": len(PARTY) + 2, "version": len(PARTY) + 2}
