"""A whole D&D 3.5 fight run only from the GM page: the library, attacks, a save, the d% to
stabilize, a mistake undone, an amendment, both timelines, the players' page, the analytics."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.fight import (
    add_from_library,
    amend_field,
    answer_prompt,
    attack,
    back_to_live,
    create_encounter,
    damage_dealt,
    position_of,
    record_attack,
    replay_at,
    set_initiative,
    stock_library,
)
from tests.browser.gm import card, deal, hp, latest_line, log_line
from tests.server_helpers import Server

LIBRARY = [
    {"id": "tordek", "name": "Tordek", "side": "party", "party": True, "stats": {
        "max_hp": 31, "initiative_modifier": 1, "constitution": 16,
        "defenses": {"ac": 18, "touch": 10, "flat_footed": 18}}},
    {"id": "goblin", "name": "Goblin", "side": "foes", "stats": {
        "max_hp": 6, "initiative_modifier": 1,
        "defenses": {"ac": 15, "touch": 12, "flat_footed": 14}}},
]  # fmt: skip


def test_a_whole_dnd35_fight_runs_from_the_page(page: Any, server: Server) -> None:
    stock_library(server, "dnd35", LIBRARY)
    create_encounter(page, server, "Goblin ambush", "dnd35")
    add_from_library(page, party=True, foes={"goblin": 2})  # Goblin 1 and Goblin 2, ids made
    expect(card(page, "goblin-2").locator(".name")).to_have_text("Goblin 2")
    with page.context.expect_page() as opened:
        page.locator("#player-link").click()
    players = opened.value
    page.bring_to_front()  # the GM's tab in front: a covered tab's clicks wait on its paused frames
    set_initiative(page, {"tordek": 18, "goblin-1": 10, "goblin-2": 5})
    page.locator("button.start").click()
    expect(page.locator("li.combatant.current")).to_have_attribute("data-id", "tordek")

    # Tordek's turn: the outcome shows before it is recorded, against the goblin's AC.
    dialog = attack(page, "tordek", "goblin-1", 15, 5, amount=7, damage_type="slashing")
    expect(dialog.locator(".outcome")).to_have_text("Tordek hits Goblin 1 (20 vs AC 15)")
    record_attack(dialog)
    expect(latest_line(page)).to_contain_text("Goblin 1 takes 7 slashing damage")
    hit = position_of(page, "Tordek hits Goblin 1")
    expect(log_line(page, hit)).to_contain_text("(d20 15: 20 vs AC 15) for 7 slashing")
    expect(hp(page, "goblin-1")).to_have_text("HP -1/6")

    card(page, "tordek").locator("button.roll-for").click()  # a save, the same way
    save = page.locator("dialog.rolls")
    save.locator("select[name=save]").select_option("fortitude")
    save.locator("input[name=bonus]").fill("2")
    save.locator("input[name=dc]").fill("15")
    save.locator("input[name=natural]").fill("8")
    expect(save.locator(".outcome")).to_have_text("failure")
    save.locator("button.record-roll").click()
    expect(latest_line(page)).to_have_text(
        "11Tordek fortitude save: d20 8 → 10 vs DC 15 — failureundoamendbranch"
    )
    page.locator("body").press("n")
    expect(page.locator("li.combatant.current")).to_have_attribute("data-id", "goblin-1")
    # 000 "DYING" L1165-1174: on its turn the rules ask for the d% to stabilize, on its card.
    expect(card(page, "goblin-1").locator("button.prompt")).to_contain_text("roll d% to stabilize")
    answer_prompt(page, "goblin-1", "stabilize", natural=50)  # 000 L1168: a failed roll, −1 HP
    expect(latest_line(page)).to_contain_text("Goblin 1 stabilize check: rolls 50")
    expect(hp(page, "goblin-1")).to_have_text("HP -2/6")
    page.locator("button.next").click()
    expect(page.locator("li.combatant.current")).to_have_attribute("data-id", "goblin-2")

    # Goblin 2 attacks from the turn bar: the acting combatant is the attacker.
    page.locator("button.attack-now").click()
    dialog = page.locator("dialog.attack")
    expect(dialog.locator("select[name=attacker]")).to_have_value("goblin-2")
    dialog.locator("select[name=target]").select_option("tordek")
    dialog.locator("input[name=bonus]").fill("3")
    dialog.locator("input[name=natural]").fill("19")
    dialog.locator("input[name=amount]").fill("4")
    expect(dialog.locator(".outcome")).to_contain_text("hits Tordek (22 vs AC 18)")
    record_attack(dialog)
    expect(hp(page, "tordek")).to_have_text("HP 27/31")
    expect(players.locator("li.combatant[data-id='tordek'] .bar.hp .text")).to_have_text(
        "HP 27/31"
    )  # the player view follows live

    deal(page, "tordek", "5")
    # a mistake: nobody hit Tordek again
    expect(hp(page, "tordek")).to_have_text("HP 22/31")
    mistake = position_of(page, "Tordek takes 5 damage")
    log_line(page, mistake).locator("button.undo-line").click()
    expect(hp(page, "tordek")).to_have_text("HP 27/31")

    amend_field(page, hit + 1, "amount", "8")  # the damage was 8, not 7
    expect(hp(page, "goblin-1")).to_have_text("HP -3/6")
    replay_at(page, hit + 1, "then")  # as it stood then: 7 damage
    expect(hp(page, "goblin-1")).to_have_text("HP -1/6")
    replay_at(page, hit + 1, "corrected")  # as corrected: the 8 applies from that line on
    expect(hp(page, "goblin-1")).to_have_text("HP -2/6")
    back_to_live(page)

    assert damage_dealt(page) == {"Tordek": "8", "Goblin 2": "4", "Goblin 1": "0"}
