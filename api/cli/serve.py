"""`combatlog serve`: the service on the store, a demo seeded on a first start."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from api.cli import DbOption, configured
from api.cli.printing import print_table
from api.cli.terminal import fail


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: DbOption = None,
    workers: Annotated[int, typer.Option(help="Worker processes (use PostgreSQL for >1).")] = 1,
    accept_new_secret: Annotated[
        bool,
        typer.Option(
            "--accept-new-secret",
            help="Serve under this secret although the stored encounters' tokens were issued "
            "under another (a lost combatlog.secret); re-issue them with `combatlog tokens`.",
        ),
    ] = False,
) -> None:
    """Run the HTTP API on the store; a first start seeds a demo encounter and prints its tokens."""
    from api.cli.demo import seed_demo
    from api.config.secret import SecretChanged
    from api.http.serve import run_service
    from api.wiring import Runtime, checked_secret

    settings = configured(db)
    # the flag alone adopts a new secret here (the variable is for the app alone, as documented);
    # analytics runs off the serving core unless COMBATLOG_ANALYTICS_PROCESS says otherwise
    own = {"accept_new_secret": accept_new_secret}
    if "analytics_process" not in settings.model_fields_set:
        own["analytics_process"] = True
    settings = settings.model_copy(update=own)
    try:  # before anything is written: a lost secret is said at once, not found out as 403s
        secret = checked_secret(settings, Path.cwd())
    except SecretChanged as exc:
        raise fail(str(exc), 1) from None
    with Runtime(settings, secret) as built:
        lines, name, table = seed_demo(built, host, port)
    if table is not None:
        print_table(table, name=name or "")
    for line in lines:
        typer.echo(line)
    if not run_service(settings, host, port, workers):
        raise typer.Exit(3)  # uvicorn's STARTUP_FAILURE: the app did not start
