"""The demo a first start seeds, so a new user sees a fight at once: the 3.5 sample fight, and
with it a second one, filed under a demo campaign as two sessions, so the campaign page, the
recap, the session replay and the trend have something to show."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from api.campaigns.registry import CampaignRecord
from api.service.encounters import Append
from api.wiring import Runtime
from domain.commands import AppendFacts, Import
from domain.events import EncounterFiled, Session
from domain.jsonl import read_jsonl

FIXTURES = Path(__file__).resolve().parents[2] / "replay_fixtures" / "dnd35"
DEMO = FIXTURES / "whole-fight.jsonl"
CAMPAIGN = CampaignRecord(id="mill", name="The Mill and the Quarry (demo)", ruleset="dnd35")
# each fight of the demo campaign, the session it was played in (the day of its first line)
SESSIONS = (
    (DEMO, Session(id="2025-03-14", date=date(2025, 3, 14), title="Ambush at the Old Mill")),
    (FIXTURES / "amend-three-turns-back.jsonl",
     Session(id="2025-06-21", date=date(2025, 6, 21), title="The gnolls' quarry")),
)  # fmt: skip


def seed_demo(runtime: Runtime, host: str, port: int) -> tuple[list[str], str, dict[str, Any]]:
    """Import the demo fight when the store holds no encounter: lines to print, the first
    encounter's name and its table."""
    encounters = runtime.encounters.listed()
    if not encounters:
        demo_campaign(runtime)
        encounters = runtime.encounters.listed()
    first = encounters[0]
    table = runtime.encounters.read(first.id, lambda history: history.state())
    issued = runtime.tokens.issued(first.id)  # after any rotation
    lines = [f"combatlog serving on http://{host}:{port}  (API docs: http://{host}:{port}/docs)"]
    gm, player = issued["gm_token"], issued["player_token"]
    operator = runtime.tokens.operator()
    lines.append(f"demo encounter {first.name!r}: {first.id}")
    lines.append(f"  GM token:     {gm}")
    lines.append(f"  player token: {player}")
    lines.append(f"  its table: GET /encounters/{first.id}/state with the GM token")
    lines.append(
        f"  GM page:     http://{host}:{port}/#e={first.id}&token={gm}&operator={operator}"
    )
    lines.append(f"  player page: http://{host}:{port}/play/{first.id}#token={player}")
    lines.append(
        f"demo campaign: http://{host}:{port}/#c={CAMPAIGN.id}&s={SESSIONS[0][1].id}"
        f"&operator={operator}"
    )
    lines.append(
        f"operator token: {operator}  (POST /encounters, POST /encounters/import, "
        "GET /encounters, GET /stats)"
    )
    return lines, first.name, table


def demo_campaign(runtime: Runtime) -> None:
    """Import the demo fights, each filed under its session of the demo campaign (a fact at
    the end of its log, as a GM files a fight), and set the campaign up. Its party stays empty:
    the GM's library starts empty, and a party is picked from it."""
    for path, session in SESSIONS:
        encounter_id = runtime.commits.created(Import(tuple(read_jsonl(path.read_bytes()))))
        filed = EncounterFiled(campaign=CAMPAIGN.id, session=session)
        runtime.commits.written(Append(encounter_id, AppendFacts((filed,)), by="demo"))
    runtime.campaigns.save(CAMPAIGN)
