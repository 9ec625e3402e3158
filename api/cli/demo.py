"""The demo a first start seeds, so a new user sees a fight at once: the 3.5 sample fight, and
with it a second one, filed under a demo campaign as two sessions, so the campaign page, the
recap, the session replay and the trend have something to show."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from api.config.settings import Settings
from api.http.access import load_secret, operator_token, tokens
from api.library import CampaignRecord, CampaignRegistry
from api.service.encounters import Encounters, rebuilt
from api.store import EncounterStore
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


def seed_demo(settings: Settings, host: str, port: int) -> tuple[list[str], str, dict[str, Any]]:
    """Import the demo fight when the store holds no encounter: lines to print, the first
    encounter's name and its table."""
    with settings.open_store() as store:
        encounters = store.list_encounters()
        if not encounters:
            demo_campaign(store)
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
        f"demo campaign: http://{host}:{port}/#c={CAMPAIGN.id}&s={SESSIONS[0][1].id}"
        f"&operator={operator}"
    )
    lines.append(
        f"operator token: {operator}  (POST /encounters, POST /encounters/import, "
        "GET /encounters, GET /stats)"
    )
    return lines, first.name, table


def demo_campaign(store: EncounterStore) -> None:
    """Import the demo fights, each filed under its session of the demo campaign (a fact at
    the end of its log, as a GM files a fight), and set the campaign up. Its party stays empty:
    the GM's library starts empty, and a party is picked from it."""
    encounters = Encounters(store)
    for path, session in SESSIONS:
        encounter_id = encounters.import_log(read_jsonl(path.read_bytes()))
        filed = EncounterFiled(campaign=CAMPAIGN.id, session=session)
        encounters.append(encounter_id, [filed], by="demo")
    CampaignRegistry(store).save(CAMPAIGN)
