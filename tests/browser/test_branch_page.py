"""What-if branches on the GM page (issue 16 item 5): fork a fight at a past line, play the other
ruling on the branch, and see both tables, what differs and the figures side by side."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SCREENSHOTS, axe_violations, gm_url
from tests.browser.fight import attack, record_attack, replay_at
from tests.browser.gm import PARTY, ROLLS, deal, hp, latest_line, log_line, seeded, the_log
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens


def fight_to_branch(page: Any, server: Server, encounter: dict[str, Any]) -> int:
    """Valeros hits the goblin for 2 on the page; the log's line of that attack."""
    seeded(server, encounter, [*PARTY, *ROLLS, {"type": "CombatStarted"}])  # lines 1-8
    page.goto(gm_url(server, encounter))
    record_attack(attack(page, "valeros", "goblin", 14, 3, amount=2))
    expect(hp(page, "goblin")).to_have_text("HP 4/6")
    expect(latest_line(page)).to_contain_text("Goblin takes 2 damage")
    return 9  # the attack; its damage is line 10


def branch_from(page: Any, control: Any, name: str) -> str:
    """Fork from `control` under `name`; the branch's id once the page has opened it."""
    control.click()
    dialog = page.locator("dialog.fork")
    dialog.locator("input[name=branch-name]").fill(name)
    dialog.locator("button.do-fork").click()
    expect(dialog).to_have_count(0)
    expect(page.locator(".branch-banner")).to_be_visible()
    return str(page.evaluate("location.hash.match(/e=([^&]+)/)[1]"))


def test_a_gm_branches_at_a_past_line_rules_it_otherwise_and_compares(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    at = fight_to_branch(page, server, encounter)
    lines_before = len(the_log(server, encounter))
    branch = branch_from(page, log_line(page, at).locator("button.branch"), "Goblin survives?")
    banner = page.locator(".branch-banner")
    expect(banner).to_contain_text("What-if branch of Browser fight at line 9 (as written)")
    expect(log_line(page, 10)).to_have_count(0)  # the branch ends at the attack
    expect(hp(page, "goblin")).to_have_text("HP 6/6")
    deal(page, "goblin", "7")  # the other ruling: the blow kills
    expect(hp(page, "goblin")).to_have_text("HP -1/6")

    banner.locator("button.compare-open").click()
    compare = page.locator("dialog.compare")
    differences = compare.locator(".differences")
    expect(differences).to_contain_text("What differs, Goblin survives? → Browser fight")
    expect(differences).to_contain_text("Goblin: hp -1 → 4")
    expect(differences).to_contain_text("dying")
    tables = compare.locator(".side-by-side .compared")
    expect(tables).to_have_count(2)
    expect(tables.nth(0).locator("h3")).to_have_text("Goblin survives?")
    expect(tables.nth(1).locator("h3")).to_have_text("Browser fight")
    expect(tables.nth(0).locator("[data-id=goblin] .bar.hp .text")).to_have_text("HP -1/6")
    expect(tables.nth(1).locator("[data-id=goblin] .bar.hp .text")).to_have_text("HP 4/6")
    valeros = compare.locator("table.compare-figures tr[data-id=valeros] td")
    expect(valeros).to_have_text(["7 damage 1/1 hits", "2 damage 1/1 hits"])
    page.screenshot(path=str(SCREENSHOTS / "branch-compare-laptop.png"), full_page=True)
    assert axe_violations(page) == []

    compare.locator("input[name=compare-when]").nth(1).check()  # at the line it branched at
    expect(compare.locator("input[name=compare-at]")).to_have_value("9")
    expect(differences).to_contain_text("Nothing on the table differs.")
    compare.locator("input[name=compare-at]").fill("99")
    compare.locator("input[name=compare-at]").press("Enter")
    page.expected_errors = 1  # the console notes the 422
    expect(compare.locator("[data-error=compare]")).to_contain_text("at: the log ends at line")
    expect(compare.locator(".side-by-side")).to_have_count(0)
    compare.locator("input[name=compare-at]").fill("10")
    compare.locator("input[name=compare-at]").press("Enter")
    expect(tables.nth(0).locator("[data-id=goblin] .bar.hp .text")).to_have_text("HP -1/6")
    expect(compare.locator("[data-error=compare]")).to_have_count(0)
    assert len(the_log(server, encounter)) == lines_before  # the original is untouched
    compare.locator("button.close").click()
    banner.locator("a.open-parent").click()
    expect(page.locator(".branch-banner")).to_have_count(0)
    expect(hp(page, "goblin")).to_have_text("HP 4/6")
    assert branch != encounter["id"]


def test_on_a_phone_the_tables_stack_and_the_banner_reads_whole(
    phone: Any, server: Server, encounter: dict[str, Any]
) -> None:
    at = fight_to_branch(phone, server, encounter)
    branch_from(phone, log_line(phone, at).locator("button.branch"), "Goblin survives?")
    deal(phone, "goblin", "7")
    expect(hp(phone, "goblin")).to_have_text("HP -1/6")
    phone.evaluate("window.scrollTo(0, 0)")
    phone.screenshot(path=str(SCREENSHOTS / "branch-banner-phone.png"))
    phone.locator("button.compare-open").click()
    tables = phone.locator("dialog.compare .side-by-side .compared")
    expect(tables).to_have_count(2)
    first, second = (tables.nth(k).bounding_box() for k in (0, 1))
    assert second["y"] >= first["y"] + first["height"]  # stacked, not squeezed side by side
    assert first["width"] <= PHONE["width"]
    controls = "dialog.compare :is(input, select, button)"
    for control in phone.locator(controls).all():
        box = control.bounding_box()
        if box and control.get_attribute("type") != "radio":
            assert box["height"] >= 44, control.evaluate("(e) => e.outerHTML")
    phone.screenshot(path=str(SCREENSHOTS / "branch-compare-phone.png"))
    tables.nth(1).scroll_into_view_if_needed()
    phone.screenshot(path=str(SCREENSHOTS / "branch-compare-phone-original.png"))
    phone.locator("dialog.compare .figures").scroll_into_view_if_needed()
    phone.screenshot(path=str(SCREENSHOTS / "branch-compare-phone-figures.png"))


def test_try_it_the_other_way_from_the_replay_bar_as_corrected(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    at = fight_to_branch(page, server, encounter)
    headers = {"Authorization": f"Bearer {encounter['gm_token']}"}
    five = {"type": "DamageDealt", "target": "goblin", "amount": 5}
    amend = {"position": 10, "replacement": five}
    url = f"{server.url}/encounters/{encounter['id']}/amend"
    assert httpx.post(url, json=amend, headers=headers).status_code == 201  # line 11
    page.reload()
    expect(hp(page, "goblin")).to_have_text("HP 1/6")
    replay_at(page, 10, "corrected")
    expect(hp(page, "goblin")).to_have_text("HP 1/6")  # the 2 as corrected: 5
    control = page.locator("button.branch-replay")
    expect(control).to_have_text("Try it the other way from here")
    control.click()
    expect(page.locator("dialog.fork input[value=corrected]")).to_be_checked()
    page.screenshot(path=str(SCREENSHOTS / "branch-fork-dialog-laptop.png"))
    page.locator("dialog.fork button.do-fork").click()
    expect(page.locator(".branch-banner")).to_contain_text(
        "What-if branch of Browser fight at line 10 (as corrected)"
    )
    expect(page.locator("#replay-at")).to_have_text("live")  # the branch opens live
    expect(hp(page, "goblin")).to_have_text("HP 1/6")
    expect(page.locator("#workspace .turn-bar")).to_contain_text("line 11")
    assert at == 9 and len(the_log(server, encounter)) == 11


def test_a_fork_the_service_refuses_says_why_in_the_dialog_and_opens_nothing(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, PARTY)  # the goblin joins at line 3
    headers = {"Authorization": f"Bearer {encounter['gm_token']}"}
    amend = {"position": 2, "replacement": {"type": "TurnEnded", "combatant": "goblin"}}
    url = f"{server.url}/encounters/{encounter['id']}/amend"
    assert httpx.post(url, json=amend, headers=headers).status_code == 201
    page.goto(gm_url(server, encounter))
    log_line(page, 2).locator("button.branch").click()
    dialog = page.locator("dialog.fork")
    dialog.locator("input[value=corrected]").check()
    dialog.locator("button.do-fork").click()
    page.expected_errors = 1  # the browser's console notes the 422
    expect(dialog.locator("[data-error=fork]")).to_contain_text(
        "timeline: a correction recorded after line 2 cannot be taken there"
    )
    assert encounter["id"] in page.evaluate("location.hash")
    dialog.locator("input[value=then]").check()  # as written it can
    dialog.locator("button.do-fork").click()
    expect(page.locator(".branch-banner")).to_contain_text("at line 2 (as written)")
