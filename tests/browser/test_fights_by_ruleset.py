"""A short fight per other ruleset, run only from the GM page: the library, an attack judged
against that system's defense, what its rules ask for answered, a resource spent, an undo, the
analytics crediting each attacker (the 3.5 fight in test_fight_dnd35.py also amends, replays
both timelines and watches the players' page)."""

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
from tests.browser.gm import card, deal, hp, latest_line, open_card
from tests.server_helpers import Server


def party_and_foes(page: Any, server: Server, ruleset: str, library: list[dict[str, Any]]) -> None:
    stock_library(server, ruleset, library)
    create_encounter(page, server, f"A {ruleset} skirmish", ruleset)
    foe = library[1]["id"]
    add_from_library(page, party=True, foes={foe: 1})
    set_initiative(page, {library[0]["id"]: 18, foe: 8})
    page.locator("button.start").click()
    expect(page.locator("li.combatant.current")).to_have_attribute("data-id", library[0]["id"])


def undo_a_mistake(page: Any, who: str, save: int = 0) -> None:
    """Damage recorded on the wrong card, taken back with the `u` key."""
    vitals = card(page, who).locator(".vitals")
    before = vitals.text_content() or ""
    deal(page, who, "2", save=save)
    expect(vitals).not_to_have_text(before)
    page.locator("body").press("u")
    expect(vitals).to_have_text(before)
    expect(latest_line(page)).to_contain_text("Undo line")


D20MODERN = [
    {"id": "cole", "name": "Cole", "side": "party", "party": True, "stats": {
        "max_hp": 22, "initiative_modifier": 2, "constitution": 14,
        "defenses": {"defense": 16, "touch": 14, "flat_footed": 14}}},
    {"id": "thug", "name": "Thug", "side": "foes", "stats": {
        "max_hp": 10, "defenses": {"defense": 12, "touch": 11, "flat_footed": 11}}},
]  # fmt: skip


def test_a_d20_modern_fight_asks_for_the_massive_damage_save(page: Any, server: Server) -> None:
    party_and_foes(page, server, "d20modern", D20MODERN)
    dialog = attack(page, "cole", "thug", 13, 4, amount=6)
    expect(dialog.locator(".outcome")).to_have_text("Cole hits Thug (17 vs Defense 12)")
    record_attack(dialog)
    expect(hp(page, "thug")).to_have_text("HP 4/10")
    undo_a_mistake(page, "thug")
    page.locator("body").press("n")
    dialog = attack(page, "thug", "cole", 15, 3, amount=15)
    record_attack(dialog)
    # 003 massive damage: damage of at least the Constitution score calls for a DC 15 save.
    expect(card(page, "cole").locator("button.prompt")).to_contain_text("massive damage")
    answer_prompt(page, "cole", "massive damage", natural=17)
    expect(latest_line(page)).to_contain_text("Cole fortitude save: d20 17")
    expect(hp(page, "cole")).to_have_text("HP 7/22")
    assert damage_dealt(page) == {"Cole": "6", "Thug": "15"}


STARFINDER = [
    {"id": "navasi", "name": "Navasi", "side": "party", "party": True, "stats": {
        "max_hp": 22, "max_stamina": 15, "max_resolve": 5, "initiative_modifier": 2,
        "defenses": {"eac": 15, "kac": 17}}},
    {"id": "space-goblin", "name": "Space goblin", "side": "foes", "stats": {
        "max_hp": 8, "dr": "2/magic", "defenses": {"eac": 11, "kac": 13}}},
]  # fmt: skip


def test_a_starfinder_fight_spends_resolve_to_stabilize(page: Any, server: Server) -> None:
    party_and_foes(page, server, "starfinder", STARFINDER)
    dialog = attack(page, "navasi", "space-goblin", 14, 4, amount=5, damage_type="slashing")
    dialog.locator("input[name=overcomes]").fill("magic")  # a magic blade: DR 2/magic stops none
    dialog.locator("select[name=defense]").select_option("kac")
    expect(dialog.locator(".outcome")).to_have_text("Navasi hits Space goblin (18 vs KAC 13)")
    record_attack(dialog)
    expect(hp(page, "space-goblin")).to_have_text("HP 3/8")
    expect(card(page, "space-goblin").locator(".bar.stamina")).to_have_count(0)  # it has none
    page.locator("body").press("n")
    dialog = attack(page, "space-goblin", "navasi", 12, 6, amount=37)
    dialog.locator("select[name=defense]").select_option("eac")  # a laser: Energy Armor Class
    expect(dialog.locator(".outcome")).to_have_text("Space goblin hits Navasi (18 vs EAC 15)")
    record_attack(dialog)
    navasi = card(page, "navasi")
    expect(navasi.locator(".bar.stamina .text")).to_have_text("SP 0/15")
    expect(hp(page, "navasi")).to_have_text("HP 0/22")
    undo_a_mistake(page, "space-goblin")
    page.locator("body").press("n")  # Navasi's turn, dying
    # 002 L623: on its turn a dying creature may spend Resolve to stabilize — one click.
    navasi.locator("button.prompt", has_text="stabilize").click()
    expect(navasi.locator(".bar.resolve .text")).to_have_text("RP 4/5")
    expect(navasi.locator(".status.stable")).to_be_visible()
    expect(navasi.locator("button.prompt", has_text="stabilize")).to_have_count(0)
    assert damage_dealt(page) == {"Navasi": "5", "Space goblin": "37"}


TRUE20 = [
    {"id": "finn", "name": "Finn", "side": "party", "party": True, "stats": {
        "initiative_modifier": 2, "dexterity": 2, "constitution": 1, "toughness": 2,
        "defenses": {"defense": 15}}},
    {"id": "bandit", "name": "Bandit", "side": "foes", "stats": {
        "initiative_modifier": 1, "dexterity": 1, "constitution": 1, "toughness": 1,
        "defenses": {"defense": 13}}},
]  # fmt: skip


def test_a_true20_fight_takes_the_toughness_save_with_the_damage(page: Any, server: Server) -> None:
    party_and_foes(page, server, "true20", TRUE20)
    dialog = attack(page, "finn", "bandit", 15, 3, amount=4, save=5)
    expect(dialog.locator("input[name=toughness]")).to_have_value("1")  # the bandit's bonus
    expect(dialog.locator(".outcome")).to_have_text("Finn hits Bandit (18 vs Defense 13)")
    record_attack(dialog)
    expect(latest_line(page)).to_contain_text("Toughness save d20 5: 6")
    expect(card(page, "bandit").locator(".track .tally").first).not_to_have_text("bruised 0")
    page.locator("body").press("n")
    dialog = attack(page, "bandit", "finn", 17, 2, amount=3, save=10)
    record_attack(dialog)
    finn = open_card(page, "finn")
    finn.locator("select[name=purpose]").select_option("recovery")
    finn.locator("button.spend").click()  # Conviction, spent on a recovery check
    expect(latest_line(page)).to_contain_text("Finn spends Conviction (recovery)")
    answer_prompt(page, "finn", "recovery check", natural=14)
    expect(latest_line(page)).to_contain_text("Finn recovery check: rolls 14")
    deal(page, "bandit", "1")  # recorded without its Toughness save: the rules ask for it
    answer_prompt(page, "bandit", "no Toughness save", natural=12)  # the line amended with it
    expect(latest_line(page)).to_contain_text("(Toughness save d20 12: 13)")
    undo_a_mistake(page, "bandit", save=2)  # fails DC 17: the track takes it
    assert damage_dealt(page) == {"Finn": "4", "Bandit": "3"}


ORCUS = [
    {"id": "kira", "name": "Kira", "side": "party", "party": True, "stats": {
        "max_hp": 30, "initiative_modifier": 2, "level": 1,
        "defenses": {"ac": 17, "fortitude": 15, "reflex": 13, "will": 12}}},
    {"id": "orc", "name": "Orc", "side": "foes", "stats": {
        "max_hp": 20, "level": 1,
        "defenses": {"ac": 15, "fortitude": 13, "reflex": 12, "will": 11}}},
]  # fmt: skip


def test_an_orcus_fight_asks_for_a_death_save_and_amends_a_hit(page: Any, server: Server) -> None:
    party_and_foes(page, server, "orcus", ORCUS)
    kira = open_card(page, "kira")
    kira.locator("button.spend").click()  # an action point
    expect(latest_line(page)).to_contain_text("Kira spends an action point")
    dialog = attack(page, "kira", "orc", 16, 5, amount=8)
    dialog.locator("input[name=miss_half]").check()  # "Miss: half damage", a hit anyway
    expect(dialog.locator(".outcome")).to_have_text("Kira hits Orc (21 vs AC 15)")
    record_attack(dialog)
    expect(hp(page, "orc")).to_have_text("HP 12/20")
    damage = position_of(page, "Orc takes 8 damage")
    # The action point buys a second attack: a power with "Miss: half damage".
    dialog = attack(page, "kira", "orc", 2, 5, amount=6)
    dialog.locator("input[name=miss_half]").check()
    expect(dialog.locator(".outcome")).to_have_text("Kira misses Orc (7 vs AC 15)")
    record_attack(dialog)
    expect(latest_line(page)).to_contain_text("Orc takes 3 damage on a miss")
    expect(hp(page, "orc")).to_have_text("HP 9/20")
    page.locator("body").press("n")
    record_attack(attack(page, "orc", "kira", 18, 6, amount=32))
    expect(hp(page, "kira")).to_have_text("HP -2/30")
    page.locator("body").press("n")  # Kira's turn: 004 L1461, a death saving throw
    answer_prompt(page, "kira", "death saving throw", natural=12)
    expect(latest_line(page)).to_contain_text("Kira death save: d20 12")
    amend_field(page, damage, "amount", "10")
    expect(hp(page, "orc")).to_have_text("HP 7/20")
    replay_at(page, damage, "then")
    expect(hp(page, "orc")).to_have_text("HP 12/20")
    replay_at(page, damage, "corrected")
    expect(hp(page, "orc")).to_have_text("HP 10/20")
    back_to_live(page)
    assert damage_dealt(page) == {"Kira": "13", "Orc": "32"}
