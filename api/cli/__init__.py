"""The command line: `combatlog` and its subcommands (typer), printing with rich."""
