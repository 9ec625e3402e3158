"""An area effect's damage to the targets it does not fully reach, as each system's seed says.

An area (a fireball, a breath weapon, a burst power) rolls its damage once for every target; what
each target then takes depends on a roll of its own. In 3.5, d20 Modern, Starfinder and True20 the
target saves; a success spares it half the damage or all of it, as the effect says. In Orcus the
user makes an attack roll against each target (004 L940); a miss deals the power's Miss: damage,
usually half (L981). How much "half" is, is the system's rounding rule where its seed prints one.

Which sparing the effect grants is the GM's reading of the effect (a spell's "Reflex half", a
power's "Miss: half damage"); what that leaves of the rolled amount is this module's, so the page
and the API never compute it themselves (POST /rulesets/{ruleset}/area-damage).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Spared = Literal["half", "none"]  # a success (Orcus: a miss) takes half the damage, or none
SPARED: tuple[Spared, ...] = ("half", "none")


@dataclass(frozen=True, slots=True)
class AreaRule:
    """How a system's area damage spares a target: by its save or by the user's missed attack
    roll, the sparings its seed names (the first the usual one), and the rule in words with the
    seed's lines."""

    by: Literal["save", "attack"]
    spared: tuple[Spared, ...]
    rule: str

    def amount(self, rolled: int, spared: Spared) -> int:
        """What a spared target takes of `rolled`: half rounded down, or nothing. A sparing the
        seed does not name is the caller's error (the API refuses it with a 422 first)."""
        if spared not in self.spared:
            raise ValueError(
                f"{spared!r} is not a sparing these rules name ({', '.join(self.spared)})"
            )
        return rolled // 2 if spared == "half" else 0
