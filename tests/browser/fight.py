"""A fight run only through the GM page, step by step as a GM at the table would."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import operator_token
from tests.browser.gm import card, log_line, open_card
from tests.server_helpers import Server


def stock_library(server: Server, ruleset: str, creatures: list[dict[str, Any]]) -> None:
    """Stat blocks saved in the service's library beforehand (a GM's earlier session)."""
    for creature in creatures:
        path = f"{server.url}/library/{ruleset}/{creature['id']}"
        body = {k: v for k, v in creature.items() if k != "id"}
        reply = httpx.put(path, json=body, headers=server.operator)
        assert reply.status_code == 200, reply.text


def create_encounter(page: Any, server: Server, name: str, ruleset: str) -> str:
    """From the landing page; the id of the new encounter."""
    page.goto(f"{server.url}/#operator={operator_token(server)}")
    form = page.locator("form.new-encounter")
    form.locator("input[name=name]").fill(name)
    form.locator("select[name=ruleset]").select_option(ruleset)
    form.locator("button.create").click()
    expect(page.locator("#workspace")).to_be_visible()
    return str(page.evaluate("location.hash.match(/e=([^&]+)/)[1]"))


def add_from_library(page: Any, party: bool, foes: dict[str, int]) -> None:
    """The party roster in one step, then N of each saved foe."""
    details = page.locator("section.setup details").nth(1)
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    if party:
        page.locator("button.add-party").click()
        expect(page.locator("button.add-party")).to_be_enabled()
    for creature, count in foes.items():
        row = page.locator(f"li.creature[data-creature='{creature}']")
        row.locator("input[name=count]").fill(str(count))
        row.locator("button.add-saved").click()
        expect(row.locator("button.add-saved")).to_be_enabled()


def set_initiative(page: Any, rolls: dict[str, int]) -> None:
    """Each d20 as rolled at the table, typed on the combatant's card."""
    for who, natural in rolls.items():
        shown = open_card(page, who)
        shown.locator("fieldset.initiative input[name=natural]").fill(str(natural))
        shown.locator("button.set-initiative").click()
        expect(shown.locator(".init")).not_to_have_text("–")
        shown.locator("button.name").click()  # closed again


def attack(page: Any, attacker: str, target: str, natural: int, bonus: int, **more: Any) -> Any:
    """The attack flow from the target's card; returns the dialog before it is recorded."""
    card(page, target).locator("button.attack-it").click()
    dialog = page.locator("dialog.attack")
    dialog.locator("select[name=attacker]").select_option(attacker)
    dialog.locator("input[name=bonus]").fill(str(bonus))
    dialog.locator("input[name=natural]").fill(str(natural))
    for field, value in more.items():
        dialog.locator(f"[name={field}]").fill(str(value))
    return dialog


def record_attack(dialog: Any) -> None:
    dialog.locator("button.record-attack").click()
    expect(dialog).to_have_count(0)


def answer_prompt(page: Any, who: str, kind_text: str, natural: int | None = None) -> None:
    """The prompt on the card: rolled by the service, or the die typed as rolled at the table."""
    prompt = card(page, who).locator("button.prompt", has_text=kind_text)
    prompt.click()
    dialog = page.locator("dialog.prompt-dialog")
    if natural is None:
        dialog.locator("button.roll-it").click()
    else:
        dialog.locator("input[name$=natural]").fill(str(natural))
        dialog.locator("button.record-prompt").click()
    expect(dialog).to_have_count(0)
    expect(prompt).to_have_count(0)  # recording it cleared it


def amend_field(page: Any, position: int, field: str, value: str) -> None:
    log_line(page, position).locator("button.amend").click()
    dialog = page.locator("dialog.amend")
    dialog.locator(f"[name='{field}']").fill(value)
    dialog.locator("button.do-amend").click()
    expect(dialog.locator(".summary")).to_be_visible()
    dialog.locator("button.close-amend").click()


def replay_at(page: Any, position: int, timeline: str) -> None:
    page.locator(f"input[name=timeline][value={timeline}]").check()
    page.locator("#replay").fill(str(position))
    expect(page.locator("#replay-at")).to_contain_text(f"after line {position} of")


def back_to_live(page: Any) -> None:
    page.locator("#live").click()
    page.locator("input[name=timeline][value=then]").check()
    expect(page.locator("#replay-at")).to_have_text("live")


def damage_dealt(page: Any) -> dict[str, str]:
    """This fight's "damage dealt per combatant" chart, read as {label: value}."""
    page.locator("#show-stats").click()
    chart = page.locator("#stats svg.bars").nth(1)
    expect(chart).to_be_visible(timeout=20_000)
    found = chart.evaluate(
        """(svg) => [...svg.querySelectorAll("text.label")].map((label, i) =>
             [label.firstChild.textContent, svg.querySelectorAll("text.value")[i].textContent])"""
    )
    return dict(found)


def position_of(page: Any, text: str) -> int:
    """The log position of the newest line reading `text`."""
    line = page.locator("ol.log li", has_text=text).first
    return int(line.get_attribute("data-position"))
