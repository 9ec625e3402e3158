"""What the page shows in table words: GET /rulesets labels ("DR", "Flat-footed"), the word
players see for a hurt foe, and every condition each seed names in its ruleset's picker."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from domain.rulesets import SYSTEMS
from domain.rulesets.catalog import describe
from projections.derived import derived_lines
from projections.effective import effective_log
from projections.history import History
from projections.player import player_state
from tests.builders import condition, created, damage, fact, joined, log, rejection


def labels(described: Any) -> Iterator[str]:
    """Every label GET /rulesets gives the page: titles anywhere, and each choice's label."""
    if isinstance(described, dict):
        for key, value in described.items():
            if key == "title" and isinstance(value, str):
                yield value
            elif key == "x-enum-labels":
                yield from value.values()
            else:
                yield from labels(value)
    elif isinstance(described, list):
        for value in described:
            yield from labels(value)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_label_the_page_shows_is_in_table_words(system: str) -> None:
    found = [label for label in labels(describe(system)) if re.search(r"_|(?i:flat footed)", label)]
    assert found == []


def test_starfinder_damage_reduction_reads_dr_and_flat_footed_keeps_its_hyphen() -> None:
    described = describe("starfinder")
    assert described["stats"]["properties"]["dr"]["title"] == "DR (damage reduction)"
    assert described["stats"]["properties"]["resist"]["title"] == "Energy resistance"
    titles = {c["name"]: c["title"] for c in described["conditions"]}
    assert (titles["flat_footed"], titles["off_kilter"]) == ("Flat-footed", "Off-kilter")
    assert {c["name"]: c["title"] for c in describe("true20")["conditions"]}["flat_footed"] == (
        "Flat-footed"
    )


def foe_word(system: str, stats: dict[str, Any], hurt: int) -> str:
    """The word players see for a foe of 20 HP after `hurt` damage."""
    foe = fact("CombatantJoined", combatant="orc", name="Orc", side="foes", stats=stats)
    events = log(created(system), joined("valeros", 20), foe, damage("orc", hurt))
    shown: str = player_state(History(events), None, "then")["combatants"]["orc"]["vitals"][
        "descriptor"
    ]
    return shown


WORDS: list[Any] = [
    pytest.param("dnd35", {"max_hp": 20}, 10, "badly hurt",
                 id="000 has no 'bloodied': half hit points or fewer is badly hurt"),
    pytest.param("dnd35", {"max_hp": 20}, 9, "hurt", id="000: above half, hurt"),
    pytest.param("d20modern", {"max_hp": 20}, 12, "badly hurt",
                 id="003 has no 'bloodied' either"),
    pytest.param("starfinder", {"max_hp": 20}, 12, "badly hurt",
                 id="002 has no 'bloodied' either"),
    pytest.param("orcus", {"max_hp": 20}, 10, "staggered",
                 id="004 L1448-1449: Orcus's own word for it, staggered"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "stats", "hurt", "word"), WORDS)
def test_players_see_a_hurt_foe_in_the_systems_own_words(
    system: str, stats: dict[str, Any], hurt: int, word: str
) -> None:
    assert foe_word(system, stats, hurt) == word


# Every condition each seed names (its glossary, or the states it names where it has none) that
# a GM applies, as the picker offers it; states the damage track derives (dying, disabled …)
# and 3.5's surprise (SurpriseDetermined) are not picked.
NAMED = {
    "dnd35": {"flat_footed", "total_defense", "fighting_defensively", "prone", "running",
              "blinded", "deafened", "helpless", "unconscious", "exhausted", "grappling",
              "gagged", "invisible", "holding_the_charge", "casting", "engaged", "unarmed",
              "frightened"},  # 000, digest §6
    "d20modern": {"flat_footed", "running", "paralyzed"},  # 003 L98, L141, L159
    "true20": {"blinded", "dazed", "deafened", "debilitated", "dying", "entangled", "exhausted",
               "fascinated", "fatigued", "flat_footed", "frightened", "grappled", "helpless",
               "incorporeal", "invisible", "nauseated", "panicked", "paralyzed", "pinned",
               "prone", "shaken", "sickened", "slowed", "stunned", "unconscious", "winded",
               "ability_damaged", "grappling", "aiming", "moving_all_out"},  # 001 L354-389
    "starfinder": {"flat_footed", "prone", "grappled", "pinned", "off_kilter", "off_target",
                   "blinded", "deafened", "entangled", "shaken", "sickened", "fatigued",
                   "unconscious", "helpless", "paralyzed", "encumbered", "overburdened",
                   "invisible", "incorporeal"},  # 002, digest §12
    "orcus": {"blinded", "controlled", "dazed", "deafened", "dying", "helpless", "immobile",
              "marked", "petrified", "prone", "rattled", "restrained", "slowed", "stunned",
              "surprised", "unconscious", "weakened", "persistent damage"},  # 004 L1480-1560
}  # fmt: skip


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_condition_the_seed_names_is_in_the_picker(system: str) -> None:
    offered = {c["name"] for c in describe(system)["conditions"]}
    assert NAMED[system] - offered == set()


@pytest.mark.parametrize("system", ["dnd35", "d20modern", "starfinder", "orcus"])
def test_every_condition_in_the_picker_says_where_the_seed_gives_it(system: str) -> None:
    for named in describe(system)["conditions"]:
        assert re.search(r"L\d+|A\d+|Modes of Movement", named["description"]), named["name"]


def test_a_starfinder_natural_20_against_the_incorporeal_is_no_critical() -> None:
    """002 "Incorporeal" L1211: immune to critical hits; the hit stays a hit."""
    foe = fact("CombatantJoined", combatant="ghost", name="Ghost", side="foes",
               stats={"max_hp": 20, "defenses": {"eac": 12, "kac": 12}})  # fmt: skip
    hit = fact("AttackMade", attacker="valeros", target="ghost", natural=20, total=25,
               defense="eac")  # fmt: skip
    lines = [created("starfinder"), joined("valeros", 20), foe]
    plain = derived_lines(effective_log(log(*lines, hit)))[1][4]["outcome"]
    ghostly = log(*lines, condition("ghost", "incorporeal"), hit)
    assert (plain, derived_lines(effective_log(ghostly))[1][5]["outcome"]) == ("critical", "hit")


def test_a_condition_lasting_zero_rounds_is_refused_not_taken_as_until_removed() -> None:
    error = rejection(
        created(), joined("valeros"), condition("valeros", "shaken", duration={"rounds": 0})
    )
    assert error.position == 3 and error.field.split(".")[0] == "duration"
    assert error.field.endswith("rounds") and "greater than or equal to 1" in error.reason
