"""Replay on the GM page: the slider, steps, Play at a speed, and late answers dropped."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import gm_url
from tests.browser.gm import PARTY, hp, seeded
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens


def test_the_replay_slider_shows_the_table_at_a_line(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    blows = [{"type": "DamageDealt", "target": "goblin", "amount": 1} for _ in range(3)]
    seeded(server, encounter, [*PARTY, *blows])  # lines 5, 6, 7: goblin 5, 4, 3 HP
    page.goto(gm_url(server, encounter))
    expect(hp(page, "goblin")).to_have_text("HP 3/6")
    slider = page.locator("#replay")
    slider.fill("5")
    expect(page.locator("#replay-at")).to_contain_text("after line 5 of 7")
    expect(hp(page, "goblin")).to_have_text("HP 5/6")
    slider.fill("3")
    expect(page.locator("li.combatant[data-id='goblin']")).to_be_visible()
    expect(page.locator("li.combatant[data-id='sniper']")).to_have_count(0)  # not joined yet
    page.click("#live")
    expect(hp(page, "goblin")).to_have_text("HP 3/6")


def test_step_back_and_forward_through_the_log(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    blows = [{"type": "DamageDealt", "target": "goblin", "amount": 1} for _ in range(3)]
    seeded(server, encounter, [*PARTY, *blows])  # lines 5, 6, 7: goblin 5, 4, 3 HP
    page.goto(gm_url(server, encounter))
    expect(hp(page, "goblin")).to_have_text("HP 3/6")
    at = page.locator("#replay-at")
    page.click("#step-back")
    expect(at).to_have_text("replaying: the table after line 6 of 7")
    expect(hp(page, "goblin")).to_have_text("HP 4/6")
    expect(page.locator("#replay")).to_have_value("6")
    page.click("#step-back")
    expect(at).to_contain_text("after line 5 of 7")
    expect(hp(page, "goblin")).to_have_text("HP 5/6")
    page.click("#step-forward")
    expect(at).to_contain_text("after line 6 of 7")
    expect(hp(page, "goblin")).to_have_text("HP 4/6")
    page.click("#step-forward")  # the last line: back to the live table
    expect(at).to_have_text("live")
    expect(hp(page, "goblin")).to_have_text("HP 3/6")
    page.locator("#replay").fill("2")
    expect(at).to_contain_text("after line 2 of 7")
    page.click("#step-back")
    page.click("#step-back")  # no line before the first
    expect(at).to_contain_text("after line 1 of 7")
    expect(page.locator("li.combatant")).to_have_count(0)


# Answers for even positions come 600 ms late, so they arrive after later requests' answers;
# every table drawn is noted (its line number, when it changes) in window.drawn.
SLOW_EVEN_REPLAYS = r"""
const realFetch = window.fetch;
window.fetch = async (...args) => {
  const reply = await realFetch(...args);
  const at = /[?&]at=(\d+)/.exec(String(args[0]));
  if (at && Number(at[1]) % 2 === 0) await new Promise((done) => setTimeout(done, 600));
  return reply;
};
window.drawn = [];
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => {
    const line = document.querySelector(".turn-bar .version");
    const at = line && Number(line.textContent.match(/\d+/)[0]);
    if (at && at !== window.seen) window.drawn.push(at);
    window.seen = at;
  }).observe(document.querySelector("#app"),
             { childList: true, subtree: true, characterData: true });
});
"""


def test_a_late_answer_never_replaces_a_later_table(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    blows = [{"type": "DamageDealt", "target": "goblin", "amount": 1} for _ in range(3)]
    seeded(server, encounter, [*PARTY, *blows])  # lines 5, 6, 7: goblin 5, 4, 3 HP
    page.add_init_script(SLOW_EVEN_REPLAYS)
    page.goto(gm_url(server, encounter))
    expect(hp(page, "goblin")).to_have_text("HP 3/6")
    slider = page.locator("#replay")
    slider.fill("6")  # its answer comes late ...
    slider.fill("5")  # ... after this one's
    expect(page.locator("#replay-at")).to_contain_text("after line 5 of 7")
    page.wait_for_timeout(900)  # the answer for line 6 has come by now, and was dropped
    expect(page.locator("#replay-at")).to_contain_text("after line 5 of 7")
    expect(hp(page, "goblin")).to_have_text("HP 5/6")
    assert page.evaluate("window.drawn").count(6) == 0


def test_play_at_a_speed_to_the_end(page: Any, server: Server, encounter: dict[str, Any]) -> None:
    blows = [{"type": "DamageDealt", "target": "goblin", "amount": 1} for _ in range(5)]
    seeded(server, encounter, [*PARTY, *blows])  # lines 5-9: goblin 5, 4, 3, 2, 1 HP
    page.add_init_script(SLOW_EVEN_REPLAYS)
    page.goto(gm_url(server, encounter))
    expect(hp(page, "goblin")).to_have_text("HP 1/6")
    page.locator("#speed").select_option("5")
    started = time.monotonic()
    page.evaluate("window.drawn = []; document.querySelector('#play').click()")
    expect(page.locator("#play")).to_have_text("Pause")
    expect(page.locator("#replay-at")).to_contain_text("replaying")
    expect(page.locator("#replay-at")).to_have_text("live", timeout=10_000)
    took = time.monotonic() - started
    expect(page.locator("#play")).to_have_text("Play")
    expect(hp(page, "goblin")).to_have_text("HP 1/6")
    page.wait_for_timeout(800)  # any late answer has come, and was dropped
    drawn = page.evaluate("window.drawn")
    assert drawn == sorted(drawn), f"an older table was drawn after a newer one: {drawn}"
    assert drawn[-1] == 9 and min(drawn) < 9, drawn  # past tables (odd lines), then live
    assert took >= 1.4, took  # 8 steps at 5 lines a second
    expect(page.locator("#replay-at")).to_have_text("live")
