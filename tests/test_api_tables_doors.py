"""The token matrix over two tables (issue 23): each kind of credential against each kind of
route on table A's things, the status it gets, on SQLite and on PostgreSQL. An encounter that
does not exist answers as one the credential does not open (401 without a token, 403 with one
that opens nothing), so no one learns which ids exist without a token for them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import uuid4

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from tests.tables_world import Group, bearer, group
from tests.test_api import operator
from tests.test_store_postgres import drop_tables, postgres_url  # noqa: F401

NOWHERE = "00000000-0000-4000-8000-00000000abcd"
NOTE = {"facts": [{"type": "NoteAdded", "text": "x"}]}
# route → (method, path on A's things, body)
ROUTES: dict[str, tuple[str, str, Any]] = {
    "state": ("GET", "/encounters/{a}/state", None),
    "facts": ("POST", "/encounters/{a}/facts", NOTE),
    "tokens": ("GET", "/encounters/{a}/tokens", None),
    "recap": ("GET", "/encounters/{a}/recap", None),
    "nowhere": ("GET", f"/encounters/{NOWHERE}/state", None),
    "nowhere_facts": ("POST", f"/encounters/{NOWHERE}/facts", NOTE),
    "campaign": ("GET", "/campaigns/{campaign}", None),
    "library": ("GET", "/library", None),
    "tables": ("GET", "/tables", None),
}
# credential → the status of each route, in ROUTES' order
MATRIX: dict[str, tuple[int, ...]] = {
    #              state facts tokens recap nowhere nowhere_facts campaign library tables
    "none":       (401,  401,  401,   401,  401,    401,          401,     401,    401),
    "not_ascii":  (401,  401,  401,   401,  401,    401,          401,     401,    401),
    "wrong":      (403,  403,  403,   403,  403,    403,          403,     403,    403),
    "a_key":      (200,  201,  200,   200,  403,    403,          200,     200,    403),
    "a_old_key":  (403,  403,  403,   403,  403,    403,          403,     403,    403),
    "a_gm":       (200,  201,  403,   200,  403,    403,          403,     403,    403),
    "a_player":   (200,  403,  403,   200,  403,    403,          403,     403,    403),
    "a_pc":       (200,  403,  403,   200,  403,    403,          403,     403,    403),
    "b_key":      (403,  403,  403,   403,  403,    403,          404,     200,    403),
    "b_gm":       (403,  403,  403,   403,  403,    403,          403,     403,    403),
    "b_player":   (403,  403,  403,   403,  403,    403,          403,     403,    403),
    "b_pc":       (403,  403,  403,   403,  403,    403,          403,     403,    403),
    "operator":   (403,  403,  403,   403,  403,    403,          404,     200,    200),
}  # fmt: skip


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def service(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """The app on SQLite, or on PostgreSQL in tables of this test's own."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'doors.sqlite'}"
        with TestClient(create_app(url, folder=tmp_path)) as client:
            yield client
        return
    base = request.getfixturevalue("postgres_url")
    name = f"combatlog_doors_{uuid4().hex[:10]}"
    monkeypatch = request.getfixturevalue("monkeypatch")
    monkeypatch.setenv("COMBATLOG_STORE_NAME", name)
    try:
        with TestClient(create_app(base, folder=tmp_path)) as client:
            yield client
    finally:
        drop_tables(base, name)


def credentials(client: TestClient, a: Group, b: Group, old: str) -> dict[str, dict[str, Any]]:
    """Each kind of credential as the headers it sends."""
    return {
        "none": {}, "not_ascii": {"Authorization": "Bearer table_\u00e9".encode()},
        "wrong": bearer("table_" + "0" * 40), "a_key": a.auth, "a_old_key": bearer(old),
        "a_gm": bearer(a.fights[0]["gm_token"]), "a_player": bearer(a.fights[0]["player_token"]),
        "b_key": b.auth, "b_gm": bearer(b.fights[0]["gm_token"]),
        "b_player": bearer(b.fights[0]["player_token"]), "operator": operator(client),
        "a_pc": bearer(a.character(client, "valeros")),
        "b_pc": bearer(b.character(client, "valeros")),
    }  # fmt: skip


def test_each_credential_opens_exactly_its_own_doors(service: TestClient) -> None:
    a, b = group(service, "alfq", "alpha"), group(service, "brvq", "bravo")
    old = a.key
    a.key = service.post("/tables/alpha/key", headers=operator(service)).json()["key"]
    found = {}
    for kind, headers in credentials(service, a, b, old).items():
        statuses = []
        for method, path, body in ROUTES.values():
            where = path.format(a=a.fights[0]["id"], campaign=a.campaign)
            statuses.append(service.request(method, where, json=body, headers=headers).status_code)
        found[kind] = tuple(statuses)
    assert found == MATRIX


def test_an_unknown_encounter_answers_as_one_the_token_does_not_open(service: TestClient) -> None:
    a, b = group(service, "alfq", "alpha"), group(service, "brvq", "bravo")
    for headers in (b.auth, bearer(b.fights[0]["gm_token"]), bearer("gm_" + "1" * 40), {}):
        for method, tail, body in (("GET", "state", None), ("GET", "log", None),
                                   ("POST", "facts", NOTE),
                                   ("POST", "undo", {}), ("GET", "stream", None)):  # fmt: skip
            there = service.request(method, f"/encounters/{a.fights[0]['id']}/{tail}",
                                    json=body, headers=headers)  # fmt: skip
            missing = service.request(method, f"/encounters/{NOWHERE}/{tail}", json=body,
                                      headers=headers)  # fmt: skip
            assert (there.status_code, there.json()) == (missing.status_code, missing.json())
            assert there.status_code in (401, 403)
