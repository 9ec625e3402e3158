"""Concise builders for combat logs in tests: JSON Lines dicts in, checked events and states out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from domain.events import Event, Fact
from domain.integrity import LogError
from domain.jsonl import read_jsonl
from projections.render import state_json
from projections.table import table_at

Line = dict[str, Any]


def jsonl(*lines: Line) -> bytes:
    """The lines as a JSON Lines file, exactly as a user would write it."""
    return b"".join(orjson.dumps(line) + b"\n" for line in lines)


def log(*lines: Line | Iterable[Line]) -> list[Event]:
    """A checked log from JSON-ready dicts (lists of dicts are spliced in, for setup helpers)."""
    return read_jsonl(jsonl(*flatten(lines)))


def flatten(lines: Iterable[Line | Iterable[Line]]) -> list[Line]:
    """Dicts and lists of dicts as one flat list of lines."""
    flat: list[Line] = []
    for line in lines:
        flat.extend([line] if isinstance(line, dict) else line)
    return flat


def rejection(*lines: Line | Iterable[Line]) -> LogError:
    """The LogError a log is rejected with (fails the test when the log is accepted)."""
    try:
        read_jsonl(jsonl(*flatten(lines)))
    except LogError as exc:
        return exc
    raise AssertionError("the log was accepted; it should have been rejected")


def state(events: Sequence[Fact], at: int | None = None) -> dict[str, Any]:
    """The CONTRACT §2 table state after line `at` (default: the whole log)."""
    return state_json(table_at(events, at), at or len(events))


def view(*lines: Line | Iterable[Line], at: int | None = None) -> dict[str, Any]:
    """The table state of the log these lines make."""
    return state(log(*lines), at)


# --- one line each ---------------------------------------------------------------------------


def created(ruleset: str = "dnd35", **options: Any) -> Line:
    """EncounterCreated with the house rules given as keywords."""
    line: Line = {"type": "EncounterCreated", "name": "Test fight", "ruleset": ruleset}
    if options:
        line["options"] = options
    return line


def joined(combatant: str, max_hp: int = 20, side: str = "party", **fields: Any) -> Line:
    """CombatantJoined with D&D 3.5 stats."""
    stats = {"max_hp": max_hp, **fields.pop("stats", {})}
    return {
        "type": "CombatantJoined", "combatant": combatant, "name": combatant.title(),
        "side": side, "stats": stats, **fields,
    }  # fmt: skip


def rolled(combatant: str, natural: int, modifier: int = 0) -> Line:
    """InitiativeRolled."""
    return {"type": "InitiativeRolled", "combatant": combatant, "natural": natural,
            "modifier": modifier}  # fmt: skip


def fact(kind: str, /, **fields: Any) -> Line:
    """Any line: its type and its fields."""
    return {"type": kind, **fields}


def amended(target: int, replacement: Line) -> Line:
    """EventAmended: the line at `target` is to be read as `replacement`."""
    return fact("EventAmended", target=target, replacement=replacement)


def started() -> Line:
    return fact("CombatStarted")


def turn_ended(combatant: str) -> Line:
    return fact("TurnEnded", combatant=combatant)


def damage(target: str, amount: int, **fields: Any) -> Line:
    return fact("DamageDealt", target=target, amount=amount, **fields)


def healing(target: str, amount: int, **fields: Any) -> Line:
    return fact("HealingApplied", target=target, amount=amount, **fields)


def condition(target: str, name: str, **fields: Any) -> Line:
    return fact("ConditionApplied", target=target, condition=name, **fields)


def check(combatant: str, kind: str, natural: int, total: int | None = None, **fields: Any) -> Line:
    total = natural if total is None else total
    return fact("CheckRolled", combatant=combatant, check=kind, natural=natural, total=total,
                **fields)  # fmt: skip


def save(combatant: str, kind: str, natural: int, total: int, **fields: Any) -> Line:
    return fact("SavingThrowRolled", combatant=combatant, save=kind, natural=natural,
                total=total, **fields)  # fmt: skip


def attack(attacker: str, target: str, natural: int, total: int, **fields: Any) -> Line:
    return fact("AttackMade", attacker=attacker, target=target, natural=natural, total=total,
                **fields)  # fmt: skip


# --- whole setups ----------------------------------------------------------------------------


def one(combatant: str = "valeros", max_hp: int = 20, **options: Any) -> list[Line]:
    """An encounter with a single combatant, no initiative (damage-track tests)."""
    return [created(**options), joined(combatant, max_hp)]


def fight(*initiative: tuple[str, int, int], **options: Any) -> list[Line]:
    """Combatants (id, natural, modifier) join, roll, and the combat starts."""
    lines = [created(**options)]
    for combatant, _, modifier in initiative:
        lines.append(joined(combatant, stats={"initiative_modifier": modifier}))
    lines += [rolled(c, n, m) for c, n, m in initiative]
    return [*lines, started()]
