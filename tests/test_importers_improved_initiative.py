"""Improved Initiative stat blocks (one, a list, its export of several, a saved encounter) as
library entries of the chosen ruleset: every StatBlock field kept, a note, or reported."""

from __future__ import annotations

import json

import pytest

from api.library.importers import ImportProblem, read_file
from tests.import_helpers import FIXTURES, entries, lines_of


def test_an_export_of_three_monsters_comes_across_with_their_attacks_in_3_5() -> None:
    found = entries("improved_initiative_export.json")
    assert found["orc"] == {
        "id": "orc", "ruleset": "dnd35", "name": "Orc", "side": "foes", "kind": "npc",
        "party": False,
        "stats": {"max_hp": 5, "defenses": {"ac": 13, "touch": 10, "flat_footed": 13},
                  "initiative_modifier": 0,
                  "constitution": 12,
                  "attacks": [{"name": "Falchion", "bonus": 4, "damage": "2d4+4",
                               "range": "melee", "threat": 18}]},
        "notes": ["Source: SRD 3.5", "Type: Medium humanoid (orc)", "HP (1d8+1)",
                  "AC touch 10, flat-footed 13", "Str 17 Dex 11 Con 12 Int 8 Wis 7 Cha 6",
                  "Saves: Fort +3",
                  "Light Sensitivity (Ex): Dazzled in bright sunlight or within the radius of "
                  "a daylight spell."],
    }  # fmt: skip
    assert [a["name"] for a in found["goblin"]["stats"]["attacks"]] == ["Morningstar", "Javelin"]
    assert sorted(found) == ["goblin", "human-warrior-skeleton", "orc"]


def test_an_action_that_is_no_attack_and_an_unknown_field_are_named_not_dropped() -> None:
    report = lines_of("improved_initiative_export.json", "human-warrior-skeleton")
    assert ("Actions[2]", "note", "Rebuke: The skeleton has no special attacks.") in report
    assert ("FavoriteColor", "not tracked",
            "FavoriteColor: not a StatBlock field this import knows") in report  # fmt: skip
    skeleton = entries("improved_initiative_export.json")["human-warrior-skeleton"]
    assert "constitution" not in skeleton["stats"]  # Con 0: none, as undead have (000)


@pytest.mark.parametrize("creature_id", ["goblin", "orc", "human-warrior-skeleton"])
def test_every_field_of_a_stat_block_is_named_in_its_report(creature_id: str) -> None:
    export = json.loads((FIXTURES / "improved_initiative_export.json").read_text())
    block = next(v for k, v in export.items() if k.startswith("Creatures.") and
                 v["Name"].lower().replace(" ", "-") == creature_id)  # fmt: skip
    named = {source.split("[")[0].split(".")[0] for source, _, _ in lines_of(
        "improved_initiative_export.json", creature_id)}  # fmt: skip
    unsaid = {k for k, v in block.items() if v not in ("", [], None) and k not in named}
    assert unsaid == {"Name", "Player"} - {k for k in ("Player",) if not block.get(k)}


def test_starfinder_monsters_read_eac_and_kac_from_the_ac_notes_and_every_attack_of_a_line() -> (
    None
):
    found = entries("improved_initiative_starfinder.json", "starfinder")
    zaperator = found["space-goblin-zaperator"]
    assert zaperator["stats"]["defenses"] == {"eac": 10, "kac": 12}
    assert zaperator["stats"]["attacks"] == [
        {"name": "jezail", "bonus": 4, "damage": "1d6+1", "damage_type": "piercing",
         "range": "ranged", "defense": "kac"},
        {"name": "zapper", "bonus": 4, "damage": "1d4+1", "damage_type": "electricity",
         "range": "ranged", "defense": "eac", "critical": "arc 1d4"},
        {"name": "Club", "bonus": 3, "damage": "1d6", "damage_type": "bludgeoning",
         "range": "melee", "defense": "kac"},
    ]  # fmt: skip
    ysoki = found["ysoki-thief"]
    assert "defenses" not in ysoki["stats"]
    assert ysoki["notes"] == ["AC 12: Starfinder reads EAC and KAC (write 'EAC 13; KAC 15')"]
    assert "Claw: plus ghoul fever and paralysis" in found["ghoul"]["notes"]


def test_a_player_character_and_a_saved_encounters_combatants_go_where_they_belong() -> None:
    kyra = {"Name": "Kyra", "HP": {"Value": 14}, "AC": {"Value": 16}, "Player": "player"}
    orc = {"Name": "Orc", "HP": {"Value": 5}, "AC": {"Value": 13}, "Player": ""}
    encounter = {"Combatants": [
        {"StatBlock": kyra, "CurrentHP": 9, "Initiative": 14, "Hidden": False},
        {"StatBlock": orc, "CurrentHP": 5, "Initiative": 7, "Hidden": True, "Tags": []},
    ]}  # fmt: skip
    read = read_file(json.dumps(encounter)).creatures
    assert [(c.creature.id, c.creature.party, c.creature.side) for c in read] == [
        ("kyra", True, "party"),
        ("orc", False, "foes"),
    ]
    orc_lines = [(x.source, x.outcome) for x in read[1].lines]
    assert ("combatant.Hidden", "not tracked") in orc_lines
    assert ("combatant.Initiative", "not tracked") in orc_lines


def test_a_stat_block_without_a_name_or_hit_points_or_for_an_unread_ruleset_is_refused() -> None:
    with pytest.raises(ImportProblem) as nameless:
        read_file(json.dumps([{"Name": "", "HP": {"Value": 5}}]))
    assert nameless.value.field == "[0].Name"
    with pytest.raises(ImportProblem) as no_hp:
        read_file(json.dumps({"Name": "Orc", "HP": {"Value": "five"}}))
    assert no_hp.value.field == "HP.Value"
    with pytest.raises(ImportProblem) as zero:
        read_file(json.dumps({"Name": "Orc", "HP": {"Value": 0}}))
    assert (zero.value.field, zero.value.reason.startswith("Orc: ")) == ("stats.max_hp", True)
    with pytest.raises(ImportProblem) as unknown:
        read_file(json.dumps({"Name": "Orc", "HP": {"Value": 5}}), "pathfinder2")
    assert unknown.value.field == "ruleset"


def test_two_creatures_of_one_name_get_two_ids() -> None:
    orc = {"Name": "Orc", "HP": {"Value": 5}, "AC": {"Value": 13}}
    assert [c.creature.id for c in read_file(json.dumps([orc, orc])).creatures] == ["orc", "orc-2"]
