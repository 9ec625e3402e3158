"""The command line: `combatlog` and its subcommands (typer), printing with rich."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated
from uuid import UUID

import typer

from api.cli.terminal import fail
from domain.tables import DEFAULT_TABLE

if TYPE_CHECKING:
    from api.config.settings import Settings
    from api.wiring import Runtime

DbOption = Annotated[  # the store a command opens; its commands import the store when they run
    str | None,
    typer.Option(
        "--db", help="Store URL (default: $COMBATLOG_DATABASE_URL or sqlite:///combatlog.sqlite)."
    ),
]
EncounterId = Annotated[str, typer.Argument(help="The encounter id (`combatlog list`).")]
TableOption = Annotated[  # whose campaigns, library and figures a command reads or writes
    str,
    typer.Option(
        "--table", help="The table (game group), `combatlog tables list`; default: the default."
    ),
]
__all__ = ["DEFAULT_TABLE", "DbOption", "EncounterId", "TableOption"]


def configured(db: str | None) -> Settings:
    """The environment's settings, the store `--db` names over them; a variable the service
    cannot run with: exit 2 naming it."""
    from api.config.settings import BadSetting, load_settings  # here: `replay` needs none

    try:
        return load_settings(database_url=db)
    except BadSetting as exc:
        raise fail(str(exc), 2) from None


@contextmanager
def runtime(db: str | None, secret: bytes | None = None) -> Iterator[Runtime]:
    """The runtime over the store `--db` names (default: the environment's), with the service's
    `secret` when the command issues tokens; closed when the command is done."""
    from api.wiring import Runtime  # here: `replay` needs none of it

    with Runtime(configured(db), secret) as built:
        yield built


def encounter_id(given: str) -> UUID:
    """The encounter id given on the command line; not an id: exit 2."""
    try:
        return UUID(given)
    except ValueError:
        raise fail(f"not an encounter id: {given}", 2) from None
