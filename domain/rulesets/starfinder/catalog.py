"""Starfinder labels for the GM page, its Resolve prompts, and what an attack was measured by."""

from __future__ import annotations

from domain.events import AttackMade
from domain.rulesets.area import AreaRule
from domain.rulesets.starfinder.care import STAY_COST, stabilize_cost
from domain.rulesets.starfinder.conditions import CONDITIONS as NAMED
from domain.rulesets.starfinder.conditions import armor_class, key
from domain.rulesets.starfinder.options import Ctx
from domain.rulesets.starfinder.track import Track
from domain.rulesets.terms import (
    COMMON_CHOICES,
    COMMON_OPTIONS,
    AttackTerms,
    Catalog,
    Named,
    Prompt,
    Resource,
    title_of,
)

DEFENSES = (Named("kac", "KAC"), Named("eac", "EAC"), Named("maneuver", "KAC + 8 (maneuver)"))
STATS = (
    Named("max_hp", "Hit points"), Named("max_stamina", "Stamina points"),
    Named("max_resolve", "Resolve points"), Named("initiative_modifier", "Initiative modifier"),
    Named("dexterity", "Dexterity modifier"), Named("defenses", "Armor class"),
    Named("level", "Level"), Named("dying_rules", "Uses the dying rules (NPC)"),
    Named("dr", "DR (damage reduction)"), Named("resist", "Energy resistance"),
    Named("attacks", "Attacks"),
)  # fmt: skip
RESOLVE = Resource(
    "resolve", "Resolve Points", {"type": "ResolveSpent", "amount": 1},
    ("stabilize", "stay_in_the_fight", "stamina"),
)  # fmt: skip  # 002 "Using Resolve Points" L617-627, L650
OPTIONS = {
    **COMMON_OPTIONS,
    "first_drop_costs_resolve": Named("first_drop_costs_resolve", "Dropping hit costs RP", "P1."),
    "damage_while_stable_costs_resolve": Named(
        "damage_while_stable_costs_resolve", "Damage while stable costs RP", "P2."),
    "first_big_hit_costs_two": Named("first_big_hit_costs_two", "Big first hit: 2 RP", "P3."),
    "grace_protects_from_damage": Named(
        "grace_protects_from_damage", "The 0-RP grace round protects from damage", "P4."),
    "massive_at_zero_counts": Named("massive_at_zero_counts", "Massive damage at 0 HP", "P5."),
    "nonlethal_massive_damage": Named(
        "nonlethal_massive_damage", "Nonlethal overflow can be massive damage", "P16."),
    "nonlethal_at_zero_hp": Named("nonlethal_at_zero_hp", "Nonlethal damage at 0 HP", "P17."),
    "monster_death": Named("monster_death", "Monsters without the dying rules die", "Digest 9.6."),
}  # fmt: skip
CHOICES = {
    **COMMON_CHOICES,
    "massive_at_zero_counts": {"hit_points": "Only what reaches HP", "raw": "The whole amount"},
    "nonlethal_at_zero_hp": {"no_effect": "No effect", "stabilizes": "Stabilizes (as written)"},
    "monster_death": {"at_zero": "At 0 HP", "three_rounds": "After three rounds (optional)"},
}
AREA = AreaRule(
    "save",
    ("half", "none"),
    'Each target saves: "Half" deals half the damage on a success, "Negates" none '
    "(002 L187-197); half is rounded down (L243: half of 7 is 3).",
)

CATALOG = Catalog(
    title="Starfinder",
    description="Stamina, then Hit Points, then Resolve; EAC and KAC.",
    conditions=tuple(Named(name, title_of(name), rule.text) for name, rule in NAMED.items()),
    defenses=DEFENSES,
    saves=("fortitude", "reflex", "will"),
    resources=(RESOLVE,),
    stats=STATS,
    healing=(Named("stamina", "Stamina Points"),),  # care.STAMINA_KINDS: digest 9 "SP recovery"
    stat_defenses=("kac", "eac"),
    options=OPTIONS,
    choices=CHOICES,
    area=AREA,
)


def prompts(body: Track, ctx: Ctx, combatant: str, name: str) -> tuple[Prompt, ...]:
    """002 L623, L625-627: on its turn a dying creature may spend RP to stabilize, a stable one
    at 0 HP 1 RP to stay in the fight (not in the round it stabilized)."""
    if body.mortal or not body.down or (ctx.phase in ("surprise", "combat") and not ctx.own_turn):
        return ()
    cost = stabilize_cost(body.max_resolve)
    if body.dying and body.resolve >= cost:
        purpose, amount, title = "stabilize", cost, f"{name} may spend {cost} RP to stabilize"
    elif body.stable and body.resolve >= STAY_COST and body.stabilized_round != ctx.round:
        purpose, amount, title = "stay_in_the_fight", STAY_COST, f"{name} may spend 1 RP to stay up"
    else:
        return ()
    fact = {"type": "ResolveSpent", "combatant": combatant, "amount": amount, "purpose": purpose}
    return (Prompt(f"{combatant}:{purpose}", combatant, purpose, title, fact),)


def attack_terms(attack: AttackMade, body: Track, ctx: Ctx) -> AttackTerms:
    """The AC `attack_outcome` reads: the named one, with the conditions' changes."""
    if attack.defense is None:
        return AttackTerms(None, None, attack.total)
    value = armor_class(ctx.stats.defenses, key(attack.defense), body, ctx)
    return AttackTerms(attack.defense, value, attack.total)
