"""A GM drops their Foundry party and three Improved Initiative monsters on the GM page, reads
what came across and what did not, keeps them, and starts the fight with an imported attack —
in D&D 3.5 and in Starfinder."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, axe_violations, operator_token
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


def shot(page: Any, name: str, at: Any = None) -> None:
    """The whole page; on a phone also what the screen shows with `at` scrolled into view."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    if at is not None:
        at.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"{name}_screen.png"))


def attack_with(page: Any, attacker: str, target: str, weapon: str, natural: int) -> Any:
    card(page, target).locator("button.attack-it").click()
    dialog = page.locator("dialog.attack")
    dialog.locator("select[name=attacker]").select_option(attacker)
    dialog.locator("select[name=weapon]").select_option(weapon)
    dialog.locator("input[name=natural]").fill(str(natural))
    return dialog


@dataclass(frozen=True)
class Flow:
    """One ruleset's "Done when": the Foundry party, three Improved Initiative monsters, an
    attack each way with an imported weapon (attacker, target, weapon, d20, the outcome read)."""

    party: str
    monsters: str
    foes: tuple[str, ...]
    initiative: dict[str, int]
    hit: tuple[str, str, str, int, str]
    back: tuple[str, str, str, int, str]


FLOWS = {
    "dnd35": Flow(
        "foundry_d35e_party.json", "improved_initiative_export.json",
        ("goblin", "orc", "human-warrior-skeleton"),
        {"tordek": 18, "mialee": 12, "goblin": 9, "orc": 5, "human-warrior-skeleton": 3},
        ("tordek", "orc", "Dwarven Waraxe", 15, "Tordek hits Orc (18 vs AC 13)"),
        ("goblin", "mialee", "Morningstar", 11, "Goblin hits Mialee (13 vs AC 13)"),
    ),
    "starfinder": Flow(
        "foundry_sfrpg_party.json", "improved_initiative_starfinder.json",
        ("space-goblin-zaperator", "ghoul", "ysoki-thief"),
        {"obozaya": 17, "keskodai": 9, "ghoul": 6, "space-goblin-zaperator": 4, "ysoki-thief": 2},
        ("obozaya", "ghoul", "Doshko, tactical", 12, "Obozaya hits Ghoul (17 vs KAC 14)"),
        ("ghoul", "keskodai", "Claw", 12, "Ghoul hits Keskodai (20 vs KAC 15)"),
    ),
}  # fmt: skip


def attacked(
    page: Any, server: Server, encounter: str, blow: tuple[str, str, str, int, str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """An attack made with an imported weapon picked in the dialog, and its lines in the log:
    the attack naming the weapon, then the damage its dice rolled."""
    attacker, target, weapon, natural, outcome = blow
    dialog = attack_with(page, attacker, target, weapon, natural)
    expect(dialog.locator(".outcome")).to_have_text(outcome)
    record_attack(dialog)
    tokens = httpx.get(f"{server.url}/encounters/{encounter}/tokens", headers=server.operator)
    lines = [line["fact"] for line in the_log(server, tokens.json())]
    made = next(f for f in reversed(lines) if f["type"] == "AttackMade")
    dealt = next(f for f in reversed(lines) if f["type"] == "DamageDealt")
    assert (made["attacker"], made["target"], made["weapon"]) == (attacker, target, weapon)
    assert dealt["target"] == target and dealt["amount"] >= 1
    return made, dealt


@pytest.mark.parametrize("viewport", ["page", "phone"])
@pytest.mark.parametrize("ruleset", ["dnd35", "starfinder"])
def test_a_foundry_party_and_three_improved_initiative_monsters_start_the_fight(
    ruleset: str, viewport: str, server: Server, request: pytest.FixtureRequest
) -> None:
    """The issue's "Done when", in each ruleset, on a laptop and on a 390 px phone."""
    page, flow = request.getfixturevalue(viewport), FLOWS[ruleset]
    encounter = create_encounter(page, server, f"Brought along ({viewport})", ruleset)
    bring(page, flow.party, flow.monsters)
    monsters = report(page, flow.monsters)
    if ruleset == "dnd35":
        mialee = report(page, flow.party).locator("li.imported[data-imported='mialee']")
        expect(mialee.locator("details.not-tracked")).to_contain_text(
            "spell Magic Missile: not tracked"
        )
        expect(mialee.locator("details.note")).to_contain_text("Saves: Fort +1, Ref +3, Will +3")
        orc = monsters.locator("li.imported[data-imported='orc']")
        expect(orc.locator("details.note")).to_contain_text("Light Sensitivity (Ex)")
    else:
        ysoki = monsters.locator("li.imported[data-imported='ysoki-thief']")
        expect(ysoki.locator("details.note")).to_contain_text("Starfinder reads EAC and KAC")
    if viewport == "phone":
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
    shot(page, f"test_import_report_{ruleset}_{viewport}", monsters.locator("li.imported").first)
    page.locator("button.add-party").click()
    monsters.locator("button.add-all-imported").click()
    for who in flow.initiative:
        expect(card(page, who)).to_be_visible()
    set_initiative(page, flow.initiative)
    page.locator("button.start").click()
    made, dealt = attacked(page, server, encounter, flow.hit)
    if ruleset == "dnd35":
        expect(page.locator("dialog.attack")).to_have_count(0)
        assert (made["multiplier"], made["total"]) == (3, 18)  # the waraxe's ×3, +3
        assert 3 <= dealt["amount"] <= 12 and dealt["damage_type"] == "slashing"  # 1d10+2
    else:
        expect(card(page, "ghoul").locator(".bar.hp .text")).not_to_have_text("HP 25/25")
    attacked(page, server, encounter, flow.back)  # a monster's Improved Initiative attack
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"test_import_fight_{ruleset}_{viewport}", page.locator(".turn-bar"))
    if ruleset == "starfinder" and viewport == "page":
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
    assert axe_violations(phone) == []
    phone.screenshot(path=str(SCREENSHOTS / "import_fight_report_phone_view.png"))
    shown.locator("button.cancel-import").click()
    expect(shown).to_have_count(0)
    assert httpx.get(f"{server.url}/encounters", headers=server.operator).json() == before
    phone.locator("input[name=import-fight]").set_input_files(str(combat))
    shown.locator("button.start-import").click()
    expect(card(phone, "fire-azer")).to_be_visible()
    expect(phone.locator(".turn-bar .round")).to_contain_text("Obozaya")


def test_an_improved_initiative_fight_read_for_true20_says_it_has_no_hit_points(
    page: Any, server: Server
) -> None:
    page.goto(f"{server.url}/#operator={operator_token(server)}")
    page.locator("form.new-encounter select[name=ruleset]").select_option("true20")
    drop(page, FIXTURES / "improved_initiative_fight.json", "form.new-encounter .fight-drop")
    shown = page.locator("section.fight-report[data-file='improved_initiative_fight.json']")
    expect(shown.locator("[role=status]")).to_contain_text("round 2, Orc 2’s turn, in True20")
    orc = shown.locator("li.imported[data-imported='orc-2']")
    expect(orc.locator(".standing")).to_have_text("initiative 8 · no hit points (a Toughness save)")
    expect(orc.locator("details.not-tracked")).to_contain_text(
        "CurrentHP 2: True20 has no hit points"
    )
    expect(orc.locator("details.not-tracked")).to_contain_text(
        "True20's damage is a bonus, not dice"
    )
    shot(page, "import_fight_report_true20")
    page.locator("form.new-encounter select[name=ruleset]").select_option("dnd35")
    expect(shown).to_have_count(0)  # read for True20: dropped again for another ruleset


def test_improved_initiative_powers_in_an_orcus_fight_attack_the_defense_they_name(
    page: Any, server: Server
) -> None:
    encounter = create_encounter(page, server, "The shrine's ghosts", "orcus")
    library(page)
    name = "improved_initiative_orcus.json"
    drop(page, FIXTURES / name)
    shown = report(page, name)
    expect(shown.locator("[role=status]")).to_have_text("Read 5: nothing kept yet.")
    orc = shown.locator("li.imported[data-imported='orc']")
    expect(orc.locator("details.not-tracked")).to_contain_text(
        "fortitude, reflex, will: none given"
    )
    shown.locator("button.keep-import").click()
    expect(shown.locator("[role=status]")).to_contain_text("Kept 5")
    shot(page, "test_import_report_orcus")
    shown.locator("button.add-all-imported").click()
    set_initiative(page, {"wailing-ghost": 15, "goblin-archer": 8})
    page.locator("button.start").click()
    dialog = attack_with(page, "wailing-ghost", "goblin-archer", "Wail", 10)
    expect(dialog.locator("select[name=defense]")).to_have_value("will")
    expect(dialog.locator(".outcome")).to_have_text(
        "Wailing Ghost hits Goblin Archer (18 vs Will 14)"
    )
    record_attack(dialog)
    tokens = httpx.get(f"{server.url}/encounters/{encounter}/tokens", headers=server.operator)
    lines = [line["fact"] for line in the_log(server, tokens.json())]
    made = next(f for f in lines if f["type"] == "AttackMade")
    dealt = next(f for f in lines if f["type"] == "DamageDealt")
    assert (made["weapon"], made["defense"], made["total"]) == ("Wail", "will", 18)
    assert 6 <= dealt["amount"] <= 16 and dealt["damage_type"] == "psychic"  # 2d6+4
