"""Long, plausible fights for benchmarks: attacks, damage, healing, conditions, turns, in any of
the five rules systems (stats shaped for each; nobody dies, so the fight goes on)."""

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
    ToughnessSave,
    TurnEnded,
)
from projections.table import table_at

FIGHTERS = ["valeros", "kyra", "merisiel", "ezren", "goblin-1", "goblin-2", "bugbear", "hobgoblin"]


STATS: dict[str, dict[str, object]] = {
    "dnd35": {"max_hp": 10**6, "defenses": {"ac": 15}},
    "d20modern": {"max_hp": 10**6, "constitution": 12, "defenses": {"defense": 15}},
    "true20": {"toughness": 40, "constitution": 2, "defenses": {"defense": 15}},
    "starfinder": {"max_hp": 10**6, "max_stamina": 20, "max_resolve": 4,
                   "defenses": {"eac": 14, "kac": 15}},
    "orcus": {"max_hp": 10**6, "level": 3, "defenses": {"ac": 15, "fortitude": 13}},
}  # fmt: skip
RULESETS = tuple(STATS)
CROWD = FIGHTERS + [f"kobold-{n}" for n in range(1, 13)]  # 20 combatants, the issue 15 log


def fight(
    events: int, seed: int = 7, ruleset: str = "dnd35", fighters: list[str] = FIGHTERS
) -> list[Fact]:
    """A valid log of exactly `events` lines: everyone trades blows and heals, turn by turn."""
    rng = random.Random(seed)
    log: list[Fact] = [EncounterCreated(name=f"Benchmark brawl {seed}", ruleset=ruleset)]
    for n, who in enumerate(fighters):
        side = "party" if n < len(fighters) // 2 else "foes"
        stats = {**STATS[ruleset], "initiative_modifier": n % 4}
        log.append(CombatantJoined(combatant=who, name=who.title(), side=side, stats=stats))
        log.append(InitiativeRolled(combatant=who, natural=rng.randint(1, 20), modifier=n % 4))
    log.append(CombatStarted())
    order = table_at(log).order
    turn = 0
    while len(log) < events:
        actor = order[turn % len(order)]
        log += turn_of(rng, actor, len(log), ruleset == "true20", fighters)
        log.append(TurnEnded(combatant=actor))
        turn += 1
    return log[:events]


def turn_of(
    rng: random.Random,
    actor: str,
    position: int,
    saves: bool = False,
    fighters: list[str] = FIGHTERS,
) -> list[Fact]:
    target = rng.choice([f for f in fighters if f != actor])
    natural = rng.randint(1, 20)
    save = ToughnessSave(natural=(n := rng.randint(1, 20)), total=n + 40) if saves else None
    facts: list[Fact] = [
        AttackMade(attacker=actor, target=target, natural=natural, total=natural + 6),
        DamageDealt(target=target, amount=rng.randint(1, 12), attack=position + 1, save=save),
    ]
    if rng.random() < 0.2:
        facts.append(HealingApplied(target=actor, amount=rng.randint(1, 8)))
    if rng.random() < 0.1:
        duration = RoundsDuration(rounds=rng.randint(1, 3))
        facts.append(ConditionApplied(target=target, condition="shaken", duration=duration))
    return facts
