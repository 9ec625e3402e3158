"""Store test helpers: a log holding every fact type, filler notes, a store opener's type."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

from api.store import EncounterStore
from api.store.batch import Append, Appended
from domain.commands import AppendFacts, Create, Import
from domain.events import EVENT_ADAPTER, EncounterCreated, Fact, NoteAdded

OpenStore = Callable[[], EncounterStore]
TEST_SECRET = b"a test service's secret"  # signs stored tables (api/store/tables.py)

CREATED = EncounterCreated(name="Goblin ambush", ruleset="dnd35")
V, G = "valeros", "goblin"
EVERY_TYPE: list[dict[str, Any]] = [
    {"type": "EncounterCreated", "name": "Goblin ambush", "ruleset": "dnd35"},
    {"type": "CombatantJoined", "combatant": V, "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12}},
    {"type": "CombatantJoined", "combatant": G, "name": "Goblin", "side": "foes",
     "stats": {"max_hp": 6}, "hidden": False},
    {"type": "SurpriseDetermined", "aware": [V]},
    {"type": "InitiativeRolled", "combatant": V, "natural": 15, "modifier": 2},
    {"type": "InitiativeRolled", "combatant": G, "natural": 13, "modifier": 4},
    {"type": "InitiativeTieBroken", "order": [V, G]},
    {"type": "CombatStarted", "at": "2024-05-01T19:30:00Z", "by": "gm"},
    {"type": "AttackMade", "attacker": V, "target": G, "natural": 14, "total": 18, "action": 9},
    {"type": "DamageDealt", "target": G, "amount": 4, "attack": 9, "action": 9},  # one write
    {"type": "ConditionApplied", "target": G, "condition": "shaken", "duration": {"rounds": 2}},
    {"type": "TurnEnded", "combatant": V},
    {"type": "Delayed", "combatant": G},
    {"type": "DelayEnded", "combatant": G},
    {"type": "ActionReadied", "combatant": G, "trigger": "valeros moves"},
    {"type": "ReadiedActionTaken", "combatant": G, "before": V},
    {"type": "HealingApplied", "target": G, "amount": 2},
    {"type": "TemporaryHitPointsGained", "target": V, "amount": 5},
    {"type": "TemporaryHitPointsLost", "target": V},
    {"type": "ConditionRemoved", "target": G, "condition": "shaken"},
    {"type": "SavingThrowRolled", "combatant": V, "save": "will", "natural": 12, "total": 14},
    {"type": "CheckRolled", "combatant": G, "check": "stabilize", "natural": 7, "total": 7},
    {"type": "ResolveSpent", "combatant": V, "amount": 1},
    {"type": "ConvictionSpent", "combatant": V, "purpose": "fatigue"},
    {"type": "ActionPointSpent", "combatant": V},
    {"type": "RestTaken", "kind": "short"},
    {"type": "NoteAdded", "text": "the goblin looks for a way out"},
    {"type": "ActionProposed", "combatant": V, "by": "player:valeros", "note": "I resist",
     "facts": [{"type": "SavingThrowRolled", "combatant": V, "save": "will", "natural": 9,
                "total": 11}]},  # line 28: a player's proposal, accepted as one action
    {"type": "ProposalAccepted", "proposal": 28, "edited": False, "standing": True,
     "action": 29},
    {"type": "SavingThrowRolled", "combatant": V, "save": "will", "natural": 9, "total": 11,
     "by": "player:valeros", "action": 29},
    {"type": "ActionProposed", "combatant": V, "facts": [{"type": "ActionPointSpent",
                                                          "combatant": V}]},
    {"type": "ProposalDeclined", "proposal": 31, "reason": "no action points left"},
    {"type": "EncounterFiled", "campaign": "warrens",
     "session": {"id": "2024-05-01", "date": "2024-05-01", "title": "Into the warrens"}},
    {"type": "StandingRulingSet", "accept_routine": True},
    {"type": "TurnTimerSet", "seconds": 60},
    {"type": "CombatantRevealed", "combatant": G},
    {"type": "CombatantLeft", "combatant": G, "reason": "fled"},
    {"type": "CombatEnded"},
    {"type": "EventRevoked", "target": 17},
    {"type": "EventRestored", "target": 17},
    {"type": "EventAmended", "target": 10,
     "replacement": {"type": "DamageDealt", "target": G, "amount": 5}},
]  # fmt: skip


def every_type() -> list[Fact]:
    """A valid log holding each fact type at least once."""
    return [EVENT_ADAPTER.validate_python(line) for line in EVERY_TYPE]


def notes(count: int) -> list[Fact]:
    return [NoteAdded(text=f"note {n}") for n in range(count)]


def committed(store: EncounterStore, append: Append, at: datetime | None = None) -> Appended:
    """What one write did through the store's one write path (a batch of one); its refusal
    raised."""
    outcome = store.commit([append], at)[0]
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def appended(
    store: EncounterStore,
    encounter_id: Any,
    facts: Sequence[Fact],
    key: str | None = None,
    expected_version: int | None = None,
    at: datetime | None = None,
) -> tuple[int, int]:
    """(first, last) line an append of `facts` wrote, through the store's one write path."""
    append = Append(encounter_id, AppendFacts(tuple(facts)), expected_version, key=key)
    done = committed(store, append, at)
    return done.first, done.version


def new_encounter(store: EncounterStore, created: EncounterCreated = CREATED) -> UUID:
    """A new encounter whose line 1 is `created` (a Create, a batch of one)."""
    append = Append(uuid4(), Create(created))
    committed(store, append)
    return append.encounter_id


def new_log(store: EncounterStore, facts: Sequence[Fact]) -> UUID:
    """A whole log stored as a new encounter (an Import, a batch of one)."""
    append = Append(uuid4(), Import(tuple(facts)))
    committed(store, append)
    return append.encounter_id
