"""The demo encounter a first start seeds, so a new user sees a fight at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from api.http.access import analytics_token, load_secret, token
from api.service import rebuilt
from api.store import EncounterStore
from domain.jsonl import read_jsonl

DEMO = Path(__file__).resolve().parents[1] / "replay_fixtures" / "dnd35" / "whole-fight.jsonl"


def seed_demo(url: str | None, host: str, port: int) -> tuple[list[str], str, dict[str, Any]]:
    """Import the demo fight when the store holds no encounter: lines to print, the first
    encounter's name and its table."""
    store = EncounterStore(url)
    try:
        encounters = store.list_encounters()
        if not encounters:
            store.import_log(read_jsonl(DEMO.read_bytes()))
            encounters = store.list_encounters()
        table = rebuilt(store, encounters[0].id).state()
    finally:
        store.close()
    secret = load_secret(Path.cwd())
    lines = [f"combatlog serving on http://{host}:{port}  (API docs: http://{host}:{port}/docs)"]
    first = encounters[0]
    lines.append(f"demo encounter {first.name!r}: {first.id}")
    lines.append(f"  GM token:     {token(secret, first.id, 'gm')}")
    lines.append(f"  player token: {token(secret, first.id, 'player')}")
    lines.append(f"  its table: GET /encounters/{first.id}/state with the GM token")
    gm, player = token(secret, first.id, "gm"), token(secret, first.id, "player")
    operator = analytics_token(secret)
    lines.append(
        f"  GM page:     http://{host}:{port}/#e={first.id}&token={gm}&operator={operator}"
    )
    lines.append(f"  player page: http://{host}:{port}/play/{first.id}#token={player}")
    lines.append(f"analytics token: {operator}  (GET /encounters, GET /stats)")
    return lines, first.name, table
