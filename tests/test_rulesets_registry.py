"""One registry of rulesets: every list the API offers names the contract's five systems, in order,
and only a registered system has a ruleset (CONTRACT §1 EncounterCreated.ruleset)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.events import EncounterCreated
from domain.rulesets import ruleset_for

FIVE = ["dnd35", "d20modern", "true20", "starfinder", "orcus"]  # CONTRACT §1 EncounterCreated


def ruleset_enums(spec: dict[str, Any]) -> dict[str, list[str]]:
    """Where the OpenAPI document offers a choice of ruleset: the encounter form and the library."""
    paths = spec["paths"]
    library_filter = paths["/library"]["get"]["parameters"][0]["schema"]["anyOf"][0]
    return {
        "new encounter": spec["components"]["schemas"]["NewEncounter"]["properties"]["ruleset"],
        "library filter": library_filter,
        "library save": paths["/library/{ruleset}/{creature_id}"]["put"]["parameters"][0]["schema"],
        "library forget": paths["/library/{ruleset}/{creature_id}"]["delete"]["parameters"][0][
            "schema"
        ],
    }


def test_every_choice_of_ruleset_the_api_documents_lists_the_five_systems(
    client: TestClient,
) -> None:
    enums = ruleset_enums(client.get("/openapi.json").json())
    assert {where: enum["enum"] for where, enum in enums.items()} == dict.fromkeys(enums, FIVE)


def test_the_gm_page_is_told_of_the_five_systems_in_the_registrys_order(
    client: TestClient,
) -> None:
    assert list(client.get("/rulesets").json()) == FIVE


@pytest.mark.parametrize("system", FIVE)
def test_an_encounter_of_each_system_is_created_and_has_its_ruleset(system: str) -> None:
    created = EncounterCreated.model_validate({"type": "EncounterCreated", "name": "x",
                                               "ruleset": system})  # fmt: skip
    assert ruleset_for(created.ruleset).catalog.title


@pytest.mark.parametrize("name", ["pathfinder", "base", "catalog", "hitpoints", "dnd35.ruleset"])
def test_a_name_outside_the_registry_has_no_ruleset_even_a_shared_module(name: str) -> None:
    with pytest.raises(KeyError):
        ruleset_for(name)
