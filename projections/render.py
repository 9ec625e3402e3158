"""The table state of CONTRACT §2 as plain JSON-ready data."""

from __future__ import annotations

from typing import Any

from domain.events import SaveEndsDuration, TurnDuration
from projections import clock, order
from projections.prompts import prompts
from projections.view import Condition, Member, Table


def state_json(table: Table, version: int) -> dict[str, Any]:
    """The table state: phase, round, turn, order and every combatant, plus ties and warnings."""
    ranked = table.order if table.started else tuple(m.id for m in order.in_order(table))
    return {
        "ruleset": table.rules.name,
        "version": version,
        "phase": table.phase,
        "round": table.round,
        "turn": table.turn,
        "order": list(ranked),
        "combatants": {m.id: combatant_json(table, m) for m in table.members.values()},
        "initiative_ties": order.pending_ties(table),
        "warnings": warnings(table),
    }


def gm_state_json(table: Table, version: int) -> dict[str, Any]:
    """The table state with what the GM alone is asked: `prompts` (players never get them)."""
    return {**state_json(table, version), "prompts": prompts(table)}


def statuses(table: Table, member: Member) -> list[str]:
    """The ruleset's derived statuses plus those the turn order gives."""
    found = list(table.rules.statuses(member.body, clock.ctx(table, member)))
    if table.phase == "surprise" and member.id not in (table.aware or ()):
        found.append("surprised")
    found += [flag for flag in ("delaying", "readied", "left") if getattr(member, flag)]
    return found


def combatant_json(table: Table, member: Member) -> dict[str, Any]:
    """One combatant as the table state shows it."""
    shown: dict[str, Any] = {
        "name": member.name,
        "side": member.side,
        "kind": member.kind,
        "initiative": member.initiative,
        "vitals": table.rules.vitals(member.body, clock.ctx(table, member)),
        "statuses": statuses(table, member),
        "conditions": [condition_json(table, c) for c in member.conditions],
    }
    if member.group:
        shown["group"] = member.group
    if member.hidden:
        shown["hidden"] = True
    return shown


def condition_json(table: Table, c: Condition) -> dict[str, Any]:
    """A condition in force with what remains of its duration."""
    shown: dict[str, Any] = {"name": c.name}
    if c.source is not None:
        shown["source"] = c.source
    left = clock.remaining_rounds(table, c)
    if left is not None:
        shown["remaining_rounds"] = left
    if isinstance(c.duration, TurnDuration):
        shown["until"] = {"until": c.duration.until, "of": c.duration.of}
    if isinstance(c.duration, SaveEndsDuration):
        shown["save_ends"] = True
    for name in ("value", "damage_type", "beneficial"):
        if getattr(c, name) is not None:
            shown[name] = getattr(c, name)
    return shown


def warnings(table: Table) -> list[str]:
    """What the GM should know: rolls the rules call for, ignored facts, unsettled ties."""
    found = list(table.notes)
    for member in table.members.values():
        if not member.left:
            found += table.rules.warnings(member.body, member.name)
        if table.phase in ("surprise", "combat") and member.initiative is None and not member.left:
            found.append(f"{member.name} has no initiative and takes no turn")
    found += [f"initiative tie to settle: {', '.join(tied)}" for tied in order.pending_ties(table)]
    return found


NAMING_FIELDS = frozenset(
    {"combatant", "attacker", "target", "before", "source", "of", "aware", "order", "combatants"}
)  # the fields of CONTRACT §1 (and of the state's conditions) that name a combatant


def named(value: object, key: str = "") -> set[str]:
    """Every combatant id a JSON value names, at any depth, in a field that names combatants."""
    if isinstance(value, dict):
        return set().union(*(named(v, str(k)) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(named(v, key) for v in value))
    return {value} if isinstance(value, str) and key in NAMING_FIELDS else set()
