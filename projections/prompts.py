"""Prompts: the rolls and choices the rules call for now, as facts for the GM to complete."""

from __future__ import annotations

from typing import Any

from domain.events import SaveEndsDuration
from domain.rulesets.terms import Prompt
from projections import clock
from projections.view import Condition, Member, Table

SAVE_ENDS_ROLL = "1d20"


def prompts(table: Table) -> list[dict[str, Any]]:
    """Every prompt at this point of the log: each ruleset's own (dying, massive damage, Resolve
    …) and, on a combatant's turn, a save against each of its save-ends conditions."""
    found: list[dict[str, Any]] = []
    for member in table.members.values():
        if member.left:
            continue
        ctx = clock.ctx(table, member)
        asked = table.rules.prompts(member.body, ctx, member.id, member.name)
        found += [p.to_json() for p in asked]
        if table.turn == member.id and table.rules.takes_turn(member.body):
            found += [p.to_json() for p in save_ends(table, member)]
    return found


def save_ends(table: Table, member: Member) -> list[Prompt]:
    """CONTRACT §1 `{"save_ends": true}`: a save each turn until one succeeds (004 "Saving
    Throws" L1127); one not yet rolled this round is asked for while the turn lasts."""
    due = (c for c in member.conditions if isinstance(c.duration, SaveEndsDuration))
    return [_save_against(member, c) for c in due if c.saved_round != table.round]


def _save_against(member: Member, c: Condition) -> Prompt:
    fact = {"type": "SavingThrowRolled", "combatant": member.id, "save": "saving throw",
            "against": c.position}  # fmt: skip
    title = f"{member.name}: saving throw against {c.name} (save ends)"
    kind = "save_ends"
    return Prompt(f"{member.id}:{kind}:{c.position}", member.id, kind, title, fact,
                  SAVE_ENDS_ROLL, ("natural", "total"))  # fmt: skip
