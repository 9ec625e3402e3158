"""Shared pytest options and fixtures: `--update-goldens`, and stores on memory or SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.store import EncounterStore
from tests.store_helpers import TEST_SECRET, OpenStore


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        default=False,
        help="Rewrite replay_fixtures/*/*.expected.json from the current code instead of "
        "comparing. Review the diff before committing: a golden is a ruling, not a snapshot.",
    )


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites the goldens (`pytest --update-goldens`)."""
    return bool(request.config.getoption("--update-goldens"))


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path}/combatlog.sqlite"


@pytest.fixture
def open_store(sqlite_url: str) -> Iterator[OpenStore]:
    """Stores on one SQLite file, as separate processes would open it."""
    opened: list[EncounterStore] = []

    def open_one() -> EncounterStore:
        opened.append(EncounterStore(sqlite_url, secret=TEST_SECRET))
        return opened[-1]

    yield open_one
    for store in opened:
        store.close()


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[EncounterStore]:
    with EncounterStore("memory:" if request.param == "memory" else sqlite_url) as opened:
        yield opened


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    """The app on a SQLite file of its own, through its lifespan."""
    app = create_app(f"sqlite:///{tmp_path / 'api.sqlite'}", folder=tmp_path)
    with TestClient(app) as test_client:
        yield test_client
