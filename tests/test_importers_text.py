"""SRD stat block text (3.5 and Starfinder layouts) as library entries, every line read or kept
as a note; and no text, however garbled, raises anything but the import's own error."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.library.importers import ImportProblem, read_file
from api.library.importers.attack_text import read_attack
from tests.import_helpers import FIXTURES, entries, lines_of


def test_three_srd_monsters_come_across_with_their_full_attacks() -> None:
    found = entries("srd_dnd35.txt")
    assert found["gargoyle"]["stats"] == {
        "max_hp": 37, "initiative_modifier": 2, "constitution": 18,
        "defenses": {"ac": 16, "touch": 12, "flat_footed": 14},
        "attacks": [
            {"name": "2 claws", "bonus": 6, "damage": "1d4+2", "range": "melee"},
            {"name": "bite", "bonus": 4, "damage": "1d6", "range": "melee"},
            {"name": "gore", "bonus": 4, "damage": "1d6", "range": "melee"},
        ],
    }  # fmt: skip
    assert (
        "Special Qualities: Damage reduction 10/magic, darkvision 60 ft., freeze"
        in (found["gargoyle"]["notes"])
    )
    assert [a["name"] for a in found["bugbear"]["stats"]["attacks"]] == ["Morningstar", "javelin"]


def test_d20_modern_reads_the_armor_line_as_its_defense() -> None:
    goblin = entries("srd_dnd35.txt", "d20modern")["goblin"]
    assert goblin["stats"]["defenses"] == {"defense": 15, "touch": 12, "flat_footed": 14}


def test_every_line_of_a_block_is_read_or_kept_as_a_note() -> None:
    block = (FIXTURES / "srd_dnd35.txt").read_text().split("\n\n")[0].splitlines()
    named = {source for source, _, _ in lines_of("srd_dnd35.txt", "goblin")}
    assert named == {f"line {n}" for n in range(1, len(block) + 1)}


def test_starfinder_text_fills_starfinder_stats_whatever_ruleset_was_assumed() -> None:
    found = entries("srd_starfinder.txt")
    assert found["ashen-knight"] == {
        "id": "ashen-knight", "ruleset": "starfinder", "name": "Ashen Knight", "side": "foes",
        "kind": "npc", "party": False, "notes": [],
        "stats": {"initiative_modifier": 1, "max_hp": 40, "max_resolve": 3,
                  "defenses": {"eac": 14, "kac": 16}, "dr": "5/magic",
                  "attacks": [{"name": "longsword", "bonus": 10, "damage": "1d8+7",
                               "damage_type": "slashing", "range": "melee", "defense": "kac"}]},
    }  # fmt: skip
    zaperator = found["space-goblin-zaperator"]["stats"]["attacks"][1]
    assert (zaperator["name"], zaperator["critical"]) == ("jezail", "bleed 1d4")


@pytest.mark.parametrize(
    ("line", "expected"),
    [("Longsword +3 melee (1d8+1/19–20)", ("Longsword", (3,), "1d8+1", 19, None)),
     ("Greataxe +6/+1 melee (1d12+4/×3)", ("Greataxe", (6, 1), "1d12+4", None, 3)),
     ("Melee longsword +8 (1d8+4 S)", ("longsword", (8,), "1d8+4", None, None)),
     ("Hit Dice: 2d8+4 (13 hp)", None)],
)  # fmt: skip
def test_an_attack_line_reads_as_the_srd_prints_it(line: str, expected: object) -> None:
    found = read_attack(line)
    got = found and (found.name, found.bonuses, found.damage, found.threat, found.multiplier)
    assert got == expected


def test_text_without_a_stat_block_is_refused_naming_the_file() -> None:
    with pytest.raises(ImportProblem) as nothing:
        read_file("Just a shopping list\nbread, milk")
    assert nothing.value.field == "file"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Hit Dice: HP EAC KAC Melee +-/()d0123456789\n ;,x×")),
               max_size=300))  # fmt: skip
def test_garbled_text_raises_nothing_but_the_imports_error(text: str) -> None:
    with contextlib.suppress(ImportProblem):
        read_file(text)
