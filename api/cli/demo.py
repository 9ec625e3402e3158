"""The demo encounter a first start seeds, so a new user sees a fight at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from api.config.settings import Settings
from api.http.access import load_secret, operator_token, tokens
from api.service.encounters import Encounters, rebuilt
from domain.jsonl import read_jsonl

DEMO = Path(__file__).resolve().parents[2] / "replay_fixtures" / "dnd35" / "whole-fight.jsonl"


def seed_demo(settings: Settings, host: str, port: int) -> tuple[list[str], str, dict[str, Any]]:
    """Import the demo fight when the store holds no encounter: lines to print, the first
    encounter's name and its table."""
    with settings.open_store() as store:
        encounters = store.list_encounters()
        if not encounters:
            Encounters(store).import_log(read_jsonl(DEMO.read_bytes()))
            encounters = store.list_encounters()
        table = rebuilt(store, encounters[0].id).state()
        generations = store.access.generations(encounters[0].id)  # after any rotation
    secret = load_secret(Path.cwd(), settings.secret_bytes())
    lines = [f"combatlog serving on http://{host}:{port}  (API docs: http://{host}:{port}/docs)"]
    first = encounters[0]
    issued = tokens(secret, first.id, generations)
    gm, player = issued["gm_token"], issued["player_token"]
    operator = operator_token(secret)
    lines.append(f"demo encounter {first.name!r}: {first.id}")
    lines.append(f"  GM token:     {gm}")
    lines.append(f"  player token: {player}")
    lines.append(f"  its table: GET /encounters/{first.id}/state with the GM token")
    lines.append(
        f"  GM page:     http://{host}:{port}/#e={first.id}&token={gm}&operator={operator}"
    )
    lines.append(f"  player page: http://{host}:{port}/play/{first.id}#token={player}")
    lines.append(
        f"operator token: {operator}  (POST /encounters, POST /encounters/import, "
        "GET /encounters, GET /stats)"
    )
    return lines, first.name, table
