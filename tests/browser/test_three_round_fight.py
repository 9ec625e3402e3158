"""Issue 25's "done when": a GM runs the three-round fight — four PCs, five goblins and a hidden
sniper — from a phone, every attack from a stored attack in the turn bar (no bonus typed, ever),
the acting card in view after every Next turn, and Undo taking back exactly what the last tap did.
"""

from __future__ import annotations

import re
from itertools import cycle
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, gm_url
from tests.browser.gm import card, hp, in_view, seeded, the_log
from tests.server_helpers import Server

pytestmark = pytest.mark.shared_server  # reads only the encounters it opens


def joined(
    who: str, name: str, side: str, hp_: int, ac: int, attack: dict[str, Any], **extra: Any
) -> dict[str, Any]:
    stats = {"max_hp": hp_, "defenses": {"ac": ac}, "attacks": [attack]}
    return {"type": "CombatantJoined", "combatant": who, "name": name, "side": side,
            "stats": stats, **extra}  # fmt: skip


SWORD = {"name": "Short sword", "bonus": 2, "damage": "1d6", "damage_type": "piercing"}
FIGHT = [
    joined("valeros", "Valeros", "party", 24, 18,
           {"name": "Longsword", "bonus": 6, "damage": "1d8+3", "threat": 19}),
    joined("kyra", "Kyra", "party", 20, 16,
           {"name": "Scimitar", "bonus": 4, "damage": "1d6+1", "threat": 18}),
    joined("merisiel", "Merisiel", "party", 18, 17,
           {"name": "Rapier", "bonus": 7, "damage": "1d6+1", "threat": 18}),
    joined("seoni", "Seoni", "party", 14, 13,
           {"name": "Dagger", "bonus": 3, "damage": "1d4"}),
    *(joined(f"goblin-{k}", f"Goblin {k}", "foes", 6, 15, SWORD) for k in range(1, 6)),
    joined("sniper", "Goblin sniper", "foes", 9, 16,
           {"name": "Shortbow", "bonus": 4, "damage": "1d6", "multiplier": 3}, hidden=True),
]  # fmt: skip
ORDER = ["merisiel", "goblin-1", "valeros", "sniper", "goblin-2", "kyra", "goblin-3",
         "goblin-4", "seoni", "goblin-5"]  # fmt: skip
DOWN = ("dead", "dying", "unconscious", "helpless")
ROLLS = [
    {"type": "InitiativeRolled", "combatant": who, "natural": 20 - k, "modifier": 0}
    for k, who in enumerate(ORDER)
]


def test_three_rounds_from_a_phone_with_stored_attacks_the_turn_in_view_and_exact_undo(
    phone: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(server, encounter, [*FIGHT, *ROLLS, {"type": "CombatStarted"}])
    phone.goto(gm_url(server, encounter))
    dice = cycle(["14", "3", "11", "9", "16", "5"])  # hits and misses, no threat
    taps = 0
    for round_ in (1, 2, 3):
        for who in ORDER:
            expect(card(phone, who)).to_have_attribute("aria-current", "true")
            in_view(phone, who)
            down = any(word in (card(phone, who).text_content() or "") for word in DOWN)
            attacks = phone.locator(".turn-bar .stored-attacks.acting button.stored")
            expect(attacks).to_have_count(0 if down else 1)  # none for who cannot attack
            if down:
                phone.locator(".turn-bar button.next").click()
                continue
            before = len(the_log(server, encounter))
            attacks.click()
            dialog = phone.locator("dialog.stored-attack")
            dialog.locator("input[name=d20]").fill(next(dice))
            outcome = dialog.locator(".outcome")
            expect(outcome).to_have_attribute("data-outcome", re.compile("hit|miss"))
            if outcome.get_attribute("data-outcome") == "hit":
                dialog.locator("input[name=damage]").fill("2")
            dialog.locator("button.record-stored").click()
            expect(dialog).to_have_count(0)
            taps += 2  # the attack button and Record (the d20 and damage typed)
            written = the_log(server, encounter)[before:]
            if len(written) > 1:  # an attack with its damage: one action, stamped on each line
                assert {line["fact"]["action"] for line in written} == {written[0]["position"]}
            if (round_, who) == (2, "valeros"):  # the GM misread the die: one Undo
                phone.screenshot(path=str(SCREENSHOTS / "three_rounds_before_undo_phone.png"))
                phone.locator(".turn-bar button.undo").click()
                taps += 1
                expect(phone.locator("ol.log li.revoked")).to_have_count(len(written))
                lines = the_log(server, encounter)
                assert [line["revoked"] for line in lines[before : before + len(written)]] == [
                    True
                ] * len(written)  # exactly the attack (and its damage), nothing before it
                assert not any(line["revoked"] for line in lines[:before])
            phone.locator(".turn-bar button.next").click()
            taps += 1
        if round_ == 2:  # the table as round 3 opens, once the page has drawn it
            expect(phone.locator(".turn-bar")).to_contain_text("Round 3")
            expect(card(phone, ORDER[0])).to_have_attribute("aria-current", "true")
            in_view(phone, ORDER[0])
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            phone.screenshot(path=str(SCREENSHOTS / "three_rounds_round_3_phone.png"))
    expect(phone.locator(".turn-bar")).to_contain_text("Round 4")
    assert taps <= 3 * len(ORDER) * 3 + 1  # at most 3 taps a turn: attack, Record, Next turn
    goblins = [hp(phone, f"goblin-{k}").text_content() for k in range(1, 6)]
    assert any(text != "HP 6/6" for text in goblins)  # the party's hits landed
    seen_by = {"Authorization": f"Bearer {encounter['player_token']}"}
    player = httpx.get(f"{server.url}/encounters/{encounter['id']}/state", headers=seen_by)
    assert player.status_code == 200 and "valeros" in player.text
    assert "sniper" not in player.text  # hidden all fight long: the players never learn it
