"""Orcus labels for the GM page and the rolls its dying rules call for, as prompts."""

from __future__ import annotations

from domain.rulesets.area import AreaRule
from domain.rulesets.orcus.conditions import CONDITIONS as RULES
from domain.rulesets.orcus.track import DEATH_SAVE_FAILURES, RECOVERY_KINDS, Vitality
from domain.rulesets.terms import (
    COMMON_CHOICES,
    COMMON_OPTIONS,
    Catalog,
    Named,
    Prompt,
    Resource,
    roll_prompt,
)

DEFENSES = (
    Named("ac", "AC"), Named("fortitude", "Fortitude"), Named("reflex", "Reflex"),
    Named("will", "Will"),
)  # fmt: skip  # 004 "Defenses"
STATS = (
    Named("max_hp", "Hit points"), Named("initiative_modifier", "Initiative modifier"),
    Named("level", "Level"), Named("role", "Role (standard, minion, elite, boss …)"),
    Named("defenses", "Defenses"), Named("recoveries", "Recoveries"),
    Named("resist", "Resistances"), Named("vulnerable", "Vulnerabilities"),
    Named("regeneration", "Regeneration"), Named("death_saves", "Makes death saves (monster)"),
    Named("attacks", "Powers"),
)  # fmt: skip
OPTIONS = {
    **COMMON_OPTIONS,
    "death_save_timing": Named("death_save_timing", "Death saves come", "A1."),
    "natural_saves": Named("natural_saves", "Natural 1 and 20 on saves", "A3."),
    "min_damage": Named("min_damage", "Least damage after resistance", "A4."),
    "staggered_value": Named("staggered_value", "Staggered value", "A5."),
    "unconscious_helpless": Named("unconscious_helpless", "Unconscious is helpless", "A6."),
    "persistent_stacking": Named("persistent_stacking", "Persistent damage ticks", "A11."),
    "two_types": Named("two_types", "Damage of two types is resisted", "A12."),
    "start_of_turn_order": Named("start_of_turn_order", "At the start of a turn", "A13."),
    "stable_when_damaged": Named("stable_when_damaged", "A stable creature damaged", "A14."),
    "knockout_hp": Named("knockout_hp", "A knocked-out creature's HP", "A18."),
    "death_save_twenty": Named("death_save_twenty", "A death save of 20", "A20."),
    "no_negative_hp": Named("no_negative_hp", "No negative HP (variant)", "L1467-1469."),
    "monsters_die_at_zero": Named("monsters_die_at_zero", "Monsters die at 0 HP", "L1464-1466."),
    "temp_hp_choice": Named("temp_hp_choice", "Temporary HP from two sources", "L1476."),
    "rank_hp": Named("rank_hp", "Elite and boss HP", "L1594, L1601."),
    "attack_penalties": Named("attack_penalties", "The attacker's condition penalties", "L1529."),
    "combat_advantage": Named("combat_advantage", "Combat advantage (+2)", "L1164."),
    "surprised_first_turn": Named(
        "surprised_first_turn", "A surprised creature's first turn", "A2."
    ),
    "weakened_damage": Named("weakened_damage", "A weakened attacker's damage", "L1559."),
}
CHOICES = {
    **COMMON_CHOICES,
    "death_save_timing": {"start": "At the start of the turn", "end": "At the end of each turn"},
    "natural_saves": {"automatic": "20 succeeds, 1 fails", "total_only": "Only the total"},
    "min_damage": {"0": "0", "1": "1"},
    "staggered_value": {"round_down": "Half, rounded down", "exact": "Exactly half"},
    "persistent_stacking": {"each": "Every instance", "highest_per_type": "Highest per type"},
    "two_types": {"all_types": "Only if every type is", "any_type": "By the highest resistance"},
    "start_of_turn_order": {"regeneration_first": "Regeneration first",
                            "persistent_first": "Persistent damage first"},
    "stable_when_damaged": {"stays_stable": "Stays stable", "dying_again": "Is dying again"},
    "knockout_hp": {"keep": "Keeps its HP below 0", "zero": "Set to 0"},
    "death_save_twenty": {"total": "A total of 20", "natural": "Only a natural 20"},
    "temp_hp_choice": {"higher": "Keep the higher", "newest": "The newest replaces"},
    "rank_hp": {"as_given": "As the stat block gives", "multiply": "Doubled or quadrupled"},
    "attack_penalties": {"derived": "Taken off by the tracker", "in_total": "In the total"},
    "combat_advantage": {"derived": "Added by the tracker", "in_total": "In the total"},
    "surprised_first_turn": {"none": "No actions", "one_standard": "One standard action"},
    "weakened_damage": {"derived": "Halved by the tracker", "in_amount": "In the amount"},
}  # fmt: skip
ACTION_POINTS = Resource(
    "action_points", "Action points", {"type": "ActionPointSpent"}
)  # 004 "Combat › Action Points": spent as a free action for an extra action
VALUED = "persistent damage"  # its `value` each turn, of its `damage_type` (L998-999, L1073)
AREA = AreaRule(
    "attack",
    ("half", "none"),
    "An attack roll against each target, the damage rolled once for all (004 L940); a miss "
    "deals the power's Miss: damage, usually half (L981), rounded down (L104); a mook takes "
    "no damage from a miss (L1589).",
)

CATALOG = Catalog(
    title="Orcus",
    description="Hit points with a staggered value, death saves, recoveries and persistent damage.",
    conditions=tuple(
        Named(n, n.capitalize(), rule.effects, valued=n == VALUED) for n, rule in RULES.items()
    ),
    defenses=DEFENSES,
    saves=("saving throw", "death"),
    resources=(ACTION_POINTS,),
    stats=STATS,
    healing=tuple(Named(k, f"{k.capitalize()} (spends a recovery)") for k in RECOVERY_KINDS),
    options=OPTIONS,
    choices=CHOICES,
    area=AREA,
)


def prompts(body: Vitality, combatant: str, name: str) -> tuple[Prompt, ...]:
    """004 "Death Saving Throws" L1461: a d20, 10 or higher succeeds."""
    if not body.death_save_due or not body.dying:
        return ()
    title = f"{name} is dying: death saving throw ({body.failures} of {DEATH_SAVE_FAILURES} failed)"
    fact = {"type": "SavingThrowRolled", "combatant": combatant, "save": "death"}
    return (roll_prompt(combatant, "death_save", title, fact, "1d20"),)
