"""Orcus and True20 stat block text (the seeds' layouts: 004 "Monster Statistics", True20's
"Label: …; Label: …" entries) as library entries, every line read or kept as a note; other
formats still refuse those rulesets with the 422 naming `ruleset` (Improved Initiative's stat
blocks map into them: tests/test_importers_ii_orcus_true20.py)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from api.library.importers import ImportProblem, read_file
from tests.import_helpers import FIXTURES, entries, lines_of


def test_five_orcus_monsters_come_across_with_level_role_defenses_and_traits() -> None:
    found = entries("text_orcus.txt", "orcus")
    assert list(found) == [
        "goblin-archer", "giant-frog", "troll-brute", "kobold-skirmisher", "wailing-ghost",
    ]  # fmt: skip
    assert found["troll-brute"] == {
        "id": "troll-brute", "ruleset": "orcus", "name": "Troll Brute", "side": "foes",
        "kind": "npc", "party": False,
        "notes": ["Large Natural Giant", "‡ Claw +14 vs AC: 2d8+7 damage."],
        "stats": {"level": 9, "role": "elite brute", "max_hp": 186, "initiative_modifier": 6,
                  "defenses": {"ac": 21, "fortitude": 23, "reflex": 19, "will": 19},
                  "recoveries": 1, "regeneration": 10, "regeneration_while": "staggered",
                  "vulnerable": {"fire": 5}},
    }  # fmt: skip
    ghost = found["wailing-ghost"]["stats"]
    assert (ghost["incorporeal"], ghost["resist"]) == (True, {"necrotic": 10, "cold": 5})
    assert found["kobold-skirmisher"]["stats"]["max_hp"] == 1


def test_five_true20_creatures_come_across_with_toughness_defense_and_their_attack() -> None:
    found = entries("text_true20.txt", "true20")
    assert list(found) == ["orc-warrior", "wolf", "town-guard", "cultist", "skeleton"]
    assert found["orc-warrior"]["stats"] == {
        "dexterity": 0, "constitution": 1, "initiative_modifier": 0, "toughness": 3,
        "defenses": {"defense": 13},
        "attacks": [{"name": "greataxe", "bonus": 3, "damage": 5}],
    }  # fmt: skip
    assert found["wolf"]["stats"]["defenses"] == {"defense": 14}
    assert "constitution" not in found["skeleton"]["stats"]  # "Con --": none
    assert (
        found["orc-warrior"]["notes"][0] == "Type: 1st-level warrior; Size: Medium; Speed: 30 ft."
    )


@pytest.mark.parametrize(("fixture", "ruleset"), [("text_orcus.txt", "orcus"),
                                                  ("text_true20.txt", "true20")])  # fmt: skip
def test_every_line_of_a_block_is_read_or_kept_as_a_note(fixture: str, ruleset: str) -> None:
    block = (FIXTURES / fixture).read_text().split("\n\n")[0].splitlines()
    first = next(iter(entries(fixture, ruleset)))
    named = {source for source, _, _ in lines_of(fixture, first, ruleset)}
    assert named == {f"line {n}" for n in range(1, len(block) + 1)}


def test_a_foundry_actor_refuses_orcus_and_true20_naming_the_ruleset() -> None:
    party = (FIXTURES / "foundry_d35e_party.json").read_bytes()
    for ruleset in ("orcus", "true20"):
        with pytest.raises(ImportProblem) as refused:
            read_file(party, ruleset)
        assert refused.value.reason.endswith(f"fills dnd35, not {ruleset}")


GARBLE = "Level HP AC Fort Ref Will Toughness Combat: Attack Damage Defense Dodge/Parry Resist"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(GARBLE + " 0123456789+-;,()\n")), max_size=300),
       st.sampled_from(["orcus", "true20"]))  # fmt: skip
def test_garbled_text_raises_nothing_but_the_imports_error(text: str, ruleset: str) -> None:
    with contextlib.suppress(ImportProblem):
        read_file(text, ruleset)
