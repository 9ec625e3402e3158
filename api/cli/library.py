"""`combatlog library import FILE…`: creatures from Foundry VTT, Improved Initiative or SRD text
files into a table's library (and party roster), all files or none, printing what came across
and what did not, field by field."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from api.cli import DEFAULT_TABLE, DbOption, TableOption, runtime
from api.cli.terminal import fail, plain

library_app = typer.Typer(
    help="The creature library: bring creatures from other tools.", no_args_is_help=True
)
MARKS = {"kept": "+", "note": "~", "not tracked": "-"}  # a report line's mark


@library_app.command("import")
def import_files(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="Foundry VTT actors, Improved Initiative stat blocks or encounters, SRD text."
        ),
    ],
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset", help="The ruleset to fill (default dnd35; a Foundry actor: its own)."
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Print what would be kept; keep nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The report as JSON.")] = False,
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """Read every file, then keep all their creatures in the table's library (a file it cannot
    read: exit 1 naming the file, the place in it and the creature; nothing kept)."""
    reports = [read(path, ruleset) for path in files]
    if not dry_run:
        with runtime(db) as built:
            if built.tables.table(table) is None:
                raise fail(f"--table: no table {plain(table)} (`combatlog tables list`)", 2)
            built.library.save(table, [c.creature for _, r in reports for c in r.creatures])
    if as_json:
        import orjson

        from api.library.importers import as_json as json_of

        shown = [{"file": str(p), **json_of(r)} for p, r in reports]
        typer.echo(orjson.dumps({"kept": not dry_run, "files": shown}, option=orjson.OPT_INDENT_2))
        return
    for path, report in reports:
        printed(path, report, dry_run)


def read(path: Path, ruleset: str | None) -> tuple[Path, Any]:
    """A file's creatures and report, or exit: 2 unreadable, 1 not importable."""
    from api.library.importers import ImportProblem, read_file

    try:
        text = path.read_bytes()
    except OSError as exc:
        raise fail(f"{path}: {exc.strerror or exc}", 2) from None
    try:
        return path, read_file(text, ruleset)
    except ImportProblem as exc:
        raise fail(f"{path}: {exc.field}: {exc.reason} (nothing kept)", 1) from None


def printed(path: Path, report: Any, dry_run: bool) -> None:
    """A file's report as lines: each creature, then + kept, ~ note, - not tracked."""
    verb = "would keep" if dry_run else "kept"
    typer.echo(f"{path} ({report.format}): {verb} {len(report.creatures)} creatures")
    for each in report.creatures:
        creature = each.creature
        roster = ", party" if creature.party else ""
        typer.echo(f"  {creature.ruleset}/{creature.id}: {plain(creature.name)}{roster}")
        for line in each.lines:
            typer.echo(f"    {MARKS[line.outcome]} {plain(line.source)}: {plain(line.detail)}")


def import_fight(
    file: Annotated[
        Path,
        typer.Argument(
            help="An Improved Initiative saved encounter, or a Foundry VTT combat with its actors."
        ),
    ],
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            help="The encounter's ruleset (dnd35, d20modern, starfinder; orcus and true20 from "
            "Improved Initiative).",
        ),
    ] = "dnd35",
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Print how the fight would stand; keep nothing."),
    ] = False,
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """Store a fight already in progress as a new encounter of the table: its combatants join,
    their initiative, damage and temporary hit points are recorded, and the turns pass to the
    round and combatant it was at; prints its id, then each combatant's report. With
    `--dry-run`, prints how it would stand (round, turn, each combatant) and keeps nothing."""
    from api.library.importers import ImportProblem
    from api.library.importers.fight import fight_log, fight_preview
    from domain.commands import Import

    try:
        if dry_run:
            preview = fight_preview(read_bytes(file), ruleset, table)
        else:
            fight, log = fight_log(read_bytes(file), ruleset, table)
    except ImportProblem as exc:
        raise fail(f"{file}: {exc.field}: {exc.reason} (nothing kept)", 1) from None
    if dry_run:
        standing(preview)
        return
    with runtime(db) as built:
        if built.tables.table(table) is None:
            raise fail(f"--table: no table {plain(table)} (`combatlog tables list`)", 2)
        typer.echo(str(built.commits.created(Import(tuple(log)))))
    for where, lines in fight.lines:
        typer.echo(f"  {where}")
        for line in lines:
            typer.echo(f"    {MARKS[line.outcome]} {plain(line.source)}: {plain(line.detail)}")


def standing(preview: dict[str, Any]) -> None:
    """A fight read but not kept: where it would open, each combatant as it would stand, and
    each field's fate."""
    names = {c["combatant"]: c["name"] for c in preview["combatants"]}
    turn = f", {plain(names[preview['turn']])}'s turn" if preview["turn"] else ""
    typer.echo(
        f"would open {plain(preview['name'])} ({preview['ruleset']}): round "
        f"{preview['round']}{turn}; {preview['version']} facts, nothing kept"
    )
    for each in preview["combatants"]:
        vitals = each["vitals"]
        said = [f"initiative {each['initiative']}" if each["initiative"] is not None else ""]
        if vitals.get("max_stamina"):
            said.append(f"SP {vitals['stamina']}/{vitals['max_stamina']}")
        said.append(f"HP {vitals['hp']}/{vitals['max_hp']}" if "hp" in vitals else "no HP")
        said += [f"{vitals['temp_hp']} temporary" if vitals.get("temp_hp") else ""]
        said += ["hidden" if each["hidden"] else "", "" if each["in_fight"] else "defeated"]
        shown = ", ".join(s for s in said if s)
        typer.echo(f"  {each['where']} {each['combatant']}: {plain(each['name'])}, {shown}")
        for line in each["lines"]:
            mark = MARKS[line["outcome"]]
            typer.echo(f"    {mark} {plain(line['source'])}: {plain(line['detail'])}")


def read_bytes(path: Path) -> bytes:
    """A file's bytes, or exit 2 saying why it cannot be read."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise fail(f"{path}: {exc.strerror or exc}", 2) from None
