"""The tables (game groups) over HTTP, for the operator token only: make one (its key in the
reply, shown once), list, rename, remove one that holds no encounter, and give one a new key.
A table's key opens its own routes, never these."""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi import APIRouter, Response

from api.http.deps import Operator, RuntimeDep
from api.http.problems import HttpProblem, Problem
from api.http.routes.encounters import NO_STORE
from api.http.schemas.tables import Keyed, NewTable, Renamed, Table, Tables
from api.service.tables import TableInUse, TableRecord, TableTaken
from domain.events import Slug

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        401: "No token", 403: "Not the operator token", 404: "No such table",
        409: "The id is taken, or the table holds encounters", 422: "Bad input: the field is named",
    }.items()
}  # fmt: skip
router = APIRouter(prefix="/tables", tags=["tables"], responses=ERRORS)


@router.post("", status_code=201, response_model=Keyed, dependencies=NO_STORE)
def add(body: NewTable, _: Operator, runtime: RuntimeDep) -> Keyed:
    """Make a table; the reply holds its key, shown this once: hand it to the group's GM."""
    try:
        key = runtime.tables.add(body.id, body.name)
    except TableTaken:
        raise HttpProblem(409, "Table exists", f"a table {body.id} exists already", "id") from None
    return Keyed(id=body.id, name=body.name, key=key)


@router.get("", response_model=Tables)
def tables(_: Operator, runtime: RuntimeDep) -> Tables:
    """Every table, by id, with how many encounters each holds (no keys: only hashes are
    kept)."""
    held = Counter(summary.table for summary in runtime.encounters.listed())
    return Tables(tables=[shown(t, held[t.id]) for t in runtime.tables.tables()])


@router.patch("/{table_id}", response_model=Table)
def rename(table_id: Slug, body: Renamed, _: Operator, runtime: RuntimeDep) -> Table:
    """Give a table a new name (its id and key stay)."""
    renamed = runtime.tables.rename(table_id, body.name)
    if renamed is None:
        raise no_such_table(table_id)
    return shown(renamed, len(runtime.encounters.listed(table_id)))


@router.delete("/{table_id}", status_code=204, response_class=Response)
def remove(table_id: Slug, _: Operator, runtime: RuntimeDep) -> Response:
    """Forget a table with its key, its library and its campaigns; 409 while it holds
    encounters (their logs name it for good)."""
    try:
        removed = runtime.remove_table(table_id)
    except TableInUse as exc:
        raise HttpProblem(409, "Table in use", str(exc), "table_id") from None
    if not removed:
        raise no_such_table(table_id)
    return Response(status_code=204)


@router.post("/{table_id}/key", response_model=Keyed, dependencies=NO_STORE)
def rotate(table_id: Slug, _: Operator, runtime: RuntimeDep) -> Keyed:
    """Give a table a new key, shown this once; the old one (the operator token, for the
    default table) opens nothing of it from now on, on every worker."""
    key = runtime.tables.rotate(table_id)
    record = runtime.tables.table(table_id)
    if key is None or record is None:
        raise no_such_table(table_id)
    return Keyed(id=table_id, name=record.name, key=key)


def shown(table: TableRecord, encounters: int) -> Table:
    """A table as the routes answer it."""
    return Table(id=table.id, name=table.name, created=table.created,
                 operator_key=table.operator_key, encounters=encounters)  # fmt: skip


def no_such_table(table_id: str) -> HttpProblem:
    return HttpProblem(404, "No such table", f"no table {table_id}", "table_id", "not found")
