"""Improved Initiative stat blocks brought into an Orcus or True20 library or fight: what fits the
ruleset is kept (Orcus's AC, Fortitude, Reflex and Will defenses and powers against them;
True20's Defense, Toughness save and damage bonus), and what does not is said, field by field —
True20 has no hit points, a 3.5 dice attack is no True20 attack, an Orcus power has no threat
range, a stat block with no Fortitude, Reflex or Will leaves them to the GM."""

from __future__ import annotations

import contextlib
import json

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from api.library.importers import ImportProblem, read_file
from tests.import_helpers import FIXTURES, entries, lines_of
from tests.tables_world import bearer
from tests.test_api import operator

ORCUS, TRUE20 = "improved_initiative_orcus.json", "improved_initiative_true20.json"


def not_tracked(name: str, creature: str, ruleset: str) -> list[tuple[str, str]]:
    return [(s, d) for s, o, d in lines_of(name, creature, ruleset) if o == "not tracked"]


def test_five_orcus_stat_blocks_come_across_with_defenses_level_role_and_powers() -> None:
    found = entries(ORCUS, "orcus")
    assert list(found) == ["goblin-archer", "giant-frog", "troll-brute", "wailing-ghost", "orc"]
    assert found["troll-brute"] == {
        "id": "troll-brute", "ruleset": "orcus", "name": "Troll Brute", "side": "foes",
        "kind": "npc", "party": False,
        "notes": ["Source: Orcus", "Type: Large Natural Giant",
                  "Regeneration: The troll regains 10 hit points at the start of its turn while "
                  "staggered."],
        "stats": {"level": 9, "role": "elite brute", "max_hp": 186, "initiative_modifier": 6,
                  "defenses": {"ac": 21, "fortitude": 23, "reflex": 19, "will": 19},
                  "vulnerable": {"fire": 5},
                  "attacks": [{"name": "Claw", "bonus": 14, "vs": "ac", "damage": "2d8+7",
                               "range": "melee 2"}]},
    }  # fmt: skip
    ghost = found["wailing-ghost"]["stats"]
    assert ghost["attacks"] == [
        {"name": "Wail", "bonus": 8, "vs": "will", "damage": "2d6+4", "damage_type": "psychic",
         "range": "close burst 3"},
    ]  # fmt: skip
    assert ghost["resist"] == {"necrotic": 10}
    assert "DamageResistances: insubstantial" in found["wailing-ghost"]["notes"]
    frog = found["giant-frog"]
    assert frog["stats"]["defenses"] == {"ac": 18, "fortitude": 16, "reflex": 17, "will": 15}
    assert (
        "Tongue Lash: Melee 2; +9 vs. AC; 1d10+4 damage, and the target is grabbed."
        in (
            frog["notes"]  # what the power does beyond its damage, kept for the GM
        )
    )
    for creature in ("goblin-archer", "giant-frog", "troll-brute", "wailing-ghost"):
        assert not_tracked(ORCUS, creature, "orcus") == []


def test_a_3_5_stat_block_in_orcus_keeps_what_fits_and_says_what_does_not() -> None:
    orc = entries(ORCUS, "orcus")["orc"]
    assert orc["stats"] == {
        "max_hp": 5, "defenses": {"ac": 13}, "initiative_modifier": 0,
        "attacks": [{"name": "Falchion", "bonus": 4, "vs": "ac", "damage": "2d4+4",
                     "range": "melee"}],
    }  # fmt: skip
    assert not_tracked(ORCUS, "orc", "orcus") == [
        ("Actions[0]", "Falchion: threat range and multiplier: Orcus crits on a natural 20 and "
                       "maximizes the damage (004 L1215-1216)"),
        ("AC.Notes", "fortitude, reflex, will: none given — Orcus attacks target them (write "
                     "'Fort 16; Ref 17; Will 15' in AC.Notes, or fill them in the library)"),
    ]  # fmt: skip
    assert (
        "Saves: Fort +3, Ref +0, Will -2 (Orcus defends with Fortitude, Reflex and Will)"
        in (
            orc["notes"]  # a save bonus is no defense: kept as text, not guessed
        )
    )


def test_five_true20_stat_blocks_come_across_with_toughness_defense_and_damage_bonus() -> None:
    found = entries(TRUE20, "true20")
    assert list(found) == ["orc-warrior", "wolf", "town-guard", "kyra", "goblin"]
    assert found["orc-warrior"] == {
        "id": "orc-warrior", "ruleset": "true20", "name": "Orc Warrior", "side": "foes",
        "kind": "npc", "party": False,
        "notes": ["Source: True20", "Type: 1st-level warrior", "AC Dodge/Parry 11/13",
                  "Str 14 Dex 10 Con 12 Int 8 Wis 10 Cha 8",
                  "Saves: Fortitude +3, Reflex +0, Will -1"],
        "stats": {"defenses": {"defense": 13}, "initiative_modifier": 0, "dexterity": 0,
                  "constitution": 1, "toughness": 3,
                  "attacks": [{"name": "Greataxe", "bonus": 3, "damage": 5}]},
    }  # fmt: skip
    assert found["town-guard"]["stats"]["attacks"] == [
        {"name": "Longsword", "bonus": 3, "damage": 4, "threat": 19},
        {"name": "Light crossbow", "bonus": 3, "damage": 3, "threat": 19, "critical": 4,
         "range": "ranged"},
    ]  # fmt: skip
    assert found["wolf"]["stats"]["attacks"] == [{"name": "Bite", "bonus": 3, "damage": 2}]
    assert (found["kyra"]["side"], found["kyra"]["party"]) == ("party", True)
    assert not_tracked(TRUE20, "wolf", "true20") == [
        ("HP.Value", "HP 0: True20 has no hit points — a hit is a Toughness save against 15 + "
                     "the damage (001 L322-323)"),
    ]  # fmt: skip


def test_a_3_5_stat_block_in_true20_keeps_no_dice_attack_and_no_hit_points() -> None:
    goblin = entries(TRUE20, "true20")["goblin"]
    assert goblin["stats"] == {
        "defenses": {"defense": 15}, "initiative_modifier": 1, "dexterity": 1, "constitution": 1,
    }  # fmt: skip
    assert [source for source, _ in not_tracked(TRUE20, "goblin", "true20")] == [
        "HP.Value", "Actions[0]", "Saves",
    ]  # fmt: skip
    _, attack = not_tracked(TRUE20, "goblin", "true20")[1]
    assert attack == (
        "Morningstar +2 (1d6): True20's damage is a bonus, not dice — not kept (write "
        "'Attack +2, Damage +N (morningstar)')"
    )


def test_an_improved_initiative_fight_opens_in_orcus_and_in_true20(client: TestClient) -> None:
    text = (FIXTURES / "improved_initiative_fight.json").read_text()
    auth = operator(client)
    body = {"file": text, "name": "crypt.json", "ruleset": "orcus"}
    opened = client.post("/encounters/import-fight", json=body, headers=auth)
    assert opened.status_code == 201, opened.text
    gm = bearer(opened.json()["gm_token"])
    state = client.get(f"/encounters/{opened.json()['id']}/state", headers=gm).json()
    assert (state["ruleset"], state["round"], state["turn"]) == ("orcus", 2, "orc-2")
    vitals = state["combatants"]["orc-2"]["vitals"]
    assert (vitals["hp"], vitals["max_hp"], vitals["temp_hp"]) == (2, 5, 3)
    body = {**body, "ruleset": "true20", "dry_run": True}
    shown = client.post("/encounters/import-fight", json=body, headers=auth).json()
    orc = shown["combatants"][2]
    assert (shown["round"], shown["turn"], orc["initiative"], orc["hidden"]) == (
        2,
        "orc-2",
        8,
        True,
    )
    assert "hp" not in orc["vitals"] and orc["attacks"] == []
    assert {"source": "CurrentHP", "outcome": "not tracked",
            "detail": "CurrentHP 2: True20 has no hit points (a wound is a condition: bruised, "
                      "hurt …)"} in orc["lines"]  # fmt: skip


BLOCK_WORDS = "Fort Ref Will AC vs. Attack Damage crit Melee Close burst damage fire Level d"


@settings(max_examples=150, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list(BLOCK_WORDS + " 0123456789+-;,/().")), max_size=120),
    st.sampled_from(["orcus", "true20"]),
)
def test_any_action_or_note_text_raises_nothing_but_the_imports_error(
    text: str, ruleset: str
) -> None:
    block = {"Name": "Thing", "HP": {"Value": 5, "Notes": text}, "AC": {"Value": 12, "Notes": text},
             "Challenge": text, "DamageResistances": [text],
             "Actions": [{"Name": "Hit", "Content": text}]}  # fmt: skip
    with contextlib.suppress(ImportProblem):
        read_file(json.dumps(block), ruleset)
