"""What the library's file import takes and answers (api/http/routes/imports.py)."""

from __future__ import annotations

from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from api.http.schemas.encounters import example

FILE_MOST = 900_000  # characters: under the 1 MB body every route takes
GOBLIN: dict[str, Any] = {
    "id": "goblin", "ruleset": "dnd35", "name": "Goblin", "side": "foes", "kind": "npc",
    "party": False, "notes": ["HP (1d8+1)"],
    "stats": {"max_hp": 5, "defenses": {"ac": 15}, "initiative_modifier": 1,
              "attacks": [{"name": "Morningstar", "bonus": 2, "damage": "1d6", "range": "melee"}]},
}  # fmt: skip


class FileToImport(BaseModel):
    """A file another tool exported, as text: Foundry VTT actors (D35E, pf1, sfrpg), Improved
    Initiative stat blocks or encounters, or SRD stat block text."""

    model_config = example(
        {"name": "goblin.json", "file": '{"Name": "Goblin", "HP": {"Value": 5, "Notes": '
         '"(1d8+1)"}, "AC": {"Value": 15}, "InitiativeModifier": 1, "Actions": [{"Name": '
         '"Morningstar", "Content": "Morningstar +2 melee (1d6)"}]}', "ruleset": "dnd35"},
        extra="forbid",
    )  # fmt: skip

    file: str = Field(min_length=1, max_length=FILE_MOST, description="The file's text.")
    name: str = Field("file", min_length=1, max_length=200, description="Its name, for errors.")
    ruleset: str | None = Field(
        None, description="The ruleset Improved Initiative and text fill (default dnd35; "
        "also d20modern, starfinder, orcus, true20). "
        "A Foundry actor fills its own system's: dnd35 or starfinder.",
    )  # fmt: skip
    dry_run: bool = Field(False, description="Read and report; keep nothing.")


class ReportLine(BaseModel):
    """One source field and what became of it."""

    source: str
    outcome: Literal["kept", "note", "not tracked"]
    detail: str


class CreatureReport(BaseModel):
    """One creature of the file: where it was, the entry it became, and every field's fate."""

    where: str
    creature: dict[str, Any]
    lines: list[ReportLine]


class ImportReport(BaseModel):
    """What an import read and kept: the format, whether it was kept, and each creature."""

    model_config = example({
        "format": "Improved Initiative", "kept": True, "imported": 1, "replaced": [],
        "creatures": [{"where": "", "creature": GOBLIN, "lines": [
            {"source": "HP.Value", "outcome": "kept", "detail": "stats.max_hp = 5"},
            {"source": "HP.Notes", "outcome": "note", "detail": "HP (1d8+1)"}]}],
    })  # fmt: skip

    format: str
    kept: bool
    imported: int
    replaced: list[str] = Field(description="Ids of saved creatures the import replaced.")
    creatures: list[CreatureReport]


class ImprovedInitiativeFile(BaseModel):
    """Improved Initiative's export file (Store.ts): the keys of each list, then each stat block
    under `Creatures.<key>` or `PersistentCharacters.<key>` (common/StatBlock.ts)."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={"examples": [{
            "Creatures": ["dnd35-goblin"], "PersistentCharacters": [],
            "Creatures.dnd35-goblin": {
                "Id": "dnd35-goblin", "Name": "Goblin", "Source": "combatlog", "Type": "dnd35",
                "HP": {"Value": 5, "Notes": ""}, "AC": {"Value": 15, "Notes": ""},
                "InitiativeModifier": 1,
                "Actions": [{"Name": "Morningstar", "Content": "Morningstar +2 melee (1d6)"}],
                "Description": "HP (1d8+1)", "Player": ""}}]},
    )  # fmt: skip

    Creatures: list[str]
    PersistentCharacters: list[str]


ORC_FIGHT = (
    '{"Name": "The crypt door", "RoundCounter": 1, "ActiveCombatantId": "c1", "Combatants": '
    '[{"Id": "c1", "CurrentHP": 3, "Initiative": 12, "StatBlock": {"Name": "Orc", "HP": '
    '{"Value": 5}, "AC": {"Value": 13}, "InitiativeModifier": 0}}]}'
)


class FightToImport(BaseModel):
    """A fight in progress another tool saved, as text: an Improved Initiative saved encounter
    (EncounterState) or a Foundry VTT combat document with its actors."""

    model_config = example(
        {"name": "crypt.json", "file": ORC_FIGHT, "ruleset": "dnd35"}, extra="forbid"
    )

    file: str = Field(min_length=1, max_length=FILE_MOST, description="The file's text.")
    name: str = Field("file", min_length=1, max_length=200, description="Its name, for errors.")
    ruleset: str = Field("dnd35", description="The new encounter's ruleset.")
    dry_run: bool = Field(
        False, description="Read, check and report how the fight would stand; keep nothing."
    )


class CombatantReport(BaseModel):
    """One combatant of the fight: where it was in the file, and every field's fate."""

    where: str
    lines: list[ReportLine]


class FightOpened(BaseModel):
    """The new encounter holding the fight, its tokens (shown once), and each combatant's
    report."""

    model_config = example({
        "id": "6f1c2b1e-8d3a-4c3e-9f55-0a8e1b2c3d4e", "version": 5, "gm_token": "gm_5e0c…",
        "player_token": "player_91ab…", "name": "The crypt door",
        "combatants": [{"where": "Combatants[0]", "lines": [
            {"source": "CurrentHP", "outcome": "kept",
             "detail": "2 damage taken before the import"}]}],
    })  # fmt: skip

    kept: Literal[True] = True
    id: UUID
    version: int
    gm_token: str
    player_token: str
    name: str
    combatants: list[CombatantReport]


class CombatantStanding(CombatantReport):
    """One combatant of a fight read but not kept: as it would stand once imported, and every
    field's fate."""

    combatant: str = Field(description="Its id in the encounter.")
    name: str
    side: str
    hidden: bool
    in_fight: bool = Field(description="False: defeated in the file, it joins and leaves.")
    initiative: int | None
    vitals: dict[str, int] = Field(description="hp, max_hp, temp_hp (Starfinder: stamina, …).")
    attacks: list[str] = Field(description="The names of its attacks, offered when it attacks.")


class FightPreview(BaseModel):
    """A fight read and checked but not kept (`dry_run`): how it would open, and the facts an
    import would record (line 1 first)."""

    model_config = example({
        "kept": False, "name": "The crypt door", "ruleset": "dnd35", "phase": "combat",
        "round": 1, "turn": "orc", "version": 5,
        "combatants": [{
            "where": "Combatants[0]", "combatant": "orc", "name": "Orc", "side": "foes",
            "hidden": False, "in_fight": True, "initiative": 12,
            "vitals": {"hp": 3, "max_hp": 5, "temp_hp": 0, "nonlethal": 0}, "attacks": [],
            "lines": [{"source": "CurrentHP", "outcome": "kept",
                       "detail": "2 damage taken before the import"}]}],
        "facts": [{"type": "EncounterCreated", "name": "The crypt door", "ruleset": "dnd35"}],
    })  # fmt: skip

    kept: Literal[False] = False
    name: str
    ruleset: str
    phase: str
    round: int
    turn: str | None = Field(description="The combatant whose turn it is, by id.")
    version: int = Field(description="How many facts the import would record.")
    combatants: list[CombatantStanding]
    facts: list[dict[str, Any]]


class ImprovedInitiativeEncounter(BaseModel):
    """Improved Initiative's saved encounter (common/EncounterState.ts): the round, whose turn,
    and each combatant's stat block and state (CombatantState.ts)."""

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={"examples": [{
            "Id": "6f1c2b1e-8d3a-4c3e-9f55-0a8e1b2c3d4e", "Name": "The crypt door", "Path": "",
            "Version": "3.8.4", "ActiveCombatantId": "orc", "RoundCounter": 2,
            "Combatants": [{
                "Id": "orc", "Alias": "Orc", "IndexLabel": 0, "CurrentHP": 3, "TemporaryHP": 0,
                "Hidden": False, "RevealedAC": False, "Initiative": 12, "Tags": [],
                "InterfaceVersion": "3.8.4",
                "StatBlock": {"Id": "orc", "Name": "Orc", "Source": "combatlog", "Type": "dnd35",
                              "HP": {"Value": 5, "Notes": ""}, "AC": {"Value": 13, "Notes": ""},
                              "InitiativeModifier": 0, "Actions": [], "Description": "",
                              "Player": ""}}]}]},
    )  # fmt: skip

    Name: str
    ActiveCombatantId: str | None
    RoundCounter: int
    Combatants: list[dict[str, Any]]
