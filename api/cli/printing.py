"""What the command line prints of a table: a state as a readable table (the vitals, statuses and
conditions in words), and a progress bar for long work."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from api.cli.terminal import console as terminal_console
from api.cli.terminal import shown


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


@contextmanager
def progress_bar(label: str) -> Iterator[Any]:
    """A rich progress bar on stderr (drawn only on a terminal); yields update(done, total)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield update
