"""Improved Initiative's stat blocks (common/StatBlock.ts: Name, HP {Value, Notes}, AC {Value,
Notes}, InitiativeModifier, Abilities, Saves, Actions …), one, a list, a saved encounter's
combatants, or its "export" file (`Creatures.<id>`, `PersistentCharacters.<id>`,
`SavedEncounters.<id>` keys, Store.ts) — into the chosen ruleset's library entries."""

from __future__ import annotations

import re
from typing import Any

from api.library.importers import improved_initiative_orcus_true20 as other
from api.library.importers.attack_text import read_attacks
from api.library.importers.report import SHAPE_ERRORS, ImportProblem, Reading, misshapen
from api.library.importers.shapes import add_attack, armor, ruleset_read

LISTS = {"Creatures": False, "PersistentCharacters": True}  # Store.ts lists → on the party?
METADATA = ("Id", "Path", "Version", "LastUpdateMs", "ImageURL", "FilterDimensions")
AS_NOTES = (
    "Type",
    "Source",
    "Challenge",
    "Speed",
    "Senses",
    "Languages",
    "Skills",
    "DamageVulnerabilities",
    "DamageResistances",
    "DamageImmunities",
    "ConditionImmunities",
    "Description",
)
ABILITY_LISTS = ("Traits", "Reactions", "LegendaryActions")
COMBATANT_STATE = (
    "CurrentHP",
    "TemporaryHP",
    "Initiative",
    "Hidden",
    "Tags",
    "Alias",
    "IndexLabel",
    "InitiativeGroup",
    "RevealedAC",
    "CurrentNotes",
    "Id",
    "MaxHP",
    "StatBlock",
    "InterfaceVersion",
    "ImageURL",
    "PersistentCharacterId",
    "InitiativeBonus",
    "StatBlockId",
    "Round",
    "Turn",
)


def is_improved_initiative(data: Any) -> bool:
    """Whether the JSON looks like Improved Initiative's: a stat block, a list of them, an
    encounter with Combatants, or an export of its lists."""
    if isinstance(data, list):
        return bool(data) and all(isinstance(d, dict) and is_stat_block(d) for d in data)
    if not isinstance(data, dict):
        return False
    listed = any(k.split(".")[0] in (*LISTS, "SavedEncounters") and "." in k for k in data)
    return is_stat_block(data) or "Combatants" in data or listed


def is_stat_block(data: dict[str, Any]) -> bool:
    """A StatBlock: a Name, and HP or AC as {Value}."""
    return "Name" in data and any(isinstance(data.get(k), dict) for k in ("HP", "AC"))


def stat_blocks(data: Any) -> list[tuple[str, dict[str, Any], bool, dict[str, Any]]]:
    """Each stat block with where it is in the file, whether it is a player character, and the
    combatant state around it (a saved encounter's)."""
    if isinstance(data, list):
        return [(f"[{n}]", d, bool(d.get("Player")), {}) for n, d in enumerate(data)]
    if is_stat_block(data):
        return [("", data, bool(data.get("Player")), {})]
    found: list[tuple[str, dict[str, Any], bool, dict[str, Any]]] = []
    for key, value in data.items():
        head = key.split(".")[0]
        if head in LISTS and "." in key and isinstance(value, dict):
            found.append((f'["{key}"]', value, LISTS[head] or bool(value.get("Player")), {}))
        elif head == "SavedEncounters" and "." in key and isinstance(value, dict):
            found += combatants(f'["{key}"].', value)
    return found + combatants("", data) if "Combatants" in data else found


def combatants(
    where: str, encounter: dict[str, Any]
) -> list[tuple[str, dict[str, Any], bool, dict[str, Any]]]:
    """The stat blocks of a saved encounter's combatants, with their state."""
    listed = encounter.get("Combatants")
    if not isinstance(listed, list):
        raise ImportProblem(f"{where}Combatants", "a saved encounter's Combatants is a list")
    found = []
    for n, combatant in enumerate(listed):
        block = combatant.get("StatBlock") if isinstance(combatant, dict) else None
        if not isinstance(block, dict):
            raise ImportProblem(f"{where}Combatants[{n}].StatBlock", "each combatant has one")
        found.append(
            (f"{where}Combatants[{n}].StatBlock", block, bool(block.get("Player")), combatant)
        )
    return found


def read_all(data: Any, ruleset: str) -> list[tuple[str, Reading]]:
    """Every stat block of the file read into the ruleset's stats, with where it was."""
    ruleset_read(ruleset, other.RULESETS)
    blocks = stat_blocks(data)
    if not blocks:
        raise ImportProblem("file", "no Improved Initiative stat block in it")
    found = []
    for where, block, pc, state in blocks:
        try:
            found.append((where, read_one(block, ruleset, pc, state)))
        except ImportProblem as exc:
            raise ImportProblem(f"{where}{'.' if where else ''}{exc.field}", exc.reason) from None
        except SHAPE_ERRORS as exc:
            raise misshapen(where, block, "Improved Initiative", exc) from None
    return found


def read_one(block: dict[str, Any], ruleset: str, pc: bool, state: dict[str, Any]) -> Reading:
    """One stat block, every field kept, noted or reported."""
    name = block.get("Name")
    if not isinstance(name, str) or not name.strip():
        raise ImportProblem("Name", "a stat block needs a name")
    reading = Reading(name.strip(), ruleset)
    if pc:
        reading.side, reading.kind, reading.party = "party", "pc", True
        reading.mark(
            "Player", f"on the party roster ({block.get('Player') or 'a player character'})"
        )
    for key, value in block.items():
        if ruleset in other.RULESETS and key in other.READ_HERE:
            other.read_field(reading, key, value)
        else:
            read_field(reading, key, value)
    if ruleset in other.RULESETS:
        other.finish(reading)
    for key, value in state.items():
        if key != "StatBlock" and value not in (None, "", [], {}):
            reading.drop(
                f"combatant.{key}",
                "the fight's state: an import fills the library "
                "(bringing a fight in progress is not done yet)",
            )
    return reading


def read_field(reading: Reading, key: str, value: Any) -> None:
    """One StatBlock field."""
    if key in ("Name", "Player"):
        return
    if key == "HP":
        hit_points(reading, value)
    elif key == "AC":
        ac = value if isinstance(value, dict) else {}
        notes_read = False
        if isinstance(ac.get("Value"), int):
            notes_read = armor(reading, "AC.Value", ac["Value"], str(ac.get("Notes") or ""))
        if ac.get("Notes") and not notes_read:
            reading.note("AC.Notes", f"AC {ac['Notes']}")
    elif key == "InitiativeModifier" and isinstance(value, int):
        reading.keep(key, "initiative_modifier", value)
    elif key == "Abilities" and isinstance(value, dict):
        abilities(reading, value)
    elif key == "Saves" and isinstance(value, list):
        as_note(reading, key, value)
    elif key == "Actions" and isinstance(value, list):
        for n, action in enumerate(value):
            read_action(reading, f"Actions[{n}]", action)
    elif key in ABILITY_LISTS and isinstance(value, list):
        for n, item in enumerate(value):
            reading.note(f"{key}[{n}]", f"{item.get('Name', '')}: {item.get('Content', '')}")
    elif key == "Challenge" and reading.ruleset == "starfinder" and level_of(value):
        reading.keep(key, "level", level_of(value))
    elif key == "DamageResistances" and reading.ruleset == "starfinder" and isinstance(value, list):
        for n, entry in enumerate(value):
            resistance(reading, f"{key}[{n}]", str(entry))
    elif key in AS_NOTES:
        as_note(reading, key, value)
    elif key in METADATA or key.startswith("Initiative"):
        if value not in (None, "", False, 0, [], {}):
            reading.drop(key, f"{key}: not tracked")
    else:
        reading.drop(key, f"{key}: not a StatBlock field this import knows")


def hit_points(reading: Reading, value: Any) -> None:
    """HP {Value, Notes}: the maximum, and the dice as a note."""
    hp = value if isinstance(value, dict) else {}
    if not isinstance(hp.get("Value"), int):
        raise ImportProblem("HP.Value", "hit points are a whole number")
    reading.keep("HP.Value", "max_hp", hp["Value"])
    if reading.ruleset == "starfinder":  # Stamina and Resolve as the notes say: "SP 7; RP 4"
        for label, to in (("SP", "max_stamina"), ("RP", "max_resolve")):
            found = re.search(rf"\b{label}\s+(\d+)", str(hp.get("Notes") or ""))
            if found:
                reading.keep("HP.Notes", to, int(found.group(1)))
    if hp.get("Notes"):
        reading.note("HP.Notes", f"HP {hp['Notes']}")


def abilities(reading: Reading, scores: dict[str, Any]) -> None:
    """Con as 3.5's score, Dex's modifier for Starfinder; all six as a note."""
    if reading.ruleset != "starfinder" and isinstance(scores.get("Con"), int) and scores["Con"] > 0:
        reading.keep("Abilities.Con", "constitution", scores["Con"])  # 0: none (undead), noted
    if reading.ruleset == "starfinder" and isinstance(scores.get("Dex"), int):
        reading.keep("Abilities.Dex", "dexterity", (scores["Dex"] - 10) // 2)
    reading.note("Abilities", " ".join(f"{k} {v}" for k, v in scores.items()))


def read_action(reading: Reading, source: str, action: Any) -> None:
    """An action whose text is an attack (or several) becomes them; any other, a note."""
    action = action if isinstance(action, dict) else {}
    name, content = str(action.get("Name") or ""), str(action.get("Content") or "")
    found, unread = read_attacks(content, name.strip() or None)
    for attack in found:
        add_attack(reading, source, attack.as_found())
    told_more = re.search(r"\breach\b|\btarget|Hit:|\bDC \d|saving throw", content, re.I)
    if not found or unread or told_more or "multiattack" in name.lower():
        reading.note(source, f"{name}: {content}")


def named(entry: Any) -> str:
    """A NameAndModifier as printed: `Fort +5`."""
    if isinstance(entry, dict):
        modifier = entry.get("Modifier")
        shown = f"{modifier:+d}" if isinstance(modifier, int) else str(modifier)
        return f"{entry.get('Name', '')} {shown}"
    return str(entry)


def as_note(reading: Reading, key: str, value: Any) -> None:
    """A field kept as text: lists joined, NameAndModifier lists printed."""
    if value in (None, "", [], {}):
        return
    if isinstance(value, list):
        value = ", ".join(named(v) for v in value)
    reading.note(key, f"{key}: {value}")


def level_of(value: Any) -> int | None:
    """A Starfinder character's level as the export writes it in Challenge: "Level 3"."""
    found = re.fullmatch(r"\s*Level\s+(\d{1,2})\s*", str(value or ""))
    return int(found.group(1)) if found and int(found.group(1)) >= 1 else None


def resistance(reading: Reading, source: str, entry: str) -> None:
    """Starfinder's DR ("DR 5/magic") and energy resistance ("fire 5") into its stats; any
    other resistance a note."""
    reduction = re.fullmatch(r"\s*DR\s*(\d+)\s*/\s*(.+?)\s*", entry, re.IGNORECASE)
    energy = re.fullmatch(r"\s*(acid|cold|electricity|fire|sonic)\s+(\d+)\s*", entry, re.I)
    if reduction:
        reading.keep(source, "dr", f"{reduction.group(1)}/{reduction.group(2)}")
    elif energy:
        reading.keep(source, f"resist.{energy.group(1).lower()}", int(energy.group(2)))
    else:
        reading.note(source, f"DamageResistances: {entry}")
