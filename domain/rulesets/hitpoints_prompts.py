"""The rolls the SRD hit point track calls for (3.5, d20 Modern), as prompts for the GM."""

from __future__ import annotations

from domain.rulesets.hitpoints import MASSIVE_SAVE_DC, STABILIZE_CHANCE, HitPoints
from domain.rulesets.terms import Prompt, roll_prompt


def prompts(body: HitPoints, combatant: str, name: str) -> tuple[Prompt, ...]:
    """000 "Massive Damage" L1140-1146: a DC 15 Fortitude save; 000 "DYING" L1165-1174: d%."""
    found = []
    if body.massive_due is not None and not body.dead:
        save = {"type": "SavingThrowRolled", "combatant": combatant, "save": "fortitude",
                "dc": MASSIVE_SAVE_DC, "against": body.massive_due}  # fmt: skip
        title = f"{name}: DC {MASSIVE_SAVE_DC} Fortitude save against massive damage"
        found.append(roll_prompt(combatant, "massive_damage", title, save, "1d20"))
    if body.stabilize_due:
        check = {"type": "CheckRolled", "combatant": combatant, "check": "stabilize"}
        title = f"{name} is dying: roll d% to stabilize (01-{STABILIZE_CHANCE:02d} succeeds)"
        found.append(roll_prompt(combatant, "stabilize", title, check, "1d100"))
    return tuple(found)
