"""The store URL: from the argument, the environment or the default, to persistence settings."""

from __future__ import annotations

import pytest

from api.config.settings import load_settings
from api.store.config import persistence_env


def test_the_store_url_comes_from_the_argument_then_the_environment_then_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COMBATLOG_DATABASE_URL", "sqlite:///x")
    assert load_settings(database_url="memory:").database_url == "memory:"
    assert load_settings(database_url=None).database_url == "sqlite:///x"
    monkeypatch.delenv("COMBATLOG_DATABASE_URL")
    assert load_settings(database_url=None).database_url == "sqlite:///combatlog.sqlite"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("memory:", {"PERSISTENCE_MODULE": "eventsourcing.popo"}),
        ("sqlite:///combatlog.sqlite", {"SQLITE_DBNAME": "combatlog.sqlite"}),
        ("sqlite:////var/lib/fights.db", {"SQLITE_DBNAME": "/var/lib/fights.db"}),
        (
            "postgresql://gm:s%40cret@db.local:5433/combat",
            {"POSTGRES_DBNAME": "combat", "POSTGRES_HOST": "db.local", "POSTGRES_PORT": "5433",
             "POSTGRES_USER": "gm", "POSTGRES_PASSWORD": "s@cret"},
        ),
        ("postgresql://postgres@127.0.0.1/test",
         {"POSTGRES_PORT": "5432", "POSTGRES_USER": "postgres", "POSTGRES_PASSWORD": ""}),
    ],
    ids=["memory", "relative sqlite", "absolute sqlite", "postgres", "postgres defaults"],
)  # fmt: skip
def test_a_store_url_becomes_the_library_persistence_settings(
    url: str, expected: dict[str, str]
) -> None:
    env = persistence_env(url)
    assert {key: env.get(key) for key in expected} == expected


@pytest.mark.parametrize("url", ["sqlite:///", "mysql://db/x", "postgresql://host/", "fights.db"])
def test_a_store_url_the_store_cannot_use_is_refused(url: str) -> None:
    with pytest.raises(ValueError, match="URL"):
        persistence_env(url)
