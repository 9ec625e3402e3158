"""The library to Improved Initiative and back: every field an import maps comes back the same
(stats, name, party), for each fixture of every format; and the API's export is the file
Improved Initiative imports (Store.ts keys)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from api.library.importers import read_file
from api.library.importers.to_improved_initiative import export_file, stat_block
from tests.import_helpers import FIXTURES, imported
from tests.test_api import operator

FIXTURE_FILES = [
    ("improved_initiative_export.json", None),
    ("improved_initiative_starfinder.json", "starfinder"),
    ("foundry_d35e_party.json", None), ("foundry_d35e_npcs.json", None),
    ("foundry_sfrpg_party.json", None), ("srd_dnd35.txt", None), ("srd_starfinder.txt", None),
]  # fmt: skip


@pytest.mark.parametrize(("fixture", "ruleset"), FIXTURE_FILES)
def test_a_round_trip_through_improved_initiative_keeps_every_mapped_field(
    fixture: str, ruleset: str | None
) -> None:
    first = [read.creature for read in imported(fixture, ruleset).creatures]
    back = read_file(json.dumps(export_file(first)), first[0].ruleset).creatures
    assert [(c.id, c.name, c.party, c.stats) for c in first] == [
        (r.creature.id, r.creature.name, r.creature.party, r.creature.stats) for r in back
    ]


def test_a_3_5_creature_reads_as_improved_initiative_prints_it() -> None:
    sergeant = next(c.creature for c in imported("foundry_d35e_npcs.json").creatures
                    if c.creature.id == "hobgoblin-sergeant")  # fmt: skip
    block = stat_block(sergeant, "dnd35-hobgoblin-sergeant")
    assert (block["HP"], block["AC"], block["Actions"]) == (
        {"Value": 22, "Notes": ""},
        {"Value": 17, "Notes": "touch 11, flat-footed 16"},
        [{"Name": "Longsword",
          "Content": "Longsword +10/+5 melee (1d8+3/19-20 slashing plus 1d6 fire)"}],
    )  # fmt: skip
    assert "DR 5/magic" in block["Description"].splitlines()


def test_the_export_route_gives_the_tables_library_as_an_improved_initiative_file(
    client: TestClient,
) -> None:
    body = {"file": (FIXTURES / "foundry_sfrpg_party.json").read_text()}
    client.post("/library/import-file", json=body, headers=operator(client))
    reply = client.get("/library/export/improved-initiative", headers=operator(client))
    assert reply.status_code == 200, reply.text
    exported = reply.json()
    assert (exported["Creatures"], exported["PersistentCharacters"]) == (
        ["starfinder-fire-azer"], ["starfinder-keskodai", "starfinder-obozaya"]
    )  # fmt: skip
    keskodai = exported["PersistentCharacters.starfinder-keskodai"]
    assert (keskodai["HP"], keskodai["AC"], keskodai["Player"], keskodai["Challenge"]) == (
        {"Value": 13, "Notes": "SP 7; RP 4"}, {"Value": 15, "Notes": "EAC 14; KAC 15"}, "player",
        "Level 1",
    )  # fmt: skip
    none = client.get("/library/export/improved-initiative?ruleset=dnd35", headers=operator(client))
    assert none.json() == {"Creatures": [], "PersistentCharacters": []}
