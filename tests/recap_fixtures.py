"""Two fights of one session for the recap tests: a hidden sniper, a drop and a rescue, a kill,
an undo with a reason and an amendment that turns a natural 1 into a natural 20."""

from __future__ import annotations

from datetime import date
from typing import Any

from domain.events import Event, Session
from tests.builders import attack, check, damage, fact, healing, joined, log, rolled, turn_ended

SESSION = Session(id="2026-11-20", date=date(2026, 11, 20), title="Into the Warrens")
FILED = {"campaign": "crypt", "session": SESSION.model_dump(mode="json")}  # line 1's filing
UNDO_REASON = "the goblin has one attack, not two"
AMEND_REASON = "misread the die"


def timed(lines: list[dict[str, Any]], hour: int) -> list[dict[str, Any]]:
    """Each line recorded a minute after the one before, from `hour`:00 UTC."""
    return [
        {**line, "at": f"2026-11-20T{hour + n // 60:02d}:{n % 60:02d}:00+00:00"}
        for n, line in enumerate(lines)
    ]


def ambush_lines() -> list[dict[str, Any]]:
    """Goblin ambush, 33 lines (the line numbers are the ones the tests count from)."""
    return [
        fact("EncounterCreated", name="Goblin ambush", ruleset="dnd35"),  # 1
        joined("valeros", 12, stats={"defenses": {"ac": 18}}),  # 2
        joined("kyra", 30),  # 3
        {**joined("goblin-2", 4, side="foes"), "name": "Goblin 2"},  # 4
        joined("sniper", 9, side="foes", hidden=True),  # 5
        rolled("goblin-2", 18), rolled("valeros", 15), rolled("kyra", 12),  # 6-8
        rolled("sniper", 10), fact("CombatStarted"),  # 9-10: round 1, Goblin 2's turn
        attack("goblin-2", "valeros", 20, 24, outcome="hit"),  # 11
        damage("valeros", 9, damage_type="slashing", attack=11),  # 12: Valeros 12 → 3
        attack("goblin-2", "kyra", 18, 22, outcome="hit"),  # 13
        damage("kyra", 18, damage_type="slashing", attack=13),  # 14: revoked by line 15
        fact("EventRevoked", target=14, reason=UNDO_REASON),  # 15
        turn_ended("goblin-2"), attack("valeros", "goblin-2", 1, 5),  # 16-17: 17 amended by 32
        turn_ended("valeros"), turn_ended("kyra"),  # 18-19: the sniper's turn
        attack("sniper", "valeros", 17, 22, outcome="hit"),  # 20
        damage("valeros", 5, damage_type="piercing", attack=20),  # 21: Valeros 3 → -2, down
        turn_ended("sniper"), turn_ended("goblin-2"),  # 22-23: round 2
        turn_ended("valeros"),  # 24: Kyra's turn
        check("kyra", "heal", 15, 17, target="valeros"),  # 25
        healing("valeros", 8, kind="cure light wounds"),  # 26: Valeros back up
        turn_ended("kyra"), turn_ended("sniper"), turn_ended("goblin-2"),  # 27-29: round 3
        attack("valeros", "goblin-2", 19, 25, outcome="hit"),  # 30
        damage("goblin-2", 14, damage_type="slashing", attack=30),  # 31: Goblin 2 4 → -10, dead
        fact("EventAmended", target=17, reason=AMEND_REASON,
             replacement=attack("valeros", "goblin-2", 20, 24, outcome="hit")),  # 32
        fact("CombatEnded"),  # 33
    ]  # fmt: skip


def crypt_lines() -> list[dict[str, Any]]:
    """Crypt door: Valeros fells a skeleton in one blow."""
    return [
        fact("EncounterCreated", name="Crypt door", ruleset="dnd35"),  # 1
        joined("valeros", 12), {**joined("skeleton", 6, side="foes"), "name": "Skeleton"},  # 2-3
        rolled("valeros", 10), rolled("skeleton", 5), fact("CombatStarted"),  # 4-6
        attack("valeros", "skeleton", 20, 25, outcome="hit"),  # 7
        damage("skeleton", 7, damage_type="bludgeoning", attack=7),  # 8: 6 → -1, down
        turn_ended("valeros"), turn_ended("skeleton"),  # 9-10: round 2
        fact("CombatEnded"),  # 11
    ]  # fmt: skip


def ambush() -> list[Event]:
    return log(timed(ambush_lines(), 19))  # 19:00 … 19:32


def crypt() -> list[Event]:
    return log(timed(crypt_lines(), 20))  # 20:00 … 20:10
