"""Stat block text of the two systems whose numbers no other tool exports: Orcus (004 "Monster
Statistics": "Level 4 Elite Lurker", "HP 58", "AC 18; Fort 16; Ref 17; Will 15", "Initiative +7",
"Recoveries 1", "Resist fire 5", "Staggered Regeneration 5", "Incorporeal") and True20 (its entries
as "Label: …; Label: …": "Abilities: Str +2, Dex +1, Con +2 …", "Combat: Attack +4 (…), Damage +5
(longsword), Defense Dodge/Parry 13/14, Initiative +1", "Saving Throws: Toughness +4 (…), …").
Each line is split at its semicolons; every part is read into the stats or kept as a note."""

from __future__ import annotations

import re
from collections.abc import Callable

from api.library.importers.report import Reading

TEXT_ONLY = ("orcus", "true20")  # rulesets only the text importer fills
HEALTH = {  # what marks a block's end: its hit points (Orcus), its Toughness (True20: no hp)
    "orcus": re.compile(r"^HP:?\s+\d", re.IGNORECASE | re.MULTILINE),
    "true20": re.compile(r"\bToughness:?\s*[+-]?\d", re.IGNORECASE),
}
ORCUS_DEFENSES = {"ac": "ac", "fort": "fortitude", "fortitude": "fortitude", "ref": "reflex",
                  "reflex": "reflex", "will": "will"}  # fmt: skip
_PARTS = re.compile(r";\s*(?![^()]*\))")  # semicolons outside parentheses
_NUMBER = r"([+-]?\d{1,18})"

Part = Callable[[Reading, str, re.Match[str]], object]


def read_block(lines: list[str], ruleset: str) -> Reading:
    """One block: its first line the name, each part of each other line read or a note."""
    reading = Reading(lines[0].strip()[:200] or "creature", ruleset)
    reading.mark("line 1", f"name {reading.name}")
    readers = ORCUS if ruleset == "orcus" else TRUE20
    for n, line in enumerate(lines[1:], start=2):
        unread = []
        for part in _PARTS.split(line):
            part = part.strip(" ;")
            for pattern, read in readers:
                found = re.match(pattern, part, re.IGNORECASE)
                if found and read(reading, f"line {n}", found) is not False:
                    break
            else:
                unread.append(part)
        if any(unread):
            reading.note(f"line {n}", "; ".join(p for p in unread if p))
    return reading


def level(reading: Reading, source: str, found: re.Match[str]) -> None:
    """ "Level 4 Elite Lurker": the level, and the rank and role as `role`."""
    reading.keep(source, "level", int(found.group(1)))
    words = found.group(2).strip(" ,.")
    if words:
        reading.keep(source, "role", words.lower()[:100])


def keep_int(to: str) -> Part:
    """A part whose first group is a number kept at `to`."""

    def read(reading: Reading, source: str, found: re.Match[str]) -> None:
        reading.keep(source, to, int(found.group(1)))

    return read


def orcus_defense(reading: Reading, source: str, found: re.Match[str]) -> None:
    """ "AC 18", "Fort 16", "Reflex 17" …: the defense by its Orcus name."""
    reading.keep(source, f"defenses.{ORCUS_DEFENSES[found.group(1).lower()]}", int(found.group(2)))


def regeneration(reading: Reading, source: str, found: re.Match[str]) -> None:
    """ "Regeneration 5", "Staggered Regeneration 5" (004: while staggered only)."""
    reading.keep(source, "regeneration", int(found.group(2)))
    if found.group(1):
        reading.keep(source, "regeneration_while", found.group(1).strip().lower())


def amounts(to: str) -> Part:
    """ "Resist fire 5, cold 5" (or "5 fire"): each damage type's amount kept at `to`."""

    def read(reading: Reading, source: str, found: re.Match[str]) -> object:
        pairs = re.findall(r"([a-z]+)\s+(\d{1,18})|(\d{1,18})\s+([a-z]+)", found.group(1).lower())
        if not pairs:
            return False
        for kind, amount, amount_first, kind_after in pairs:
            reading.keep(source, f"{to}.{kind or kind_after}", int(amount or amount_first))
        return None

    return read


def incorporeal(reading: Reading, source: str, _: re.Match[str]) -> None:
    """ "Incorporeal" (004: half damage from all attacks)."""
    reading.keep(source, "incorporeal", True)


ORCUS: tuple[tuple[str, Part], ...] = (
    (r"^Level\s+(\d{1,18})\b(.*)$", level),
    (r"^HP:?\s+(\d{1,18})\b", keep_int("max_hp")),
    (r"^(AC|Fort|Fortitude|Ref|Reflex|Will):?\s+(\d{1,18})\.?$", orcus_defense),
    (rf"^Init(?:iative)?:?\s*{_NUMBER}$", keep_int("initiative_modifier")),
    (r"^Recoveries:?\s+(\d{1,18})$", keep_int("recoveries")),
    (r"^(Staggered\s+|Unstaggered\s+)?Regeneration:?\s+(\d{1,18})$", regeneration),
    (r"^Resist(?:ances?)?:?\s+(.+)$", amounts("resist")),
    (r"^Vulnerab(?:le|ility|ilities):?\s+(.+)$", amounts("vulnerable")),
    (r"^Incorporeal\.?$", incorporeal),
)


def abilities(reading: Reading, source: str, found: re.Match[str]) -> None:
    """ "Abilities: Str +2, Dex +1, Con +2 …": Dexterity and Constitution (True20 prints the
    modifiers); all six as a note."""
    scores = dict(re.findall(r"\b(Str|Dex|Con|Int|Wis|Cha)\s*([+-]?\d{1,18})", found.group(1)))
    if "Dex" in scores:
        reading.keep(source, "dexterity", int(scores["Dex"]))
    if "Con" in scores:
        reading.keep(source, "constitution", int(scores["Con"]))
    reading.note(source, f"Abilities: {found.group(1)}")


def combat(reading: Reading, source: str, found: re.Match[str]) -> None:
    """ "Combat: Attack +4 (…), Damage +5 (longsword, crit 19-20/+3), Defense Dodge/Parry 13/14
    (…), Initiative +1": the attack, the Defense (the better of dodge and parry) and initiative."""
    text = found.group(1)
    if (init := re.search(rf"Initiative\s*{_NUMBER}", text)) is not None:
        reading.keep(source, "initiative_modifier", int(init.group(1)))
    if (pair := re.search(r"Defense\s+Dodge/Parry\s+(\d{1,18})/(\d{1,18})", text)) is not None:
        reading.keep(source, "defenses.defense", max(int(pair.group(1)), int(pair.group(2))))
    elif (single := re.search(r"Defense\s+(\d{1,18})", text)) is not None:
        reading.keep(source, "defenses.defense", int(single.group(1)))
    attack = re.search(rf"Attack\s*{_NUMBER}", text)
    damage = re.search(rf"Damage\s*{_NUMBER}\s*(?:\(([^,)]+))?", text)
    if attack and damage:
        name = (damage.group(2) or "attack").strip()[:100]
        reading.attack(
            source, {"name": name, "bonus": int(attack.group(1)), "damage": int(damage.group(1))}
        )
    reading.note(source, f"Combat: {text}")


def saves(reading: Reading, source: str, found: re.Match[str]) -> None:
    """ "Saving Throws: Toughness +4 (…), Fortitude +5 …": the Toughness save; all as a note."""
    if (tough := re.search(rf"Toughness\s*{_NUMBER}", found.group(1))) is not None:
        reading.keep(source, "toughness", int(tough.group(1)))
    reading.note(source, f"Saving Throws: {found.group(1)}")


TRUE20: tuple[tuple[str, Part], ...] = (
    (r"^Abilities:\s*(.+)$", abilities),
    (r"^Combat:\s*(.+)$", combat),
    (r"^Saving Throws:\s*(.+)$", saves),
    (rf"^Initiative:?\s*{_NUMBER}$", keep_int("initiative_modifier")),
    (rf"^Toughness:?\s*{_NUMBER}", keep_int("toughness")),
)
