"""The `combatlog` command line: replay a log file, import and export against the store."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer

from api.cli import DbOption, EncounterId, configured, encounter_id, opened
from api.cli.access import tokens
from api.cli.branches import compare, fork
from api.cli.campaigns import campaign_app, campaigns, file, session_replayer, sessions
from api.cli.process import Combatlog, leave
from api.cli.recap import recap
from api.cli.stats import analytics_app, stats
from api.cli.terminal import console as terminal_console
from api.cli.terminal import fail, plain, shown
from api.compute.collector import collector_paused
from domain.integrity import LogError
from domain.jsonl import read_jsonl, write_jsonl
from projections.render import state_json
from projections.table import table_at
from projections.view import Table

app = Combatlog(help="combatlog: an event-sourced combat log for d20 games.", no_args_is_help=True)
app.command("stats")(stats)
app.command("tokens")(tokens)
app.command("fork")(fork)
app.command("compare")(compare)
app.command("recap")(recap)
app.add_typer(analytics_app, name="analytics")
app.add_typer(campaign_app, name="campaign")
app.command("campaigns")(campaigns)
app.command("sessions")(sessions)
app.command("file")(file)
app.command("replay-session")(session_replayer(lambda state, name: print_table(state, name)))


def _read_log(path: Path) -> list[Any]:
    try:
        return read_jsonl(path.read_bytes())
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror}", 2) from None
    except LogError as exc:
        raise fail(f"{path}: {exc}", 1) from None


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="A combat log in JSON Lines.")],
    at: Annotated[
        int | None, typer.Option("--at", help="Show the table as it stood after line N.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the table state as JSON.")] = False,
    corrected: Annotated[
        bool,
        typer.Option(
            "--corrected",
            help="With --at: the first N lines with every correction in the whole log applied.",
        ),
    ] = False,
) -> None:
    """Replay a log file and print the table (CONTRACT §2), now or after line N: as it stood
    then, or as corrected."""
    with collector_paused():  # what the reading and the fold make lives to the end
        events = _read_log(log)
        if at is not None and not 1 <= at <= len(events):
            lines = len(events)
            raise fail(f"--at must be between 1 and {lines} (the log has {lines} lines)", 2)
        table = _corrected(events, at) if corrected else table_at(events, at)
        state = state_json(table, at or len(events))
        with _uncollected():
            _print_state(state, as_json, name=getattr(events[0], "name", ""))
            leave(app)  # as the console script: no freeing of the log at exit


def _corrected(events: list[Any], at: int | None) -> Table:
    from projections.history import History  # here: the plain replay needs no checkpoints

    return History(events).corrected_table(at)


@contextmanager
def _uncollected() -> Iterator[None]:
    """The log and its table (made while the collector was paused, all in its youngest
    generation) moved to the oldest, which only a full collection scans: else the first young
    collection after the pause scans every line (100k lines: ~40 ms CPU, 5% of `replay`)."""
    gc.freeze()  # out of every generation, and the youngest's count of new objects reset
    try:
        yield
    finally:
        gc.unfreeze()  # into the oldest: a test process running the command collects them later


def _print_state(state: dict[str, Any], as_json: bool, name: str) -> None:
    if as_json:
        sys.stdout.write(orjson.dumps(state, option=orjson.OPT_INDENT_2).decode() + "\n")
    else:
        print_table(state, name=name)


def vitals_text(vitals: dict[str, int]) -> str:
    """hp/max_hp first when the system has them, then the rest of the track."""
    parts = []
    shown = dict(vitals)
    for current, most in (("hp", "max_hp"), ("stamina", "max_stamina"), ("resolve", "max_resolve")):
        if current in shown and most in shown:
            label = "HP" if current == "hp" else current
            parts.append(f"{label} {shown.pop(current)}/{shown.pop(most)}")
    parts += [f"{k.replace('_', ' ')} {v}" for k, v in shown.items() if v]
    return ", ".join(parts)


def conditions_text(conditions: list[dict[str, Any]]) -> str:
    """Conditions with what remains of their durations."""
    return ", ".join(c["name"] + _remaining(c) for c in conditions)


def _remaining(condition: dict[str, Any]) -> str:
    if condition.get("remaining_rounds") is not None:
        return f" ({condition['remaining_rounds']} rd)"
    if until := condition.get("until"):
        return f" (until {until['until'].replace('_', ' ')} of {until['of']})"
    return " (save ends)" if condition.get("save_ends") else ""


def print_table(state: dict[str, Any], name: str) -> None:
    """The table state as a readable table."""
    from rich.table import Table as RichTable

    console = terminal_console()
    where = f"{state['phase']}, round {state['round']} (line {state['version']})"
    title = f"{shown(name)} — {state['ruleset']} — {where}"
    table = RichTable(title=title, title_justify="left")
    for column in ("", "Init", "Id", "Combatant", "Side", "Vitals", "Statuses", "Conditions"):
        table.add_column(column)
    combatants = state["combatants"]
    listed = list(state["order"]) + [c for c in combatants if c not in state["order"]]
    for cid in listed:
        c = combatants[cid]
        marker = "▶" if cid == state["turn"] else ""
        initiative = "" if c["initiative"] is None else str(c["initiative"])
        cells = (
            cid, c["name"], c["side"], vitals_text(c["vitals"]), ", ".join(c["statuses"]),
            conditions_text(c["conditions"]),
        )  # fmt: skip
        table.add_row(marker, initiative, *(shown(cell) for cell in cells))
    console.print(table)
    for warning in state.get("warnings", []):
        console.print(f"[yellow]! {shown(warning)}[/yellow]", highlight=False)


@app.command("import")
def import_log(
    logs: Annotated[list[Path], typer.Argument(help="Combat logs in JSON Lines.")],
    db: DbOption = None,
) -> None:
    """Check each log file whole and store it as a new encounter; prints each encounter id
    (a progress bar on the terminal for several files)."""
    from api.cli.stats import progress_bar
    from api.service.encounters import Encounters

    with opened(db) as store, progress_bar("importing") as update:
        encounters = Encounters(store)
        for done, log in enumerate(logs, 1):
            typer.echo(str(encounters.import_log(_read_log(log))))
            update(done, len(logs))


@app.command("export")
def export_log(
    encounter: EncounterId,
    db: DbOption = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Write a stored encounter's log as JSON Lines."""
    from api.store import UnknownEncounter

    wanted = encounter_id(encounter)
    with opened(db) as store:
        try:
            data = write_jsonl(store.facts(wanted))
        except UnknownEncounter:
            raise fail(f"no encounter {encounter} in the store", 1) from None
    if out is None:
        sys.stdout.buffer.write(data)
    else:
        out.write_bytes(data)


@app.command("list")
def list_encounters(db: DbOption = None) -> None:
    """List the encounters in the store."""
    with opened(db) as store:
        for summary in store.list_encounters():
            name = plain(summary.name)
            typer.echo(f"{summary.id}  {summary.ruleset:<10} {summary.version:>6}  {name}")


@app.command()
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
    from api.app import run_service
    from api.cli.demo import seed_demo
    from api.config.secret import SecretChanged, secret_at_start

    settings = configured(db)
    # the flag alone adopts a new secret here (the variable is for the app alone, as documented);
    # analytics runs off the serving core unless COMBATLOG_ANALYTICS_PROCESS says otherwise
    own = {"accept_new_secret": accept_new_secret}
    if "analytics_process" not in settings.model_fields_set:
        own["analytics_process"] = True
    settings = settings.model_copy(update=own)
    try:  # before anything is written: a lost secret is said at once, not found out as 403s
        secret_at_start(Path.cwd(), settings)
    except SecretChanged as exc:
        raise fail(str(exc), 1) from None
    lines, name, table = seed_demo(settings, host, port)
    print_table(table, name=name)
    for line in lines:
        typer.echo(line)
    if not run_service(settings, host, port, workers):
        raise typer.Exit(3)  # uvicorn's STARTUP_FAILURE: the app did not start
