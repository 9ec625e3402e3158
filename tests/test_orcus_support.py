"""Builders shared by the Orcus rule tests: full Orcus stats and a fight in listed order."""

from __future__ import annotations

from typing import Any

from domain.rulesets.base import Ctx, Effect
from domain.rulesets.orcus.options import Options, Stats
from tests.builders import Line, created, joined, rolled, started

DEFENSES = {"ac": 17, "fortitude": 15, "reflex": 14, "will": 13}
DOWN = ["unconscious", "prone", "helpless", "grants_combat_advantage"]  # A6, L1553-1557


def orcus_stats(max_hp: int, **extra: Any) -> dict[str, Any]:
    """CONTRACT §1 Orcus stats: max_hp, initiative_modifier, level, role, the four defenses."""
    return {"max_hp": max_hp, "initiative_modifier": 2, "level": 3, "role": "standard",
            "defenses": DEFENSES, **extra}  # fmt: skip


def hero(combatant: str = "kyra", max_hp: int = 40, **extra: Any) -> Line:
    """A PC on the party side."""
    return joined(combatant, max_hp, stats=orcus_stats(max_hp, **extra))


def monster(combatant: str = "orc", max_hp: int = 40, role: str = "standard", **extra: Any) -> Line:
    """A monster (kind npc) on the foes' side."""
    stats = orcus_stats(max_hp, role=role, **extra)
    return joined(combatant, max_hp, side="foes", stats=stats)


def orcus_fight(*members: Line, **options: Any) -> list[Line]:
    """An Orcus encounter: the members join, act in the order listed, and combat starts."""
    ids = [m["combatant"] for m in members]
    rolls = [rolled(c, 20 - i, 2) for i, c in enumerate(ids)]
    return [created("orcus", **options), *members, *rolls, started()]


def of(state: dict[str, Any], combatant: str = "kyra") -> dict[str, Any]:
    """One combatant of a table state."""
    found: dict[str, Any] = state["combatants"][combatant]
    return found


def ruling_ctx(*names: str, surprised: bool = False, **options: Any) -> Ctx:
    """What the ruleset sees of kyra (40 HP, level 3, DEFENSES) with these conditions on her."""
    stats = Stats(max_hp=40, level=3, defenses=DEFENSES)
    effects = tuple(Effect(n, None, None, None, 5) for n in names)
    return Ctx(Options(**options), stats, "pc", 9, 1, "combat", False, 1, True, effects,
               surprised)  # fmt: skip
