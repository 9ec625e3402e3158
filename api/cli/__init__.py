"""The command line: `combatlog` and its subcommands (typer), printing with rich."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated
from uuid import UUID

import typer

from api.cli.terminal import fail

if TYPE_CHECKING:
    from api.config.settings import Settings
    from api.store import EncounterStore

DbOption = Annotated[  # the store a command opens; its commands import the store when they run
    str | None,
    typer.Option(
        "--db", help="Store URL (default: $COMBATLOG_DATABASE_URL or sqlite:///combatlog.sqlite)."
    ),
]
EncounterId = Annotated[str, typer.Argument(help="The encounter id (`combatlog list`).")]


def configured(db: str | None) -> Settings:
    """The environment's settings, the store `--db` names over them; a variable the service
    cannot run with: exit 2 naming it."""
    from api.config.settings import BadSetting, load_settings  # here: `replay` needs none

    try:
        return load_settings(database_url=db)
    except BadSetting as exc:
        raise fail(str(exc), 2) from None


def opened(db: str | None) -> EncounterStore:
    """The store `--db` names (default: the environment's), to use in a `with`."""
    return configured(db).open_store()


def encounter_id(given: str) -> UUID:
    """The encounter id given on the command line; not an id: exit 2."""
    try:
        return UUID(given)
    except ValueError:
        raise fail(f"not an encounter id: {given}", 2) from None
