"""The session recap on the GM page (issue 16): a campaign's session shows each fight's drops,
rescues, kills, the biggest hit and the rulings corrected, with reasons; "Copy as Markdown" puts
the service's Markdown on the clipboard, or selects it where the page has no clipboard."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import axe_violations, operator_headers, operator_token
from tests.builders import jsonl
from tests.recap_fixtures import (
    AMEND_REASON,
    FILED,
    UNDO_REASON,
    ambush_lines,
    crypt_lines,
    timed,
)
from tests.server_helpers import Server

RECAP = "/campaigns/crypt/sessions/2026-11-20/recap?format=markdown"


@pytest.fixture(scope="module")
def session(server: Server) -> str:
    """Two fights filed under the crypt's session; the recap's Markdown as the service gives it."""
    for lines, hour in ((ambush_lines(), 19), (crypt_lines(), 20)):
        stamped = timed(lines, hour)
        body = jsonl({**stamped[0], **FILED}, *stamped[1:])
        reply = httpx.post(f"{server.url}/encounters/import", content=body,
                           headers=operator_headers(server))  # fmt: skip
        assert reply.status_code == 201, reply.text
    return httpx.get(f"{server.url}{RECAP}", headers=operator_headers(server)).text


def opened(page: Any, server: Server) -> Any:
    page.goto(f"{server.url}/#operator={operator_token(server)}&c=crypt&s=2026-11-20")
    recap = page.get_by_role("region", name="recap")
    expect(recap.get_by_role("heading", name="Goblin ambush")).to_be_visible()
    return recap


def test_the_recap_tells_each_fight_in_table_words(page: Any, server: Server, session: str) -> None:
    recap = opened(page, server)
    ambush = recap.locator("article", has=page.get_by_role("heading", name="Goblin ambush"))
    bullets = ambush.get_by_role("listitem")
    expect(bullets.nth(0)).to_have_text(
        "Sniper dropped Valeros in round 1; Kyra's heal check stabilised Valeros in round 2; "
        "Kyra's cure light wounds got Valeros up in round 2"
    )
    expect(bullets.nth(1)).to_have_text("Valeros killed Goblin 2 in round 3")
    expect(bullets.nth(2)).to_have_text("Biggest hit: Valeros on Goblin 2, 14 slashing (round 3)")
    expect(ambush).to_contain_text(
        f"Line 14 undone (was: 18 slashing damage to Kyra): Kyra: hp 12 → 30 — “{UNDO_REASON}”"
    )
    expect(ambush).to_contain_text(
        "Line 17 amended (was: Valeros attacks Goblin 2: natural 1, total 5)"
    )
    expect(ambush).to_contain_text(AMEND_REASON)
    expect(recap.get_by_role("heading", name="Crypt door")).to_be_visible()
    expect(recap).to_contain_text("crypt · 2 fights · 5 rounds · 42 min · 3 drops · 1 kill")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    recap.get_by_role("button", name="Copy as Markdown").click()
    expect(recap.get_by_role("status")).to_have_text("Copied: paste it into the chat.")
    assert page.evaluate("navigator.clipboard.readText()") == session
    download = recap.get_by_role("link", name="Download .md")
    expect(download).to_have_attribute("download", "recap-crypt-2026-11-20.md")
    assert axe_violations(page) == []


def test_on_a_phone_without_a_clipboard_the_copy_selects_the_markdown(
    phone: Any, server: Server, session: str
) -> None:
    phone.add_init_script("Object.defineProperty(window, 'isSecureContext', {value: false})")
    recap = opened(phone, server)
    recap.get_by_role("button", name="Copy as Markdown").click()
    expect(recap.get_by_role("status")).to_have_text(re.compile(r"^(Copied|Selected): "))
    text = recap.get_by_role("textbox", name="the recap as Markdown")
    expect(text).to_be_visible()
    assert text.input_value() == session
    selected = phone.evaluate(
        "(() => { const t = document.activeElement;"
        " return t.value.slice(t.selectionStart, t.selectionEnd); })()"
    )
    assert selected == session
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # one column, nothing wider than the phone
    recap.get_by_role("heading", name="Crypt door").scroll_into_view_if_needed()


def test_players_read_their_recap_on_the_player_page_without_the_hidden_sniper(
    page: Any, server: Server, session: str
) -> None:
    operator = operator_headers(server)
    filed = httpx.get(f"{server.url}/campaigns/crypt", headers=operator).json()
    ambush = filed["sessions"][0]["encounters"][0]
    assert ambush["name"] == "Goblin ambush"
    issued = httpx.get(f"{server.url}/encounters/{ambush['id']}/tokens", headers=operator).json()
    page.goto(f"{server.url}/play/{ambush['id']}#token={issued['player_token']}")
    page.locator("#recap summary").click()
    shown = page.locator("#recap-text")
    expect(shown.locator("h4")).to_have_text(["Goblin ambush"])  # rendered, not Markdown
    expect(shown.locator("li").first).to_be_visible()
    expect(shown).not_to_contain_text("###")
    expect(shown).not_to_contain_text("Line ")  # no correction's bookkeeping
    expect(shown).not_to_contain_text("Crypt door")  # the session's other fight: its table's
    assert "Sniper" in session  # the GM's recap names the hidden sniper …
    expect(shown).not_to_contain_text("Sniper")  # … the players' never does
    expect(shown).not_to_contain_text(UNDO_REASON)
    assert not axe_violations(page)
