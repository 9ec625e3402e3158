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


def test_a_foundry_combat_with_its_actors_is_the_same_fight_in_progress() -> None:
    fight = fight_from((FIXTURES / "foundry_combat_d35e.json").read_bytes())
    facts = fight.facts
    kinds = [(f["type"], f.get("combatant") or f.get("target")) for f in facts]
    assert kinds == [
        ("EncounterCreated", None),
        ("CombatantJoined", "tordek"), ("InitiativeRolled", "tordek"), ("DamageDealt", "tordek"),
        ("CombatantJoined", "mialee"), ("InitiativeRolled", "mialee"),
        ("TemporaryHitPointsGained", "mialee"),
        ("CombatantJoined", "ogre"), ("InitiativeRolled", "ogre"), ("DamageDealt", "ogre"),
        ("CombatantJoined", "hobgoblin-sergeant"), ("InitiativeRolled", "hobgoblin-sergeant"),
        ("CombatantLeft", "hobgoblin-sergeant"),
        ("CombatStarted", None),
        ("TurnEnded", "tordek"), ("TurnEnded", "mialee"), ("TurnEnded", "ogre"),
        ("TurnEnded", "tordek"),
    ]  # fmt: skip
    assert facts[2] == {"type": "InitiativeRolled", "combatant": "tordek", "natural": 17,
                        "modifier": 1}  # fmt: skip
    assert facts[9]["amount"] == 9 and facts[7]["hidden"] is True
    assert facts[7]["stats"]["max_hp"] == 29  # the ogre's actor, read as the library reads it
    table = table_at(checked(list(facts)))
    assert (table.phase, table.round, table.turn) == ("combat", 2, "mialee")
    tordek = dict(fight.lines)["combatants[0]"]
    assert [(x.outcome, x.detail) for x in tordek if x.source == "combatants[0].initiative"] == [
        ("kept", "18.01: the tie-breaking fraction dropped"),
        ("kept", "initiative 18 (d20 17)"),
    ]
    assert ("not tracked", "tokenId: not tracked") in [(x.outcome, x.detail) for x in tordek]


def test_a_starfinder_combat_counts_stamina_lost_and_stands_at_foundrys_turn() -> None:
    facts = fight_from((FIXTURES / "foundry_combat_sfrpg.json").read_bytes(), "starfinder").facts
    assert facts[3] == {"type": "DamageDealt", "target": "keskodai", "amount": 3,
                        "source": "the import"}  # fmt: skip
    table = table_at(checked(list(facts)))
    assert (table.round, table.turn) == (1, "obozaya")  # turn 2 of Foundry's order: 16, 14, 11


def test_a_foundry_combat_names_what_it_cannot_read() -> None:
    data = json.loads((FIXTURES / "foundry_combat_d35e.json").read_text())
    data["combat"]["combatants"][2]["actorId"] = "gone"
    with pytest.raises(ImportProblem) as missing:
        fight_from(json.dumps(data))
    assert (missing.value.field, missing.value.reason) == (
        "combatants[2].actorId", "gone: no actor of that _id among the file's actors",
    )  # fmt: skip
    with pytest.raises(ImportProblem) as other:
        fight_from((FIXTURES / "foundry_combat_sfrpg.json").read_bytes(), "dnd35")
    assert other.value.field == "ruleset"


def test_a_long_fight_reaches_its_round_one_turn_at_a_time() -> None:
    """Round 100 of 20 combatants: 1,980 turns passed (folded on, not the whole log again each
    turn: 0.3 s here, where refolding took about 18 s)."""
    combatants = [
        {"Id": f"c{n}", "Initiative": 20 - n, "CurrentHP": 5,
         "StatBlock": {"Name": f"Orc {n}", "HP": {"Value": 8}, "AC": {"Value": 13}}}
        for n in range(20)
    ]  # fmt: skip
    saved = {"Name": "Long", "RoundCounter": 100, "ActiveCombatantId": "c3",
             "Combatants": combatants}  # fmt: skip
    facts = fight_from(json.dumps(saved)).facts
    table = table_at(checked(list(facts)))
    assert (table.round, table.turn) == (100, "orc-3")
    assert sum(f["type"] == "TurnEnded" for f in facts) == 99 * 20 + 3


def test_import_fight_dry_run_prints_how_it_would_stand_and_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("COMBATLOG_DATABASE_URL", raising=False)
    db = f"sqlite:///{tmp_path / 'combatlog.sqlite'}"
    done = CliRunner().invoke(cli, ["import-fight", str(FIGHT), "--dry-run", "--db", db])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert (
        lines[0]
        == "would open The crypt door (dnd35): round 2, Orc 2's turn; 17 facts, nothing kept"
    )
    assert "  Combatants[2] orc-2: Orc 2, initiative 8, HP 2/5, 3 temporary, hidden" in lines
    assert "    + CurrentHP: 3 damage taken before the import" in lines
    with runtime(db) as built:
        assert list(built.encounters.listed()) == []
    combat = FIXTURES / "foundry_combat_sfrpg.json"
    shown = CliRunner().invoke(cli, ["import-fight", str(combat), "--ruleset", "starfinder",
                                     "--dry-run", "--db", db])  # fmt: skip
    assert "  combatants[0] keskodai: Keskodai, initiative 14, SP 4/7, HP 13/13" in shown.output
    assert "    - combatants[0].tokenId: tokenId: not tracked" in shown.output
