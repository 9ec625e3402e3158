"""`combatlog stats --campaign`: the party across sessions on a terminal (a table per player
character, a session a row, so a long campaign grows down rather than off the screen), its
foes per foe type, and the same figures as CSV (one row per PC per session)."""

from __future__ import annotations

import csv
import sys
from typing import Any

from api.cli.terminal import cell, shown
from api.cli.terminal import console as terminal_console

CSV_COLUMNS = ("combatant", "name", "session", "session_date", "session_title", "fights",
               "damage_dealt", "damage_taken", "attacks", "hits", "hit_rate", "knocked_out",
               "healing_received")  # fmt: skip
PC_HEADINGS = ("date", "fights", "dealt", "taken", "hits/atk", "hit%", "down", "healed", "session")
FOE_HEADINGS = ("foe type", "foes", "fights", "dealt", "taken", "hits/atk", "hit%", "KOs",
                "kills", "down")  # fmt: skip


def _rate(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.0f}%"


def _pc_row(session: dict[str, Any], figures: dict[str, Any]) -> tuple[str, ...]:
    """A PC's session as cells; a session it fought no fight in reads "absent", not zeros."""
    title = shown(session["title"] or session["id"])
    if not figures["fights"]:
        return (session["date"], "absent", *("-",) * (len(PC_HEADINGS) - 3), title)
    return (
        session["date"], str(figures["fights"]), str(figures["damage_dealt"]),
        str(figures["damage_taken"]), f"{figures['hits']}/{figures['attacks']}",
        _rate(figures["hit_rate"]), str(figures["knocked_out"]), str(figures["healing_received"]),
        title,
    )  # fmt: skip


def _table(headings: tuple[str, ...], title: str, text_last: bool = False) -> Any:
    """A borderless table: figures to the right, each column as wide as its heading at least;
    `text_last`: the last column is text, the one cut short on a narrow terminal."""
    from rich.table import Table

    table = Table(title=title, title_justify="left", title_style="bold", box=None)
    for i, heading in enumerate(headings):
        text = i == 0 or (text_last and i == len(headings) - 1)
        cut = text_last and i == len(headings) - 1
        table.add_column(heading, justify="left" if text else "right", no_wrap=cut or not text,
                         min_width=None if cut else max(len(heading), 10 * (i == 0)),
                         overflow="ellipsis" if cut else "fold")  # fmt: skip
    return table


def _foe_row(foe: dict[str, Any]) -> tuple[str, ...]:
    return (
        shown(foe["foe_type"]), str(foe["combatants"]), str(foe["encounters"]),
        str(foe["damage_dealt"]["total"]), str(foe["damage_taken"]["total"]),
        f"{foe['hits']}/{foe['attacks']}", _rate(foe["hit_rate"]), str(foe["knockouts"]),
        str(foe["kills"]), str(foe["knocked_out"]),
    )  # fmt: skip


def print_trend(found: dict[str, Any]) -> None:
    """The trend as Rich tables: one per PC (sessions as rows), then the foe types."""

    console = terminal_console()
    sessions = found["sessions"]
    console.print(f"[bold]Campaign {shown(found['campaign'])}[/]: {len(sessions)} session(s), "
                  f"party of {len(found['party'])}")  # fmt: skip
    held = {s["id"]: s for s in sessions}
    for pc in found["party"]:
        table = _table(PC_HEADINGS, shown(pc["name"]), text_last=True)
        for figures in pc["sessions"]:
            table.add_row(*_pc_row(held[figures["session"]], figures))
        console.print()
        console.print(table)
    if found["foe_types"]:
        table = _table(FOE_HEADINGS, "Foes by type")
        for foe in found["foe_types"]:
            table.add_row(*_foe_row(foe))
        console.print()
        console.print(table)


def write_trend_csv(found: dict[str, Any]) -> None:
    """One row per PC per session, in the sessions' order (absent: empty figures)."""
    held = {s["id"]: s for s in found["sessions"]}
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for pc in found["party"]:
        for figures in pc["sessions"]:
            session = held[figures["session"]]
            row = {**pc, **figures, "session_date": session["date"],
                   "session_title": session["title"]}  # fmt: skip
            writer.writerow(cell(row[column]) for column in CSV_COLUMNS)
