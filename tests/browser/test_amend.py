"""Amending a past ruling from the GM page, and the summary of what differs downstream."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, gm_url
from tests.browser.gm import PARTY, ROLLS, card, hp, log_line, seeded
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens


def test_amend_a_past_ruling_and_see_what_changed(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    hit = {"type": "DamageDealt", "target": "goblin", "amount": 3}
    seeded(server, encounter, [*PARTY, hit, {"type": "NoteAdded", "text": "later"}])
    page.goto(gm_url(server, encounter))
    log_line(page, 5).locator("button.amend").click()
    dialog = page.locator("dialog.amend")
    expect(dialog.locator("h2")).to_have_text("Amend line 5: Goblin takes 3 damage")
    expect(dialog.locator("select[name=target]")).to_have_value("goblin")  # the same fields
    dialog.locator("input[name=amount]").fill("8")  # no JSON to type
    dialog.locator("button.do-amend").click()
    # The summary shows in the dialog, where the GM is looking ...
    summary = dialog.locator(".summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Amended line 5")
    expect(summary).to_contain_text("Goblin: hp 3 → -2")
    expect(summary).to_contain_text("dying")
    expect(hp(page, "goblin")).to_have_text("HP -2/6")
    expect(log_line(page, 5)).to_have_class("amended")
    page.screenshot(
        path=str(SCREENSHOTS / "test_amend_a_past_ruling_and_see_what_changed-dialog.png")
    )
    # ... and stays above the table once the dialog is closed.
    dialog.locator("button.close-amend").click()
    expect(dialog).to_have_count(0)
    expect(page.locator("#changes")).to_be_visible()
    expect(page.locator("#changes")).to_contain_text("Goblin: hp 3 → -2")


def test_amending_an_initiative_roll_names_the_new_order_and_turn(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, [*PARTY, *ROLLS, {"type": "CombatStarted"}])
    page.goto(gm_url(server, encounter))
    expect(page.locator("li.combatant.current")).to_have_attribute("data-id", "valeros")
    log_line(page, 6).locator("button.amend").click()  # Goblin's 12
    page.locator("dialog.amend input[name=natural]").fill("20")
    page.locator("dialog.amend button.do-amend").click()
    summary = page.locator("dialog.amend .summary")
    expect(summary).to_contain_text("turn: Valeros → Goblin")
    expect(summary).to_contain_text("order: Valeros, Goblin, Sniper → Goblin, Valeros, Sniper")
    expect(summary).to_contain_text("Goblin: initiative 12 → 20")
    expect(page.locator("li.combatant.current")).to_have_attribute("data-id", "goblin")


def test_the_summary_tells_two_goblins_apart(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    twins = [
        {"type": "CombatantJoined", "combatant": f"goblin-{k}", "name": "Goblin", "side": "foes",
         "stats": {"max_hp": 6}} for k in (1, 2)
    ]  # fmt: skip
    seeded(server, encounter, [*twins, {"type": "DamageDealt", "target": "goblin-2", "amount": 2}])
    page.goto(gm_url(server, encounter))
    expect(card(page, "goblin-1").locator(".name")).to_have_text("Goblin (goblin-1)")
    log_line(page, 4).locator("button.amend").click()
    page.locator("dialog.amend input[name=amount]").fill("5")
    page.locator("dialog.amend button.do-amend").click()
    expect(page.locator("dialog.amend .summary")).to_contain_text("Goblin (goblin-2): hp 4 → 1")


def test_the_summary_names_who_joined_or_left_and_the_round(page: Any, server: Server) -> None:
    page.goto(f"{server.url}/")
    found = page.evaluate(
        """async () => {
          const { differences } = await import("/web/changes.js");
          const goblin = { name: "Goblin", vitals: { hp: 6 }, statuses: [], conditions: [] };
          const orc = { name: "Orc", vitals: { hp: 9 }, statuses: [], conditions: [] };
          const before = { phase: "combat", round: 2, turn: "goblin", order: ["goblin"],
                           combatants: { goblin } };
          const after = { phase: "combat", round: 3, turn: "orc", order: ["orc"],
                          combatants: { orc } };
          return differences(before, after);
        }"""
    )
    assert found == [
        "round: 2 → 3",
        "turn: Goblin → Orc",
        "order: Goblin → Orc",
        "Goblin is no longer in the fight",
        "Orc joins",
    ]
