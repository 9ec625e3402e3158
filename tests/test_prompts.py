"""Prompts: each warning that calls for a roll or a choice is a fact for the GM to complete, on
the card of the combatant it is for, and recording that fact clears it (issue 12, item 3)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.rulesets.starfinder.care import stabilize_cost
from projections.prompts import prompts
from projections.table import table_at
from tests import test_true20_procedures as true20
from tests.builders import (
    check,
    condition,
    created,
    damage,
    fact,
    fight,
    joined,
    log,
    rolled,
    save,
    started,
    state,
    turn_ended,
)
from tests.gm_page_helpers import gm_state, open_fight, record
from tests.test_orcus_dying import DOWNED, ROUND, death
from tests.test_orcus_support import hero, monster, orcus_fight
from tests.test_starfinder_builders import NAVASI, OBOZAYA, party, round_of_turns, spent

Line = dict[str, Any]
TRUE20 = [*true20.setup(), true20.member(true20.HEALER), rolled("valeros", 12),
          rolled("orc", 8, 2), rolled(true20.HEALER, 5), started()]  # fmt: skip


def asked(*lines: Line | list[Line]) -> list[dict[str, Any]]:
    """The prompts after the lines."""
    return prompts(table_at(log(*lines)))


def kinds(*lines: Line | list[Line]) -> list[tuple[str, str]]:
    return [(p["combatant"], p["kind"]) for p in asked(*lines)]


DND35 = fight(("valeros", 15, 0), ("goblin", 10, 0))  # lines 1-6; valeros acts first
GOBLIN_DOWN = [damage("goblin", 23), turn_ended("valeros")]  # -3 HP; the goblin's turn starts


def test_a_dying_dnd35_combatant_is_asked_for_its_d_percent_roll_as_its_turn_starts() -> None:
    """000 "DYING" L1165-1174: each turn a dying character rolls d% to become stable."""
    assert kinds(DND35, damage("goblin", 23)) == []
    [prompt] = asked(DND35, GOBLIN_DOWN)
    assert prompt == {
        "id": "goblin:stabilize", "combatant": "goblin", "kind": "stabilize",
        "title": "Goblin is dying: roll d% to stabilize (01-10 succeeds)",
        "fact": {"type": "CheckRolled", "combatant": "goblin", "check": "stabilize"},
        "roll": "1d100", "fields": ["natural", "total"],
    }  # fmt: skip
    assert kinds(DND35, GOBLIN_DOWN, check("goblin", "stabilize", 55)) == []


def test_a_massive_hit_in_dnd35_asks_for_the_dc_15_fortitude_save_until_it_is_rolled() -> None:
    """000 "Massive Damage" L1140-1146: 50 damage from one attack calls for a DC 15 Fort save."""
    lines = [created(), joined("valeros", 80), damage("valeros", 50)]
    [prompt] = asked(lines)
    assert prompt["kind"] == "massive_damage" and prompt["roll"] == "1d20"
    assert prompt["fact"] == {"type": "SavingThrowRolled", "combatant": "valeros",
                              "save": "fortitude", "dc": 15, "against": 3}  # fmt: skip
    assert kinds(lines, save("valeros", "fortitude", 12, 16, dc=15, against=3)) == []


def test_d20_modern_asks_for_the_massive_damage_save_but_no_stabilization_roll() -> None:
    """Massive damage at the Con score (CONTRACT §1); seed 003 has no stabilization (digest §5)."""
    lines = [created("d20modern"), joined("reyes", 30, stats={"constitution": 12}),
             damage("reyes", 12)]  # fmt: skip
    assert kinds(lines) == [("reyes", "massive_damage")]
    saved = save("reyes", "fortitude", 3, 5, dc=15, against=3)
    assert kinds(lines, saved) == []  # failed: dying at -1 HP, and no d% is asked
    assert "dying" in state(log(lines, saved))["combatants"]["reyes"]["statuses"]


def test_an_orcus_hero_at_zero_is_asked_for_a_death_save_each_turn() -> None:
    """004 "Death Saving Throws" L1459-1461: a d20 as the turn starts, 10 or higher succeeds."""
    start = orcus_fight(hero("kyra", 40), monster("orc", 40))
    [prompt] = asked(start, DOWNED)
    assert (prompt["kind"], prompt["fact"]) == (
        "death_save",
        {"type": "SavingThrowRolled", "combatant": "kyra", "save": "death"},
    )
    assert kinds(start, DOWNED, death(4)) == []
    assert kinds(start, DOWNED, death(4), ROUND) == [("kyra", "death_save")]


def test_a_save_ends_condition_asks_for_a_save_on_each_of_its_targets_turns() -> None:
    """004 "Saving Throws" L1127: a save ends it on 10 or higher; one save per turn is asked."""
    start = orcus_fight(hero("kyra", 40), monster("orc", 40))  # kyra's turn
    dazed = condition("kyra", "dazed", duration={"save_ends": True})
    position = len(start) + 1
    [prompt] = asked(start, dazed)
    assert prompt["id"] == f"kyra:save_ends:{position}"
    assert prompt["fact"]["against"] == position
    failed = save("kyra", "saving throw", 6, 6, against=position)
    assert kinds(start, dazed, failed) == []
    assert kinds(start, dazed, failed, ROUND) == [("kyra", "save_ends")]
    ended = save("kyra", "saving throw", 14, 14, against=position)
    assert kinds(start, dazed, failed, ROUND, ended) == []


ON_OBOZAYAS_TURN = [turn_ended(NAVASI), damage(NAVASI, 40)]
TO_HER_TURN = [turn_ended(OBOZAYA), turn_ended("ksarik")]


def test_a_dying_starfinder_pc_is_offered_resolve_to_stabilize_then_to_stay_up() -> None:
    """002 "Using Resolve Points" L623: stabilize on her turn for a quarter of max RP; L625-627:
    1 RP to stay in the fight, not in the round she stabilized."""
    cost = stabilize_cost(4)
    assert kinds(party(), ON_OBOZAYAS_TURN) == []  # not her turn
    [prompt] = asked(party(), ON_OBOZAYAS_TURN, TO_HER_TURN)
    assert prompt["fact"] == {"type": "ResolveSpent", "combatant": NAVASI, "amount": cost,
                              "purpose": "stabilize"}  # fmt: skip
    assert (prompt["roll"], prompt["fields"]) == (None, [])
    stabilized = [*ON_OBOZAYAS_TURN, *TO_HER_TURN, spent(NAVASI, cost, "stabilize")]
    assert kinds(party(), stabilized) == []
    next_turn = [*stabilized, *round_of_turns()]
    assert kinds(party(), next_turn) == [(NAVASI, "stay_in_the_fight")]
    assert kinds(party(), next_turn, spent(NAVASI, 1, "stay_in_the_fight")) == []


def test_a_dying_true20_hero_is_asked_for_the_constitution_check_each_round() -> None:
    """001 "Dying" L343: a Constitution check (Difficulty 10) at the beginning of each round."""
    start = TRUE20
    down = [true20.hit(5, 2), *true20.ROUND]
    [prompt] = asked(start, down)
    assert prompt["fact"] == {"type": "CheckRolled", "combatant": "valeros",
                              "check": "constitution", "against": "dying"}  # fmt: skip
    assert prompt["roll"] == "1d20+1"
    assert kinds(start, down, check("valeros", "constitution", 12, 13, against="dying")) == []


def test_conviction_spent_on_recovery_asks_for_the_recovery_check_now() -> None:
    """001 "Recovery" L347: Conviction gets an immediate recovery check."""
    start = TRUE20
    spend = fact("ConvictionSpent", combatant="valeros", purpose="recovery")
    assert kinds(start, spend) == [("valeros", "recovery")]
    assert kinds(start, spend, check("valeros", "recovery", 9, 10)) == []


def test_a_true20_hit_recorded_without_its_toughness_save_asks_for_it_by_amendment() -> None:
    """001 L327: a hit calls for a Toughness save against 15 + the damage bonus; a DamageDealt
    without `save` makes no mark, so the GM amends that line with the save."""
    bare = damage("valeros", 3)
    position = len(TRUE20) + 1
    [prompt] = asked(TRUE20, bare)
    assert prompt["fact"] == {"type": "EventAmended", "target": position}
    assert prompt["roll"] == "1d20+3" and prompt["kind"] == "toughness_save"
    saved = {**bare, "save": {"natural": 14, "total": 17, "bonus": 3}}
    assert kinds(TRUE20, bare, fact("EventAmended", target=position, replacement=saved)) == []


@pytest.fixture
def dying_goblin(client: TestClient) -> dict[str, Any]:
    opened = open_fight(client, DND35[1:])
    record(client, opened, GOBLIN_DOWN)
    return opened


def test_the_gm_answers_a_prompt_with_its_fact_and_a_roll_and_players_never_see_it(
    client: TestClient, dying_goblin: dict[str, Any]
) -> None:
    [prompt] = gm_state(client, dying_goblin)["prompts"]
    player = client.get(f"/encounters/{dying_goblin['id']}/state", headers=dying_goblin["player"])
    assert "prompts" not in player.json()
    record(client, dying_goblin, [{**prompt["fact"], "roll": prompt["roll"]}])
    assert gm_state(client, dying_goblin)["prompts"] == []
