"""GET /rulesets as the GM page reads it: readable titles for rulesets, options and choices, and
the names its controls offer (conditions, defenses with the default first, saves, resources)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.rulesets import SYSTEMS
from tests.builders import created, damage, healing, joined, view
from tests.gm_page_helpers import open_fight

TITLES = {"dnd35": "D&D 3.5 (SRD)", "d20modern": "d20 Modern", "true20": "True20",
          "starfinder": "Starfinder", "orcus": "Orcus"}  # fmt: skip
DEFAULTS = {"dnd35": "ac", "d20modern": "defense", "true20": "defense", "starfinder": "kac",
            "orcus": "ac"}  # fmt: skip


@pytest.fixture
def rulesets(client: TestClient) -> dict[str, Any]:
    found: dict[str, Any] = client.get("/rulesets").json()
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_ruleset_has_a_title_a_description_and_its_default_defense_first(
    rulesets: dict[str, Any], system: str
) -> None:
    described = rulesets[system]
    assert described["title"] == TITLES[system] and described["description"]
    assert described["defenses"][0]["name"] == DEFAULTS[system]
    assert all(d["title"] for d in described["defenses"])
    assert described["saves"] and all(c["title"] for c in described["conditions"])


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_option_reads_as_words_and_every_choice_has_a_label(
    rulesets: dict[str, Any], system: str
) -> None:
    for name, option in rulesets[system]["options"]["properties"].items():
        assert option["title"] and "_" not in option["title"], name
        assert option["description"], name
        if "enum" in option:
            assert set(option["x-enum-labels"]) == {str(v) for v in option["enum"]}, name
    stats = rulesets[system]["stats"]["properties"]
    assert all(field["title"] and "_" not in field["title"] for field in stats.values())


def test_house_rules_keep_the_digests_a_number_in_their_description(
    rulesets: dict[str, Any],
) -> None:
    temp_hp = rulesets["dnd35"]["options"]["properties"]["temp_hp_model"]
    assert temp_hp["title"] == "Temporary hit points"
    assert temp_hp["description"].startswith("A10:")
    assert temp_hp["x-enum-labels"]["noted_total"].startswith("Noted total")
    assert rulesets["dnd35"]["options"]["properties"]["duration_key"]["description"].startswith(
        "3.5 A2."
    )


def test_resources_name_the_fact_that_spends_them(rulesets: dict[str, Any]) -> None:
    [resolve] = rulesets["starfinder"]["resources"]
    assert resolve["fact"]["type"] == "ResolveSpent"
    assert set(resolve["purposes"]) >= {"stabilize", "stay_in_the_fight"}
    [conviction] = rulesets["true20"]["resources"]
    assert conviction["fact"] == {"type": "ConvictionSpent"}
    assert rulesets["dnd35"]["resources"] == []


def test_an_orcus_condition_from_the_picker_does_what_its_description_says(
    client: TestClient, rulesets: dict[str, Any]
) -> None:
    """004 "Total Defense" L1421-1423: +2 to all defenses (the derived defense value shows it)."""
    named = {c["name"]: c for c in rulesets["orcus"]["conditions"]}
    assert "+2 to all defenses" in named["total defense"]["description"]
    stats = {"max_hp": 30, "level": 1, "defenses": {"ac": 16, "fortitude": 14, "reflex": 13,
                                                    "will": 12}}  # fmt: skip
    joined = [{"type": "CombatantJoined", "combatant": c, "name": c.title(), "side": side,
               "stats": stats} for c, side in (("kyra", "party"), ("orc", "foes"))]  # fmt: skip
    fight = open_fight(client, joined, "orcus")
    guarded = {"type": "ConditionApplied", "target": "orc", "condition": "total defense"}
    attack = {"type": "AttackMade", "attacker": "kyra", "target": "orc", "natural": 12,
              "total": 17}  # fmt: skip
    reply = client.post(f"/encounters/{fight['id']}/preview",
                        json={"facts": [guarded, attack]}, headers=fight["gm"])  # fmt: skip
    derived = reply.json()["lines"][1]["derived"]
    assert (derived["defense"], derived["defense_value"], derived["outcome"]) == ("ac", 18, "miss")


def test_an_orcus_action_point_is_spent_with_the_fact_its_resource_names(
    client: TestClient, rulesets: dict[str, Any]
) -> None:
    """004 "Combat › Action Points": spending one is a free action; the log records who spent it."""
    [points] = rulesets["orcus"]["resources"]
    stats = {"max_hp": 30, "level": 1, "defenses": {"ac": 16}}
    hero = {"type": "CombatantJoined", "combatant": "kyra", "name": "Kyra", "side": "party",
            "stats": stats}  # fmt: skip
    fight = open_fight(client, [hero], "orcus")
    spent = {**points["fact"], "combatant": "kyra"}
    url = f"/encounters/{fight['id']}"
    assert (
        client.post(f"{url}/facts", json={"facts": [spent]}, headers=fight["gm"]).status_code == 201
    )
    assert client.get(f"{url}/log", headers=fight["gm"]).json()[-1]["fact"]["type"] == (
        "ActionPointSpent"
    )
    stranger = client.post(f"{url}/facts", json={"facts": [{**spent, "combatant": "orc"}]},
                           headers=fight["gm"])  # fmt: skip
    assert stranger.status_code == 422
    assert stranger.json()["errors"][0]["field"] == "facts[0].combatant"


# A wounded combatant per system: stats its rules read, then damage (and for 3.5-family
# nonlethal damage too), so every kind of healing has something to act on.
WOUNDED: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "dnd35": ({"max_hp": 20}, [damage("valeros", 8), damage("valeros", 4, nonlethal=True)]),
    "d20modern": ({"max_hp": 20}, [damage("valeros", 8), damage("valeros", 4, nonlethal=True)]),
    "starfinder": ({"max_hp": 20, "max_stamina": 10, "max_resolve": 3},
                   [damage("valeros", 15)]),
    "orcus": ({"max_hp": 20, "recoveries": 2}, [damage("valeros", 8)]),
}  # fmt: skip  # True20 heals by recovery checks, with no kinds of healing


def healed(system: str, **kind: Any) -> dict[str, Any]:
    stats, hurt = WOUNDED[system]
    lines = [created(system), joined("valeros", stats=stats), *hurt, healing("valeros", 3, **kind)]
    return view(*lines)["combatants"]["valeros"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_kind_of_healing_the_page_offers_is_one_the_rules_tell_apart(
    rulesets: dict[str, Any], system: str
) -> None:
    """GET /rulesets lists exactly the HealingApplied kinds that heal otherwise than the usual
    kind (3.5 L1235-1260 and nonlethal; Starfinder Stamina; Orcus recoveries)."""
    kinds = rulesets[system]["healing"]
    assert bool(kinds) == (system in WOUNDED)
    usual = healed(system) if kinds else None
    for kind in kinds:
        assert kind["title"]
        assert healed(system, kind=kind["name"]) != usual, kind["name"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_defenses_stats_carry_are_defenses_attacks_can_name(
    rulesets: dict[str, Any], system: str
) -> None:
    named = [d["name"] for d in rulesets[system]["defenses"]]
    carried = rulesets[system]["stat_defenses"]
    assert carried and set(carried) <= set(named)
    assert carried[0] == named[0]  # the default defense is one a creature's stats give
