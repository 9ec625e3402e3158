"""D&D 3.5 attacks as a stat block gives them (000 "Critical Hits" L714-738, damage L80-100)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from domain.events import Flag, Int, Multiplier
from domain.rulesets import attacks
from domain.rulesets.attacks import DamageRoll, Dice, ExtraDamage, Threat


class Attack(attacks.DiceAttack):
    """A weapon or natural attack: bonus (or iterative bonuses), damage, threat range, ×."""

    bonus: Int | Annotated[list[Int], Field(min_length=1, max_length=8)] = Field(  # type: ignore[assignment]  # iterative
        title="Attack bonus",
        description="Added to the d20; a list for the attacks a full attack makes, highest first "
        "(000 L957-968: e.g. [6, 1]).",
    )
    damage: Dice = attacks.dice_damage("(000 L80-100), rolled more than once on a critical hit")
    threat: Threat = attacks.threat_range("(000 L726-727, L730-735)")
    multiplier: Multiplier = attacks.critical_multiplier("(000 L724-727, L736-738)")
    defense: Literal["ac", "touch", "flat_footed"] | None = Field(
        None,
        title="Against",
        description="touch for a touch attack; absent: AC, or flat-footed AC while the target is "
        "flat-footed (000 L115-150).",
    )
    extra_damage: list[ExtraDamage] = attacks.extra_damages(
        "Dice over and above the weapon's (sneak attack, flaming): not multiplied on a critical "
        "hit (000 L728-729)."
    )
    nonlethal: Flag = attacks.nonlethal("Deals nonlethal damage (000 L1277-1290).")

    @property
    def bonuses(self) -> tuple[int, ...]:
        return tuple(self.bonus) if isinstance(self.bonus, list) else (self.bonus,)


def critical_damage(attack: Attack, confirmed: bool) -> tuple[DamageRoll, ...]:
    """000 L724-729: the weapon's damage rolled `multiplier` times with its bonuses on a
    confirmed critical; extra dice (sneak attack, flaming) once, never multiplied."""
    times = attack.multiplier if confirmed else 1
    extra = (DamageRoll(e.damage, e.damage_type) for e in attack.extra_damage)
    return (attacks.rolls(attack.damage, attack.damage_type, times), *extra)
