"""A player's proposals where the GM looks (the proposing character's card, the turn bar while it
acts), and the phone's turn and resource forms: delay, ready with its trigger, step in, take the
readied action, spend Resolve (issue 26)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, gm_url, operator_headers
from tests.browser.gm import card, seeded
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens

PARTY = [
    {"type": "CombatantJoined", "combatant": "lidda", "name": "Lidda", "side": "party",
     "kind": "pc", "stats": {"max_hp": 14, "initiative_modifier": 3, "defenses": {"ac": 16}}},
    {"type": "CombatantJoined", "combatant": "kyra", "name": "Kyra", "side": "party",
     "kind": "pc", "stats": {"max_hp": 12, "initiative_modifier": 1, "defenses": {"ac": 15}}},
    {"type": "CombatantJoined", "combatant": "goblin-2", "name": "Goblin 2", "side": "foes",
     "stats": {"max_hp": 9, "defenses": {"ac": 15}}},
    {"type": "InitiativeRolled", "combatant": "lidda", "natural": 15, "modifier": 3},
    {"type": "InitiativeRolled", "combatant": "kyra", "natural": 10, "modifier": 1},
    {"type": "InitiativeRolled", "combatant": "goblin-2", "natural": 5, "modifier": 0},
    {"type": "CombatStarted"},
]  # fmt: skip


def links(page: Any) -> dict[str, str]:
    """Each player character's link, from the GM page's Players' links."""
    page.locator("details.player-links-box summary").click()
    rows = page.locator("ul.player-links li")
    expect(rows).to_have_count(2)
    return {
        rows.nth(n).get_attribute("data-combatant"): rows.nth(n).locator("input").input_value()
        for n in range(2)
    }


def propose(phone: Any, form: str, **fields: str) -> None:
    found = phone.locator(f"form.{form}")
    for name, value in fields.items():
        found.locator(f"[name={name}]").fill(value)
    found.locator("button[type=submit]").click()


def test_a_proposal_shows_on_its_card_and_in_the_turn_bar_and_is_accepted_there(
    page: Any, phone: Any, server: Server, encounter: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    seeded(server, encounter, PARTY)
    page.goto(gm_url(server, encounter))
    phone.goto(links(page)["lidda"])
    expect(phone.locator(".your-turn")).to_have_text("You're up!")
    propose(phone, "ready", trigger="the goblin steps in")
    bar = page.locator("section.turn-bar ul.proposes li")
    expect(bar).to_contain_text("proposes: ready an action (the goblin steps in)")
    expect(card(page, "lidda").locator("ul.proposes li")).to_have_count(1)
    expect(card(page, "kyra").locator("ul.proposes")).to_have_count(0)
    expect(page.locator("section.proposals li.proposal")).to_have_count(1)  # the queue is kept
    page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}-gm.png"))
    bar.locator("button.accept").click()
    expect(card(page, "lidda").locator(".chips")).to_contain_text("readied")
    expect(page.locator("ul.proposes")).to_have_count(0)
    expect(phone.locator(".my-proposals li.proposal.accepted")).to_contain_text(
        "ready an action: the goblin steps in"
    )

    # Readied, she takes her action before Kyra, once the GM ends her turn; then delays later.
    seeded(server, encounter, [{"type": "TurnEnded", "combatant": "lidda"}])
    expect(phone.locator(".your-turn")).to_have_count(0)
    propose(phone, "readied-now")
    expect(card(page, "lidda").locator("ul.proposes li")).to_contain_text("before Kyra")
    expect(page.locator("section.turn-bar ul.proposes")).to_have_count(0)  # Kyra acts, not Lidda
    card(page, "lidda").locator("ul.proposes button.accept").click()
    expect(phone.locator(".my-proposals li.proposal.accepted").first).to_contain_text(
        "take my readied action before Kyra"
    )


def test_a_player_delays_then_steps_in_from_the_phone(
    page: Any, phone: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, PARTY)
    page.goto(gm_url(server, encounter))
    phone.goto(links(page)["lidda"])
    propose(phone, "delay")
    page.locator("section.turn-bar ul.proposes button.accept").click()
    expect(page.locator("section.turn-bar .whose")).to_have_text("Kyra")
    expect(phone.locator("form.delay")).to_have_count(0)
    propose(phone, "step-in")
    card(page, "lidda").locator("ul.proposes button.accept").click()
    expect(page.locator("section.turn-bar .whose")).to_have_text("Lidda")
    expect(phone.locator(".my-proposals li.proposal.accepted")).to_have_count(2)
    expect(phone.locator(".my-proposals")).to_contain_text("step in now")


def test_a_starfinder_player_proposes_spending_resolve(
    page: Any, phone: Any, server: Server, request: pytest.FixtureRequest
) -> None:
    reply = httpx.post(
        f"{server.url}/encounters",
        json={"name": "Starfinder fight", "ruleset": "starfinder"},
        headers=operator_headers(server),
    )
    encounter = dict(reply.json())
    seeded(server, encounter, [
        {"type": "CombatantJoined", "combatant": "navasi", "name": "Navasi", "side": "party",
         "kind": "pc", "stats": {"max_hp": 22, "max_stamina": 15, "max_resolve": 5}},
        {"type": "CombatantJoined", "combatant": "obozaya", "name": "Obozaya", "side": "party",
         "kind": "pc", "stats": {"max_hp": 20, "max_stamina": 14, "max_resolve": 4}},
    ])  # fmt: skip
    page.goto(gm_url(server, encounter))
    phone.goto(links(page)["navasi"])
    expect(phone.locator(".own-card .bar.resolve")).to_have_text("RP 5/5")  # their own card
    spend = phone.locator("form.resource.resolve")
    spend.locator("select[name=purpose]").select_option("stamina")
    propose(phone, "resource.resolve", amount="1")
    asked = card(page, "navasi").locator("ul.proposes li")
    expect(asked).to_contain_text("Resolve")
    asked.locator("button.accept").click()
    expect(phone.locator(".my-proposals li.proposal.accepted")).to_contain_text(
        "spend 1 Resolve to stamina"
    )
    expect(phone.locator(".own-card .bar.resolve")).to_have_text("RP 4/5")
    phone.screenshot(path=str(SCREENSHOTS / f"{request.node.name}-navasi.png"), full_page=True)


def test_the_gm_switches_on_a_turn_timer_that_the_acting_players_phone_counts_down(
    page: Any, phone: Any, server: Server, encounter: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    seeded(server, encounter, PARTY)
    page.goto(gm_url(server, encounter))
    lidda = links(page)["lidda"]
    page.locator("input[name=timer-seconds]").fill("90")
    page.locator("button.set-timer").click()
    expect(page.locator("button.set-timer")).to_have_text("Set (now 90 s)")
    expect(page.locator("ol.log li").first).to_contain_text("Turn timer: 90 s")
    phone.goto(lidda)
    expect(phone.locator(".turn-timer")).to_have_text(re.compile(r"^1:(30|29|28) left$"))
    expect(phone.locator(".turn-timer")).not_to_have_text(re.compile(r"^1:30 left$"), timeout=3000)
    phone.screenshot(path=str(SCREENSHOTS / f"{request.node.name}-lidda.png"))
    seeded(server, encounter, [{"type": "TurnEnded", "combatant": "lidda"}])
    expect(phone.locator(".turn-timer")).to_have_count(0)  # not her turn: no timer
    page.locator("button.timer-off").click()
    expect(page.locator("button.set-timer")).to_have_text("Switch on")
    expect(page.locator("ol.log li").first).to_contain_text("Turn timer off")
