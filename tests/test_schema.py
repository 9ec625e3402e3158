"""Every documented operation, fuzzed in process from the OpenAPI schema: no answer is a 5xx and
every error is a problem-details body (the GM's token and a real encounter id are filled in)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any, cast

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import settings
from schemathesis.checks import not_a_server_error
from schemathesis.python.asgi import ASGIClient

from api.http.app import create_app
from api.http.deps import runtime_of
from tests.server_helpers import operator_auth
from tests.test_api import PARTY

PROBLEM_KEYS = {"type", "title", "status", "detail", "errors"}


def fresh_app() -> FastAPI:
    """The app on a SQLite file of its own, removed at exit (after the app's lifespan ends)."""
    folder = Path(tempfile.mkdtemp(prefix="combatlog-schema-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return create_app(f"sqlite:///{folder / 'schema.sqlite'}", folder=folder)


# A JSON Lines body (import) is sent as the text it is.
schemathesis.serializer.alias("application/x-ndjson", "text/plain")
app = fresh_app()
# Loading starts the app's lifespan, which schemathesis ends at exit. The live stream is left
# out: its response never ends (tests/test_live_stream.py covers it on a real server).
schema = schemathesis.openapi.from_asgi("/openapi.json", app).exclude(tag="live")


@pytest.fixture(scope="module")
def encounter() -> dict[str, Any]:
    """An encounter with three combatants, opened through the app the schema was loaded from."""
    party: dict[str, Any] = {"facts": PARTY}
    with ASGIClient(cast(Any, app)) as client:  # the lifespan schemathesis started, not a new one
        operator = operator_auth(runtime_of(app).secret)
        body = {"name": "Fuzzed"}
        opened: dict[str, Any] = client.post("/encounters", json=body, headers=operator).json()
        gm = {"Authorization": f"Bearer {opened['gm_token']}"}
        client.post(f"/encounters/{opened['id']}/facts", json=party, headers=gm)
    return opened


def problem_details(ctx: Any, response: Any, case: Any) -> None:
    """An error answers with RFC 9457 problem details naming its own status."""
    if response.status_code < 400:
        return
    assert response.headers["content-type"] == ["application/problem+json"], response.headers
    body = response.json()
    assert set(body) == PROBLEM_KEYS and body["status"] == response.status_code, body
    assert all(set(error) == {"field", "reason"} for error in body["errors"]), body


@schema.parametrize()
@settings(max_examples=25, deadline=None)
def test_no_operation_answers_with_a_server_error_and_every_error_is_a_problem(
    case: Any, encounter: dict[str, Any]
) -> None:
    if case.path_parameters and "encounter_id" in case.path_parameters:
        case.path_parameters["encounter_id"] = encounter["id"]
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {encounter['gm_token']}"}
    checks = {"checks": [not_a_server_error], "additional_checks": [problem_details]}
    response = case.call_and_validate(**checks)
    if case.path.endswith("/tokens") and response.status_code == 200:  # a rotation: go on with it
        encounter.update(response.json())


def test_the_openapi_document_shows_an_example_of_every_body_and_errors_as_problems() -> None:
    """A client author reads what to send and what comes back from the document alone."""
    document = app.openapi()
    components = document["components"]["schemas"]

    def has_example(content: dict[str, Any]) -> bool:
        if "example" in content or "examples" in content:
            return True
        if content.get("schema", {}).get("format") == "binary":
            return True  # a file (Parquet): bytes, no example to read
        ref = content.get("schema", {}).get("$ref", "")
        items = content.get("schema", {}).get("items", {}).get("$ref", "")
        named = components.get((ref or items).rsplit("/", 1)[-1], {})
        return "examples" in named

    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for media, content in operation.get("requestBody", {}).get("content", {}).items():
                assert has_example(content), (method, path, media)
            for status, response in operation["responses"].items():
                for media, content in response.get("content", {}).items():
                    if status.startswith("2"):
                        assert has_example(content), (method, path, status, media)
                    if status.startswith("4"):
                        assert media == "application/problem+json", (method, path, status)
