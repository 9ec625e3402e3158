"""Campaigns on the GM page: a campaign's sessions in date order with their fights in order, a
whole session replayed across its fights' boundary, and a fight filed from its workspace showing
up on the campaign page; at laptop width and on a 390 px phone."""

from __future__ import annotations

from typing import Any

import httpx
import orjson
from playwright.sync_api import expect

from tests.browser.conftest import axe_violations, gm_url, operator_headers, operator_token
from tests.browser.gm import PARTY
from tests.server_helpers import Server

FRIDAY = {"id": "fri", "date": "2026-11-20", "title": "Into the Warrens"}
EARLIER = {"id": "2026-11-13", "date": "2026-11-13", "title": "The Bridge"}
HIT = {"type": "DamageDealt", "target": "goblin", "amount": 2}
VALEROS = {"name": "Valeros", "side": "party", "party": True,
           "stats": {"max_hp": 12, "defenses": {"ac": 18}}}  # fmt: skip


def fight(server: Server, campaign: str, name: str, at: str, session: dict[str, Any],
          facts: list[dict[str, Any]]) -> None:  # fmt: skip
    """A fight of `campaign`'s `session` imported with its lines recorded at `at`."""
    created = {"type": "EncounterCreated", "name": name, "ruleset": "dnd35",
               "campaign": campaign, "session": session}  # fmt: skip
    lines = [{**each, "at": at} for each in [created, *facts]]
    body = b"".join(orjson.dumps(each) + b"\n" for each in lines)
    reply = httpx.post(f"{server.url}/encounters/import", content=body,
                       headers=operator_headers(server))  # fmt: skip
    assert reply.status_code == 201, reply.text


def campaign_of_two_sessions(server: Server, campaign: str) -> None:
    """Friday: Goblins (lines 1-5, the goblin hit once) then Ogre (lines 6-9); a week before,
    the Bridge. The campaign set up with Valeros on its roster."""
    put = httpx.put(f"{server.url}/library/dnd35/valeros", json=VALEROS,
                    headers=operator_headers(server))  # fmt: skip
    assert put.status_code == 200, put.text
    set_up = {"name": "Curse of the Crypt", "ruleset": "dnd35", "party": ["valeros"]}
    reply = httpx.put(f"{server.url}/campaigns/{campaign}", json=set_up,
                      headers=operator_headers(server))  # fmt: skip
    assert reply.status_code == 200, reply.text
    fight(server, campaign, "Ogre", "2026-11-20T21:00:00Z", FRIDAY, PARTY)
    fight(server, campaign, "Goblins", "2026-11-20T19:00:00Z", FRIDAY, [*PARTY, HIT])
    fight(server, campaign, "Bridge trolls", "2026-11-13T19:00:00Z", EARLIER, PARTY[:1])


def test_a_gm_opens_a_session_and_replays_it_across_its_fights(page: Any, server: Server) -> None:
    campaign_of_two_sessions(server, "crypt")
    page.goto(f"{server.url}/#operator={operator_token(server)}")
    page.get_by_role("link", name="Curse of the Crypt").click()
    expect(page.locator(".party-roster")).to_contain_text("Valeros")
    sessions = page.locator("ol.sessions > li")
    expect(sessions).to_have_count(2)
    expect(sessions.nth(0)).to_contain_text("The Bridge")
    expect(sessions.nth(1).locator("ol.fights a")).to_have_text(["Goblins", "Ogre"])
    sessions.nth(1).locator("a.session-link").click()
    expect(sessions.nth(1)).to_have_attribute("aria-current", "true")
    at = page.locator(".session-at")
    expect(at).to_contain_text("Fight 2 of 2: Ogre — line 9 of 9")
    page.get_by_role("button", name="go to the start of fight 1, Goblins").click()
    expect(at).to_contain_text("Fight 1 of 2: Goblins — line 1 of 9")
    for _ in range(4):
        page.click("button.session-forward")
    expect(at).to_contain_text("Fight 1 of 2: Goblins — line 5 of 9")
    goblin = page.locator(".session-table li.combatant[data-id='goblin'] .bar.hp .text")
    expect(goblin).to_have_text("HP 4/6")
    page.click("button.session-forward")  # over the boundary: the Ogre fight's line 1
    expect(at).to_contain_text("Fight 2 of 2: Ogre — line 6 of 9")
    expect(page.locator(".session-table li.combatant")).to_have_count(0)
    page.click("button.session-forward")
    expect(page.locator(".session-table li.combatant[data-id='valeros']")).to_be_visible()
    page.click("button.session-back")
    page.click("button.session-back")
    expect(goblin).to_have_text("HP 4/6")
    expect(page.locator(".session-slider")).to_have_value("5")


def test_filing_a_fight_from_its_workspace_puts_it_on_the_campaign_page(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    page.goto(f"{gm_url(server, encounter)}&operator={operator_token(server)}")
    # The workspace's panel: until the fight is open the landing page's own "Campaign and
    # session (optional)" is on show, and a click there would open the wrong one.
    expect(page.locator("#workspace")).to_be_visible()
    page.locator("details.campaign-filing summary").click()
    expect(page.locator(".filed-under")).to_have_text("Not filed under a campaign.")
    page.fill("input[name=campaign]", "marsh")
    page.fill("input[name=session-date]", "2026-11-27")
    page.fill("input[name=session-title]", "Bog of Sorrows")
    page.click("button.file-it")
    expect(page.locator(".filed-under")).to_contain_text("Filed under marsh, session 2026-11-27")
    page.locator(".filed-under a").click()
    session = page.locator("ol.sessions > li")
    expect(session).to_contain_text("Bog of Sorrows")
    expect(session.locator("ol.fights a")).to_have_text(["Browser fight"])
    page.go_back()
    expect(page.locator("ol.log")).to_contain_text("Filed under marsh, session 2026-11-27 — Bog")
    page.locator("details.campaign-filing summary").click()
    page.click("button.take-out")
    expect(page.locator(".filed-under")).to_have_text("Not filed under a campaign.")
    expect(page.locator("ol.log li").first).to_contain_text("Taken out of its campaign")


def test_a_session_replay_reads_on_a_phone(phone: Any, server: Server) -> None:
    campaign_of_two_sessions(server, "phone-crypt")
    phone.goto(f"{server.url}/#c=phone-crypt&s=fri&operator={operator_token(server)}")
    expect(phone.locator(".session-at")).to_contain_text("Fight 2 of 2: Ogre — line 9 of 9")
    phone.get_by_role("button", name="go to the start of fight 1, Goblins").click()
    phone.click("button.session-forward")
    expect(phone.locator(".session-at")).to_contain_text("line 2 of 9")
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390
    for button in ("button.session-back", "button.session-forward", "button.session-play"):
        box = phone.locator(button).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (button, box)


def test_a_gm_sets_up_a_campaign_and_files_a_new_fight_under_it(page: Any, server: Server) -> None:
    put = httpx.put(f"{server.url}/library/orcus/kyra", headers=operator_headers(server),
                    json={"name": "Kyra", "side": "party", "party": True,
                          "stats": {"max_hp": 30, "level": 1}})  # fmt: skip
    assert put.status_code == 200, put.text
    page.goto(f"{server.url}/#operator={operator_token(server)}")
    page.get_by_text("New campaign").click()
    page.fill("input[name=new-campaign-name]", "Night Below")
    page.locator(".new-campaign select").select_option("orcus")
    page.get_by_role("button", name="Set up the campaign").click()
    expect(page.locator(".campaign-head h2")).to_contain_text("Night Below")
    page.locator(".campaign-setup summary").click()
    page.get_by_label("Kyra").check()
    page.click("button.save-campaign")
    expect(page.locator(".party-roster")).to_have_text("Kyra HP 30")
    assert axe_violations(page) == []
    page.click("#new")
    dialog = page.locator("dialog")
    expect(dialog.locator("input[name=campaign]")).to_have_value("night-below")
    dialog.locator("input[name=name]").fill("Troglodytes")
    dialog.locator("input[name=session-date]").fill("2026-11-26")
    dialog.locator("input[name=session-title]").fill("Down the well")
    dialog.locator("button.create").click()
    expect(page.locator(".filed-under")).to_have_count(1)
    page.goto(f"{server.url}/#c=night-below")
    session = page.locator("ol.sessions > li")
    expect(session).to_contain_text("Down the well")
    expect(session.locator("ol.fights a")).to_have_text(["Troglodytes"])


# Session replay answers for even lines come 600 ms late, after later requests' answers.
SLOW_EVEN_LINES = r"""
const realFetch = window.fetch;
window.fetch = async (...args) => {
  const reply = await realFetch(...args);
  const at = /\/replay\?at=(\d+)/.exec(String(args[0]));
  if (at && Number(at[1]) % 2 === 0) await new Promise((done) => setTimeout(done, 600));
  return reply;
};
"""


def test_a_late_session_answer_never_replaces_a_later_table(page: Any, server: Server) -> None:
    campaign_of_two_sessions(server, "late-crypt")
    page.add_init_script(SLOW_EVEN_LINES)
    page.goto(f"{server.url}/#c=late-crypt&s=fri&operator={operator_token(server)}")
    at = page.locator(".session-at")
    expect(at).to_contain_text("line 9 of 9")
    slider = page.locator(".session-slider")
    slider.fill("4")  # its answer comes late: the goblin unhurt ...
    slider.fill("5")  # ... after this one's: the goblin hit
    goblin = page.locator(".session-table li.combatant[data-id='goblin'] .bar.hp .text")
    expect(goblin).to_have_text("HP 4/6")
    page.wait_for_timeout(900)  # the answer for line 4 has come by now, and was dropped
    expect(goblin).to_have_text("HP 4/6")
    expect(at).to_contain_text("Fight 1 of 2: Goblins — line 5 of 9")
    page.click("button.session-play")  # plays on across the boundary
    expect(at).to_contain_text("Fight 2 of 2: Ogre — line 7 of 9")
    page.click("button.session-play")
    expect(page.locator("button.session-play")).to_have_text("Play")
