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
# What one request may roll, so no request holds a core for long (the heaviest allowed takes
# ~50 ms). The roller's keep, drop and reroll selectors cost the square of the dice they sort
# (999d20kh1 took 0.12 s, 10 x 100d20kh99kh99kh99 0.2 s), so a roll with selectors rolls fewer.
DICE_PER_ROLL = 100  # dice rolled for one notation, rerolls and explosions included
DICE_PER_SELECTING_ROLL = 20  # ... for one with a selector (4d6kh3, 2d20kh1, 10d6rr1 …)
SELECTORS_PER_ROLL = 3  # keep, drop, reroll, explode … selectors in one notation
DICE_PER_REQUEST = 1_000  # dice rolled for every fact of one request


SELECTING = "one roll that keeps, drops or rerolls"


class DiceError(ValueError):
    """Notation the dice roller cannot read, or a roll on a fact that takes none."""


NATURAL_DICE = (20, 100)  # a d20, or the d% of a 3.5 stabilization check


class OverBudget(DiceError):
    """A roll, or a request's rolls, past a dice budget (named in the message)."""


class Budget(d20.RollContext):  # type: ignore[misc]
    """The dice one request may roll: DICE_PER_ROLL for each notation, DICE_PER_REQUEST in all."""

    def __init__(self) -> None:
        super().__init__(max_rolls=DICE_PER_ROLL)
        self.spent = 0

    def count_roll(self, n: int = 1) -> None:
        self.rolls += n
        self.spent += n
        if self.rolls > self.max_rolls:
            kind = "one roll" if self.max_rolls == DICE_PER_ROLL else SELECTING
            raise OverBudget(f"{kind} may roll at most {self.max_rolls} dice")
        if self.spent > DICE_PER_REQUEST:
            raise OverBudget(f"one request may roll at most {DICE_PER_REQUEST} dice")


class Unsaid(d20.Stringifier):  # type: ignore[misc]
    """No text for a roll: only its dice and total are recorded."""

    def stringify(self, the_roll: Any) -> str:
        return ""


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


def faces(node: Any) -> list[int]:
    """Every kept die's face in a rolled expression, in the order rolled."""
    if isinstance(node, d20.Dice):
        return [int(die.total) for die in node.values if die.kept]
    return [face for child in getattr(node, "children", []) for face in faces(child)]


ROLLED_KEPT = ("DamageDealt", "HealingApplied")  # facts whose amount keeps its dice (`rolled`)


def selectors(node: Any) -> int:
    """How many set selectors (kh1, rr<2, e20 …) a parsed notation applies."""
    own = sum(len(op.sels) for op in getattr(node, "operations", []) or [])
    return own + sum(selectors(child) for child in node.children)


def no_dice(node: Any) -> str | None:
    """The first dice of a parsed notation that roll none (`0d6`, which the roller totals as 0),
    or None. A die of no sides (`1d0`) the roller refuses itself, and its grammar reads no
    negative count or size (`1d-1` is not notation)."""
    if isinstance(node, d20.ast.Dice) and node.num < 1:
        return str(node)
    return next(filter(None, map(no_dice, node.children)), None)


def rolled(notation: str, budget: Budget | None = None) -> tuple[int, Any]:
    """The total and the expression tree of one roll, within the request's dice budget. The
    library evaluates the total lazily, so a division by zero (`1d20/0`) surfaces only there; a
    float past any number or a nesting too deep for the parser is refused too, never a 500."""
    roller = d20.Roller(budget or Budget())
    try:
        tree = roller.parse(notation)
        if (none := no_dice(tree)) is not None:
            raise DiceError(f"cannot roll '{notation}': '{none}' rolls no dice")
        selecting = selectors(tree)
        if selecting > SELECTORS_PER_ROLL:
            raise OverBudget(f"one roll may apply at most {SELECTORS_PER_ROLL} selectors")
        roller.context.max_rolls = DICE_PER_SELECTING_ROLL if selecting else DICE_PER_ROLL
        result = roller.roll(tree, stringifier=Unsaid())
        return int(result.total), result.expr
    except DiceError:  # OverBudget, or no dice
        raise
    except d20.RollSyntaxError as exc:  # its list of expected tokens comes in no fixed order
        where = "at the end" if not str(exc.got) else f"at '{exc.got}'"
        raise DiceError(
            f"cannot roll '{notation}': not dice notation {where} (column {exc.col})"
        ) from None
    except d20.RollError as exc:
        raise DiceError(f"cannot roll '{notation}': {exc}") from None
    except (ArithmeticError, ValueError, RecursionError):
        raise DiceError(f"cannot roll '{notation}': the roller cannot total it") from None


def resolve_roll(fact: dict[str, Any], budget: Budget | None = None) -> dict[str, Any]:
    """The fact with its `roll` notation replaced by the dice as rolled (natural, total, amount),
    within the request's dice `budget`."""
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
    total, expr = rolled(notation, budget)
    resolved = {k: v for k, v in fact.items() if k != "roll"}
    if how == "amount":
        if fact.get("type") in ROLLED_KEPT:
            resolved["rolled"] = {"notation": notation, "dice": faces(expr)}
        return {**resolved, "amount": max(0, total)}
    natural = first_d20(expr)
    if natural is None:
        raise DiceError(f"'{notation}' rolls no d20")
    if how == "initiative":
        return {**resolved, "natural": natural, "modifier": total - natural}
    return {**resolved, "natural": natural, "total": total}
