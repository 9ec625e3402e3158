"""`combatlog serve` on a fresh folder: the demo fight a new user sees at once (issue 3, item 1)."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from tests.server_helpers import serve


def printed(output: str, label: str) -> str:
    found = re.search(rf"{label}:\s+(\S+)", output)
    assert found, f"no {label!r} in what serve printed:\n{output}"
    return found.group(1)


def test_a_first_start_seeds_the_demo_fight_and_prints_its_address_and_tokens(
    tmp_path: Path,
) -> None:
    server = serve(tmp_path)
    try:
        output = server.output
        assert f"combatlog serving on {server.url}" in output
        encounter = re.search(r"demo encounter '.+': ([0-9a-f-]{36})", output)
        assert encounter, output
        demo = encounter.group(1)
        gm, player = printed(output, "GM token"), printed(output, "player token")
        operator = printed(output, "operator token")
        assert printed(output, "GM page") == f"{server.url}/#e={demo}&token={gm}&key={operator}"
        assert printed(output, "player page") == f"{server.url}/play/{demo}#token={player}"

        table = httpx.get(f"{server.url}/encounters/{demo}/state",
                          headers={"Authorization": f"Bearer {gm}"})  # fmt: skip
        assert table.status_code == 200
        assert table.json()["phase"] == "ended"
        assert table.json()["ruleset"] == "dnd35"
        seen = httpx.get(f"{server.url}/encounters/{demo}/state",
                         headers={"Authorization": f"Bearer {player}"})  # fmt: skip
        assert seen.status_code == 200
        assert all("hp" not in c["vitals"] for c in seen.json()["combatants"].values()
                   if c["side"] != "party")  # fmt: skip
        assert httpx.get(f"{server.url}/").status_code == 200
        assert printed(output, "demo campaign") == (
            f"{server.url}/#c=mill&s=2025-03-14&key={operator}"
        )
        opened = httpx.post(f"{server.url}/encounters", json={"name": "Next fight"},
                            headers={"Authorization": f"Bearer {operator}"})  # fmt: skip
        assert opened.status_code == 201  # the page's address carries the token that creates
    finally:
        server.stop()


def test_the_demo_campaign_holds_two_sessions_and_its_party(tmp_path: Path) -> None:
    """The page's campaign, recap, session replay and trend have a campaign to show at once."""
    server = serve(tmp_path)
    try:
        operator = {"Authorization": f"Bearer {printed(server.output, 'operator token')}"}
        campaign = httpx.get(f"{server.url}/campaigns/mill", headers=operator).json()
    finally:
        server.stop()
    assert campaign["name"] == "The Mill and the Quarry (demo)"
    assert [(s["date"], [f["name"] for f in s["encounters"]]) for s in campaign["sessions"]] == [
        ("2025-03-14", ["Ambush at the Old Mill"]),
        ("2025-06-21", ["Gnolls in the Quarry"]),
    ]
    assert campaign["party"] == []  # picked from the library, which starts empty


def test_a_second_start_on_the_same_store_seeds_nothing_more(tmp_path: Path) -> None:
    for _ in range(2):
        server = serve(tmp_path)
        operator = {"Authorization": f"Bearer {printed(server.output, 'operator token')}"}
        listed = httpx.get(f"{server.url}/encounters", headers=operator).json()
        server.stop()
    assert len(listed) == 2  # the demo campaign's two fights


def test_the_gm_page_address_carries_the_default_tables_key_which_opens_the_demo(
    tmp_path: Path,
) -> None:
    """One group on a laptop: nothing new to type; the address's key is the table's key."""
    server = serve(tmp_path)
    try:
        address = printed(server.output, "GM page")
        fragment = dict(part.split("=", 1) for part in address.partition("#")[2].split("&"))
        key = {"Authorization": f"Bearer {fragment['key']}"}
        listed = httpx.get(f"{server.url}/encounters", headers=key).json()
        demo = httpx.get(f"{server.url}/encounters/{fragment['e']}/state", headers=key)
        tables = httpx.get(f"{server.url}/tables", headers=server.operator).json()["tables"]
    finally:
        server.stop()
    assert fragment["e"] in [e["id"] for e in listed] and len(listed) == 2
    assert demo.status_code == 200 and demo.json()["phase"] == "ended"
    assert [(t["id"], t["operator_key"], t["encounters"]) for t in tables] == [("default", True, 2)]
