"""Orcus conditions (004 "Conditions" L1480-1560) as reference data, and what the tracker derives.

A condition with a `value` is persistent damage of its `damage_type` (CONTRACT §1), except the
value-carrying effects named here: `regeneration` (heals `value`), `resist …` / `vulnerable …`
(resistance or vulnerability `value` to `damage_type`, or to the type named after the word).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from functools import lru_cache
from typing import NamedTuple

from domain.rulesets.base import Effect


class ConditionRule(NamedTuple):
    """One condition's effects as the text gives them; the numbers are what the tracker uses."""

    effects: str
    implies: tuple[str, ...] = ()
    combat_advantage: bool = False  # attack rolls against it have combat advantage
    attack_penalty: int = 0
    defense_modifier: int = 0
    resist_all: int = 0
    no_immediate_actions: bool = False
    no_actions: bool = False


CONDITIONS: dict[str, ConditionRule] = {
    "blinded": ConditionRule("can't see; fails sight checks; −10 Perception; cannot flank "
                             "(L1487-1491)", combat_advantage=True),
    "controlled": ConditionRule("dazed; the controller picks its actions, but no action points "
                                "or encounter/daily powers (L1492-1494)", implies=("dazed",)),
    "dazed": ConditionRule("one standard action (may become move or swift), free actions as "
                           "normal; cannot flank (L1495-1499)", combat_advantage=True,
                           no_immediate_actions=True),
    "deafened": ConditionRule("can't hear; fails hearing checks; −10 Perception (L1500-1502)"),
    "dying": ConditionRule("a death saving throw each turn (A1); unconscious (L1503-1505)",
                           implies=("unconscious",)),
    "helpless": ConditionRule("its stance ends; may be the target of Coup de Grace "
                              "(L1506-1510)", combat_advantage=True),
    "immobile": ConditionRule("cannot willingly move into another square; may teleport "
                              "(L1511-1512)"),
    "marked": ConditionRule("−2 to attacks that do not include the marker; one marker at a "
                            "time; until the end of the encounter (L1513-1517)"),
    "petrified": ConditionRule("stone: can't move, speak or perceive; no actions; resist all "
                               "20; does not age (L1518-1524)", combat_advantage=True,
                               resist_all=20, no_actions=True, no_immediate_actions=True),
    "prone": ConditionRule("moves only by Crawl, teleport or standing up; melee attacks against "
                           "it have combat advantage; +2 defenses vs non-adjacent ranged "
                           "(L1525-1531)", attack_penalty=2),
    "rattled": ConditionRule("−2 to attack rolls (L1532-1533)", attack_penalty=2),
    "restrained": ConditionRule("cannot be moved; may teleport (L1534-1537)",
                                combat_advantage=True, attack_penalty=2),
    "slowed": ConditionRule("speed 2 for every mode but teleport, after all other modifiers; "
                            "a slowed Dash moves 4 (L1538-1541)"),
    "stunned": ConditionRule("can't move; speaks only falteringly; cannot flank (L1542-1546; "
                             "A19: no counters, reactions or OAs)", combat_advantage=True,
                             no_actions=True, no_immediate_actions=True),
    "surprised": ConditionRule("one standard action; no free actions; cannot flank; ends with "
                               "the surprise round (L1547-1552, A2)", combat_advantage=True),
    "unconscious": ConditionRule("no actions; cannot flank; −5 to all defenses; falls prone "
                                 "(L1553-1557; A6: helpless)", implies=("prone", "helpless"),
                                 defense_modifier=-5, no_actions=True,
                                 no_immediate_actions=True),
    "weakened": ConditionRule("its attacks deal half damage, except persistent damage "
                              "(L1558-1559; halved in the announced amount)"),
    "grappled": ConditionRule("no effects of its own (A16); ends on escape, release, "
                              "separation or a save"),
    "total defense": ConditionRule("+2 to all defenses until the start of its next turn "
                                   "(L1421-1423)", defense_modifier=2),
    "rally": ConditionRule("+2 to all defenses until the start of its next turn (L1399-1403)",
                           defense_modifier=2),
    "persistent damage": ConditionRule("its value of damage, of its damage type, at the start of "
                                       "each of its turns; usually save ends (L998-999, L1073)"),
}  # fmt: skip
COMBAT_ADVANTAGE = 2  # 004 "Modifiers to the Roll" L1164: "Add +2 to your attack rolls"
MARK_PENALTY = 2  # 004 Marked L1514: "-2 penalty to attack rolls on attacks that do not include"
NOT_DAMAGE = ("regeneration", "resist", "vulnerab")
SEPARATORS = re.compile(r"[\s,/+&]+|\band\b")


@lru_cache(maxsize=256)
def kinds(damage_type: str | None) -> frozenset[str]:
    """The damage types of a damage, "fire and radiant" → {fire, radiant}; untyped: none."""
    if not damage_type:
        return frozenset()
    return frozenset(w for w in SEPARATORS.split(damage_type.lower()) if w and w != "and")


def in_force(names: Iterable[str], unconscious: bool, helpless: bool) -> tuple[str, ...]:
    """The condition names in force with what each implies (controlled ⇒ dazed, unconscious ⇒
    prone and, A6 unless `helpless` is off, helpless), each once."""
    lowered = tuple(n.lower() for n in names)
    if not lowered and not unconscious:
        return ()  # most creatures, most lines
    return _in_force(lowered, unconscious, helpless)


@lru_cache(maxsize=1024)
def _in_force(names: tuple[str, ...], unconscious: bool, helpless: bool) -> tuple[str, ...]:
    """`in_force`, worked out once for each set of names a fight has (they repeat all fight)."""
    found = dict.fromkeys(names)
    if unconscious:
        found["unconscious"] = None
    grown = True
    while grown:
        before = len(found)
        for name in list(found):
            implied = CONDITIONS[name].implies if name in CONDITIONS else ()
            found.update(dict.fromkeys(i for i in implied if helpless or i != "helpless"))
        grown = len(found) > before
    return tuple(found)


def defense_modifier(names: Collection[str]) -> int:
    """Untyped defense modifiers of the conditions in force (each condition counts once)."""
    if not names:
        return 0
    return sum(CONDITIONS[n].defense_modifier for n in set(names) if n in CONDITIONS)


def attack_penalty(names: Collection[str]) -> int:
    """Untyped attack penalties of an attacker's conditions in force, each condition once
    (prone, rattled, restrained: −2 each, L1529, L1533, L1536; digest §1 Stacking)."""
    if not names:
        return 0
    return sum(CONDITIONS[n].attack_penalty for n in set(names) if n in CONDITIONS)


def mark_penalty(conditions: Collection[Effect], target: str) -> int:
    """004 Marked L1514: −2 on an attack that does not include the marker as a target (a mark
    whose source the log does not name cannot tell, so it gives none)."""
    if not conditions:
        return 0
    markers = {c.source for c in conditions if c.name.lower() == "marked" and c.source}
    return MARK_PENALTY if markers and target not in markers else 0


def combat_advantage(names: Collection[str], surprised: bool = False) -> bool:
    """Whether attack rolls against a creature with these conditions, or surprised (L1548),
    have combat advantage (L1489 … L1544; prone's is for melee only, L1530: not derived)."""
    if surprised or not names:
        return surprised
    return any(CONDITIONS[n].combat_advantage for n in names if n in CONDITIONS)


def _named(effect: Effect, word: str) -> bool:
    return effect.name.lower().startswith(word)


def _typed(effect: Effect) -> str:
    """`resist fire` → fire; `resist` with damage_type cold → cold; neither → all."""
    named = effect.name.lower().split(maxsplit=1)
    return (effect.damage_type or (named[1] if len(named) > 1 else "all")).lower()


def protections(fixed: dict[str, int], conditions: Iterable[Effect], word: str) -> dict[str, int]:
    """Resistances or vulnerabilities by type: the stats' and those conditions grant, highest
    of each (004 "Damage Resistance and Vulnerability" L1237-1239)."""
    found = {k.lower(): v for k, v in fixed.items()}
    for effect in conditions:
        if _named(effect, word) and effect.value is not None:
            kind = _typed(effect)
            found[kind] = max(found.get(kind, 0), effect.value)
        rule = CONDITIONS.get(effect.name.lower())
        if word == "resist" and rule is not None and rule.resist_all:
            found["all"] = max(found.get("all", 0), rule.resist_all)  # petrified (L1523)
    return found


def resistance(types: frozenset[str], resist: dict[str, int], all_types: bool) -> int:
    """The highest resistance that applies; two types need both resisted by default (A12)."""
    every = resist.get("all", 0)
    if not types:
        return every
    each = [max(resist.get(t, 0), every) for t in types]
    return min(each) if all_types else max(each)


def vulnerability(types: frozenset[str], vulnerable: dict[str, int]) -> int:
    """The highest vulnerability any of the damage's types (or "all") meets."""
    return max((vulnerable.get(t, 0) for t in (*types, "all")), default=0)


def persistent(conditions: Iterable[Effect], highest_per_type: bool) -> list[Effect]:
    """Persistent damage instances in force: each separately (A11), or the highest per type."""
    ticks = [c for c in conditions if c.value and not c.name.lower().startswith(NOT_DAMAGE)]
    if not highest_per_type:
        return ticks
    best: dict[frozenset[str], Effect] = {}
    for tick in ticks:
        key = kinds(tick.damage_type)
        if key not in best or (tick.value or 0) > (best[key].value or 0):
            best[key] = tick
    return list(best.values())


def regeneration(conditions: Iterable[Effect]) -> int:
    """The highest regeneration a condition grants (004 "Regeneration" L1479-1481: never summed)."""
    return max((c.value or 0 for c in conditions if _named(c, "regeneration")), default=0)
