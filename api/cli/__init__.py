"""The command line: `combatlog` and its subcommands (typer), printing with rich."""

from typing import Annotated

import typer

DbOption = Annotated[  # the store a command opens; its commands import the store when they run
    str | None,
    typer.Option(
        "--db", help="Store URL (default: $COMBATLOG_DATABASE_URL or sqlite:///combatlog.sqlite)."
    ),
]
