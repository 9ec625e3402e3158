"""Stat block text as the SRDs print it, one or several blocks: the 3.5 and d20 Modern labels
("Hit Dice: 2d8+4 (13 hp)", "Initiative: +1", "Armor Class: 15 (…), touch 11, flat-footed 14",
"Full Attack: …", "Saves: …", "Abilities: …") and Starfinder's layout ("HP 20 RP 3", "EAC 13;
KAC 15", "Melee longsword +8 (1d8+4 S)"). Every line is kept: read into the stats, or a note."""

from __future__ import annotations

import re
from collections.abc import Callable

from api.library.importers import orcus_true20_text
from api.library.importers.attack_text import read_attacks
from api.library.importers.report import ImportProblem, Reading
from api.library.importers.shapes import add_attack, ruleset_read

TEXT_MOST = 200_000  # characters of text read: a book chapter of stat blocks
_BLOCKS = re.compile(r"\n\s*\n")
_HEALTH = re.compile(r"^(?:Hit Dice:|HP\s+\d|SP\s+\d)", re.IGNORECASE | re.MULTILINE)
_NUMBER = r"([+-]?\d+)"


def read_all(text: str, ruleset: str) -> list[tuple[str, Reading]]:
    """Every stat block of the text (blocks apart by a blank line, each with its hit points)."""
    if len(text) > TEXT_MOST:
        raise ImportProblem("file", f"more than {TEXT_MOST} characters of text")
    starfinder = re.search(r"\bEAC\s+\d+", text) is not None
    if starfinder and ruleset not in ("starfinder",):
        ruleset = "starfinder" if ruleset == "dnd35" else ruleset
    if ruleset not in orcus_true20_text.TEXT_ONLY:
        ruleset_read(ruleset)
    blocks = stat_blocks(text, orcus_true20_text.HEALTH.get(ruleset, _HEALTH))
    if not blocks:
        raise ImportProblem("file", "no stat block in it: neither JSON nor SRD text with "
                            "'Hit Dice: …' or 'HP …'")  # fmt: skip
    found = []
    for n, block in enumerate(blocks):
        where = f"block {n + 1}"
        try:
            if ruleset in orcus_true20_text.TEXT_ONLY:
                found.append((where, orcus_true20_text.read_block(block, ruleset)))
            else:
                found.append((where, read_block(block, ruleset)))
        except ImportProblem as exc:
            raise ImportProblem(f"{where}.{exc.field}", exc.reason) from None
    return found


def stat_blocks(text: str, health: re.Pattern[str] = _HEALTH) -> list[list[str]]:
    """The text's blocks: paragraphs joined until each holds its hit points (`health`)."""
    blocks: list[list[str]] = []
    for paragraph in _BLOCKS.split(text.replace("\r\n", "\n").replace("\x00", "")):
        lines = [line.strip() for line in paragraph.split("\n") if line.strip()]
        if not lines:
            continue
        if blocks and not health.search("\n".join(blocks[-1])):
            blocks[-1] += lines
        else:
            blocks.append(lines)
    return [b for b in blocks if health.search("\n".join(b))]


def read_block(lines: list[str], ruleset: str) -> Reading:
    """One block: its first line the name, each other line read or kept as a note."""
    name = re.sub(r"\s+CR\s+[\d/]+\s*$", "", lines[0], flags=re.IGNORECASE).strip()
    name = name.title() if name.isupper() else name  # Starfinder prints names in capitals
    reading = Reading(name[:200] or "creature", ruleset)
    reading.mark("line 1", f"name {reading.name}")
    full = any(line.lower().startswith("full attack:") for line in lines)
    for n, line in enumerate(lines[1:], start=2):
        source = f"line {n}"
        for pattern, read in READERS:
            found = re.match(pattern, line, re.IGNORECASE)
            if found and read(reading, source, found, full) is not False:
                break
        else:
            reading.note(source, line)
    return reading


Read = Callable[[Reading, str, re.Match[str], bool], object]


def hit_dice(reading: Reading, source: str, found: re.Match[str], _: bool) -> None:
    """ "Hit Dice: 2d8+4 (13 hp)": the hit points."""
    reading.keep(source, "max_hp", int(found.group(2)))
    reading.note(source, f"Hit Dice {found.group(1).strip()}")


def initiative(reading: Reading, source: str, found: re.Match[str], _: bool) -> None:
    """ "Initiative: +1" or "Init +2; Senses …"."""
    reading.keep(source, "initiative_modifier", int(found.group(1)))
    if found.group(2).strip(" ;"):
        reading.note(source, found.group(2).strip(" ;"))


def armor_class(reading: Reading, source: str, found: re.Match[str], _: bool) -> object:
    """ "Armor Class: 15 (…), touch 11, flat-footed 14" (d20 Modern: "Defense")."""
    if reading.ruleset == "starfinder":
        return False
    key = "defense" if reading.ruleset == "d20modern" else "ac"
    reading.keep(source, f"defenses.{key}", int(found.group(1)))
    for word, to in (("touch", "touch"), ("flat-footed", "flat_footed")):
        part = re.search(rf"{word}\s+(\d+)", found.string, re.IGNORECASE)
        if part:
            reading.keep(source, f"defenses.{to}", int(part.group(1)))
    return None


def attacks(reading: Reading, source: str, found: re.Match[str], full: bool) -> None:
    """ "Attack:" (a note when a "Full Attack:" line gives the attacks) or "Full Attack:"."""
    label, text = found.group(1).lower(), found.group(2)
    if label == "attack" and full:
        reading.note(source, f"Attack: {text}")
        return
    attack_lines(reading, source, text)


def starfinder_attack(reading: Reading, source: str, found: re.Match[str], _: bool) -> None:
    """ "Melee longsword +8 (1d8+4 S)", "Ranged …", "Multiattack …"."""
    attack_lines(reading, source, found.string)


def attack_lines(reading: Reading, source: str, text: str) -> None:
    """The attacks of a line; what does not read as one, a note."""
    found, unread = read_attacks(text)
    for attack in found:
        add_attack(reading, source, attack.as_found())
    if unread or not found:
        reading.note(source, text)


def abilities(reading: Reading, source: str, found: re.Match[str], _: bool) -> None:
    """ "Abilities: Str 11, Dex 13, Con 12 …" (3.5 scores) or "Str +0; Dex +2 …" (Starfinder
    modifiers): Con's score, Dex's modifier; the line as a note."""
    line = found.group(0)
    con = re.search(r"\bCon\s+(\d+)", line)
    dex = re.search(rf"\bDex\s+{_NUMBER}", line)
    if reading.ruleset == "starfinder" and dex:
        reading.keep(source, "dexterity", int(dex.group(1)))
    elif reading.ruleset != "starfinder" and con and int(con.group(1)) > 0:
        reading.keep(source, "constitution", int(con.group(1)))
    reading.note(source, line)


def starfinder_health(reading: Reading, source: str, found: re.Match[str], _: bool) -> None:
    """ "HP 20 RP 3", "SP 10 HP 12 RP 4"."""
    line = found.group(0)
    for label, to in (("HP", "max_hp"), ("SP", "max_stamina"), ("RP", "max_resolve")):
        value = re.search(rf"\b{label}\s+(\d+)", line)
        if value:
            reading.keep(source, to, int(value.group(1)))


def starfinder_armor(reading: Reading, source: str, found: re.Match[str], _: bool) -> None:
    """ "EAC 13; KAC 15"."""
    reading.keep(source, "defenses.eac", int(found.group(1)))
    reading.keep(source, "defenses.kac", int(found.group(2)))


def damage_reduction(reading: Reading, source: str, found: re.Match[str], _: bool) -> object:
    """ "DR 5/magic" (Starfinder's stats hold it; 3.5's keep it as a note)."""
    if reading.ruleset != "starfinder":
        return False
    reading.keep(source, "dr", f"{found.group(1)}/{found.group(2).strip(' ;,')}")
    rest = found.group(3).strip(" ;,")
    if rest:
        reading.note(source, rest)
    return None


READERS: tuple[tuple[str, Read], ...] = (
    (r"^Hit Dice:\s*([^(]*)\((\d+)\s*hp\)", hit_dice),
    (rf"^Init(?:iative)?:?\s*{_NUMBER}(.*)$", initiative),
    (r"^(?:Armor Class|Defense):?\s*(\d+)", armor_class),
    (r"^(Attack|Full Attack):\s*(.+)$", attacks),
    (r"^(?:Melee|Ranged|Multiattack)\s+.+\(", starfinder_attack),
    (r"^(?:Abilities:\s*)?Str\s+[+-]?\d+.*$", abilities),
    (r"^(?:SP\s+\d+\s+)?HP\s+\d+.*$", starfinder_health),
    (r"^EAC\s+(\d+);?\s*KAC\s+(\d+)", starfinder_armor),
    (r"^DR\s+(\d+)/([^;,]+)(.*)$", damage_reduction),
)
