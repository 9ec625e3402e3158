"""The live table at the speed of play, continued (issue 25): healing, a condition and a saving
throw alone on many targets as one action; Orcus persistent damage entered from a card and dealt at
its tick."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, gm_url
from tests.browser.gm import (
    area_dialog,
    card,
    fight_in,
    hp,
    latest_line,
    open_card,
    orcus_shrine,
    seeded,
    the_log,
)
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens

PARTY = [
    {"type": "CombatantJoined", "combatant": who, "name": who.capitalize(), "side": "party",
     "stats": {"max_hp": 20, "defenses": {"ac": 16}}}
    for who in ("valeros", "kyra", "merisiel")
]  # fmt: skip
FOES = [
    {"type": "CombatantJoined", "combatant": f"goblin-{k}", "name": f"Goblin {k}", "side": "foes",
     "stats": {"max_hp": 6, "defenses": {"ac": 15}}}
    for k in (1, 2, 3)
]  # fmt: skip
ROLLS = [
    {"type": "InitiativeRolled", "combatant": who, "natural": n, "modifier": 0}
    for who, n in (("kyra", 18), ("valeros", 16), ("merisiel", 14), ("goblin-1", 12),
                   ("goblin-2", 10), ("goblin-3", 8))
]  # fmt: skip
HURT = [
    {"type": "DamageDealt", "target": who, "amount": 9} for who in ("valeros", "kyra", "merisiel")
]
FIGHT = [*PARTY, *FOES, *ROLLS, {"type": "CombatStarted"}, *HURT]  # Kyra acts; lines 2-17


def test_a_mass_cure_heals_every_ally_in_one_action_and_one_undo_takes_it_back(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, FIGHT)
    page.goto(gm_url(server, encounter))
    dialog = area_dialog(page)
    dialog.locator("select[name=effect]").select_option("healing")
    expect(dialog.locator("input[name^=target-]:checked")).to_have_count(3)  # Kyra's side
    expect(dialog.locator("input[name='target-kyra']")).to_be_checked()
    expect(dialog.locator("select[name=save]")).to_have_count(0)  # healing takes no save
    dialog.locator("input[name=amount]").fill("1d8+5")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "area_healing_laptop.png"))
    dialog.locator("button.record-area").click()
    expect(dialog).to_have_count(0)
    lines = the_log(server, encounter)[17:]
    healed = {x["fact"]["amount"] for x in lines}
    assert len(healed) == 1 and 6 <= healed.pop() <= 13  # rolled once for all three
    assert [(x["fact"]["type"], x["fact"]["target"], x["fact"]["source"]) for x in lines] == [
        ("HealingApplied", "kyra", "kyra"), ("HealingApplied", "valeros", "kyra"),
        ("HealingApplied", "merisiel", "kyra"),
    ]  # fmt: skip
    assert {x["fact"]["action"] for x in lines} == {18}
    page.locator(".turn-bar button.undo").click()  # one Undo: all three healings
    for who in ("valeros", "kyra", "merisiel"):
        expect(hp(page, who)).to_have_text("HP 11/20")


def test_a_condition_on_every_foe_spares_those_who_save_and_is_one_action(
    phone: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, FIGHT)
    phone.goto(gm_url(server, encounter))
    dialog = area_dialog(phone)
    dialog.locator("select[name=effect]").select_option("condition")
    dialog.locator("button.all-foes").click()
    expect(dialog.locator("input[name^=target-]:checked")).to_have_count(3)
    dialog.locator("select[name=condition]").select_option("blinded")
    dialog.locator("select[name=duration]").select_option("rounds")
    dialog.locator("input[name=rounds]").fill("3")
    dialog.locator("select[name=save]").select_option("fortitude")
    dialog.locator("input[name=dc]").fill("14")
    for who, die in (("goblin-1", "15"), ("goblin-2", "4"), ("goblin-3", "9")):
        dialog.locator(f"input[name='save-{who}']").fill(die)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "area_condition_phone.png"), full_page=True)
    dialog.locator("button.record-area").click()
    expect(dialog).to_have_count(0)
    lines = the_log(server, encounter)[17:]
    who = [(x["fact"]["type"], x["fact"].get("combatant") or x["fact"]["target"]) for x in lines]
    assert who == [
        ("SavingThrowRolled", "goblin-1"),  # 15 against 14: saved, not blinded
        ("SavingThrowRolled", "goblin-2"), ("ConditionApplied", "goblin-2"),
        ("SavingThrowRolled", "goblin-3"), ("ConditionApplied", "goblin-3"),
    ]  # fmt: skip
    blinded = [x["fact"] for x in lines if x["fact"]["type"] == "ConditionApplied"]
    assert all(x["condition"] == "blinded" and x["duration"] == {"rounds": 3} for x in blinded)
    assert {x["fact"]["action"] for x in lines} == {18}
    expect(card(phone, "goblin-2")).to_contain_text("blinded")
    expect(card(phone, "goblin-1")).not_to_contain_text("blinded")
    phone.locator(".turn-bar button.undo").click()  # one Undo: the saves and the conditions
    expect(card(phone, "goblin-2")).not_to_contain_text("blinded")
    assert all(x["revoked"] for x in the_log(server, encounter)[17:22])


def test_a_saving_throw_alone_for_many_asks_each_save_and_records_them_as_one_action(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, FIGHT)
    page.goto(gm_url(server, encounter))
    dialog = area_dialog(page)
    dialog.locator("select[name=effect]").select_option("save")
    dialog.locator("button.record-area").click()
    expect(dialog.locator("[data-error='area']")).to_have_text("Choose the save and type its DC.")
    dialog.locator("select[name=save]").select_option("will")
    dialog.locator("input[name=dc]").fill("13")
    dialog.locator("input[name='target-goblin-3']").uncheck()
    dialog.locator("input[name='save-goblin-1']").fill("12")
    dialog.locator("button.record-area").click()
    expect(dialog.locator("[data-error='area']")).to_have_text(
        "Type each target's save, or Roll the saves."
    )
    dialog.locator("button.roll-saves").click()  # the service's dice for both
    expect(dialog.locator("input[name='save-goblin-2']")).not_to_have_value("")
    dialog.locator("button.record-area").click()
    expect(dialog).to_have_count(0)
    lines = the_log(server, encounter)[17:]
    assert [(x["fact"]["type"], x["fact"]["combatant"], x["fact"]["save"]) for x in lines] == [
        ("SavingThrowRolled", "goblin-1", "will"), ("SavingThrowRolled", "goblin-2", "will"),
    ]  # fmt: skip
    assert {x["fact"]["action"] for x in lines} == {18}


def test_orcus_persistent_damage_entered_on_a_card_deals_its_damage_at_its_tick(
    page: Any, server: Server
) -> None:
    opened = orcus_shrine(server)
    page.goto(gm_url(server, opened))
    shown = open_card(page, "troll")
    shown.locator("select[name=condition]").select_option("persistent damage")
    shown.locator("button.apply").click()
    expect(shown.locator("[data-error='troll:condition']")).to_have_text(
        "Type the damage it deals each turn."
    )
    shown.locator("input[name=value]").fill("5")
    shown.locator("input[name=condition_damage_type]").fill("fire")
    shown.locator("select[name=duration]").select_option("save_ends")
    shown.locator("button.apply").click()
    expect(page.locator("ol.log li").first).to_contain_text(
        "Troll takes persistent damage: 5 fire each turn"
    )
    applied = the_log(server, opened)[-1]["fact"]
    assert (applied["value"], applied["damage_type"]) == (5, "fire")
    expect(hp(page, "troll")).to_have_text("HP 60/60")
    page.locator(".turn-bar button.next").click()  # the troll's turn starts: its tick
    expect(hp(page, "troll")).to_have_text("HP 55/60")
    dialog = area_dialog(page)  # and on many at once: the troll's foes
    dialog.locator("select[name=effect]").select_option("condition")
    dialog.locator("select[name=condition]").select_option("persistent damage")
    dialog.locator("input[name=value]").fill("3")
    dialog.locator("input[name=condition_damage_type]").fill("acid")
    dialog.locator("button.record-area").click()
    expect(dialog).to_have_count(0)
    acid = the_log(server, opened)[-1]["fact"]
    assert (acid["target"], acid["value"], acid["damage_type"]) == ("mira", 3, "acid")


def test_a_name_over_the_limit_is_named_beside_the_name_box_and_clears_when_fixed(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    page.goto(gm_url(server, encounter))
    details = page.locator("section.setup details").first
    expect(details).to_be_attached()
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = page.locator("form.add-creatures")
    form.locator("input[name=name]").fill("Goblin " + "very " * 40 + "long")  # 211 characters
    form.locator("input[data-stat=max_hp]").fill("6")
    form.locator("button.add").click()
    page.expected_errors = 1  # the browser logs the service's 422
    beside = form.locator("label:has(input[name=name]) [data-error='add:name']")
    expect(beside).to_have_text("The name may have at most 200 characters.")
    expect(form.locator("input[name=name]")).to_have_attribute("aria-invalid", "true")
    expect(form.locator("[data-error='add']")).to_have_count(0)  # named at its field, not below
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "add_creatures_long_name_laptop.png"))
    form.locator("input[name=name]").fill("Goblin archer")
    expect(beside).to_have_count(0)  # fixed: the error goes
    form.locator("button.add").click()
    expect(card(page, "goblin-archer")).to_be_visible()


def test_rolled_damage_shows_its_dice_in_the_log(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    sword = {"name": "Longsword", "bonus": 6, "damage": "2d8+3", "damage_type": "slashing"}
    seeded(server, encounter, [
        {"type": "CombatantJoined", "combatant": "valeros", "name": "Valeros", "side": "party",
         "stats": {"max_hp": 12, "defenses": {"ac": 18}, "attacks": [sword]}},
        *FOES[:1],
        {"type": "InitiativeRolled", "combatant": "valeros", "natural": 18, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "goblin-1", "natural": 12, "modifier": 0},
        {"type": "CombatStarted"},
    ])  # fmt: skip
    page.goto(gm_url(server, encounter))
    page.locator(".turn-bar .stored-attacks.acting button.stored").click()
    dialog = page.locator("dialog.stored-attack")
    dialog.locator("input[name=d20]").fill("14")  # 20 vs AC 15: a hit, its damage rolled
    expect(dialog.locator(".outcome")).to_have_attribute("data-outcome", "hit")
    dialog.locator("button.record-stored").click()
    expect(dialog).to_have_count(0)
    dealt = the_log(server, encounter)[-1]["fact"]
    first, second = dealt["rolled"]["dice"]
    assert dealt["rolled"]["notation"] == "2d8+3" and dealt["amount"] == first + second + 3
    expect(latest_line(page)).to_contain_text(
        f"Goblin 1 takes {dealt['amount']} slashing damage (2d8+3: rolled {first}, {second})"
    )
    shown = open_card(page, "valeros")  # a healing rolled on a card keeps its dice too
    shown.locator("input[name=amount]").fill("1d4")
    shown.locator("button.heal").click()
    healed = the_log(server, encounter)[-1]["fact"]
    expect(latest_line(page)).to_contain_text(
        f"Valeros heals {healed['amount']} (1d4: rolled {healed['rolled']['dice'][0]})"
    )


def test_a_stored_attack_carries_starfinder_s_overcomes_and_true20_s_toughness_save(
    page: Any, server: Server
) -> None:
    pistol = {"name": "Holy pistol", "bonus": 8, "damage": "1d6+4", "damage_type": "piercing",
              "defense": "kac"}  # fmt: skip
    starfinder = fight_in(server, "starfinder", [
        {"type": "CombatantJoined", "combatant": "navasi", "name": "Navasi", "side": "party",
         "stats": {"max_hp": 22, "defenses": {"eac": 15, "kac": 16}, "attacks": [pistol]}},
        {"type": "CombatantJoined", "combatant": "robot", "name": "Robot", "side": "foes",
         "stats": {"max_hp": 30, "defenses": {"eac": 14, "kac": 16},
                   "dr": {"amount": 5, "overcome_by": "magic"}}},
        {"type": "InitiativeRolled", "combatant": "navasi", "natural": 15, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "robot", "natural": 5, "modifier": 0},
        {"type": "CombatStarted"},
    ])  # fmt: skip
    page.goto(gm_url(server, starfinder))
    page.locator(".turn-bar .stored-attacks.acting button.stored").click()
    dialog = page.locator("dialog.stored-attack")
    dialog.locator("input[name=d20]").fill("12")  # 20 vs KAC 16: a hit
    dialog.locator("input[name=damage]").fill("10")
    dialog.locator("input[name=overcomes]").fill("magic")  # gets past the robot's DR 5/magic
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "stored_attack_overcomes_laptop.png"))
    dialog.locator("button.record-stored").click()
    expect(dialog).to_have_count(0)
    assert the_log(server, starfinder)[-1]["fact"]["overcomes"] == ["magic"]
    expect(hp(page, "robot")).to_have_text("HP 20/30")  # all 10 through, none stopped

    sword = {"name": "Sword", "bonus": 5, "damage": 3}
    true20 = fight_in(server, "true20", [
        {"type": "CombatantJoined", "combatant": "finn", "name": "Finn", "side": "party",
         "stats": {"initiative_modifier": 2, "dexterity": 2, "constitution": 1, "toughness": 2,
                   "defenses": {"defense": 15}, "attacks": [sword]}},
        {"type": "CombatantJoined", "combatant": "bandit", "name": "Bandit", "side": "foes",
         "stats": {"initiative_modifier": 1, "dexterity": 1, "constitution": 1, "toughness": 1,
                   "defenses": {"defense": 13}}},
        {"type": "InitiativeRolled", "combatant": "finn", "natural": 15, "modifier": 2},
        {"type": "InitiativeRolled", "combatant": "bandit", "natural": 5, "modifier": 1},
        {"type": "CombatStarted"},
    ])  # fmt: skip
    page.goto(gm_url(server, true20))
    page.locator(".turn-bar .stored-attacks.acting button.stored").click()
    dialog.locator("input[name=d20]").fill("14")  # 19 vs Defense 13: a hit
    expect(dialog.locator("input[name=toughness]")).to_have_value("1")  # the bandit's own
    dialog.locator("input[name=save]").fill("5")  # 6 against 15 + 3: failed by 12
    dialog.locator("button.record-stored").click()
    expect(dialog).to_have_count(0)
    dealt = the_log(server, true20)[-1]["fact"]
    assert (dealt["amount"], dealt["save"]) == (3, {"natural": 5, "total": 6})
    expect(latest_line(page)).to_contain_text("(Toughness save d20 5: 6)")
