"""d20 Modern attacks as a stat block gives them: 3.5's, read from 003 against Defense."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from domain.events import Flag, Multiplier
from domain.rulesets import attacks
from domain.rulesets.attacks import Dice, ExtraDamage, Threat
from domain.rulesets.dnd35 import attacks as dnd35


class Attack(dnd35.Attack):
    """A weapon or natural attack; the same rules as 3.5's where 003 says the same (L77-87)."""

    damage: Dice = attacks.dice_damage(
        "(003 L59-69), rolled more than once on a critical hit (L77)"
    )
    threat: Threat = attacks.threat_range("(the weapon table's Critical column, 003 L85)")
    multiplier: Multiplier = attacks.critical_multiplier(
        "(003 L77, L85: x2 unless the weapon says)"
    )
    defense: Literal["defense", "touch", "flat_footed"] | None = Field(  # type: ignore[assignment]
        None,
        title="Against",
        description="touch for a touch attack (003 L128-130); absent: Defense, or flat-footed "
        "Defense while the target is flat-footed (L90-102).",
    )
    extra_damage: list[ExtraDamage] = attacks.extra_damages(
        "Bonus damage dice (003 L79, L87): not multiplied on a critical hit."
    )
    nonlethal: Flag = attacks.nonlethal(
        "Deals nonlethal damage, kept on the 3.5 hit point track (digest G3: 003 has no "
        "nonlethal rule)."
    )
