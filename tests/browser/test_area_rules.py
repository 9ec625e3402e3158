"""An area effect as each system's rules spare a target (issue 25): Orcus's attack roll against each
target, its miss dealing the power's half damage (none to a mook); Starfinder's half on a save,
rounded down. What a spared target takes comes from the ruleset, never from the page's own sums."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, gm_url
from tests.browser.gm import area_dialog, card, fight_in, hp, the_log
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens

MOOK = {"max_hp": 10, "level": 3, "role": "mook",
        "defenses": {"ac": 15, "fortitude": 13, "reflex": 14, "will": 12}}  # fmt: skip


def test_an_orcus_burst_is_an_attack_roll_against_each_target_and_a_miss_deals_half(
    phone: Any, server: Server
) -> None:
    opened = fight_in(server, "orcus", [
        {"type": "CombatantJoined", "combatant": "mira", "name": "Mira", "side": "party",
         "stats": {"max_hp": 36, "level": 4, "role": "standard",
                   "defenses": {"ac": 17, "fortitude": 14, "reflex": 16, "will": 15}}},
        {"type": "CombatantJoined", "combatant": "troll", "name": "Troll", "side": "foes",
         "stats": {"max_hp": 60, "level": 5, "role": "brute",
                   "defenses": {"ac": 17, "fortitude": 19, "reflex": 20, "will": 15}}},
        {"type": "CombatantJoined", "combatant": "imp", "name": "Imp", "side": "foes",
         "stats": MOOK},
        {"type": "CombatantJoined", "combatant": "imp-2", "name": "Imp 2", "side": "foes",
         "stats": MOOK},
        {"type": "InitiativeRolled", "combatant": "mira", "natural": 15, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "troll", "natural": 5, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "imp", "natural": 4, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "imp-2", "natural": 3, "modifier": 0},
        {"type": "CombatStarted"},
    ])  # fmt: skip  # Mira acts first; lines 2-10
    phone.goto(gm_url(server, opened))
    dialog = area_dialog(phone)
    expect(dialog.locator("select[name=user]")).to_have_value("mira")  # the acting combatant
    expect(dialog.locator("input[name^=target-]:checked")).to_have_count(3)  # every foe in view
    dialog.locator("input[name=amount]").fill("13")
    dialog.locator("input[name=damage_type]").fill("fire")
    dialog.locator("input[name=attack_bonus]").fill("7")
    dialog.locator("select[name=defense]").select_option("reflex")
    expect(dialog.locator("select[name=success]")).to_have_value("half")  # Miss: half damage
    expect(dialog.locator(".area-rule")).to_contain_text("004 L940")
    dialog.locator("input[name='attack-troll']").fill("5")  # 12 vs Reflex 20: a miss
    dialog.locator("input[name='attack-imp']").fill("10")  # 17 vs 14: a hit
    dialog.locator("input[name='attack-imp-2']").fill("3")  # 10 vs 14: a miss
    outcomes = dialog.locator(".area-outcome")  # before Record: each as the rules read it
    expect(outcomes).to_have_text(["misses: 6", "hit: 13", "misses: 0"])  # a mook: none (L1589)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "area_orcus_burst_phone.png"))
    dialog.locator("button.record-area").click()
    expect(dialog).to_have_count(0)
    expect(hp(phone, "troll")).to_have_text("HP 54/60")  # missed: half of 13, rounded down
    expect(card(phone, "imp")).to_contain_text("dead")  # hit: a mook falls
    expect(hp(phone, "imp-2")).to_have_text("HP 1/1")  # a mook takes no miss damage (L1589)
    lines = [line["fact"] for line in the_log(server, opened)[10:]]
    assert [(f["type"], f["target"], f.get("amount"), f.get("on_miss", False), f.get("attack"))
            for f in lines] == [
        ("AttackMade", "troll", None, False, None), ("DamageDealt", "troll", 6, True, 11),
        ("AttackMade", "imp", None, False, None), ("DamageDealt", "imp", 13, False, 13),
        ("AttackMade", "imp-2", None, False, None), ("DamageDealt", "imp-2", 6, True, 15),
    ]  # fmt: skip  # each damage line names its own attack line
    assert {f["action"] for f in lines} == {11}  # one action: one Undo takes it all back
    phone.locator(".turn-bar button.undo").click()
    expect(hp(phone, "troll")).to_have_text("HP 60/60")


def test_a_starfinder_save_for_half_rounds_down(page: Any, server: Server) -> None:
    stats = {"max_hp": 20, "max_stamina": 0, "defenses": {"eac": 13, "kac": 15}}
    opened = fight_in(server, "starfinder", [
        {"type": "CombatantJoined", "combatant": "keskodai", "name": "Keskodai", "side": "party",
         "stats": {**stats, "max_hp": 16}},
        {"type": "CombatantJoined", "combatant": "drone", "name": "Drone", "side": "foes",
         "stats": stats},
        {"type": "CombatantJoined", "combatant": "drone-2", "name": "Drone 2", "side": "foes",
         "stats": stats},
        {"type": "InitiativeRolled", "combatant": "keskodai", "natural": 15, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "drone", "natural": 5, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "drone-2", "natural": 4, "modifier": 0},
        {"type": "CombatStarted"},
    ])  # fmt: skip
    page.goto(gm_url(server, opened))
    dialog = area_dialog(page)
    dialog.locator("input[name=amount]").fill("7")
    dialog.locator("select[name=save]").select_option("reflex")
    dialog.locator("input[name=dc]").fill("14")
    expect(dialog.locator(".area-rule")).to_contain_text("half of 7 is 3")
    dialog.locator("input[name='save-drone']").fill("18")  # saved: half of 7
    dialog.locator("input[name='save-drone-2']").fill("2")  # failed: all 7
    expect(dialog.locator(".area-outcome")).to_have_text(["saves: 3", "fails: 7"])
    page.screenshot(path=str(SCREENSHOTS / "area_starfinder_half_laptop.png"))
    dialog.locator("button.record-area").click()
    expect(dialog).to_have_count(0)
    expect(hp(page, "drone")).to_have_text("HP 17/20")
    expect(hp(page, "drone-2")).to_have_text("HP 13/20")
