"""`combatlog tables add|list|rename|rotate|remove`: the tables (game groups) on the service's
machine, as the operator keeps them (api/service/tables.py); a key is printed once, when made."""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer

from api.cli import DbOption, runtime
from api.cli.terminal import fail, plain

tables_app = typer.Typer(
    help="The tables (game groups): each its own encounters, campaigns, library and figures, "
    "opened by its key.",
    no_args_is_help=True,
)
TableId = Annotated[str, typer.Argument(help="The table's id (`combatlog tables list`).")]
TableName = Annotated[str, typer.Argument(help="The table's name (`Thursday group`).")]


@tables_app.command("add")
def add(
    name: TableName,
    table_id: Annotated[
        str | None, typer.Option("--id", help="Its id (default: the name as a slug).")
    ] = None,
    db: DbOption = None,
) -> None:
    """Make a table and print its key, once: hand it to the group's GM."""
    from api.service.tables import TableTaken

    slug = checked("id", table_id or slugged(name))
    name = checked("name", name)
    with runtime(db) as built:
        try:
            key = built.tables.add(slug, name)
        except TableTaken:
            raise fail(f"--id: a table {slug} exists already", 1) from None
    typer.echo(f"table {slug}: {plain(name)}")
    typer.echo(f"key: {key}")
    typer.echo(
        "(shown this once: hand it to the group's GM; `combatlog tables rotate` makes another)"
    )


@tables_app.command("list")
def listed(db: DbOption = None) -> None:
    """Every table: its id, how many encounters it holds, when it was made, its name."""
    from collections import Counter

    with runtime(db) as built:
        held = Counter(summary.table for summary in built.encounters.listed())
        tables = built.tables.tables()
    for table in tables:
        key = "  key: the operator token" if table.operator_key else ""
        typer.echo(f"{table.id}  {held[table.id]} encounters  made {table.created[:10]}  "
                   f"{plain(table.name)}{key}")  # fmt: skip


@tables_app.command("rename")
def rename(table_id: TableId, name: TableName, db: DbOption = None) -> None:
    """Give a table a new name (its id and key stay)."""
    name = checked("name", name)
    with runtime(db) as built:
        if built.tables.rename(table_id, name) is None:
            raise fail(f"no table {plain(table_id)}", 1)
    typer.echo(f"table {table_id}: {plain(name)}")


@tables_app.command("rotate")
def rotate(table_id: TableId, db: DbOption = None) -> None:
    """Give a table a new key and print it, once; the old key (the operator token, for the
    default table) opens nothing of it from now on."""
    with runtime(db) as built:
        key = built.tables.rotate(table_id)
    if key is None:
        raise fail(f"no table {plain(table_id)}", 1)
    typer.echo(f"table {table_id}: new key {key}")


@tables_app.command("remove")
def remove(table_id: TableId, db: DbOption = None) -> None:
    """Forget a table with its key, its library and its campaigns; refused while it holds
    encounters (their logs name it)."""
    from api.service.tables import TableInUse

    with runtime(db) as built:
        try:
            removed = built.remove_table(table_id)
        except TableInUse as exc:
            raise fail(str(exc), 1) from None
    if not removed:
        raise fail(f"no table {plain(table_id)}", 1)
    typer.echo(f"table {table_id} removed")


def slugged(name: str) -> str:
    """A table's id made of its name: `Thursday group` → `thursday-group`."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:64]


def checked(option: str, value: str) -> Any:
    """A table's id (a slug) or name as the service keeps them, or exit 2 naming the option."""
    from pydantic import TypeAdapter, ValidationError

    from domain.events import Label, Slug
    from domain.integrity import first_error

    try:
        return TypeAdapter(Slug if option == "id" else Label).validate_python(value)
    except ValidationError as exc:
        reason = first_error(exc)[1]
        hint = " (give one with --id)" if option == "id" else ""
        raise fail(f"--{option}: {reason}{hint}", 2) from None
