"""A body that cannot be read as JSON, on every route that takes one: the 422 naming `body` that
every other bad body gets, as the OpenAPI document says (issue 23 §4: it was a 400 naming
nothing)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_api import PARTY, open_table, operator
from tests.test_api_errors import problem

NOT_UTF8 = b'{"facts": [{"type": "NoteAdded", "text": "\xc3"}]}'
CUT_SHORT = b'{"facts": ['
ROUTES = [
    ("POST", "/encounters/{id}/facts", "gm"),
    ("POST", "/encounters/{id}/undo", "gm"),
    ("POST", "/encounters/{id}/fork", "gm"),
    ("POST", "/encounters/{id}/preview", "gm"),
    ("POST", "/encounters/{id}/tokens", "gm"),
    ("POST", "/encounters", "operator"),
    ("PUT", "/campaigns/crypt", "operator"),
    ("PUT", "/library/dnd35/goblin", "operator"),
    ("POST", "/library/import", "operator"),
    ("POST", "/library/import-file", "operator"),
    ("POST", "/tables", "operator"),
    ("PATCH", "/tables/default", "operator"),
]


def sent(client: TestClient, route: tuple[str, str, str], body: bytes) -> Any:
    method, path, who = route
    table = open_table(client, PARTY)
    auth = operator(client) if who == "operator" else table["gm"]
    headers = {**auth, "Content-Type": "application/json"}
    return client.request(method, path.format(id=table["id"]), content=body, headers=headers)


@pytest.mark.parametrize("route", ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
def test_a_body_that_is_not_utf8_is_the_422_naming_body(
    client: TestClient, route: tuple[str, str, str]
) -> None:
    reply = sent(client, route, NOT_UTF8)
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid request", "the body is not JSON (UTF-8)", "body")
    )  # fmt: skip


@pytest.mark.parametrize("route", ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
def test_a_body_cut_short_is_the_422_naming_body_and_where_it_stops(
    client: TestClient, route: tuple[str, str, str]
) -> None:
    reason = "the body is not JSON (UTF-8): Expecting value at character 11"
    reply = sent(client, route, CUT_SHORT)
    assert (reply.status_code, reply.json()) == (
        422,
        problem(422, "Invalid request", reason, "body"),
    )


def test_every_route_that_takes_a_body_documents_its_422_as_a_problem(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    missing = [
        (method, path)
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
        and "application/problem+json"
        not in operation["responses"].get("422", {}).get("content", {})
    ]
    assert missing == []
