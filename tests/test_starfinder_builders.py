"""Starfinder test setups (seed 002): a duel between Navasi and a ksarik, and what to read back."""

from __future__ import annotations

from typing import Any

from tests.builders import created, fact, joined, rolled, started, turn_ended, view

M = "starfinder"
NAVASI, KSARIK, OBOZAYA = "navasi", "ksarik", "obozaya"


def stats(hp: int, sp: int = 0, rp: int = 0, mod: int = 0, eac: int = 14, kac: int = 16,
          **more: Any) -> dict[str, Any]:  # fmt: skip
    """Full Starfinder stats (CONTRACT §1)."""
    return {"max_hp": hp, "max_stamina": sp, "max_resolve": rp, "initiative_modifier": mod,
            "dexterity": mod, "defenses": {"eac": eac, "kac": kac}, **more}  # fmt: skip


def party(hp: int = 22, sp: int = 8, rp: int = 4, **options: Any) -> list[dict[str, Any]]:
    """Navasi (PC, 22 HP, 8 SP, 4 RP, +3) acts at 18, Obozaya (PC, 15 HP) at 14, the ksarik
    (NPC, 30 HP, no SP or RP) at 11. Lines 1-8; it is Navasi's turn in round 1."""
    return [
        created(M, **options),
        joined(NAVASI, hp, stats=stats(hp, sp, rp, 3)),
        joined(OBOZAYA, 15, stats=stats(15, 15, 5, 1)),
        joined(KSARIK, 30, side="foes", stats=stats(30, mod=1, eac=13, kac=15)),
        rolled(NAVASI, 15, 3), rolled(OBOZAYA, 13, 1), rolled(KSARIK, 10, 1),
        started(),
    ]  # fmt: skip


def spent(who: str, amount: int, purpose: str | None = None) -> dict[str, Any]:
    line = fact("ResolveSpent", combatant=who, amount=amount)
    return {**line, "purpose": purpose} if purpose else line


def round_of_turns() -> list[dict[str, Any]]:
    """Navasi, Obozaya and the ksarik each end a turn: a whole round."""
    return [turn_ended(NAVASI), turn_ended(OBOZAYA), turn_ended(KSARIK)]


def table(*lines: Any, rp: int = 4, sp: int = 8, **options: Any) -> dict[str, Any]:
    return view(party(sp=sp, rp=rp, **options), *lines)


def track(state: dict[str, Any], who: str = NAVASI) -> tuple[int, int, int, list[str]]:
    """(SP, HP, RP, statuses) of one combatant."""
    me = state["combatants"][who]
    v = me["vitals"]
    return v["stamina"], v["hp"], v["resolve"], me["statuses"]


def test_the_party_starts_unhurt_with_navasi_to_act() -> None:
    state = table()
    assert state["turn"] == NAVASI and state["order"] == [NAVASI, OBOZAYA, KSARIK]
    assert state["combatants"][NAVASI]["vitals"] == {
        "stamina": 8, "max_stamina": 8, "hp": 22, "max_hp": 22, "resolve": 4, "max_resolve": 4,
        "temp_hp": 0,
    }  # fmt: skip
