"""Stat blocks carry their attacks: each ruleset's `stats.attacks`, as its seed defines an attack,
checked when a combatant joins and described to the page (GET /rulesets) with its labels."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets import SYSTEMS, ruleset_for
from domain.rulesets.catalog import describe
from tests.builders import created, fact, log, rejection

BASE = {"dnd35": {"max_hp": 12}, "d20modern": {"max_hp": 12}, "true20": {},
        "starfinder": {"max_hp": 12}, "orcus": {"max_hp": 12}}  # fmt: skip


def stats_with(system: str, *attacks: dict[str, Any]) -> dict[str, Any]:
    return {**BASE[system], "attacks": list(attacks)}


def joining(system: str, *attacks: dict[str, Any]) -> list[dict[str, Any]]:
    """An encounter of `system` and one creature whose stat block gives these attacks."""
    creature = fact("CombatantJoined", combatant="ogre", name="Ogre", side="foes",
                    stats=stats_with(system, *attacks))  # fmt: skip
    return [created(system), creature]


def read(system: str, attack: dict[str, Any]) -> dict[str, Any]:
    """The attack as the ruleset reads it, every default filled in."""
    stats = ruleset_for(system).stats_model.model_validate(stats_with(system, attack))
    found: dict[str, Any] = stats.attacks[0].model_dump()
    return found


# (system, the attack as a stat block gives it, the attack as the ruleset reads it)
READ: list[Any] = [
    pytest.param("dnd35", {"name": "Longsword", "bonus": [6, 1], "damage": "1d8+3",
                           "damage_type": "slashing", "threat": 19,
                           "extra_damage": [{"damage": "1d6", "damage_type": "fire"}]},
                 {"name": "Longsword", "bonus": [6, 1], "damage_type": "slashing", "range": None,
                  "damage": "1d8+3", "threat": 19, "multiplier": 2, "defense": None,
                  "extra_damage": [{"damage": "1d6", "damage_type": "fire"}],
                  "nonlethal": False},
                 id="000 L726-738, L957-968: iterative bonuses, 19-20/x2, flaming extra dice"),
    pytest.param("d20modern", {"name": "Pistol", "bonus": 3, "damage": "2d6", "range": "30 ft.",
                               "defense": "touch", "multiplier": 3},
                 {"name": "Pistol", "bonus": 3, "damage_type": None, "range": "30 ft.",
                  "damage": "2d6", "threat": 20, "multiplier": 3, "defense": "touch",
                  "extra_damage": [], "nonlethal": False},
                 id="003 L85, L128-130: a x3 weapon, a touch attack against touch Defense"),
    pytest.param("true20", {"name": "Short sword", "bonus": 4, "damage": 3, "threat": 19},
                 {"name": "Short sword", "bonus": 4, "damage_type": None, "range": None,
                  "damage": 3, "threat": 19, "critical": 3, "defense": None,
                  "nonlethal": False},
                 id="001 L114-120: a damage bonus, not dice; +3 on a critical if unspecified"),
    pytest.param("starfinder", {"name": "Laser pistol", "bonus": 7, "damage": "1d4+2",
                                "damage_type": "fire", "defense": "eac",
                                "critical": "burn 1d4"},
                 {"name": "Laser pistol", "bonus": 7, "damage_type": "fire", "range": None,
                  "damage": "1d4+2", "defense": "eac", "extra_damage": [],
                  "critical": "burn 1d4", "nonlethal": False},
                 id="002 L87, L345: energy damage against EAC; the weapon's critical effect"),
    pytest.param("orcus", {"name": "Flame Strike", "frequency": "encounter", "bonus": 6,
                           "vs": "reflex", "damage": "2d6+4", "damage_type": "fire",
                           "miss": "half damage", "range": "far burst 1 within 10"},
                 {"name": "Flame Strike", "bonus": 6, "damage_type": "fire",
                  "range": "far burst 1 within 10", "frequency": "encounter", "action": None,
                  "vs": "reflex", "damage": "2d6+4", "hit": None, "miss": "half damage",
                  "effect": None, "critical": None},
                 id="004 L907-999: a power's frequency, range, attack vs a defense, Hit and Miss"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "given", "expected"), READ)
def test_a_stat_block_gives_each_attack_as_its_ruleset_defines_one(
    system: str, given: dict[str, Any], expected: dict[str, Any]
) -> None:
    assert read(system, given) == expected
    assert len(log(*joining(system, given))) == 2


SWORD = {"name": "Longsword", "bonus": 5, "damage": "1d8+3"}
# (system, a wrong attack, the field the refusal names)
REFUSED: list[Any] = [
    pytest.param("dnd35", {**SWORD, "damage": "1d8 slashing"}, "stats.attacks.0.damage",
                 id="damage is dice notation, its type goes in damage_type"),
    pytest.param("dnd35", {**SWORD, "damage": "0d6"}, "stats.attacks.0.damage",
                 id="a die term rolls at least one die"),
    pytest.param("dnd35", {**SWORD, "damage": "2000000d6"}, "stats.attacks.0.damage",
                 id="dice within the bounds of any stat (1,000,000)"),
    pytest.param("dnd35", {**SWORD, "threat": 1}, "stats.attacks.0.threat",
                 id="000 L681-683: a natural 1 always misses, so it never threatens"),
    pytest.param("dnd35", {**SWORD, "threat": 21}, "stats.attacks.0.threat",
                 id="a threat range is a natural d20"),
    pytest.param("dnd35", {**SWORD, "multiplier": 1}, "stats.attacks.0.multiplier",
                 id="000 L724-727: a critical rolls the damage more than once"),
    pytest.param("dnd35", {**SWORD, "defense": "eac"}, "stats.attacks.0.defense",
                 id="000 L111-150: a 3.5 attack is against AC, touch or flat-footed AC"),
    pytest.param("dnd35", {**SWORD, "name": ""}, "stats.attacks.0.name",
                 id="an attack has a name"),
    pytest.param("dnd35", {"name": "Bite", "bonus": 2}, "stats.attacks.0.damage",
                 id="a 3.5 attack gives its damage"),
    pytest.param("d20modern", {**SWORD, "defense": "ac"}, "stats.attacks.0.defense",
                 id="003 L90: d20 Modern has Defense, not AC"),
    pytest.param("true20", {**SWORD}, "stats.attacks.0.damage",
                 id="001 L114-116: a True20 damage bonus is a number, not dice"),
    pytest.param("true20", {**SWORD, "damage": 3, "multiplier": 2}, "stats.attacks.0.multiplier",
                 id="001 L119: a True20 critical raises the bonus; it has no multiplier"),
    pytest.param("starfinder", {**SWORD}, "stats.attacks.0.defense",
                 id="002 L85-91: a Starfinder attack names EAC or KAC"),
    pytest.param("starfinder", {**SWORD, "defense": "kac", "threat": 19},
                 "stats.attacks.0.threat",
                 id="002 L345: no threat range, only a natural 20 crits"),
    pytest.param("orcus", {**SWORD}, "stats.attacks.0.vs",
                 id="004 L973: a power targets AC, Fortitude, Reflex or Will"),
    pytest.param("orcus", {**SWORD, "vs": "ac", "bonus": [5, 0]}, "stats.attacks.0.bonus",
                 id="004 L970-972: a power has one attack bonus"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "attack", "field"), REFUSED)
def test_an_attack_the_rules_cannot_read_is_refused_naming_its_field(
    system: str, attack: dict[str, Any], field: str
) -> None:
    error = rejection(*joining(system, attack))
    assert (error.position, error.field) == (2, field)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_field_of_an_attack_reads_as_words_with_a_description_for_the_page(
    system: str,
) -> None:
    """GET /rulesets gives the stats as JSON Schema: the attack's own fields carry titles and
    descriptions citing the seed, as the other stats do."""
    schema = describe(system)["stats"]
    listed = schema["properties"]["attacks"]
    assert listed["type"] == "array" and listed["description"] and "_" not in listed["title"]
    attack = schema["$defs"][listed["items"]["$ref"].rsplit("/", 1)[1]]
    for name, field in attack["properties"].items():
        assert field["title"] and "_" not in field["title"], name
        assert field["description"], name
    assert attack["additionalProperties"] is False


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_ruleset_names_the_model_of_its_attacks(system: str) -> None:
    rules = ruleset_for(system)
    listed = rules.stats_model.model_fields["attacks"].annotation
    assert listed == list[rules.attack_model]  # type: ignore[name-defined]


def test_an_orcus_stat_block_calls_its_attacks_powers() -> None:
    assert describe("orcus")["stats"]["properties"]["attacks"]["title"] == "Powers"


BONUSES: list[Any] = [
    pytest.param("dnd35", {**SWORD, "bonus": [11, 6, 1]}, (11, 6, 1),
                 id="000 L966-968: a full attack's attacks, highest bonus first"),
    pytest.param("d20modern", {**SWORD, "bonus": 5}, (5,), id="one attack, one bonus"),
    pytest.param("starfinder", {**SWORD, "defense": "kac"}, (5,),
                 id="002 L501: a full attack is two attacks at −4, not iterative bonuses"),
    pytest.param("true20", {**SWORD, "damage": 3}, (5,), id="001 L98: one attack bonus"),
    pytest.param("orcus", {**SWORD, "vs": "ac"}, (5,), id="004 L970-972: one attack bonus"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "attack", "bonuses"), BONUSES)
def test_a_full_attack_takes_its_bonuses_from_the_stat_block(
    system: str, attack: dict[str, Any], bonuses: tuple[int, ...]
) -> None:
    rules = ruleset_for(system)
    assert rules.attack_model.model_validate(attack).bonuses == bonuses
