"""Plain SQL in one transaction of the store's own database (SQLite file or PostgreSQL), for
the tables kept beside the library's: the analytics read model and the stored tables."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Run = Callable[..., list[Any]]  # run(sql with "?" placeholders, params=(), many=False) -> rows


@contextmanager
def transaction(datastore: Any, postgres: bool, commit: bool = True) -> Iterator[tuple[Run, Any]]:
    """`run` for SQL statements in one transaction of `datastore`, and its cursor."""
    with datastore.transaction(commit=commit) as cursor:
        if postgres:  # plain tuples: several columns of a report share a name
            from psycopg.rows import tuple_row

            cursor.row_factory = tuple_row

        def run(sql: str, params: Any = (), many: bool = False) -> list[Any]:
            if postgres:
                sql = sql.replace("?", "%s")
            if many:
                cursor.executemany(sql, params)
                return []
            cursor.execute(sql, params)
            try:
                return [tuple(row) for row in cursor.fetchall()]
            except Exception:  # a statement with no rows to fetch
                return []

        yield run, cursor
