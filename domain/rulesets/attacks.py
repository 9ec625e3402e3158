"""Attacks a stat block carries, damage dice notation, and what a critical hit does to damage."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, StringConstraints

from domain.bounds import MAGNITUDE, NUL_FREE
from domain.events import LABEL_MOST, AttackMade, Int, Label

CRITICAL_NATURAL = 20  # 000 L716-718, 001 L119, 002 L345, 003 L83, 004 L1167: the natural 20
DEFAULT_MULTIPLIER = 2  # 000 L726-727, 003 L85: "Unless otherwise specified … the multiplier is x2"
TERM = r"(?:[0-9]*[dD][0-9]+|[0-9]+)"
NOTATION = rf"^\s*[+-]?\s*{TERM}(?:\s*[+-]\s*{TERM})*\s*$"  # "1d8+3", "2d6 + 1d4 - 1", "5"
_NOTATION = re.compile(NOTATION)
_TERM = re.compile(r"([+-]?)\s*(?:([0-9]*)[dD]([0-9]+)|([0-9]+))")
EFFECT_MOST = 1000  # characters in an effect's text (a power's Hit:, Miss: or Effect: line)


class Term(NamedTuple):
    """One term of a damage notation: `number` dice of `sides` (None: the constant `number`)."""

    sign: int
    number: int
    sides: int | None


def terms(notation: str) -> tuple[Term, ...]:
    """The terms of a notation the `Dice` type accepted ("1d8+3": +1d8, +3)."""
    found = []
    for sign, count, sides, constant in _TERM.findall(notation):
        step = -1 if sign == "-" else 1
        if constant:
            found.append(Term(step, int(constant), None))
        else:
            found.append(Term(step, int(count or 1), int(sides)))
    return tuple(found)


def _in_bounds(notation: str) -> str:
    """Dice notation, every count, die and constant within what a table means: dice of 1+
    faces, ≤ MAGNITUDE."""
    if _NOTATION.fullmatch(notation) is None:
        raise ValueError("must be dice notation: dice and numbers joined by + and -, e.g. 1d8+3")
    for term in terms(notation):
        if term.number > MAGNITUDE or (term.sides is not None and term.sides > MAGNITUDE):
            raise ValueError(f"dice and numbers must lie between 1 and {MAGNITUDE}")
        if term.sides is not None and (term.number < 1 or term.sides < 1):
            raise ValueError("a die term needs at least one die of at least one face ('1d8')")
    return notation


# Damage dice as a stat block prints them: NdM terms and constants joined by + and − ("1d8+3").
Dice = Annotated[
    str,
    StringConstraints(min_length=1, max_length=LABEL_MOST),
    Field(json_schema_extra={"pattern": NOTATION}),
    AfterValidator(_in_bounds),
]
Text = Annotated[str, StringConstraints(min_length=1, max_length=EFFECT_MOST), NUL_FREE]
Threat = Annotated[int, Strict(), Field(ge=2, le=CRITICAL_NATURAL)]
Confirmation = Literal["awaited", "confirmed", "failed"]


def render(found: Iterable[Term]) -> str:
    """Terms as notation: the dice in order, then the constants summed ("2d8+6")."""
    listed = tuple(found)
    dice = [t for t in listed if t.sides is not None]
    constant = sum(t.sign * t.number for t in listed if t.sides is None)
    parts = [f"{'-' if t.sign < 0 else '+'}{t.number}d{t.sides}" for t in dice]
    if constant or not parts:
        parts.append(f"{constant:+d}")
    return "".join(parts).removeprefix("+")


def multiplied(notation: str, times: int) -> str:
    """The damage rolled `times` times with all its bonuses, as one notation: "1d8+3" ×2 is
    "2d8+6" (000 L724-727, 002 L103, 003 L77)."""
    return render(Term(t.sign, t.number * times, t.sides) for t in terms(notation))


def maximum(notation: str) -> int:
    """The most the notation can deal (004 L1216: a critical does maximum damage), never below 0
    (004 L1212: "never negative damage")."""
    best = 0
    for term in terms(notation):
        face = (term.sides or 1) if term.sign > 0 else 1  # a die taken away is at its best at 1
        best += term.sign * term.number * face
    return max(best, 0)


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """One roll of a hit's damage: its notation (a constant when nothing is rolled) and type."""

    roll: str
    damage_type: str | None = None


class Critical(NamedTuple):
    """Whether an attack line threatens a critical hit, and where its confirmation stands:
    awaited (no confirmation roll yet), confirmed or failed; None where none is asked."""

    threat: bool = False
    confirmation: Confirmation | None = None


NO_CRITICAL = Critical()


def confirmed_threat(attack: AttackMade, outcome: str | None) -> Critical:
    """000 L716-735, 001 L119-120, 003 L83-85: a hit whose natural is at or above the attack's
    `threat` (default 20) threatens; a confirmation roll that hits makes it a critical."""
    if outcome not in ("hit", "critical"):
        return NO_CRITICAL
    if outcome == "critical":
        return Critical(True, "confirmed")
    if not in_threat_range(attack):
        return NO_CRITICAL
    if attack.confirm_natural is not None:
        return Critical(True, "failed")
    return Critical(True, None if attack.outcome is not None else "awaited")


def natural_twenty(attack: AttackMade, outcome: str | None) -> Critical:
    """002 L75, L345; 004 L1167: only a natural 20 is a possible critical, with no confirmation
    roll (the total decides), so a natural 20 that hits threatens and nothing is awaited."""
    return Critical(attack.natural == CRITICAL_NATURAL and outcome in ("hit", "critical"))


def in_threat_range(attack: AttackMade) -> bool:
    """000 L726-727, L730-735: the natural is at or above the attack's `threat` (default 20);
    a threat only if the attack hits."""
    return attack.natural >= (attack.threat or CRITICAL_NATURAL)


class ExtraDamage(BaseModel):
    """Damage over and above the weapon's (sneak attack, a flaming weapon's fire)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    damage: Dice = Field(title="Damage", description="Dice notation, e.g. 1d6.")
    damage_type: Label | None = Field(None, title="Damage type", description="e.g. fire.")


class Attack(BaseModel):
    """What every system's stat block gives an attack: its name, bonus, damage type and range."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Label = Field(title="Name", description="The attack as the table calls it: longsword.")
    bonus: Int = Field(title="Attack bonus", description="Added to the d20 of the attack roll.")
    damage_type: Label | None = Field(
        None, title="Damage type", description="e.g. slashing, fire (absent: untyped)."
    )
    range: Label | None = Field(
        None, title="Range", description="Melee, or the range as the stat block gives it."
    )

    @property
    def bonuses(self) -> tuple[int, ...]:
        """The attack bonus of each attack a full attack makes with it (one here)."""
        return (self.bonus,)


class DiceAttack(Attack):
    """An attack whose damage is rolled (every system but True20)."""

    damage: Dice = Field(title="Damage", description="Dice notation, e.g. 1d8+3.")


def rolls(damage: str, damage_type: str | None, times: int = 1) -> DamageRoll:
    """The damage notation rolled `times` times, bonuses included."""
    return DamageRoll(damage if times == 1 else multiplied(damage, times), damage_type)


def attack_list(title: str, description: str) -> Any:
    """The stats field of a system's attacks (none by default)."""
    return Field(default_factory=list, max_length=100, title=title, description=description)


# The fields systems share in shape, each described with its own seed's lines.
def dice_damage(cite: str) -> Any:
    """An attack's damage in dice notation."""
    return Field(title="Damage", description=f"Dice notation with the bonuses, e.g. 1d8+3 {cite}.")


def threat_range(cite: str) -> Any:
    """The lowest natural that threatens, 20 by default."""
    return Field(CRITICAL_NATURAL, title="Threat range",
                 description="The lowest natural d20 that threatens a critical hit: 19 for "
                 f"19-20 {cite}; a natural below 20 is no automatic hit.")  # fmt: skip


def critical_multiplier(cite: str) -> Any:
    """How many times a critical rolls the damage, 2 by default."""
    return Field(DEFAULT_MULTIPLIER, title="Critical multiplier",
                 description="A critical hit rolls the damage this many times, bonuses included "
                 f"{cite}.")  # fmt: skip


def extra_damages(description: str) -> Any:
    """Dice over and above the weapon's (sneak attack, a flaming weapon's fire)."""
    return Field(default_factory=list, max_length=8, title="Extra damage", description=description)


def nonlethal(description: str) -> Any:
    """Whether the attack deals nonlethal damage."""
    return Field(False, title="Nonlethal", description=description)
