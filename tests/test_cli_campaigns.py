"""Campaigns on the command line: `campaign save`, `campaigns`, `sessions`, `file` and
`replay-session` against a SQLite store, as a GM opens last Friday's session and replays it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
from typer.testing import CliRunner

from api.cli.main import app
from api.config.settings import load_settings
from api.library import Creature, CreatureLibrary
from api.wiring import open_store
from domain.tables import DEFAULT_TABLE
from tests.gm_page_helpers import FIGHTERS

runner = CliRunner()
FRIDAY = {"id": "fri", "date": "2026-11-20", "title": "Into the Warrens"}
HIT = {"type": "DamageDealt", "target": "grask", "amount": 4}


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output.strip()


def refused(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    return result.output


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.sqlite'}"


def fight(tmp_path: Path, db: str, name: str, at: str, facts: list[Any], **filed: Any) -> str:
    """A fight imported with its lines recorded at `at`; its encounter id."""
    created = {"type": "EncounterCreated", "name": name, "ruleset": "dnd35", **filed}
    lines = [{**each, "at": at} for each in [created, *FIGHTERS, *facts]]
    path = tmp_path / f"{name}.jsonl"
    path.write_bytes(b"".join(orjson.dumps(each) + b"\n" for each in lines))
    return run("import", str(path), "--db", db)


def test_a_campaign_is_saved_with_a_party_from_the_library_and_listed(db: str) -> None:
    with open_store(load_settings(database_url=db)) as store:
        kyra = {"id": "kyra", "ruleset": "dnd35", "name": "Kyra", "side": "party", "party": True}
        CreatureLibrary(store).save(DEFAULT_TABLE, [Creature.model_validate(kyra)])
    assert "--party: no dnd35 creature tordek" in refused(
        "campaign", "save", "crypt", "--name", "Crypt", "--ruleset", "dnd35",
        "--party", "kyra,tordek", "--db", db,
    )  # fmt: skip
    run("campaign", "save", "crypt", "--name", "Curse of the Crypt", "--ruleset", "dnd35",
        "--party", "kyra", "--db", db)  # fmt: skip
    listed = run("campaigns", "--db", db)
    assert listed == "crypt  Curse of the Crypt  dnd35  0 sessions, 0 fights, last played never"


def test_sessions_list_in_date_order_and_filing_moves_a_fight(tmp_path: Path, db: str) -> None:
    saturday = {"id": "sat", "date": "2026-11-21"}
    late = fight(tmp_path, db, "Ogre", "2026-11-20T21:00:00Z", [], campaign="crypt",
                 session=FRIDAY)  # fmt: skip
    early = fight(tmp_path, db, "Goblins", "2026-11-20T19:00:00Z", [], campaign="crypt",
                  session=saturday)  # fmt: skip
    listed = run("sessions", "crypt", "--db", db).splitlines()
    assert [line.split()[:2] for line in listed] == [
        ["2026-11-20", "fri"], [late, "Ogre"], ["2026-11-21", "sat"], [early, "Goblins"],
    ]  # fmt: skip
    run("file", early, "--campaign", "crypt", "--date", "2026-11-20", "--session", "fri",
        "--db", db)  # fmt: skip
    moved = run("sessions", "crypt", "--db", db).splitlines()
    assert [line.split()[:2] for line in moved] == [
        ["2026-11-20", "fri"], [early, "Goblins"], [late, "Ogre"],
    ]  # fmt: skip


def test_filing_a_session_without_its_day_or_with_a_bad_id_is_refused(
    tmp_path: Path, db: str
) -> None:
    ogre = fight(tmp_path, db, "Ogre", "2026-11-20T21:00:00Z", [])
    assert "--date" in refused("file", ogre, "--campaign", "crypt", "--session", "fri", "--db", db)
    assert "--campaign" in refused("file", ogre, "--campaign", "no spaces", "--db", db)
    assert "--date" in refused("file", ogre, "--campaign", "c", "--date", "Friday", "--db", db)
    run("file", ogre, "--campaign", "crypt", "--date", "2026-11-20", "--db", db)
    assert run("sessions", "crypt", "--db", db).splitlines()[0] == "2026-11-20  2026-11-20"


def test_replaying_a_session_prints_each_fight_at_its_end_and_steps_across(
    tmp_path: Path, db: str
) -> None:
    fight(tmp_path, db, "Goblins", "2026-11-20T19:00:00Z", [HIT], campaign="crypt", session=FRIDAY)
    fight(tmp_path, db, "Ogre", "2026-11-20T21:00:00Z", [HIT, HIT], campaign="crypt",
          session=FRIDAY)  # fmt: skip
    printed = run("replay-session", "crypt", "fri", "--db", db)
    assert printed.index("Goblins") < printed.index("Ogre")
    assert "session lines 1–4" in printed and "session lines 5–9" in printed
    whole = orjson.loads(run("replay-session", "crypt", "fri", "--json", "--db", db))
    assert [s["state"]["combatants"]["grask"]["vitals"]["hp"] for s in whole] == [7, 3]
    at = orjson.loads(run("replay-session", "crypt", "fri", "--at", "5", "--json", "--db", db))
    assert [(s["name"], s["state"]["version"]) for s in at] == [("Ogre", 1)]
    assert "--at must be between 1 and 9" in refused(
        "replay-session", "crypt", "fri", "--at", "10", "--db", db
    )
    missing = runner.invoke(app, ["replay-session", "crypt", "sat", "--db", db])
    assert missing.exit_code == 1
