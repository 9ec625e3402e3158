"""The demo a first start seeds, so a new user sees a fight at once: the 3.5 sample fight, and
with it a second one, filed under a demo campaign as two sessions, so the campaign page, the
recap, the session replay and the trend have something to show; all of it the default table's,
whose key (the operator token, until it is rotated) the GM page's address carries."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any
from uuid import UUID

from api.campaigns.registry import CampaignRecord
from api.service.encounters import Append
from api.wiring import Runtime
from domain.commands import AppendFacts, Import
from domain.events import EncounterFiled, Session
from domain.jsonl import read_jsonl
from domain.tables import DEFAULT_TABLE

FIXTURES = Path(__file__).resolve().parents[2] / "replay_fixtures" / "dnd35"
DEMO = FIXTURES / "whole-fight.jsonl"
CAMPAIGN = CampaignRecord(id="mill", name="The Mill and the Quarry (demo)", ruleset="dnd35")
# each fight of the demo campaign, the session it was played in (the day of its first line)
SESSIONS = (
    (DEMO, Session(id="2025-03-14", date=date(2025, 3, 14), title="Ambush at the Old Mill")),
    (FIXTURES / "amend-three-turns-back.jsonl",
     Session(id="2025-06-21", date=date(2025, 6, 21), title="The gnolls' quarry")),
)  # fmt: skip


def seed_demo(
    runtime: Runtime, host: str, port: int
) -> tuple[list[str], str | None, dict[str, Any] | None]:
    """Import the demo fights into the default table when the store holds no encounter: lines
    to print, and the name and table of the default table's first encounter (None: it has
    none, or there is no default table)."""
    served = f"http://{host}:{port}"
    default = runtime.tables.table(DEFAULT_TABLE)
    if default is not None and not runtime.encounters.listed():
        demo_campaign(runtime)
    encounters = runtime.encounters.listed(DEFAULT_TABLE)
    operator = runtime.tokens.operator()
    key = operator if default is not None and default.operator_key else None
    lines = [f"combatlog serving on {served}  (API docs: {served}/docs)"]
    if encounters:
        lines += encounter_lines(runtime, served, encounters[0].id, encounters[0].name, key)
    if key is not None:
        lines.append(f"demo campaign: {served}/#c={CAMPAIGN.id}&s={SESSIONS[0][1].id}&key={key}")
    elif default is not None:
        lines.append("default table key: rotated (the one `combatlog tables rotate default` "
                     "printed opens its encounters, campaigns, library and figures)")  # fmt: skip
    lines.append(f"operator token: {operator}  (the tables: /tables and `combatlog tables`; "
                 "the default table's key until that is rotated)")  # fmt: skip
    if not encounters:
        return lines, None, None
    first = encounters[0]
    return lines, first.name, runtime.encounters.read(first.id, lambda h: h.state())


def encounter_lines(
    runtime: Runtime, served: str, encounter_id: UUID, name: str, key: str | None
) -> list[str]:
    """An encounter's id, tokens and pages, the GM page's address carrying its table's key."""
    issued = runtime.tokens.issued(encounter_id)  # after any rotation
    gm, player = issued["gm_token"], issued["player_token"]
    carried = "" if key is None else f"&key={key}"
    return [
        f"demo encounter {name!r}: {encounter_id}",
        f"  GM token:     {gm}",
        f"  player token: {player}",
        f"  its table: GET /encounters/{encounter_id}/state with the GM token",
        f"  GM page:     {served}/#e={encounter_id}&token={gm}{carried}",
        f"  player page: {served}/play/{encounter_id}#token={player}",
    ]


def demo_campaign(runtime: Runtime) -> None:
    """Import the demo fights, each filed under its session of the demo campaign (a fact at
    the end of its log, as a GM files a fight), and set the campaign up. Its party stays empty:
    the GM's library starts empty, and a party is picked from it."""
    for path, session in SESSIONS:
        encounter_id = runtime.commits.created(Import(tuple(read_jsonl(path.read_bytes()))))
        filed = EncounterFiled(campaign=CAMPAIGN.id, session=session)
        runtime.commits.written(Append(encounter_id, AppendFacts((filed,)), by="demo"))
    runtime.campaigns.save(DEFAULT_TABLE, CAMPAIGN)
