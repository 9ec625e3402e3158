"""The library the other way: creatures as Improved Initiative stat blocks (common/StatBlock.ts)
in its export file's shape (`Creatures.<id>`, `PersistentCharacters.<id>`, Store.ts), each attack
an action in the stat block words the importer reads back."""

from __future__ import annotations

from typing import Any

from api.library.creatures import Creature
from api.library.importers.attack_text import STARFINDER_TYPES
from projections.view import Table

IMPROVED_INITIATIVE = "3.8.4"  # the version its saved encounters are written as (the importer's)
LETTERS = {name: letter for letter, name in STARFINDER_TYPES.items()}


def export_file(creatures: list[Creature]) -> dict[str, Any]:
    """Improved Initiative's export: the list of ids per list, then each stat block by key."""
    found: dict[str, Any] = {"Creatures": [], "PersistentCharacters": []}
    for creature in creatures:
        listed = "PersistentCharacters" if creature.party else "Creatures"
        key = f"{creature.ruleset}-{creature.id}"
        found[listed].append(key)
        found[f"{listed}.{key}"] = stat_block(creature, key)
    return found


def stat_block(creature: Creature, key: str) -> dict[str, Any]:
    """One creature as a StatBlock: what its stats hold, its notes as the description."""
    stats = creature.stats
    block: dict[str, Any] = {
        "Id": key,
        "Name": creature.name,
        "Source": "combatlog",
        "Type": creature.ruleset,
        "HP": {"Value": stats.get("max_hp", 1), "Notes": resources(stats)},
        "AC": armor(creature),
        "InitiativeModifier": stats.get("initiative_modifier", 0),
        "Actions": [
            {"Name": a["name"], "Content": action(creature.ruleset, a)}
            for a in stats.get("attacks", [])
        ],
        "Description": "\n".join(creature.notes),
        "Player": "player" if creature.party else "",
    }
    if creature.ruleset == "starfinder":
        resisted = [f"{k} {v}" for k, v in stats.get("resist", {}).items()]
        block["DamageResistances"] = (
            [f"DR {dr_words(stats['dr'])}"] if stats.get("dr") else []
        ) + resisted
    if creature.ruleset == "starfinder" and stats.get("level"):
        block["Challenge"] = f"Level {stats['level']}"
    if creature.ruleset != "starfinder" and stats.get("constitution"):
        block["Abilities"] = {"Con": stats["constitution"]}
    if creature.ruleset == "starfinder" and stats.get("dexterity") is not None:
        block["Abilities"] = {"Dex": 10 + 2 * stats["dexterity"]}
    return block


def armor(creature: Creature) -> dict[str, Any]:
    """AC {Value, Notes}: 3.5's AC with touch and flat-footed; Starfinder's KAC, both in notes."""
    defenses = creature.stats.get("defenses", {})
    if creature.ruleset == "starfinder":
        kac, eac = defenses.get("kac"), defenses.get("eac")
        notes = "; ".join(f"{k.upper()} {v}" for k, v in (("eac", eac), ("kac", kac)) if v)
        return {"Value": kac or eac or 10, "Notes": notes}
    main = defenses.get("defense" if creature.ruleset == "d20modern" else "ac", 10)
    parts = [
        f"{word} {defenses[key]}"
        for key, word in (("touch", "touch"), ("flat_footed", "flat-footed"))
        if key in defenses
    ]
    return {"Value": main, "Notes": ", ".join(parts)}


def action(ruleset: str, attack: dict[str, Any]) -> str:
    """An attack as its stat block line: 3.5 "Longsword +6/+1 melee (1d8+3/19-20/×2 slashing)",
    Starfinder "Melee longsword +8 (1d8+4 S; critical bleed 1d4)"."""
    bonus = attack["bonus"]
    bonuses = "/".join(f"{b:+d}" for b in (bonus if isinstance(bonus, list) else [bonus]))
    reach = "melee" if attack.get("range", "melee") == "melee" else "ranged"
    if ruleset == "starfinder":
        kind = str(attack.get("damage_type") or "")
        joined = " or " if " or " in kind else " & "
        words = [w.strip() for w in kind.replace(" or ", "&").split("&") if w.strip()]
        typed = joined.join(LETTERS.get(w, w) for w in words)
        critical = f"; critical {attack['critical']}" if attack.get("critical") else ""
        inside = " ".join(p for p in (attack.get("damage", ""), typed) if p) + critical
        return f"{reach.title()} {attack['name']} {bonuses} ({inside}){increment(attack)}"
    crit = f"/{attack['threat']}-20" if attack.get("threat", 20) != 20 else ""
    crit += f"/×{attack['multiplier']}" if attack.get("multiplier", 2) != 2 else ""
    typed = f" {attack['damage_type']}" if attack.get("damage_type") else ""
    extra = "".join(
        f" plus {e['damage']}{' ' + e['damage_type'] if e.get('damage_type') else ''}"
        for e in attack.get("extra_damage", [])
    )
    inside = f"{attack.get('damage', '')}{crit}{typed}{extra}"
    return f"{attack['name']} {bonuses} {reach} ({inside}){increment(attack)}"


def increment(attack: dict[str, Any]) -> str:
    """A ranged attack's range as the stat block gives it: " range 30 ft"."""
    reach = str(attack.get("range") or "")
    return f" range {reach}" if reach not in ("", "melee", "ranged") else ""


def resources(stats: dict[str, Any]) -> str:
    """Starfinder's Stamina and Resolve in the HP notes, as the importer reads them back."""
    kept = [
        f"{label} {stats[key]}"
        for key, label in (("max_stamina", "SP"), ("max_resolve", "RP"))
        if stats.get(key)
    ]
    return "; ".join(kept)


def dr_words(dr: Any) -> str:
    """DR as a stat block prints it: "5/magic" (given so, or as {amount, overcome_by})."""
    if isinstance(dr, dict):
        return f"{dr.get('amount', 0)}/{dr.get('overcome_by') or '—'}"
    return str(dr)


def saved_encounter(encounter_id: str, table: Table, state: dict[str, Any]) -> dict[str, Any]:
    """A fight's state (its table and the GM's state of it) as an Improved Initiative saved
    encounter (EncounterState, common/EncounterState.ts): each combatant still in it with its
    stat block, current and temporary hit points, initiative, hidden and its conditions as tags,
    the round and whose turn it is."""
    shown = state.get("combatants", {})
    combatants = []
    for member in table.members.values():
        if member.left or member.id not in shown:
            continue
        seen, vitals = shown[member.id], shown[member.id].get("vitals", {})
        creature = Creature.model_validate({
            "id": member.id, "ruleset": state["ruleset"], "name": member.name,
            "side": member.side, "kind": member.kind, "party": member.kind == "pc",
            "stats": member.stats.model_dump(mode="json", exclude_none=True),
        })  # fmt: skip
        combatants.append({
            "Id": member.id, "StatBlock": stat_block(creature, member.id), "Alias": member.name,
            "IndexLabel": 0, "CurrentHP": vitals.get("hp", vitals.get("max_hp", 0)),
            "TemporaryHP": vitals.get("temp_hp", 0), "Hidden": member.hidden,
            "RevealedAC": False, "Initiative": seen.get("initiative") or 0,
            "Tags": [{"Text": str(c.get("name", c)) if isinstance(c, dict) else str(c),
                      "DurationRemaining": 0, "DurationTiming": None, "DurationCombatantId": ""}
                     for c in seen.get("conditions", [])],
            "InterfaceVersion": IMPROVED_INITIATIVE,
        })  # fmt: skip
    return {
        "Id": encounter_id, "Name": table.name, "Path": "", "Version": IMPROVED_INITIATIVE,
        "ActiveCombatantId": table.turn, "RoundCounter": table.round,
        "Combatants": combatants,
    }  # fmt: skip
