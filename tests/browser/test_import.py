"""A GM drops their Foundry party and three Improved Initiative monsters on the GM page, reads
what came across and what did not, keeps them, and starts the fight with an imported attack —
in D&D 3.5 and in Starfinder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, operator_token
from tests.browser.fight import create_encounter, record_attack, set_initiative
from tests.browser.gm import card, the_log
from tests.import_helpers import FIXTURES
from tests.server_helpers import Server


def library(page: Any) -> Any:
    details = page.locator("section.setup details").nth(1)
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    expect(page.locator(".drop-zone")).to_be_visible()
    return details


def drop(page: Any, path: Path, zone: str = ".import .drop-zone") -> None:
    """The file dragged from the desktop and dropped on the page's drop zone."""
    moved = page.evaluate_handle(
        """([name, text]) => {
             const data = new DataTransfer();
             data.items.add(new File([text], name, { type: "application/json" }));
             return data; }""",
        [path.name, path.read_text()],
    )
    page.locator(zone).dispatch_event("drop", {"dataTransfer": moved})


def report(page: Any, name: str) -> Any:
    return page.locator(f"section.import-report[data-file='{name}']")


def bring(page: Any, party: str, monsters: str) -> None:
    """The party dropped, the monsters picked; both read, then kept."""
    library(page)
    drop(page, FIXTURES / party)
    expect(report(page, party).locator("[role=status]")).to_contain_text("nothing kept yet")
    page.locator("input[name=import-files]").set_input_files(str(FIXTURES / monsters))
    expect(report(page, monsters).locator("[role=status]")).to_have_text(
        "Read 3: nothing kept yet."
    )
    for name in (party, monsters):
        report(page, name).locator("button.keep-import").click()
        expect(report(page, name).locator("[role=status]")).to_contain_text("Kept")


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def attack_with(page: Any, attacker: str, target: str, weapon: str, natural: int) -> Any:
    card(page, target).locator("button.attack-it").click()
    dialog = page.locator("dialog.attack")
    dialog.locator("select[name=attacker]").select_option(attacker)
    dialog.locator("select[name=weapon]").select_option(weapon)
    dialog.locator("input[name=natural]").fill(str(natural))
    return dialog


def test_a_foundry_party_and_improved_initiative_monsters_fight_in_dnd35(
    page: Any, server: Server
) -> None:
    encounter = create_encounter(page, server, "Brought along", "dnd35")
    bring(page, "foundry_d35e_party.json", "improved_initiative_export.json")
    party = report(page, "foundry_d35e_party.json")
    mialee = party.locator("li.imported[data-imported='mialee']")
    expect(mialee.locator("details.not-tracked")).to_contain_text(
        "spell Magic Missile: not tracked"
    )
    expect(mialee.locator("details.note")).to_contain_text("Saves: Fort +1, Ref +3, Will +3")
    orc = report(page, "improved_initiative_export.json").locator(
        "li.imported[data-imported='orc']"
    )
    expect(orc.locator("details.note")).to_contain_text("Light Sensitivity (Ex)")
    shot(page, "test_import_report_dnd35")
    page.locator("button.add-party").click()
    orc.locator("button.add-imported").click()
    expect(card(page, "orc")).to_be_visible()
    set_initiative(page, {"tordek": 18, "mialee": 12, "orc": 5})
    page.locator("button.start").click()
    dialog = attack_with(page, "tordek", "orc", "Dwarven Waraxe", 15)
    expect(dialog.locator("input[name=bonus]")).to_have_value("3")
    expect(dialog.locator("input[name=amount]")).to_have_value("1d10+2")
    expect(dialog.locator(".outcome")).to_have_text("Tordek hits Orc (18 vs AC 13)")
    record_attack(dialog)
    tokens = httpx.get(f"{server.url}/encounters/{encounter}/tokens", headers=server.operator)
    lines = the_log(server, tokens.json())
    made = next(line["fact"] for line in lines if line["fact"]["type"] == "AttackMade")
    assert (made["weapon"], made["multiplier"], made["total"]) == ("Dwarven Waraxe", 3, 18)
    dealt = next(line["fact"] for line in lines if line["fact"]["type"] == "DamageDealt")
    assert 3 <= dealt["amount"] <= 12 and dealt["damage_type"] == "slashing"  # 1d10+2, rolled


def test_a_foundry_party_and_improved_initiative_monsters_fight_in_starfinder(
    page: Any, server: Server
) -> None:
    create_encounter(page, server, "Brought along the Drift", "starfinder")
    bring(page, "foundry_sfrpg_party.json", "improved_initiative_starfinder.json")
    monsters = report(page, "improved_initiative_starfinder.json")
    ysoki = monsters.locator("li.imported[data-imported='ysoki-thief']")
    expect(ysoki.locator("details.note")).to_contain_text("Starfinder reads EAC and KAC")
    shot(page, "test_import_report_starfinder")
    page.locator("button.add-party").click()
    monsters.locator("li.imported[data-imported='ghoul'] button.add-imported").click()
    expect(card(page, "ghoul")).to_be_visible()
    set_initiative(page, {"obozaya": 17, "keskodai": 9, "ghoul": 6})
    page.locator("button.start").click()
    dialog = attack_with(page, "obozaya", "ghoul", "Doshko, tactical", 12)
    expect(dialog.locator("select[name=defense]")).to_have_value("kac")
    expect(dialog.locator(".outcome")).to_have_text("Obozaya hits Ghoul (17 vs KAC 14)")
    record_attack(dialog)
    expect(card(page, "ghoul").locator(".bar.hp .text")).not_to_have_text("HP 25/25")
    with page.expect_download() as download:
        page.locator("button.export-improved-initiative").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["PersistentCharacters"] == ["starfinder-keskodai", "starfinder-obozaya"]


def test_the_report_reads_on_a_phone(phone: Any, server: Server) -> None:
    create_encounter(phone, server, "Pocket import", "dnd35")
    library(phone)
    drop(phone, FIXTURES / "srd_dnd35.txt")
    shown = report(phone, "srd_dnd35.txt")
    expect(shown.locator("[role=status]")).to_have_text("Read 3: nothing kept yet.")
    shown.locator("li.imported[data-imported='gargoyle'] details.note").scroll_into_view_if_needed()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


def test_a_fight_in_progress_dropped_on_the_landing_page_is_read_then_opens_where_it_stood(
    page: Any, phone: Any, server: Server
) -> None:
    phone.goto(f"{server.url}/#operator={operator_token(server)}")
    expect(phone.locator("form.new-encounter .fight-drop")).to_be_visible()
    shot(phone, "import_fight_landing_phone")
    page.goto(f"{server.url}/#operator={operator_token(server)}")
    before = httpx.get(f"{server.url}/encounters", headers=server.operator).json()
    drop(page, FIXTURES / "improved_initiative_fight.json", "form.new-encounter .fight-drop")
    shown = page.locator("section.fight-report[data-file='improved_initiative_fight.json']")
    expect(shown.locator("[role=status]")).to_have_text(
        "Read 3 combatants, round 2, Orc 2’s turn, in D&D 3.5 (SRD); every field came across. "
        "Nothing kept yet."
    )
    orc = shown.locator("li.imported[data-imported='orc-2']")
    expect(orc.locator(".standing")).to_have_text("initiative 8 · HP 2/5 (+3 temp) · Falchion")
    expect(orc.locator(".hidden-tag")).to_have_text("hidden")
    expect(orc.locator(".now")).to_have_text("its turn")
    expect(orc.locator("details.kept")).to_contain_text("3 damage taken before the import")
    shot(page, "import_fight_report")
    assert httpx.get(f"{server.url}/encounters", headers=server.operator).json() == before
    shown.locator("button.start-import").click()
    expect(page.locator("#workspace")).to_be_visible()
    expect(card(page, "orc-2")).to_be_visible()
    expect(page.locator(".turn-bar .round")).to_contain_text("Round 2 — Orc 2’s turn")
    shot(page, "import_fight_opened")
    library(page)
    with page.expect_download() as download:
        page.locator("button.export-fight").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert (saved["RoundCounter"], saved["ActiveCombatantId"]) == (2, "orc-2")
    assert [(c["Id"], c["CurrentHP"], c["Hidden"]) for c in saved["Combatants"]] == [
        ("kyra", 9, False), ("orc-1", 5, False), ("orc-2", 2, True),
    ]  # fmt: skip
    shot(page, "import_fight_export")


def test_a_foundry_combat_read_on_a_phone_shows_what_did_not_map_and_cancel_keeps_nothing(
    phone: Any, server: Server
) -> None:
    phone.goto(f"{server.url}/#operator={operator_token(server)}")
    phone.locator("form.new-encounter select[name=ruleset]").select_option("starfinder")
    combat = FIXTURES / "foundry_combat_sfrpg.json"
    before = httpx.get(f"{server.url}/encounters", headers=server.operator).json()
    phone.locator("input[name=import-fight]").set_input_files(str(combat))
    shown = phone.locator("section.fight-report[data-file='foundry_combat_sfrpg.json']")
    expect(shown.locator("[role=status]")).to_have_text(
        "Read 3 combatants, round 1, Obozaya’s turn, in Starfinder; 16 fields not tracked. "
        "Nothing kept yet."
    )
    keskodai = shown.locator("li.imported[data-imported='keskodai']")
    expect(keskodai.locator(".standing")).to_contain_text("initiative 14 · SP 4/7 · HP 13/13")
    unmapped = keskodai.locator("details.not-tracked")
    expect(unmapped).to_contain_text("equipment Second skin: not tracked")
    unmapped.scroll_into_view_if_needed()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    shot(phone, "import_fight_report_phone")
    phone.screenshot(path=str(SCREENSHOTS / "import_fight_report_phone_view.png"))
    shown.locator("button.cancel-import").click()
    expect(shown).to_have_count(0)
    assert httpx.get(f"{server.url}/encounters", headers=server.operator).json() == before
    phone.locator("input[name=import-fight]").set_input_files(str(combat))
    shown.locator("button.start-import").click()
    expect(card(phone, "fire-azer")).to_be_visible()
    expect(phone.locator(".turn-bar .round")).to_contain_text("Obozaya")
