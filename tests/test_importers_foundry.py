"""Foundry VTT actors (D35E and pf1 → 3.5, sfrpg → Starfinder) as library entries: every field
the stats hold kept, every other field a note or reported not tracked, nothing dropped unsaid."""

from __future__ import annotations

import json

import pytest

from api.library.importers import ImportProblem, read_file
from tests.import_helpers import FIXTURES, entries, lines_of, sources


def test_a_d35e_fighter_comes_across_whole_with_his_axe_rolled_as_the_sheet_rolls_it() -> None:
    assert entries("foundry_d35e_party.json")["tordek"] == {
        "id": "tordek", "ruleset": "dnd35", "name": "Tordek", "side": "party", "kind": "pc",
        "party": True,
        "stats": {
            "max_hp": 12, "initiative_modifier": 1, "constitution": 16,
            "defenses": {"ac": 16, "touch": 11, "flat_footed": 15},
            # BAB +1, Str +2; sizeRoll(1, 10) read as 1d10, Str +2 to damage; ×3 (000 waraxe)
            "attacks": [{"name": "Dwarven Waraxe", "bonus": 3, "damage": "1d10+2",
                         "damage_type": "slashing", "range": "melee", "multiplier": 3}],
        },
        "notes": ["HP 9/12 when exported", "Saves: Fort +5, Ref +1, Will +1",
                  "Dwarven Waraxe: damage sizeRoll(1, 10, @size, @critMult) read as 1d10+2",
                  "class Fighter",
                  "Weapon Focus (Dwarven Waraxe)", "Str 15 Dex 13 Con 16 Int 10 Wis 12 Cha 6"],
    }  # fmt: skip


def test_a_wizard_keeps_her_crossbow_threat_range_and_her_temporary_hit_points_as_a_note() -> None:
    mialee = entries("foundry_d35e_party.json")["mialee"]
    assert mialee["stats"]["attacks"] == [
        {"name": "Light Crossbow", "bonus": 3, "damage": "1d8", "damage_type": "piercing",
         "range": "ranged", "threat": 19},
    ]  # fmt: skip
    assert "HP temp 3 when exported" in mialee["notes"]
    assert ("items[1]", "not tracked", "spell Magic Missile: not tracked") in lines_of(
        "foundry_d35e_party.json", "mialee"
    )


def test_pre_v10_data_actors_and_pf1_actions_read_like_v10_ones() -> None:
    found = entries("foundry_d35e_npcs.json")
    # Ogre: BAB +3, Str +5, Large −1, item +1; a two-handed Str ×1.5 = +7 (000 L80-100)
    assert found["ogre"]["stats"]["attacks"] == [
        {"name": "Greatclub", "bonus": 8, "damage": "2d8+7", "damage_type": "bludgeoning",
         "range": "melee"},
    ]  # fmt: skip
    # pf1: iterative attack from attackParts, +1 enhancement to hit and damage, extra fire dice
    assert found["hobgoblin-sergeant"]["stats"]["attacks"] == [
        {"name": "Longsword", "bonus": [10, 5], "damage": "1d8+3", "damage_type": "slashing",
         "range": "melee", "threat": 19,
         "extra_damage": [{"damage": "1d6", "damage_type": "fire"}]},
    ]  # fmt: skip
    assert found["wight"]["stats"]["attacks"][0]["damage"] == "1d4+1"  # @abilities.str.mod
    assert "constitution" not in found["wight"]["stats"] and "Con —" in found["wight"]["notes"]


def test_what_3_5_stats_cannot_hold_is_a_note_and_an_unreadable_formula_is_reported() -> None:
    sergeant = entries("foundry_d35e_npcs.json")["hobgoblin-sergeant"]
    assert {"DR 5/magic", "Resist fire 5", "Saves: Fort +6, Ref +3, Will +2", "CR 4"} <= set(
        sergeant["notes"]
    )
    why = "Javelin: attack bonus formula '@feats.pointBlank': not evaluated"
    assert ("items[1]", "not tracked", why) in lines_of(
        "foundry_d35e_npcs.json", "hobgoblin-sergeant"
    )


def test_a_starfinder_npc_keeps_eac_kac_dr_resistance_and_each_weapon_against_its_defense() -> None:
    assert entries("foundry_sfrpg_party.json")["fire-azer"] == {
        "id": "fire-azer", "ruleset": "starfinder", "name": "Fire Azer", "side": "foes",
        "kind": "npc", "party": False,
        "stats": {
            "max_hp": 23, "initiative_modifier": 1, "dexterity": 1,
            "defenses": {"eac": 13, "kac": 14}, "dr": "5/magic",
            "resist": {"cold": 5},
            "attacks": [
                {"name": "Assault hammer", "bonus": 7, "damage": "1d6+1",
                 "damage_type": "bludgeoning", "range": "melee", "defense": "kac",
                 "critical": "Burn 1d4"},
                {"name": "Wave modulator", "bonus": 7, "damage": "1d4+2",
                 "damage_type": "fire or sonic", "range": "30 ft", "defense": "eac",
                 "critical": "Burn 1d4"},
            ],
        },
        "notes": ["Saves: Fort +5, Ref +3, Will +3", "Immune: fire", "Vulnerable: cold",
                  "SR 13", "CR 2", "Elemental Fire (Su)", "Str (modifier +1) Dex (modifier +1)"],
    }  # fmt: skip


def test_starfinder_characters_are_the_party_with_stamina_resolve_level_and_the_sheets_bonus() -> (
    None
):
    found = entries("foundry_sfrpg_party.json")
    keskodai, obozaya = found["keskodai"], found["obozaya"]
    assert (keskodai["party"], keskodai["side"], keskodai["kind"]) == (True, "party", "pc")
    assert {k: keskodai["stats"][k] for k in ("max_hp", "max_stamina", "max_resolve", "level")} == {
        "max_hp": 13, "max_stamina": 7, "max_resolve": 4, "level": 1,
    }  # fmt: skip
    # a character's weapon: BAB + the ability's modifier + the item's bonus
    assert keskodai["stats"]["attacks"][0]["bonus"] == 3
    assert obozaya["stats"]["attacks"][0]["bonus"] == 5
    assert "When exported: SP 4/7" in keskodai["notes"]


@pytest.mark.parametrize(
    ("fixture", "creature_id"),
    [("foundry_d35e_party.json", "tordek"), ("foundry_d35e_npcs.json", "ogre"),
     ("foundry_sfrpg_party.json", "fire-azer"), ("foundry_sfrpg_party.json", "keskodai")],
)  # fmt: skip
def test_every_field_and_item_of_an_actor_is_named_in_its_report(
    fixture: str, creature_id: str
) -> None:
    actors = json.loads((FIXTURES / fixture).read_text())
    actor = next(a for a in actors if a["name"].lower().replace(" ", "-") == creature_id)
    key = "system" if "system" in actor else "data"
    named = " ".join(f"{s} {d}" for s, _, d in lines_of(fixture, creature_id))
    assert all(f"items[{n}]" in named for n in range(len(actor["items"])))
    for field, value in [*actor[key].items(), *actor[key]["attributes"].items()]:
        assert field in named or empty(value), field


def empty(value: object) -> bool:
    """Nothing to carry: no value, zero, or only such values inside."""
    if isinstance(value, dict):
        return all(empty(v) for v in value.values())
    if isinstance(value, list):
        return all(empty(v) for v in value)
    return value in (None, "", 0, False)


def test_an_actor_of_another_system_or_type_or_without_hit_points_is_refused_naming_it() -> None:
    actor = json.loads((FIXTURES / "foundry_d35e_npcs.json").read_text())[0]
    with pytest.raises(ImportProblem) as other:
        read_file(json.dumps({**actor, "_stats": {"systemId": "dnd5e"}}))
    assert other.value.field == "_stats.systemId"
    with pytest.raises(ImportProblem) as kind:
        read_file(json.dumps([actor, {**actor, "type": "vehicle"}]))
    assert kind.value.field == "[1].type"
    hp = {**actor["data"]["attributes"]["hp"], "max": 0}
    attributes = {**actor["data"]["attributes"], "hp": hp}
    broken = {**actor, "data": {**actor["data"], "attributes": attributes}}
    with pytest.raises(ImportProblem) as empty:
        read_file(json.dumps(broken))
    assert (empty.value.field, empty.value.reason.split(":")[0]) == ("stats.max_hp", "Ogre")
    with pytest.raises(ImportProblem) as contradicted:
        read_file((FIXTURES / "foundry_sfrpg_party.json").read_bytes(), "dnd35")
    assert contradicted.value.field == "[0]"


def test_sources_name_the_v10_and_pre_v10_bodies() -> None:
    assert "system.attributes.hp.max" in sources("foundry_d35e_party.json", "tordek")
    assert "data.attributes.hp.max" in sources("foundry_d35e_npcs.json", "ogre")
