"""Store URLs (`memory:`, `sqlite:///path`, `postgresql://user@host/db`) as eventsourcing env."""

from __future__ import annotations

import getpass
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import unquote, urlsplit

DEFAULT_URL = "sqlite:///combatlog.sqlite"
SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")
TABLES_LOCK = 0x636F6D6261746C6F  # any key both workers agree on: "combatlo" in ASCII


def persistence_env(url: str, synchronous: str = "full") -> dict[str, str]:
    """The library's persistence settings for a store URL; ValueError for one it cannot use.
    `synchronous` "normal": SQLite syncs the disk at checkpoints only, not at every commit
    (api/store/recorders.py)."""
    if url == "memory:":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if url.startswith(SQLITE_PREFIX) and url != SQLITE_PREFIX:
        # sqlite:///relative/path or sqlite:////absolute/path, as SQLAlchemy spells them.
        sqlite = {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": url[len(SQLITE_PREFIX) :],
            "APPLICATION_RECORDER_TOPIC": "api.store.recorders:SQLiteFactRecorder",
        }
        if synchronous == "normal":
            sqlite["PERSISTENCE_MODULE"] = "api.store.recorders:SyncAtCheckpoints"
        return sqlite
    if url.startswith(POSTGRES_PREFIXES):
        return postgres_env(url)
    raise ValueError(
        f"unsupported store URL {url!r}: use memory:, sqlite:///PATH "
        "or postgresql://USER@HOST:PORT/DBNAME"
    )


def postgres_env(url: str) -> dict[str, str]:
    """POSTGRES_* settings; the tables are created on first use."""
    parts = urlsplit(url)
    dbname = unquote(parts.path.lstrip("/"))
    if not dbname:
        raise ValueError(f"store URL {url!r} names no database")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": parts.hostname or "localhost",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or "") or getpass.getuser(),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "CREATE_TABLE": "yes",
    }


@contextmanager
def tables_locked(url: str) -> Iterator[None]:
    """One worker at a time creates the library's tables and functions: on PostgreSQL, two
    workers starting together would race on CREATE OR REPLACE FUNCTION and one would fail."""
    if not url.startswith(POSTGRES_PREFIXES):
        yield
        return
    import psycopg

    with psycopg.connect(url, autocommit=True, connect_timeout=10) as connection:
        connection.execute("SELECT pg_advisory_lock(%s)", (TABLES_LOCK,))
        yield  # the lock ends with the session
