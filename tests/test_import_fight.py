"""A fight already in progress in Improved Initiative (a saved encounter: round 2, the second
orc's turn, damage taken, temporary hit points, a hidden orc, a tag) brought in as the facts that
reproduce it, by `combatlog import-fight`: the table stands where it stood."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

import pytest
from typer.testing import CliRunner

from api.cli import runtime
from api.cli.main import app as cli
from api.library.importers import ImportProblem
from api.library.importers.fight import checked, fight_from
from projections.table import table_at
from tests.import_helpers import FIXTURES

FIGHT = FIXTURES / "improved_initiative_fight.json"


def test_the_fight_is_the_joins_initiative_damage_and_turns_that_reproduce_it() -> None:
    facts = fight_from(FIGHT.read_bytes()).facts
    kinds = [(f["type"], f.get("combatant") or f.get("target")) for f in facts]
    assert kinds == [
        ("EncounterCreated", None),
        ("CombatantJoined", "kyra"), ("InitiativeRolled", "kyra"), ("DamageDealt", "kyra"),
        ("CombatantJoined", "orc-1"), ("InitiativeRolled", "orc-1"), ("NoteAdded", None),
        ("CombatantJoined", "orc-2"), ("InitiativeRolled", "orc-2"), ("DamageDealt", "orc-2"),
        ("TemporaryHitPointsGained", "orc-2"),
        ("CombatStarted", None),
        ("TurnEnded", "kyra"), ("TurnEnded", "orc-1"), ("TurnEnded", "orc-2"),
        ("TurnEnded", "kyra"), ("TurnEnded", "orc-1"),
    ]  # fmt: skip
    assert facts[2] == {"type": "InitiativeRolled", "combatant": "kyra", "natural": 15,
                        "modifier": 2}  # fmt: skip
    assert facts[3] == {"type": "DamageDealt", "target": "kyra", "amount": 5,
                        "source": "the import"}  # fmt: skip
    assert facts[7]["hidden"] is True and facts[6]["text"] == "orc-1: Shaken"
    table = table_at(checked(list(facts)))
    assert (table.phase, table.round, table.turn) == ("combat", 2, "orc-2")


def test_a_file_that_is_no_encounter_is_refused() -> None:
    with pytest.raises(ImportProblem) as refused:
        fight_from(json.dumps({"Name": "Orc", "HP": {"Value": 5}}))
    assert refused.value.field == "file"


def test_import_fight_stores_it_as_an_encounter_of_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COMBATLOG_DATABASE_URL", raising=False)
    db = f"sqlite:///{tmp_path / 'combatlog.sqlite'}"
    done = CliRunner().invoke(cli, ["import-fight", str(FIGHT), "--db", db])
    assert done.exit_code == 0, done.output
    encounter = done.output.split()[0]
    assert "    + CurrentHP: 3 damage taken before the import" in done.output
    with runtime(db) as built:
        facts = built.encounters.facts(UUID(encounter))
    table = table_at(facts)
    assert (table.round, table.turn, table.name) == (2, "orc-2", "The crypt door")
    bad = tmp_path / "orc.json"
    bad.write_text(json.dumps({"Name": "Orc"}))
    refused = CliRunner().invoke(cli, ["import-fight", str(bad), "--db", db])
    assert refused.exit_code == 1 and "no Combatants list" in refused.output
