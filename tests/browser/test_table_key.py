"""The GM page with a table's key (issue 23): a group opens the page with the key its host handed
over (`#key=`), and the page's fights and campaigns are that table's, none of another's."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from tests.browser.conftest import axe_violations, operator_headers
from tests.server_helpers import Server


def table_key(server: Server, table_id: str) -> str:
    made = httpx.post(f"{server.url}/tables", json={"id": table_id, "name": table_id.title()},
                      headers=operator_headers(server))  # fmt: skip
    assert made.status_code == 201, made.text
    key: str = made.json()["key"]
    return key


def fight(server: Server, key: str, name: str, campaign: str) -> dict[str, Any]:
    body = {"name": name, "ruleset": "dnd35", "campaign": campaign}
    made = httpx.post(f"{server.url}/encounters", json=body,
                      headers={"Authorization": f"Bearer {key}"})  # fmt: skip
    assert made.status_code == 201, made.text
    found: dict[str, Any] = made.json()
    return found


def test_a_group_opens_the_page_with_its_key_and_sees_only_its_own_table(
    page: Any, server: Server
) -> None:
    thursday, friday = table_key(server, "thursday"), table_key(server, "friday")
    fight(server, thursday, "Troll bridge", "bridges")
    fight(server, friday, "Dragon lair", "lairs")
    page.goto(f"{server.url}/#key={thursday}")
    picker = page.locator("select").first
    expect(picker).to_contain_text("Troll bridge")
    expect(picker).not_to_contain_text("Dragon lair")
    expect(page.locator("body")).to_contain_text("bridges")
    expect(page.locator("body")).not_to_contain_text("lairs")
    assert not axe_violations(page)
