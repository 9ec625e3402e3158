"""The log as lines: whole for the GM; for players no line naming a hidden combatant and no
numbers about a foe's vitals (in the log, the export and the live stream alike)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from api.http.schemas import LogLine
from domain.events import Fact
from projections.history import History
from projections.render import named
from projections.view import Table

# Numbers about a combatant's damage track and resources: damage, healing, temporary HP, resolve
# or conviction spent (`amount`), a persistent damage `value`, a Toughness `save`, its `stats`.
VITALS = ("amount", "value", "save", "stats")


def log_lines(events: Sequence[Fact], after: int = 0) -> list[LogLine]:
    """Each line after `after`, with whether it is revoked now and the amendment in force."""
    revoked: set[int] = set()
    amended: dict[int, list[int]] = {}
    for position, event in enumerate(events, 1):
        kind, target = event.type_name, getattr(event, "target", None)
        if kind == "EventRevoked":
            revoked.add(target)  # type: ignore[arg-type]
        elif kind == "EventRestored":
            revoked.discard(target)
        elif kind == "EventAmended":
            amended.setdefault(target, []).append(position)  # type: ignore[arg-type]
    return [
        LogLine(
            position=p,
            fact=e.to_json_dict(),
            revoked=p in revoked,
            amended_by=next((a for a in reversed(amended.get(p, [])) if a not in revoked), None),
        )
        for p, e in enumerate(events[after:], after + 1)
    ]


def player_lines(table: Table, events: Sequence[Fact], lines: Sequence[LogLine]) -> list[LogLine]:
    """`lines` of the log `events` as players may see them, judged by the table as it is now."""
    hidden = {m.id for m in table.members.values() if m.hidden}
    foes = {m.id for m in table.members.values() if m.side != "party"}
    return [
        line.model_copy(update={"fact": without_foe_numbers(line.fact, foes)})
        for line in lines
        if not hidden.intersection(named(line.fact))
    ]


def player_jsonl(history: History) -> bytes:
    """The log as JSON Lines as players may see it: their log's facts, one a line."""
    lines = player_lines(history.table(), history.events, log_lines(history.events))
    return b"".join(orjson.dumps(line.fact) + b"\n" for line in lines)


def without_foe_numbers(fact: dict[str, Any], foes: set[str]) -> dict[str, Any]:
    """The fact without numbers about a foe's vitals when it is about a foe (its `target` or
    `combatant`), in an amendment's replacement too. A saving throw's `save` is the save's name,
    not a number, and stays."""
    shown = dict(fact)
    if foes.intersection((shown.get("target"), shown.get("combatant"))):
        for name in VITALS:
            if not isinstance(shown.get(name), str):
                shown.pop(name, None)
    if isinstance(shown.get("replacement"), dict):
        shown["replacement"] = without_foe_numbers(shown["replacement"], foes)
    return shown
