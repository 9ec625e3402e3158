"""Players claim their characters through the table's shared player link (issue 26): two phones
open the one link, each asks for a character with their name; the GM approves one with a tap and
declines the other; the approved phone becomes that character's link (their own card, their
proposals), the declined one is offered the characters again; the GM's Release frees one."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, axe_violations, gm_url
from tests.browser.gm import seeded
from tests.browser.test_players_propose import (  # noqa: F401 (second_phone: a fixture)
    PARTY,
    propose_initiative,
    queued,
    second_phone,
)
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens


def ask(phone: Any, name: str, character: str) -> None:
    """On the shared link's page: the player's name, then one tap on their character."""
    phone.locator("section.claim-pick input[name=player]").fill(name)
    phone.locator(f"section.claim-pick button.claim[data-combatant={character}]").click()


def test_two_players_claim_on_the_shared_link_and_the_gm_rules_with_one_tap(
    page: Any, phone: Any, server: Server, encounter: dict[str, Any], request: Any
) -> None:
    alex = request.getfixturevalue("second_phone")  # another phone (390 px)
    seeded(server, encounter, PARTY)
    page.goto(gm_url(server, encounter))
    page.locator("details.player-links-box summary").click()
    shared = page.locator("p.shared-link input").input_value()  # the link the GM hands round
    assert shared == f"{server.url}/play/{encounter['id']}#token={encounter['player_token']}"
    sam = phone
    sam.goto(shared)
    alex.goto(shared)
    offered = sam.locator("section.claim-pick button.claim")
    expect(offered).to_have_text(["Play Lidda", "Play Kyra"])  # the hidden ogre never
    sam.screenshot(path=shot("offer"), full_page=True)
    assert axe_violations(sam) == []

    ask(sam, "Sam", "lidda")
    expect(sam.locator("section.claim-pick .waiting")).to_have_text(
        "Waiting for the GM to let you play Lidda…"
    )
    ask(alex, "Alex", "kyra")
    claims = page.locator("section.claims li.claim.pending")
    expect(claims).to_have_count(2)  # on the GM's page with no reload
    expect(claims.nth(0)).to_contain_text("Sam asks to play Lidda")
    expect(claims.nth(1)).to_contain_text("Alex asks to play Kyra")
    page.screenshot(path=shot("gm-claims"))

    claims.nth(0).locator("button.approve").click()  # one tap
    expect(sam.locator("section.mine h2")).to_have_text("Lidda")  # the page became her link
    expect(sam.locator(".own-attacks")).to_contain_text("short sword +6")
    expect(sam.locator("section.claim-pick")).to_have_count(0)
    assert sam.url.split("#token=")[1].startswith("pc_")
    expect(page.locator("section.claims li.claim.approved")).to_contain_text("Sam plays Lidda")

    page.locator("section.claims li.claim.pending button.decline").click()
    expect(alex.locator("section.claim-pick [role=status]")).to_have_text(
        "The GM declined your claim of Kyra."
    )
    expect(alex.locator("section.claim-pick button.claim")).to_have_text(["Play Kyra"])
    expect(alex.locator("section.mine")).to_have_count(0)

    # Sam proposes from the page the claim opened; the GM's queue shows it.
    propose_initiative(sam, "14", "die")
    expect(queued(page, "Lidda")).to_contain_text("Lidda proposes")
    sam.screenshot(path=shot("sam"), full_page=True)
    page.screenshot(path=shot("gm"))
    assert axe_violations(page) == []

    # The GM releases Lidda: Sam's link is refused, Lidda is offered on the shared link again.
    expect(alex.locator("section.claim-pick button.claim")).to_have_text(["Play Kyra"])
    page.locator("section.claims li.claim.approved button.release").click()
    expect(page.locator("section.claims")).to_have_count(0)
    alex.reload()
    expect(alex.locator("section.claim-pick button.claim")).to_have_text(
        ["Play Lidda", "Play Kyra"]
    )
    released = {"Authorization": f"Bearer {sam.url.split('#token=')[1]}"}
    read = httpx.get(f"{server.url}/encounters/{encounter['id']}/state", headers=released)
    assert read.status_code == 403
    sam.reload()
    expect(sam.locator("#message")).to_contain_text("Wrong token")  # it stays: no reconnecting
    expect(sam.locator("section.mine")).to_have_count(0)  # nothing of Lidda's now
    sam.screenshot(path=shot("released"), full_page=True)
    sam.expected_errors = len(sam.errors)  # the released link's refused reads, and only those
    assert sam.errors and all("403" in e for e in sam.errors)
    sam.locator("p.released a").click()  # back to the shared link: Lidda is offered again
    expect(sam.locator("section.claim-pick button.claim")).to_have_text(["Play Lidda", "Play Kyra"])


def shot(what: str) -> str:
    """Where a screenshot of this test's moment `what` is kept."""
    return str(SCREENSHOTS / f"test_two_players_claim_on_the_shared_link-{what}.png")
