"""Players propose from their phones, the GM rules from the laptop (issue 26): two players
propose initiative, one attacks and the GM accepts, the other's damage is edited then accepted,
a save is declined with a reason, and the GM's one Undo takes back an accepted action."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SCREENSHOTS, axe_violations, gm_url
from tests.browser.gm import card, hp, log_line, seeded
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens

PARTY = [
    {"type": "CombatantJoined", "combatant": "lidda", "name": "Lidda", "side": "party",
     "kind": "pc", "stats": {"max_hp": 14, "initiative_modifier": 3, "defenses": {"ac": 16},
                             "attacks": [{"name": "short sword", "bonus": 6, "damage": "1d6+1",
                                          "damage_type": "piercing"}]}},
    {"type": "CombatantJoined", "combatant": "kyra", "name": "Kyra", "side": "party",
     "kind": "pc", "stats": {"max_hp": 12, "initiative_modifier": 1, "defenses": {"ac": 15},
                             "attacks": [{"name": "heavy mace", "bonus": 2, "damage": "1d8"}]}},
    {"type": "CombatantJoined", "combatant": "goblin-2", "name": "Goblin 2", "side": "foes",
     "stats": {"max_hp": 9, "defenses": {"ac": 15, "touch": 12, "flat_footed": 14}}},
    {"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
     "hidden": True, "stats": {"max_hp": 30}},
]  # fmt: skip


@pytest.fixture
def second_phone(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Another player's phone (390 px), its screenshot kept beside the first's."""
    context = browser.new_context(viewport=PHONE)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield opened
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    opened.screenshot(path=str(SCREENSHOTS / f"{request.node.name}-kyra.png"), full_page=True)
    context.close()
    assert errors == []


def queued(page: Any, words: str) -> Any:
    """The GM's queue item whose words hold `words`."""
    return page.locator("section.proposals li.proposal", has_text=words)


def propose_initiative(phone: Any, rolled: str, as_: str) -> None:
    form = phone.locator("form.initiative")
    form.locator("input[name=natural]").fill(rolled)
    form.locator("select[name=as]").select_option(as_)
    form.locator("button[type=submit]").click()


def test_players_propose_and_the_gm_rules(
    page: Any, phone: Any, second_phone: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, PARTY)
    page.goto(gm_url(server, encounter))
    page.locator("details.player-links-box summary").click()
    links = page.locator("ul.player-links li")
    expect(links).to_have_count(2)
    expect(links.nth(0).locator("button.copy")).to_be_visible()
    lidda_link = links.nth(0).locator("input").input_value()
    kyra_link = links.nth(1).locator("input").input_value()
    page.screenshot(path=str(SCREENSHOTS / "test_players_propose_and_the_gm_rules-links.png"))
    lidda, kyra = phone, second_phone
    lidda.goto(lidda_link)
    kyra.goto(kyra_link)
    expect(lidda.locator("section.mine h2")).to_have_text("Lidda")
    expect(lidda.locator(".own-attacks")).to_contain_text("short sword +6, 1d6+1 piercing")
    expect(kyra.locator("section.mine h2")).to_have_text("Kyra")
    expect(lidda.locator("section.mine select[name=target] option[value=ogre]")).to_have_count(0)

    # Two players propose initiative: Lidda her die, Kyra her total.
    propose_initiative(lidda, "14", "die")
    propose_initiative(kyra, "8", "total")
    expect(lidda.locator(".my-proposals li.proposal.pending")).to_contain_text("initiative 14")
    expect(page.locator("section.proposals li.proposal")).to_have_count(2)  # live, no reload
    queued(page, "Lidda").locator("button.accept").click()
    queued(page, "Kyra").locator("button.accept").click()
    expect(page.locator("section.proposals")).to_have_count(0)
    expect(lidda.locator(".my-proposals li.proposal.accepted")).to_have_count(1)
    expect(log_line(page, 6)).to_contain_text("Lidda proposes: Lidda rolls initiative: d20 14")
    expect(log_line(page, 6).locator("button.amend")).to_have_count(0)  # undone, never amended
    expect(log_line(page, 9).locator("button.amend")).to_have_count(1)  # the fact it became
    seeded(server, encounter, [
        {"type": "InitiativeRolled", "combatant": "goblin-2", "natural": 5, "modifier": 0},
        {"type": "CombatStarted"},
    ])  # fmt: skip
    expect(lidda.locator(".your-turn")).to_have_text("You're up!")
    expect(kyra.locator(".your-turn")).to_have_text("You're on deck.")

    # Lidda attacks with her short sword, her damage with it; the GM accepts as proposed.
    attack = lidda.locator("form.attack")
    attack.locator("select[name=target]").select_option("goblin-2")
    attack.locator("input[name=natural]").fill("17")
    attack.locator("input[name=amount]").fill("5")
    attack.locator("button[type=submit]").click()
    asked = queued(page, "short sword")
    expect(asked.locator(".words")).to_contain_text("Lidda proposes")
    expect(asked.locator(".words")).to_contain_text("23")
    asked.locator("button.accept").click()
    expect(hp(page, "goblin-2")).to_have_text("HP 4/9")

    # Kyra's damage: the GM edits it, then accepts.
    damage = kyra.locator("form.damage")
    damage.locator("select[name=target]").select_option("goblin-2")
    damage.locator("input[name=amount]").fill("6")
    damage.locator("button[type=submit]").click()
    edited = queued(page, "Kyra")
    edited.locator("button.edit").click()
    edited.locator("input[name='0.amount']").fill("3")
    page.screenshot(path=str(SCREENSHOTS / "test_players_propose_and_the_gm_rules-edit.png"))
    edited.locator("button.accept-edited").click()
    expect(hp(page, "goblin-2")).to_have_text("HP 1/9")
    expect(kyra.locator(".my-proposals li.proposal.edited")).to_contain_text("as the GM ruled it")

    # The GM's one Undo takes back the acceptance: the damage and its ruling, in one action.
    page.locator("button.undo").click()
    expect(hp(page, "goblin-2")).to_have_text("HP 4/9")
    expect(queued(page, "Kyra")).to_have_count(1)  # her proposal waits again
    expect(kyra.locator(".my-proposals li.proposal.pending")).to_have_count(1)
    expect(kyra.locator(".my-proposals li.proposal.edited")).to_have_count(0)

    # Lidda's save is declined, with a reason she alone reads.
    save = lidda.locator("form.save")
    save.locator("input[name=natural]").fill("12")
    save.locator("input[name=bonus]").fill("2")
    save.locator("button[type=submit]").click()
    declined = queued(page, "save")
    declined.locator("button.decline").click()
    declined.locator("input[name=reason]").fill("no save is called for")
    declined.locator("button.confirm-decline").click()
    expect(lidda.locator(".my-proposals li.proposal.declined .reason")).to_have_text(
        "GM: “no save is called for”"
    )
    expect(kyra.locator("body")).not_to_contain_text("no save is called for")
    assert axe_violations(lidda) == [] and axe_violations(page) == []
    lidda.screenshot(path=str(SCREENSHOTS / "test_players_propose_and_the_gm_rules-lidda.png"),
                     full_page=True)  # fmt: skip

    # Lidda ends her turn from her phone; once the GM accepts, Kyra's phone says she is up.
    lidda.locator("form.end-turn button").click()
    queued(page, "Lidda").locator("button.accept").click()
    expect(kyra.locator(".your-turn")).to_have_text("You're up!")
    expect(lidda.locator("form.end-turn")).to_have_count(0)


def test_the_gm_accepts_initiative_and_saves_without_asking_even_with_the_page_closed(
    page: Any, phone: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, PARTY)
    page.goto(gm_url(server, encounter))
    page.locator("details.player-links-box summary").click()
    page.locator("label.auto-accept input").click()
    expect(page.locator("label.auto-accept input")).to_be_checked()
    expect(log_line(page, 6)).to_contain_text("Standing ruling: players' initiative")
    link = page.locator("ul.player-links li").nth(0).locator("input").input_value()
    page.goto("about:blank")  # the GM's page closed: the service rules by the standing ruling
    phone.goto(link)
    propose_initiative(phone, "14", "die")
    expect(phone.locator(".my-proposals li.proposal.accepted")).to_contain_text("initiative 14")
    damage = phone.locator("form.damage")  # anything else still waits for the GM
    damage.locator("input[name=amount]").fill("4")
    damage.locator("button[type=submit]").click()
    expect(phone.locator(".my-proposals li.proposal.pending")).to_have_count(1)
    page.goto(gm_url(server, encounter))
    expect(card(page, "lidda").locator(".init")).to_contain_text("17")
    expect(log_line(page, 8)).to_contain_text("(the GM's standing ruling)")
    expect(queued(page, "Lidda")).to_have_count(1)
    page.locator("details.player-links-box summary").click()
    expect(page.locator("label.auto-accept input")).to_be_checked()
