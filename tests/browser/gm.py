"""What the browser tests do on the GM page, in the GM's words: open a card, deal damage, …"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import operator_headers
from tests.server_helpers import Server

FIXTURES = Path(__file__).resolve().parents[2] / "replay_fixtures"

PARTY = [
    {"type": "CombatantJoined", "combatant": "valeros", "name": "Valeros", "side": "party",
     "stats": {"max_hp": 12, "initiative_modifier": 2, "defenses": {"ac": 18}}},
    {"type": "CombatantJoined", "combatant": "goblin", "name": "Goblin", "side": "foes",
     "stats": {"max_hp": 6, "defenses": {"ac": 15}}},
    {"type": "CombatantJoined", "combatant": "sniper", "name": "Sniper", "side": "foes",
     "hidden": True, "stats": {"max_hp": 9}},
]  # fmt: skip


ROLLS = [
    {"type": "InitiativeRolled", "combatant": c, "natural": n, "modifier": 0}
    for c, n in (("valeros", 18), ("goblin", 12), ("sniper", 5))
]  # lines 5-7 after PARTY; with CombatStarted at 8, Valeros acts first


def seeded(server: Server, encounter: dict[str, Any], facts: list[dict[str, Any]]) -> None:
    headers = {"Authorization": f"Bearer {encounter['gm_token']}"}
    path = f"{server.url}/encounters/{encounter['id']}/facts"
    assert httpx.post(path, json={"facts": facts}, headers=headers).status_code == 201


def fight_in(
    server: Server, ruleset: str, facts: list[dict[str, Any]], name: str = "Stored"
) -> dict[str, Any]:
    """A new encounter of `ruleset` (opened with the operator token) holding `facts` after line 1:
    its id and tokens."""
    opened: dict[str, Any] = httpx.post(
        f"{server.url}/encounters", json={"name": name, "ruleset": ruleset},
        headers=operator_headers(server),
    ).json()  # fmt: skip
    seeded(server, opened, facts)
    return opened


def area_dialog(page: Any) -> Any:
    """The turn bar's Area… dialog, opened."""
    page.locator(".turn-bar button.area-open").click()
    return page.locator("dialog.area")


def imported(server: Server, fixture: str) -> dict[str, Any]:
    body = (FIXTURES / fixture).read_bytes()
    reply = httpx.post(
        f"{server.url}/encounters/import", content=body, headers=operator_headers(server)
    )
    assert reply.status_code == 201
    return dict(reply.json())


def the_log(server: Server, encounter: dict[str, Any]) -> list[dict[str, Any]]:
    headers = {"Authorization": f"Bearer {encounter['gm_token']}"}
    path = f"{server.url}/encounters/{encounter['id']}/log"
    return list(httpx.get(path, headers=headers).json())


def card(page: Any, who: str) -> Any:
    return page.locator(f"li.combatant[data-id='{who}']")


def hp(page: Any, who: str) -> Any:
    return card(page, who).locator(".bar.hp .text")


def in_view(page: Any, who: str) -> None:
    """Wait until the acting card stands below the sticky turn bar and inside the window."""
    page.wait_for_function(
        """(who) => {
            const bar = document.querySelector("section.turn-bar").getBoundingClientRect();
            const card = document.querySelector(`li.combatant[data-id="${who}"]`)
              .getBoundingClientRect();
            return card.top >= bar.bottom - 1 && card.bottom <= window.innerHeight + 1;
        }""",
        arg=who,
    )


def log_line(page: Any, position: int) -> Any:
    return page.locator(f"ol.log li[data-position='{position}']")


def latest_line(page: Any) -> Any:
    return page.locator("ol.log li").first


def open_card(page: Any, who: str) -> Any:
    """The card's controls (damage, healing, conditions …), opened from its name."""
    shown = card(page, who)
    if shown.locator(".drawer").count() == 0:
        shown.locator("button.name").click()
    expect(shown.locator(".drawer")).to_be_visible()
    return shown


def deal(page: Any, who: str, amount: str, button: str = "damage", save: int = 0) -> None:
    """Damage (or `heal`, `temp`) a combatant from its card (True20: with its Toughness save)."""
    shown = open_card(page, who)
    shown.locator("input[name=amount]").fill(amount)
    if save:
        shown.locator("input[name=save]").fill(str(save))
    shown.locator(f"button.{button}").click()


def add_creatures(page: Any, name: str, count: int, side: str, **stats: int) -> None:
    """Add N of a creature from the setup form (numbered names and ids made by the page)."""
    details = page.locator("section.setup details").first
    expect(details).to_be_attached()
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    form = page.locator("form.add-creatures")
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=count]").fill(str(count))
    form.locator("input[name=side]").fill(side)
    for stat, value in stats.items():
        field = "defense" if stat in DEFENSES else "stat"
        form.locator(f"input[data-{field}={stat}]").fill(str(value))
    cards = page.locator("li.combatant")
    before = cards.count()
    form.locator("button.add").click()
    expect(cards).to_have_count(before + count)  # joined: the form takes the next creature


DEFENSES = {"ac", "touch", "flat_footed", "defense", "eac", "kac", "fortitude", "reflex", "will"}


def orcus_shrine(server: Server, *mira_attacks: dict[str, Any]) -> dict[str, Any]:
    """An Orcus fight under way: Mira (a level 4 standard PC, her stored attacks given) acting
    first, a level 5 brute troll (60 HP)."""
    mira = {"max_hp": 36, "level": 4, "role": "standard",
            "defenses": {"ac": 17, "fortitude": 14, "reflex": 16, "will": 15}}  # fmt: skip
    if mira_attacks:
        mira["attacks"] = list(mira_attacks)
    return fight_in(server, "orcus", [
        {"type": "CombatantJoined", "combatant": "mira", "name": "Mira", "side": "party",
         "stats": mira},
        {"type": "CombatantJoined", "combatant": "troll", "name": "Troll", "side": "foes",
         "stats": {"max_hp": 60, "level": 5, "role": "brute",
                   "defenses": {"ac": 17, "fortitude": 19, "reflex": 20, "will": 15}}},
        {"type": "InitiativeRolled", "combatant": "mira", "natural": 15, "modifier": 0},
        {"type": "InitiativeRolled", "combatant": "troll", "natural": 5, "modifier": 0},
        {"type": "CombatStarted"},
    ], name="Shrine")  # fmt: skip
