"""What may follow the end of combat (CONTRACT §1: CombatEnded ends the round structure)."""

from __future__ import annotations

from domain.events import DamageDealt, Fact
from domain.fact_kinds import kind_of

# CONTRACT §1 "CombatEnded ends the round structure, not the log": what the rules do after a
# fight still applies (002 L631: a stable creature's hourly Constitution checks; 001 L348:
# Conviction spent to erase damage "after, not during, a conflict"), and so does damage that is
# no attack's (a trap, a fall, poison, ongoing damage: `applies_after_the_fight`); turns,
# initiative, surprise, delays, readied actions, attacks and an attack's damage belong to the
# rounds and are refused.
# A player's proposal and the GM's ruling on it change nothing at the table themselves: a
# proposal after the end is held to what its facts are (domain/proposals.py), an acceptance's
# facts are lines of their own.
AFTER_THE_FIGHT = frozenset({
    "CheckRolled", "SavingThrowRolled", "HealingApplied", "RestTaken", "ConditionApplied",
    "ConditionRemoved", "TemporaryHitPointsLost", "ResolveSpent", "ConvictionSpent", "NoteAdded",
    "CombatantLeft", "EncounterFiled", "ActionProposed", "ProposalAccepted", "ProposalDeclined",
    "StandingRulingSet", "TurnTimerSet",
})  # fmt: skip


def applies_after_the_fight(fact: Fact) -> bool:
    """Whether `fact` may follow the end of combat: one of AFTER_THE_FIGHT, or DamageDealt that
    cites no attack and is no missed power's damage (CONTRACT §1, as changed 2026-12-02)."""
    if kind_of(fact) in AFTER_THE_FIGHT:
        return True
    return isinstance(fact, DamageDealt) and fact.attack is None and not fact.on_miss


def cannot_follow(fact: Fact, ended: int) -> str:
    """Why `fact` cannot follow the end of combat at line `ended`, in the log's words."""
    what = "an attack's DamageDealt" if isinstance(fact, DamageDealt) else f"a {kind_of(fact)}"
    return (
        f"the combat ended at line {ended}; {what} cannot follow it (after the fight: "
        "checks, saves, healing, rests, conditions, damage that is no attack's, temporary HP "
        "lost, Resolve or Conviction spent, notes, leaving, and corrections)"
    )
