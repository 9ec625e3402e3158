"""Shared pytest options: `--update-goldens` rewrites the replay fixtures' expected states."""

from __future__ import annotations

import pytest


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
