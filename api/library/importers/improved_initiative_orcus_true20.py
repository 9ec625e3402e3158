"""Improved Initiative stat blocks (a 5e tool's StatBlock) read into the two systems whose stats
are shaped unlike 3.5's, mapping what fits and reporting the rest:

- **Orcus** (004): HP, AC, initiative as they are; Fortitude, Reflex and Will are defenses (not
  saving throw bonuses), read from AC.Notes ("Fort 16; Ref 17; Will 15"); each action a power:
  "Bite +9 vs. AC; 1d8+3 damage" (its defense named), or a 3.5 attack line ("Falchion +4 melee
  (2d4+4/18-20)") as a power against AC, its threat range and multiplier not tracked (a natural
  20 crits and maximizes, L1215-1216); "Level 4 Elite Lurker" in Challenge; "fire 5" resistances
  and vulnerabilities.
- **True20** (001): no hit points (damage is a Toughness save against 15 + the damage bonus,
  L322-323), so HP is not tracked and the Toughness save comes from Saves; AC is Defense;
  ability scores as the modifiers True20 prints; an attack's damage is a bonus, not dice:
  "Attack +4, Damage +5 (longsword)" or "Longsword +3 (+4, crit 19-20/+3)" is kept, a dice
  attack line is not (the GM writes its bonus)."""

from __future__ import annotations

import re
from typing import Any

from api.library.importers.attack_text import read_attacks
from api.library.importers.report import ImportProblem, Reading

RULESETS = ("orcus", "true20")
READ_HERE = {"HP", "AC", "Abilities", "Saves", "Actions", "Challenge",
             "DamageResistances", "DamageVulnerabilities"}  # fmt: skip
ORCUS_DEFENSES = {"ac": "ac", "fort": "fortitude", "fortitude": "fortitude", "ref": "reflex",
                  "reflex": "reflex", "will": "will"}  # fmt: skip
_DEFENSE = r"(AC|Fort(?:itude)?|Ref(?:lex)?|Will)"
_NUMBER = r"([+-]?\d{1,9})"
_DICE = r"(\d{0,3}d\d{1,3}(?:\s*[+-]\s*\d{1,6})?)"
_REACH = r"\b(?:melee|ranged|close\s+(?:burst|blast)|area\s+burst)\s+\d{1,3}\b"


def read_field(reading: Reading, key: str, value: Any) -> None:
    """One StatBlock field (one of READ_HERE) for Orcus or True20."""
    if key == "HP":
        hit_points(reading, value if isinstance(value, dict) else {})
    elif key == "AC":
        armor(reading, value if isinstance(value, dict) else {})
    elif key == "Abilities" and isinstance(value, dict):
        abilities(reading, value)
    elif key == "Saves" and isinstance(value, list):
        saves(reading, value)
    elif key == "Actions" and isinstance(value, list):
        for n, action in enumerate(value):
            action = action if isinstance(action, dict) else {}
            name, content = str(action.get("Name") or "").strip(), str(action.get("Content") or "")
            read = power if reading.ruleset == "orcus" else true20_attack
            read(reading, f"Actions[{n}]", name, content)
    elif key == "Challenge" and value not in (None, ""):
        challenge(reading, str(value))
    elif key in ("DamageResistances", "DamageVulnerabilities") and isinstance(value, list):
        for n, entry in enumerate(value):
            amount(reading, f"{key}[{n}]", key, str(entry))


def finish(reading: Reading) -> None:
    """What the ruleset needs that the stat block did not give, said (nothing guessed)."""
    if reading.ruleset == "orcus":
        defenses = reading.stats.get("defenses", {})
        missing = [d for d in ("ac", "fortitude", "reflex", "will") if d not in defenses]
        if missing:
            reading.drop(
                "AC.Notes",
                f"{', '.join(missing)}: none given — Orcus attacks target them (write "
                "'Fort 16; Ref 17; Will 15' in AC.Notes, or fill them in the library)",
            )
    elif reading.stats.get("toughness") is None:
        reading.drop(
            "Saves",
            "Toughness: none given — True20 resists damage with the Toughness save (add "
            '{"Name": "Toughness", "Modifier": 3} to Saves, or fill it in the library)',
        )


def hit_points(reading: Reading, hp: dict[str, Any]) -> None:
    """Orcus: the maximum. True20: none (its Toughness save takes the damage)."""
    if reading.ruleset == "orcus":
        if not isinstance(hp.get("Value"), int):
            raise ImportProblem("HP.Value", "hit points are a whole number")
        reading.keep("HP.Value", "max_hp", hp["Value"])
    elif hp.get("Value") is not None:
        reading.drop(
            "HP.Value",
            f"HP {hp['Value']}: True20 has no hit points — a hit is a Toughness save "
            "against 15 + the damage (001 L322-323)",
        )
    if hp.get("Notes"):
        reading.note("HP.Notes", f"HP {hp['Notes']}")


def armor(reading: Reading, ac: dict[str, Any]) -> None:
    """Orcus: AC, and Fortitude, Reflex and Will from the notes. True20: AC as Defense."""
    notes = str(ac.get("Notes") or "")
    if isinstance(ac.get("Value"), int):
        to = "ac" if reading.ruleset == "orcus" else "defense"
        reading.keep("AC.Value", f"defenses.{to}", ac["Value"])
    read = False
    if reading.ruleset == "orcus":
        for word, number in re.findall(rf"\b{_DEFENSE}\s*:?\s*(\d{{1,4}})\b", notes, re.I):
            key = ORCUS_DEFENSES[word.lower()]
            if key != "ac":
                reading.keep("AC.Notes", f"defenses.{key}", int(number))
                read = True
    if notes and not read:
        reading.note("AC.Notes", f"AC {notes}")


def abilities(reading: Reading, scores: dict[str, Any]) -> None:
    """True20: Dexterity and Constitution as the modifiers it prints (score 13 → +1); Orcus
    keeps no ability in its stats. All six as a note."""
    if reading.ruleset == "true20":
        for ability, to in (("Dex", "dexterity"), ("Con", "constitution")):
            score = scores.get(ability)
            if isinstance(score, int) and score > 0:  # 0: none (undead, constructs)
                reading.keep(f"Abilities.{ability}", to, (score - 10) // 2)
    reading.note("Abilities", " ".join(f"{k} {v}" for k, v in scores.items()))


def saves(reading: Reading, entries: list[Any]) -> None:
    """True20's Toughness save kept; every other save a note (Orcus's Fortitude, Reflex and
    Will are defenses, which a save bonus is not)."""
    shown = []
    for entry in entries:
        name = str(entry.get("Name", "")) if isinstance(entry, dict) else str(entry)
        modifier = entry.get("Modifier") if isinstance(entry, dict) else None
        if (
            reading.ruleset == "true20"
            and name.lower() == "toughness"
            and isinstance(modifier, int)
        ):
            reading.keep("Saves", "toughness", modifier)
            continue
        shown.append(f"{name} {modifier:+d}" if isinstance(modifier, int) else name)
    if shown:
        why = (
            " (Orcus defends with Fortitude, Reflex and Will)" if reading.ruleset == "orcus" else ""
        )
        reading.note("Saves", f"Saves: {', '.join(shown)}{why}")


def challenge(reading: Reading, text: str) -> None:
    """Orcus: "Level 4 Elite Lurker" is its level and role; else (and True20) a note."""
    found = re.fullmatch(r"\s*Level\s+(\d{1,3})\b\s*(.*?)\s*", text, re.IGNORECASE)
    if reading.ruleset == "orcus" and found and int(found.group(1)) >= 1:
        reading.keep("Challenge", "level", int(found.group(1)))
        if found.group(2):
            reading.keep("Challenge", "role", found.group(2).lower()[:100])
    else:
        reading.note("Challenge", f"Challenge: {text}")


def amount(reading: Reading, source: str, key: str, entry: str) -> None:
    """Orcus: "fire 5" (or "5 fire") a resistance or vulnerability; else a note."""
    found = re.fullmatch(r"\s*(?:([a-z]+)\s+(\d{1,6})|(\d{1,6})\s+([a-z]+))\s*", entry, re.I)
    if reading.ruleset == "orcus" and found:
        kind = (found.group(1) or found.group(4)).lower()
        to = "resist" if key == "DamageResistances" else "vulnerable"
        reading.keep(source, f"{to}.{kind}", int(found.group(2) or found.group(3)))
    else:
        reading.note(source, f"{key}: {entry}")


def power(reading: Reading, source: str, name: str, content: str) -> None:
    """An Orcus power from an action: "+9 vs. AC; 1d8+3 fire damage", or a 3.5 attack line as a
    power against AC; the text kept as a note when it says more (its Hit, Miss, Effect)."""
    said = re.search(rf"{_NUMBER}\s*vs\.?\s*{_DEFENSE}\b", content, re.IGNORECASE)
    if said:
        found: dict[str, Any] = {
            "name": (name or "power")[:200],
            "bonus": int(said.group(1)),
            "vs": ORCUS_DEFENSES[said.group(2).lower()],
        }
        hit = re.search(rf"{_DICE}\s*(?:([a-z]+)\s+)?damage", content, re.IGNORECASE)
        if hit:
            found["damage"] = re.sub(r"\s+", "", hit.group(1))
            if hit.group(2):
                found["damage_type"] = hit.group(2).lower()
        reach = re.search(_REACH, content, re.IGNORECASE)
        if reach:
            found["range"] = reach.group(0).lower()
        reading.attack(source, found)
        rest = content
        for part in (said, hit, reach):
            rest = rest.replace(part.group(0), " ") if part else rest
        if re.sub(r"[\W\d_]+|\b(?:damage|Hit|Attack)\b", "", rest, flags=re.I):
            reading.note(source, f"{name}: {content}")  # it says more: grabbed, Miss, Effect …
        return
    attacks, unread = read_attacks(content, name or None)
    for each in attacks:
        a = each.as_found()
        made = {"name": a["name"], "bonus": a["bonuses"][0], "vs": "ac", "damage": a["damage"]}
        for key in ("damage_type", "range"):
            if a.get(key):
                made[key] = str(a[key])[:200]
        reading.attack(source, made)
        if len(a["bonuses"]) > 1:
            more = list(a["bonuses"][1:])
            why = f"bonuses after the first ({more}): an Orcus power has one"
            reading.drop(source, f"{a['name']}: {why}")
        if a.get("threat") not in (None, 20) or a.get("multiplier") not in (None, 2):
            reading.drop(source, f"{a['name']}: threat range and multiplier: Orcus crits on a "
                         "natural 20 and maximizes the damage (004 L1215-1216)")  # fmt: skip
    if not attacks or unread:
        reading.note(source, f"{name}: {content}")


def true20_attack(reading: Reading, source: str, name: str, content: str) -> None:
    """A True20 attack: a bonus and a damage bonus ("Attack +4, Damage +5 (longsword, crit
    19-20/+3)", "Longsword +3 (+4, crit 19-20/+3)"); a dice attack line is not kept (True20's
    damage is a bonus the GM sets, not dice)."""
    found = re.search(
        rf"(?:Attack\s*)?{_NUMBER}\b[^(]*?(?:,\s*Damage\s*|\(\s*){_NUMBER}(?:\s*(?:damage)?)"
        r"(?:\s*\(?\s*([a-z][a-z ,'-]*?))?(?:,?\s*crit\s+(\d{1,2})(?:-20)?/\+(\d{1,2}))?\s*\)?\s*$",
        content,
        re.IGNORECASE,
    )
    if found:
        made: dict[str, Any] = {
            "name": (name or found.group(3) or "attack").strip()[:200],
            "bonus": int(found.group(1)),
            "damage": int(found.group(2)),
        }
        if found.group(4) and int(found.group(4)) != 20:
            made["threat"] = int(found.group(4))
        if found.group(5) and int(found.group(5)) != 3:
            made["critical"] = int(found.group(5))
        if re.search(r"\branged\b", content, re.I):
            made["range"] = "ranged"
        reading.attack(source, made)
        return
    attacks, _ = read_attacks(content, name or None)
    if attacks:
        a = attacks[0].as_found()
        said = f"{a['name']} {a['bonuses'][0]:+d} ({a['damage']})"
        write = f"Attack {a['bonuses'][0]:+d}, Damage +N ({a['name'].lower()})"
        reading.drop(
            source, f"{said}: True20's damage is a bonus, not dice — not kept (write '{write}')"
        )
    else:
        reading.note(source, f"{name}: {content}")
