"""A long, plausible D&D 3.5 fight for benchmarks: attacks, damage, healing, conditions, turns."""

from __future__ import annotations

import random

from domain.events import (
    AttackMade,
    CombatantJoined,
    CombatStarted,
    ConditionApplied,
    DamageDealt,
    EncounterCreated,
    Fact,
    HealingApplied,
    InitiativeRolled,
    RoundsDuration,
    TurnEnded,
)
from projections.table import table_at

FIGHTERS = ["valeros", "kyra", "merisiel", "ezren", "goblin-1", "goblin-2", "bugbear", "hobgoblin"]


def fight(events: int, seed: int = 7) -> list[Fact]:
    """A valid log of exactly `events` lines: everyone trades blows and heals, turn by turn."""
    rng = random.Random(seed)
    log: list[Fact] = [EncounterCreated(name="Benchmark brawl", ruleset="dnd35")]
    for n, who in enumerate(FIGHTERS):
        side = "party" if n < 4 else "foes"
        stats = {"max_hp": 10**6, "initiative_modifier": n % 4, "defenses": {"ac": 15}}
        log.append(CombatantJoined(combatant=who, name=who.title(), side=side, stats=stats))
        log.append(InitiativeRolled(combatant=who, natural=rng.randint(1, 20), modifier=n % 4))
    log.append(CombatStarted())
    order = table_at(log).order
    turn = 0
    while len(log) < events:
        actor = order[turn % len(order)]
        log += turn_of(rng, actor, len(log))
        log.append(TurnEnded(combatant=actor))
        turn += 1
    return log[:events]


def turn_of(rng: random.Random, actor: str, position: int) -> list[Fact]:
    target = rng.choice([f for f in FIGHTERS if f != actor])
    natural = rng.randint(1, 20)
    facts: list[Fact] = [
        AttackMade(attacker=actor, target=target, natural=natural, total=natural + 6),
        DamageDealt(target=target, amount=rng.randint(1, 12), attack=position + 1),
    ]
    if rng.random() < 0.2:
        facts.append(HealingApplied(target=actor, amount=rng.randint(1, 8)))
    if rng.random() < 0.1:
        duration = RoundsDuration(rounds=rng.randint(1, 3))
        facts.append(ConditionApplied(target=target, condition="shaken", duration=duration))
    return facts
