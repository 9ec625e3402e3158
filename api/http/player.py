"""What players see of the log: no line naming a hidden combatant, no numbers about foes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.http.schemas import LogLine
from domain.events import EventAmended, Fact, combatants_named
from projections.view import Table

FOE_NUMBERS = ("amount", "value", "save")


def player_lines(table: Table, events: Sequence[Fact], lines: Sequence[LogLine]) -> list[LogLine]:
    """`lines` of the log `events` as players may see them, judged by the table as it is now."""
    hidden = {m.id for m in table.members.values() if m.hidden}
    foes = {m.id for m in table.members.values() if m.side != "party"}
    return [
        line.model_copy(update={"fact": without_foe_numbers(line.fact, foes)})
        for line in lines
        if not hidden.intersection(mentions(events[line.position - 1]))
    ]


def mentions(event: Fact) -> set[str]:
    """Every combatant a line names: those it refers to, who joined, and a `source` naming one."""
    fact = event.replacement if isinstance(event, EventAmended) else event
    named = [*combatants_named(event), getattr(fact, "combatant", None)]
    named.append(getattr(fact, "source", None))
    return {n for n in named if isinstance(n, str)}


def without_foe_numbers(fact: dict[str, Any], foes: set[str]) -> dict[str, Any]:
    """The fact without a foe's damage, healing or stats, in an amendment's replacement too."""
    shown = dict(fact)
    if shown.get("target") in foes:
        for number in FOE_NUMBERS:
            shown.pop(number, None)
    if shown.get("type") == "CombatantJoined" and shown.get("combatant") in foes:
        shown.pop("stats", None)
    if isinstance(shown.get("replacement"), dict):
        shown["replacement"] = without_foe_numbers(shown["replacement"], foes)
    return shown
