"""`combatlog stats` and `combatlog analytics rebuild`: analytics on the command line."""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer

from api.cli import DEFAULT_TABLE, DbOption, TableOption, encounter_id, runtime
from api.cli.printing import progress_bar
from api.cli.terminal import cell, fail, plain, print_json, shown
from api.cli.terminal import console as terminal_console

if TYPE_CHECKING:
    from api.analytics.queries.export import Format
    from api.wiring import Runtime

analytics_app = typer.Typer(help="The analytics read model.", no_args_is_help=True)
COLUMNS = ("combatant", "name", "side", "encounters", "damage_dealt", "damage_dealt_lethal",
           "damage_dealt_nonlethal", "damage_taken", "damage_taken_lethal",
           "damage_taken_nonlethal", "healing_received", "attacks", "hits", "hit_rate",
           "criticals", "natural_1s", "natural_20s", "knockouts", "kills", "knocked_out",
           "deaths", "damage_dealt_by_type", "damage_taken_by_type")  # fmt: skip
TYPE_COLUMNS = ("foe_type", "side", "combatants", *COLUMNS[3:])  # with --group type


@contextmanager
def caught_up(db: str | None) -> Iterator[Runtime]:
    """The runtime, its analytics caught up with the log (a progress bar on a terminal)."""
    with runtime(db) as built:
        with progress_bar("catching up") as update:
            built.analytics.catch_up(update)
        yield built


@analytics_app.command("rebuild")
def rebuild(db: DbOption = None) -> None:
    """Rebuild the analytics read model from the first notification of the log."""
    with runtime(db) as built, progress_bar("rebuilding analytics") as update:
        taken = built.analytics.rebuild(update)
    typer.echo(f"analytics rebuilt from {taken} events")


Ruleset = Annotated[str | None, typer.Option(help="Only this rules system.")]
WHEN = "ISO 8601 with its offset (2026-03-01T20:30:00-05:00), or a date alone (00:00 UTC)"
Since = Annotated[str | None, typer.Option(help=f"Encounters begun at or after: {WHEN}.")]
Until = Annotated[str | None, typer.Option(help=f"Encounters begun before: {WHEN}.")]


def filter_times(since: str | None, until: str | None) -> tuple[datetime | None, datetime | None]:
    """`--since` and `--until` as times; exit 2 naming the option a value is not one of."""
    from api.analytics.queries.filters import filter_time

    times: list[datetime | None] = []
    for option, given in (("--since", since), ("--until", until)):
        try:
            times.append(None if given is None else filter_time(given, date_alone=True))
        except ValueError as exc:
            raise fail(f"{option}: {exc}", 2) from None
    return times[0], times[1]


Side = Annotated[str | None, typer.Option(help="Only this side's combatants.")]
Combatant = Annotated[str | None, typer.Option(help="Only this combatant.")]
Campaign = Annotated[str | None, typer.Option(help="Only encounters filed under this campaign.")]
Session = Annotated[str | None, typer.Option(help="Only encounters of this session (its id).")]
CampaignTrend = Annotated[
    str | None,
    typer.Option(
        "--campaign",
        help="Only this campaign; alone (no session, group or encounter): each PC per session "
        "and the foes per type.",
    ),
]
Branches = Annotated[
    bool, typer.Option("--branches", help="Count what-if branches too (left out by default).")
]


@analytics_app.command("export")
def export_rows(
    to_csv: Annotated[
        Path | None, typer.Option("--csv", help="Write the rows as CSV here.")
    ] = None,
    to_parquet: Annotated[
        Path | None, typer.Option("--parquet", help="Write the rows as Parquet here.")
    ] = None,
    ruleset: Ruleset = None,
    since: Since = None,
    until: Until = None,
    side: Side = None,
    combatant: Combatant = None,
    campaign: Campaign = None,
    session: Session = None,
    branches: Branches = False,
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """A table's analytics rows, one per combatant per encounter, for notebooks (CSV,
    Parquet)."""
    from api.analytics import Filters
    from api.analytics.queries import export

    files: dict[Format, Path | None] = {"csv": to_csv, "parquet": to_parquet}
    if not any(files.values()):
        raise fail("say where: --csv FILE and/or --parquet FILE", 2)
    begun = filter_times(since, until)
    with caught_up(db) as built:
        filters = Filters(None, ruleset, *begun, side, combatant, campaign, session, branches,
                          table)  # fmt: skip
        found = export.rows(built.analytics, filters)
    for format, path in files.items():
        if path is not None:
            export.write(found, str(path), format)
    typer.echo(f"{found.num_rows} rows written")


def stats(
    encounter: Annotated[
        str | None, typer.Argument(help="One encounter's id (default: all).")
    ] = None,
    ruleset: Ruleset = None,
    since: Since = None,
    until: Until = None,
    side: Side = None,
    combatant: Combatant = None,
    campaign: CampaignTrend = None,
    session: Session = None,
    branches: Branches = False,
    group: Annotated[
        Literal["type"] | None,
        typer.Option(help='"type": combatants summed per foe type ("Goblin" over every goblin).'),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The whole report as JSON.")] = False,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="The combatants' figures as CSV (types as type=n;...).")
    ] = False,
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """Damage, hits, knock-outs, rounds and time per combatant, for one encounter or a
    table's; with --campaign alone, each PC per session of the campaign and its foes per
    type."""
    from api.analytics import Filters, report

    encounter = None if encounter is None else str(encounter_id(encounter))
    begun = filter_times(since, until)
    if campaign is not None and session is None and group is None and encounter is None:
        _campaign_trend(db, table, campaign, branches, as_json, as_csv)
        return
    with caught_up(db) as built:
        filters = Filters(encounter, ruleset, *begun, side, combatant, campaign, session,
                          branches, None if encounter else table)  # fmt: skip
        found = report(built.analytics, filters, by_type=group == "type")
    if encounter is not None and not found["encounters"]:
        raise fail(f"no encounter {encounter} in the store", 1)
    if as_json:
        print_json(found)
    elif as_csv:
        columns = TYPE_COLUMNS if group == "type" else COLUMNS
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([cell(_flat(c)[k]) for k in columns] for c in found["combatants"])
    else:
        _print(found)


def _campaign_trend(db: str | None, table: str, campaign: str, branches: bool, as_json: bool,
                    as_csv: bool) -> None:  # fmt: skip
    """The campaign's trend as tables, JSON or CSV; exit 1 if nothing is filed under it."""
    from api.campaigns.trends import trend
    from api.cli.trends import print_trend, write_trend_csv

    with caught_up(db) as built:
        found = trend(built.analytics, table, campaign, branches)
    if not found["sessions"] and not found["foe_types"]:
        raise fail(f"no session of campaign {plain(campaign)} in the store", 1)
    if as_json:
        print_json(found)
    elif as_csv:
        write_trend_csv(found)
    else:
        print_trend(found)


def _flat(row: dict[str, Any]) -> dict[str, Any]:
    """A combatant's figures as CSV cells: damage split into columns, types as "type=n;..."."""
    flat = dict(row)
    for which in ("dealt", "taken"):
        damage = flat.pop(f"damage_{which}")
        flat[f"damage_{which}"] = damage["total"]
        flat[f"damage_{which}_lethal"] = damage["lethal"]
        flat[f"damage_{which}_nonlethal"] = damage["nonlethal"]
        types = flat[f"damage_{which}_by_type"]
        flat[f"damage_{which}_by_type"] = ";".join(f"{k}={v}" for k, v in types.items())
    return flat


def _print(found: dict[str, Any]) -> None:
    from rich.table import Table as RichTable

    console = terminal_console()
    fights = found["encounters"]
    rounds = sum(e["rounds"] for e in fights)
    console.print(f"[bold]{len(fights)} encounter(s)[/], {rounds} rounds")
    table = RichTable("who", "side", "dealt", "nl", "taken", "nl", "heal", "atk", "hit%", "crit",
                      "1/20", "KO", "kill", "down", box=None)  # fmt: skip
    for c in found["combatants"]:
        rate = "-" if c["hit_rate"] is None else f"{100 * c['hit_rate']:.0f}%"
        dealt, taken = c["damage_dealt"], c["damage_taken"]
        who = c.get("combatant", c.get("foe_type"))  # --group type: the foe type
        table.add_row(
            shown(who), shown(c["side"]), str(dealt["total"]), str(dealt["nonlethal"]),
            str(taken["total"]), str(taken["nonlethal"]), str(c["healing_received"]),
            str(c["attacks"]), rate, str(c["criticals"]),
            f"{c['natural_1s']}/{c['natural_20s']}", str(c["knockouts"]), str(c["kills"]),
            str(c["knocked_out"]),
        )  # fmt: skip
    console.print(table)
    if types := found["damage_by_type"]:
        console.print("damage by type: " + ", ".join(f"{shown(t['damage_type'])} {t['total']}"
                                                     for t in types))  # fmt: skip
    foe = found["most_dangerous_foe"]
    if foe:
        console.print(f"most dangerous foe: {shown(foe['name'])} ({foe['damage_dealt']} damage)")
    turns = found["turns"]
    if turns["turns"]:
        console.print(f"{turns['turns']} timed turns, {turns['mean_seconds']} s on average")
    if timed := found["round_times"]:
        console.print("seconds per round: " + ", ".join(
            f"{r['round']}: {r['mean_seconds']}" for r in timed))  # fmt: skip
