"""Plain SQL in one transaction of the store's own database (SQLite file or PostgreSQL), for
the tables kept beside the library's: the analytics read model and the stored tables."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

Run = Callable[..., list[Any]]  # run(sql with "?" placeholders, params=(), many=False) -> rows;
# run(table, rows, copy=True) inserts the rows (tuples of every column, in order) in bulk


@contextmanager
def transaction(datastore: Any, postgres: bool, commit: bool = True) -> Iterator[tuple[Run, Any]]:
    """`run` for SQL statements in one transaction of `datastore`, and its cursor."""
    with datastore.transaction(commit=commit) as cursor:
        if postgres:  # plain tuples: several columns of a report share a name
            from psycopg.rows import tuple_row

            cursor.row_factory = tuple_row

        def run(sql: str, params: Any = (), many: bool = False, copy: bool = False) -> list[Any]:
            if copy:  # `sql` names a table, `params` are its rows: one bulk insert
                _insert(cursor, postgres, sql, params)
                return []
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


def answers(run: Run, query: str) -> bool:
    """Whether the query runs (a failure is rolled back, leaving the transaction usable): a
    probe for a table or a column an earlier release may not have made."""
    run("SAVEPOINT probe")
    try:
        run(query)
    except Exception:  # no such table or column
        run("ROLLBACK TO SAVEPOINT probe")
        return False
    finally:
        run("RELEASE SAVEPOINT probe")
    return True


def _insert(cursor: Any, postgres: bool, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
    """The rows into the table: PostgreSQL's COPY (one stream, where an INSERT per row costs
    the client a protocol round each: it was most of an analytics catch-up's writing CPU),
    SQLite's executemany."""
    if not rows:
        return
    if postgres:
        with cursor.copy(f"COPY {table} FROM STDIN") as stream:
            for row in rows:
                stream.write_row(row)
        return
    cursor.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rows[0]))})", rows)
