"""`combatlog replay`, `import`, `export` and `list`: a log file replayed to its table, and logs
in and out of the store."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer

from api.cli import DEFAULT_TABLE, DbOption, EncounterId, TableOption, encounter_id, runtime
from api.cli.printing import print_table
from api.cli.process import leave
from api.cli.terminal import fail, plain
from api.compute.collector import collector_paused
from domain.integrity import LogError
from domain.jsonl import read_log, read_log_lean, write_jsonl
from projections.render import state_json
from projections.table import table_at
from projections.view import Table


def _read_log(path: Path, lean: bool = False) -> list[Any]:
    """The log at `path`, read whole (`lean`: into the lean facts a fold reads, domain/lean.py)."""
    try:
        with path.open("rb") as stream:
            return read_log_lean(stream) if lean else read_log(stream)
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror}", 2) from None
    except LogError as exc:
        raise fail(f"{path}: {exc}", 1) from None


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
        events = _read_log(log, lean=True)
        if at is not None and not 1 <= at <= len(events):
            lines = len(events)
            raise fail(f"--at must be between 1 and {lines} (the log has {lines} lines)", 2)
        table = _corrected(events, at) if corrected else table_at(events, at)
        state = state_json(table, at or len(events))
        with _uncollected():
            _print_state(state, as_json, name=getattr(events[0], "name", ""))
            leave()  # as the console script: no freeing of the log at exit


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


def import_log(
    logs: Annotated[list[Path], typer.Argument(help="Combat logs in JSON Lines.")],
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """Check each log file whole and store it as a new encounter of the table (whatever table
    its line 1 named); prints each encounter id (a progress bar on the terminal for several
    files)."""
    from api.cli.printing import progress_bar
    from domain.commands import Import
    from domain.tables import seated

    with runtime(db) as built, progress_bar("importing") as update:
        if built.tables.table(table) is None:
            raise fail(f"--table: no table {plain(table)} (`combatlog tables list`)", 2)
        for done, log in enumerate(logs, 1):
            first, *rest = _read_log(log)
            facts = (seated(first, table), *rest)
            typer.echo(str(built.commits.created(Import(facts))))
            update(done, len(logs))


def export_log(
    encounter: EncounterId,
    db: DbOption = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Write a stored encounter's log as JSON Lines."""
    from api.service.errors import UnknownEncounter

    wanted = encounter_id(encounter)
    with runtime(db) as built:
        try:
            data = write_jsonl(built.encounters.facts(wanted))
        except UnknownEncounter:
            raise fail(f"no encounter {encounter} in the store", 1) from None
    if out is None:
        sys.stdout.buffer.write(data)
    else:
        out.write_bytes(data)


def list_encounters(db: DbOption = None) -> None:
    """List the encounters in the store."""
    with runtime(db) as built:
        for summary in built.encounters.listed():
            name = plain(summary.name)
            typer.echo(f"{summary.id}  {summary.ruleset:<10} {summary.version:>6}  {name}")
