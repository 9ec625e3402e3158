"""Dice notation from clients: rolled once with the `d20` library; the dice are recorded."""

from __future__ import annotations

from typing import Any

import d20

ROLLED_INTO = {  # fact type → how one roll fills its fields
    "InitiativeRolled": "initiative",
    "AttackMade": "d20",
    "SavingThrowRolled": "d20",
    "CheckRolled": "d20",
    "DamageDealt": "amount",
    "HealingApplied": "amount",
    "TemporaryHitPointsGained": "amount",
}


class DiceError(ValueError):
    """Notation the dice roller cannot read, or a roll on a fact that takes none."""


def first_d20(node: Any) -> int | None:
    """The face of the first kept d20 in a rolled expression."""
    if isinstance(node, d20.Dice) and node.size == 20:
        kept = [die.total for die in node.values if die.kept]
        return int(kept[0]) if kept else None
    for child in getattr(node, "children", []):
        face = first_d20(child)
        if face is not None:
            return face
    return None


def resolve_roll(fact: dict[str, Any]) -> dict[str, Any]:
    """The fact with its `roll` notation replaced by the dice as rolled (natural, total, amount)."""
    notation = fact.get("roll")
    if notation is None:
        return fact
    how = ROLLED_INTO.get(str(fact.get("type")))
    if how is None or not isinstance(notation, str):
        raise DiceError(f"a {fact.get('type')} takes no roll")
    try:
        rolled = d20.roll(notation)
    except d20.RollError as exc:
        raise DiceError(f"cannot roll '{notation}': {exc}") from None
    resolved = {k: v for k, v in fact.items() if k != "roll"}
    total = int(rolled.total)
    if how == "amount":
        return {**resolved, "amount": max(0, total)}
    natural = first_d20(rolled.expr)
    if natural is None:
        raise DiceError(f"'{notation}' rolls no d20")
    if how == "initiative":
        return {**resolved, "natural": natural, "modifier": total - natural}
    return {**resolved, "natural": natural, "total": total}
