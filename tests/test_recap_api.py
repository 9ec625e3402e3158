"""Session recaps over HTTP: a table's key's recap of its campaign's session; an encounter's recap
of that fight for its GM (the GM's) and its players (the players', which keeps hidden things
hidden), and of its whole session for its table's key (the operator token is the default
table's)."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi.testclient import TestClient

from tests.builders import fact, joined, jsonl
from tests.recap_fixtures import (
    AMEND_REASON,
    FILED,
    UNDO_REASON,
    ambush_lines,
    crypt_lines,
    timed,
)
from tests.test_api import operator
from tests.test_api_errors import problem

MARKDOWN = "text/markdown; charset=utf-8"


def imported(client: TestClient, lines: list[dict[str, Any]], **filed: Any) -> dict[str, Any]:
    """The log stored as a new encounter, line 1 filed as given; its id and tokens."""
    lines = [{**lines[0], **filed}, *lines[1:]]
    reply = client.post("/encounters/import", content=jsonl(*lines), headers=operator(client))
    assert reply.status_code == 201, reply.text
    found: dict[str, Any] = reply.json()
    return found


def bearer(opened: dict[str, Any], role: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {opened[f'{role}_token']}"}


def the_session(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """The crypt door (fought at 20:00) imported before the ambush (19:00), both filed."""
    crypt = imported(client, timed(crypt_lines(), 20), **FILED)
    return imported(client, timed(ambush_lines(), 19), **FILED), crypt


SESSION_URL = "/campaigns/crypt/sessions/2026-11-20/recap"


def test_the_operator_gets_the_gms_recap_of_every_fight_in_the_order_fought(
    client: TestClient,
) -> None:
    ambush, crypt = the_session(client)
    reply = client.get(SESSION_URL, headers=operator(client))
    assert reply.status_code == 200, reply.text
    found = reply.json()
    assert [f["encounter"] for f in found["fights"]] == [ambush["id"], crypt["id"]]
    assert found["session"] == FILED["session"] and found["campaign"] == "crypt"
    assert found["player"] is False
    assert found["fights"][0]["drops"][0]["dealer_name"] == "Sniper"  # the GM's recap
    assert [r["reason"] for r in found["fights"][0]["rulings"]] == [UNDO_REASON, AMEND_REASON]
    assert found["totals"] == {"fights": 2, "rounds": 5, "seconds": 42 * 60.0, "drops": 3,
                               "kills": 1}  # fmt: skip


def test_the_recap_as_markdown_is_text_for_the_chat(client: TestClient) -> None:
    the_session(client)
    reply = client.get(f"{SESSION_URL}?format=markdown", headers=operator(client))
    assert (reply.status_code, reply.headers["content-type"]) == (200, MARKDOWN)
    text = reply.text
    assert text.startswith("## 2026-11-20 — Into the Warrens\n")
    assert "- Sniper dropped Valeros in round 1;" in text
    assert text.index("### Goblin ambush") < text.index("### Crypt door")


def test_an_unknown_session_is_a_404_naming_it(client: TestClient) -> None:
    the_session(client)
    reply = client.get("/campaigns/crypt/sessions/2026-12-24/recap", headers=operator(client))
    detail = "campaign crypt has no session 2026-12-24 with a fight filed under it"
    assert reply.status_code == 404
    assert reply.json() == problem(404, "No such session", detail, "session")


def test_a_bad_format_is_a_422_naming_it(client: TestClient) -> None:
    the_session(client)
    reply = client.get(f"{SESSION_URL}?format=html", headers=operator(client))
    assert reply.status_code == 422
    assert [e["field"] for e in reply.json()["errors"]] == ["format"]


def test_a_session_recap_needs_the_operator_token(client: TestClient) -> None:
    ambush, _ = the_session(client)
    assert client.get(SESSION_URL).status_code == 401
    assert client.get(SESSION_URL, headers=bearer(ambush, "gm")).status_code == 403
    assert client.get(SESSION_URL, headers=bearer(ambush, "player")).status_code == 403


def test_an_encounters_gm_gets_the_gms_recap_of_that_fight_alone(client: TestClient) -> None:
    """The GM token opens one fight: the session's others are its table's, read with its key."""
    ambush, crypt = the_session(client)
    reply = client.get(f"/encounters/{ambush['id']}/recap", headers=bearer(ambush, "gm"))
    assert reply.status_code == 200, reply.text
    found = reply.json()
    assert [f["encounter"] for f in found["fights"]] == [ambush["id"]]
    assert found["session"] == FILED["session"] and found["campaign"] == "crypt"
    assert found["player"] is False and "Sniper" in reply.text and crypt["id"] not in reply.text


def test_the_tables_key_gets_the_gms_recap_of_the_encounters_whole_session(
    client: TestClient,
) -> None:
    ambush, crypt = the_session(client)
    reply = client.get(f"/encounters/{crypt['id']}/recap", headers=operator(client))
    assert reply.status_code == 200, reply.text
    found = reply.json()
    assert [f["encounter"] for f in found["fights"]] == [ambush["id"], crypt["id"]]
    assert found["player"] is False and "Sniper" in reply.text


def test_a_player_gets_the_players_recap_and_cannot_get_the_gms(client: TestClient) -> None:
    ambush, _ = the_session(client)
    for format in ("json", "markdown"):
        reply = client.get(
            f"/encounters/{ambush['id']}/recap?format={format}", headers=bearer(ambush, "player")
        )
        assert reply.status_code == 200, reply.text
        text = reply.text
        assert "sniper" not in text.lower()
        assert UNDO_REASON not in text and AMEND_REASON not in text
        assert "Goblin ambush" in text and "Crypt door" not in text  # its own fight alone
    assert reply.headers["content-type"] == MARKDOWN
    player = client.get(f"/encounters/{ambush['id']}/recap", headers=bearer(ambush, "player"))
    assert player.json()["player"] is True


def test_a_fight_the_gm_has_only_prepared_is_in_the_tables_recap_and_no_players(
    client: TestClient,
) -> None:
    ambush, _ = the_session(client)
    prepared = [fact("EncounterCreated", name="Dragon lair", ruleset="dnd35"),
                joined("dragon", 200, side="foes"), fact("NoteAdded", text="ready")]  # fmt: skip
    imported(client, timed(prepared, 22), **FILED)
    url = f"/encounters/{ambush['id']}/recap?format=markdown"
    assert "Dragon lair" not in client.get(url, headers=bearer(ambush, "player")).text
    assert "Dragon lair" not in client.get(url, headers=bearer(ambush, "gm")).text
    assert "Dragon lair" in client.get(url, headers=operator(client)).text


def test_an_encounter_in_no_session_is_recapped_alone(client: TestClient) -> None:
    the_session(client)
    alone = imported(client, timed(crypt_lines(), 21))
    reply = client.get(f"/encounters/{alone['id']}/recap", headers=bearer(alone, "gm"))
    found = reply.json()
    assert found["session"] is None and [f["encounter"] for f in found["fights"]] == [alone["id"]]


def test_an_encounters_recap_needs_its_token(client: TestClient) -> None:
    ambush, crypt = the_session(client)
    url = f"/encounters/{ambush['id']}/recap"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer(crypt, "gm")).status_code == 403  # another fight's
    assert client.get(url, headers=operator(client)).status_code == 200  # the default table's


def test_the_openapi_document_shows_both_recaps_with_examples(client: TestClient) -> None:
    paths = orjson.loads(client.get("/openapi.json").content)["paths"]
    for path in (SESSION_URL.replace("crypt", "{campaign}").replace("2026-11-20", "{session}"),
                 "/encounters/{encounter_id}/recap"):  # fmt: skip
        content = paths[path]["get"]["responses"]["200"]["content"]
        assert set(content) == {"application/json", "text/markdown"}
        assert content["text/markdown"]["example"].startswith("## ")


def test_a_what_if_branch_is_recapped_alone_not_as_its_session(client: TestClient) -> None:
    ambush, _ = the_session(client)
    reply = client.post(f"/encounters/{ambush['id']}/fork", json={"at": 21},
                        headers=bearer(ambush, "gm"))  # fmt: skip
    assert reply.status_code == 201, reply.text
    branch = reply.json()
    found = client.get(f"/encounters/{branch['id']}/recap", headers=bearer(branch, "gm")).json()
    assert [f["encounter"] for f in found["fights"]] == [branch["id"]]
    assert found["fights"][0]["rulings"][0]["reason"] == UNDO_REASON  # lines 1-21 as written
