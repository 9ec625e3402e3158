"""Issue 16's "done when", on the page a first start seeds: a GM opens a past session of the demo
campaign, reads and copies its recap, replays it end to end, sees the party's trend across the
campaign, and tries a ruling the other way on a branch; on a laptop and on a 390 px phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, operator_token
from tests.browser.gm import log_line
from tests.browser.test_branch_page import branch_from
from tests.server_helpers import Server

CAMPAIGN = "The Mill and the Quarry (demo)"
QUARRY = (
    "Gnolls in the Quarry"  # replay_fixtures/dnd35/amend-three-turns-back.jsonl, filed: 42 lines
)


def open_the_quarry_session(page: Any, server: Server) -> Any:
    """From the landing page to the demo campaign's second session; its panel."""
    page.goto(f"{server.url}/#operator={operator_token(server)}")
    page.get_by_role("link", name=CAMPAIGN).click()
    sessions = page.locator("ol.sessions > li")
    expect(sessions).to_have_count(2)
    expect(sessions.nth(0)).to_contain_text("Ambush at the Old Mill")
    sessions.nth(1).locator("a.session-link").click()
    session = page.get_by_role("region", name="session", exact=True)
    expect(session).to_contain_text("The gnolls' quarry")
    return session


def test_a_gm_reads_replays_and_shares_last_sessions_fight(page: Any, server: Server) -> None:
    session = open_the_quarry_session(page, server)
    recap = page.get_by_role("region", name="recap", exact=True)
    expect(recap.get_by_role("heading", name=QUARRY)).to_be_visible()
    # line 40 moved Tordek's 6 from gnoll-2 to gnoll-1: the recap says so, with the GM's reason
    expect(recap).to_contain_text("Line 29 amended")
    expect(recap).to_contain_text("Tordek was fighting the gnoll by the door")
    expect(recap).not_to_contain_text("12548 h")  # filing the fight later is not table time
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    recap.get_by_role("button", name="Copy as Markdown").click()
    copied = str(page.evaluate("navigator.clipboard.readText()"))
    assert copied.startswith("## 2025-06-21 — The gnolls' quarry")
    assert "### Gnolls in the Quarry" in copied

    at = session.locator(".session-at")
    expect(at).to_contain_text(f"Fight 1 of 1: {QUARRY} — line 42 of 42")
    session.locator(".session-slider").fill("1")
    expect(at).to_contain_text("line 1 of 42")
    for _ in range(3):
        session.locator("button.session-forward").click()
    expect(at).to_contain_text("line 4 of 42")
    session.locator(".session-slider").fill("42")  # to the end again
    expect(at).to_contain_text("line 42 of 42")

    trends = page.locator("section.trends")
    expect(trends.locator("figure.trend")).to_have_count(5)
    dealt = trends.locator("figure.trend[data-metric=damage_dealt] svg")
    expect(dealt.locator("text.legend")).to_contain_text(["Jozan", "Lidda", "Mialee", "Tordek"])
    first, second = (trends.locator("figure.trend").nth(n).bounding_box() for n in (0, 1))
    assert first and second and first["y"] == second["y"], "a laptop shows the charts side by side"
    page.screenshot(path=str(SCREENSHOTS / "last-friday-laptop.png"), full_page=True)


def test_a_gm_tries_that_ruling_the_other_way_on_a_branch(page: Any, server: Server) -> None:
    session = open_the_quarry_session(page, server)
    session.locator("a.open-fight").click()  # the fight opens: the operator reads its tokens
    expect(log_line(page, 40)).to_contain_text("Amend line 29")
    branch_from(page, log_line(page, 39).locator("button.branch"), "What if it hit gnoll-2")
    expect(page.locator(".branch-banner")).to_contain_text("at line 39")
    page.locator(".branch-banner button.compare-open").click()
    compare = page.locator("dialog.compare")
    expect(compare.locator(".differences li").first).to_be_visible()
    expect(compare.locator(".differences")).to_contain_text("Gnoll")
    page.screenshot(path=str(SCREENSHOTS / "last-friday-branch-laptop.png"), full_page=True)


def test_last_fridays_session_reads_on_a_phone(phone: Any, server: Server) -> None:
    session = open_the_quarry_session(phone, server)
    expect(phone.get_by_role("region", name="recap", exact=True)).to_contain_text("Biggest hit")
    expect(session.locator(".session-at")).to_contain_text("line 42 of 42")
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the page is {wide} px wide on a 390 px phone"
    phone.screenshot(path=str(SCREENSHOTS / "last-friday-phone.png"), full_page=True)
