"""Setting a fight up from the GM page: the library kept by the service, initiative for every
NPC in one step, a group on one roll, a hidden combatant revealed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import gm_url, operator_token
from tests.browser.gm import add_creatures, card, hp, open_card, seeded
from tests.server_helpers import Server

PROBLEM = "application/problem+json"


def open_library(page: Any) -> Any:
    page.locator("section.setup summary", has_text="Library and party").click()
    return page.locator(".library")


def test_a_creature_saved_once_is_added_again_from_the_library(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    page.goto(f"{gm_url(server, encounter)}&operator={operator_token(server)}")
    form = page.locator("form.add-creatures")
    form.locator("input[name=save]").check()
    add_creatures(page, "Ogre", 1, "foes", max_hp=30, ac=16)
    expect(hp(page, "ogre")).to_have_text("HP 30/30")
    ogre = open_library(page).locator("li.creature[data-creature=ogre]")
    ogre.locator("input[name=count]").fill("2")
    ogre.locator("button.add-saved").click()  # the next free numbers
    expect(card(page, "ogre-1").locator(".name")).to_have_text("Ogre 1")
    expect(hp(page, "ogre-2")).to_have_text("HP 30/30")
    ogre.locator("button.edit").click()  # back into the form, to change and add
    expect(form.locator("input[name=name]")).to_have_value("Ogre")
    expect(form.locator("input[data-stat=max_hp]")).to_have_value("30")
    expect(form.locator("input[data-defense=ac]")).to_have_value("16")
    ogre.locator("button.delete").click()
    expect(page.locator("li.creature")).to_have_count(0)


def test_a_busy_store_s_503_is_sent_again_once_and_the_gm_sees_no_error(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    page.goto(f"{gm_url(server, encounter)}&operator={operator_token(server)}")
    page.locator("form.add-creatures input[name=save]").check()
    add_creatures(page, "Ogre", 1, "foes", max_hp=30, ac=16)
    answered = []

    def busy_once(route: Any) -> None:  # the store held by another writer, the first time only
        answered.append(route.request.method)
        if len(answered) == 1:
            route.fulfill(status=503, headers={"Retry-After": "0"}, content_type=PROBLEM,
                          body='{"title": "The store is busy", "status": 503}')  # fmt: skip
        else:
            route.continue_()

    page.route("**/library/dnd35/ogre", busy_once)
    page.expected_errors = 1  # the browser's own console line for the 503
    open_library(page).locator("li.creature[data-creature=ogre] button.delete").click()
    expect(page.locator("li.creature")).to_have_count(0)
    assert answered == ["DELETE", "DELETE"]
    expect(page.locator(".library .error")).to_have_count(0)


def test_the_library_is_exported_and_imported_as_json(
    page: Any, server: Server, encounter: dict[str, Any], tmp_path: Path
) -> None:
    page.goto(f"{gm_url(server, encounter)}&operator={operator_token(server)}")
    page.locator("form.add-creatures input[name=save]").check()
    page.locator("form.add-creatures input[name=party]").check()  # in the party roster
    add_creatures(page, "Lem", 1, "party", max_hp=18)
    library = open_library(page)
    expect(library.locator("li.creature[data-creature=lem]")).to_have_count(1)  # saved first
    with page.expect_download() as downloading:
        library.locator("button.export").click()
    saved = tmp_path / "library.json"
    downloading.value.save_as(saved)
    creatures = json.loads(saved.read_text())["creatures"]
    assert [(c["name"], c["party"]) for c in creatures if c["ruleset"] == "dnd35"] == [
        ("Lem", True)
    ]
    library.locator("li.creature[data-creature=lem] button.delete").click()
    expect(library.locator("li.creature[data-creature=lem]")).to_have_count(0)
    library.locator("input[type=file]").set_input_files(str(saved))
    expect(library.locator("li.creature[data-creature=lem]")).to_be_visible()
    expect(library.locator("button.add-party")).to_have_text("Add the party (1)")


def test_initiative_for_every_npc_in_one_step_and_a_group_on_one_roll(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(
        server,
        encounter,
        [{"type": "CombatantJoined", "combatant": "kyra", "name": "Kyra", "side": "party",
          "stats": {"max_hp": 20}}],
    )  # fmt: skip
    page.goto(gm_url(server, encounter))
    page.locator("form.add-creatures input[name=group]").check()
    add_creatures(page, "Wolf", 3, "foes", max_hp=13)
    add_creatures(page, "Bandit", 1, "foes", max_hp=8)
    page.locator("button.roll-npcs").click()
    for wolf in ("wolf-1", "wolf-2", "wolf-3", "bandit"):
        expect(card(page, wolf).locator(".init")).not_to_have_text("–")
    expect(card(page, "kyra").locator(".init")).to_have_text("–")  # a player rolls her own
    rolls = {card(page, w).locator(".init").inner_text() for w in ("wolf-1", "wolf-2", "wolf-3")}
    assert len(rolls) == 1  # the pack shares one roll
    expect(page.locator("button.roll-all")).to_have_text("… everyone without (1)")


def test_a_hidden_combatant_is_revealed_to_the_players(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(
        server,
        encounter,
        [{"type": "CombatantJoined", "combatant": "sniper", "name": "Sniper", "side": "foes",
          "hidden": True, "stats": {"max_hp": 9}}],
    )  # fmt: skip
    page.goto(gm_url(server, encounter))
    players = page.context.new_page()
    players.goto(f"{server.url}/play/{encounter['id']}#token={encounter['player_token']}")
    expect(players.locator("#message")).to_have_text("live")
    expect(card(players, "sniper")).to_have_count(0)
    expect(card(page, "sniper").locator(".tag")).to_have_text("hidden")
    open_card(page, "sniper").locator("button.reveal").click()
    expect(card(page, "sniper").locator(".tag")).to_have_count(0)
    expect(card(players, "sniper")).to_be_visible()


def test_a_surprise_round_and_a_note_from_the_page(
    page: Any, server: Server, encounter: dict[str, Any]
) -> None:
    seeded(
        server,
        encounter,
        [{"type": "CombatantJoined", "combatant": c, "name": c.title(), "side": side,
          "stats": {"max_hp": 8}} for c, side in (("kyra", "party"), ("orc", "foes"))]
        + [{"type": "InitiativeRolled", "combatant": c, "natural": n, "modifier": 0}
           for c, n in (("kyra", 15), ("orc", 9))],
    )  # fmt: skip
    page.goto(gm_url(server, encounter))
    page.locator("button.surprise").click()
    dialog = page.locator("dialog.surprise")
    expect(dialog.locator("input[name=aware-kyra]")).to_be_checked()  # the party, by default
    expect(dialog.locator("input[name=aware-orc]")).not_to_be_checked()
    dialog.locator("button.record-surprise").click()
    page.locator("button.start").click()
    expect(page.locator(".turn-bar .round strong")).to_have_text("Surprise round")
    expect(card(page, "orc").locator(".status.surprised")).to_be_visible()
    page.locator("form.note input[name=note]").fill("The orc never saw her coming.")
    page.locator("button.add-note").click()
    expect(page.locator("ol.log li").first).to_contain_text("Note: The orc never saw her coming.")
