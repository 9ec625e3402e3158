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


MAX_NOTATION = 200  # characters: room for any table's roll, too few to exhaust the parser


class DiceError(ValueError):
    """Notation the dice roller cannot read, or a roll on a fact that takes none."""


NATURAL_DICE = (20, 100)  # a d20, or the d% of a 3.5 stabilization check


def first_d20(node: Any) -> int | None:
    """The face of the first kept d20 (or d%) in a rolled expression."""
    if isinstance(node, d20.Dice) and node.size in NATURAL_DICE:
        kept = [die.total for die in node.values if die.kept]
        return int(kept[0]) if kept else None
    for child in getattr(node, "children", []):
        face = first_d20(child)
        if face is not None:
            return face
    return None


def rolled(notation: str) -> tuple[int, Any]:
    """The total and the expression tree of one roll. The library evaluates the total lazily, so
    a division by zero (`1d20/0`) surfaces only there; a float past any number or a nesting too
    deep for the parser is refused too, never a 500."""
    try:
        result = d20.roll(notation)
        return int(result.total), result.expr
    except d20.RollSyntaxError as exc:  # its list of expected tokens comes in no fixed order
        where = "at the end" if not str(exc.got) else f"at '{exc.got}'"
        raise DiceError(
            f"cannot roll '{notation}': not dice notation {where} (column {exc.col})"
        ) from None
    except d20.RollError as exc:
        raise DiceError(f"cannot roll '{notation}': {exc}") from None
    except (ArithmeticError, ValueError, RecursionError):
        raise DiceError(f"cannot roll '{notation}': the roller cannot total it") from None


def resolve_roll(fact: dict[str, Any]) -> dict[str, Any]:
    """The fact with its `roll` notation replaced by the dice as rolled (natural, total, amount)."""
    notation = fact.get("roll")
    if notation is None:
        return fact
    how = ROLLED_INTO.get(str(fact.get("type")))
    if how is None:
        raise DiceError(f"a {fact.get('type')} takes no roll")
    if not isinstance(notation, str):
        raise DiceError("a roll is dice notation such as '1d20+5'")
    if len(notation) > MAX_NOTATION:
        raise DiceError(f"dice notation is at most {MAX_NOTATION} characters")
    total, expr = rolled(notation)
    resolved = {k: v for k, v in fact.items() if k != "roll"}
    if how == "amount":
        return {**resolved, "amount": max(0, total)}
    natural = first_d20(expr)
    if natural is None:
        raise DiceError(f"'{notation}' rolls no d20")
    if how == "initiative":
        return {**resolved, "natural": natural, "modifier": total - natural}
    return {**resolved, "natural": natural, "total": total}
