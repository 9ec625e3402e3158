"""What each ruleset's stats call things, for the importers: its armor class key and the shape of
its attacks (domain/rulesets/*: dnd35 and d20modern bonus lists and threat ranges, Starfinder's
EAC or KAC)."""

from __future__ import annotations

import re
from typing import Any

from api.library.importers.report import ImportProblem, Reading

READS = ("dnd35", "d20modern", "starfinder")  # the rulesets an import can fill
ARMOR = {"dnd35": "ac", "d20modern": "defense"}  # Starfinder has two: eac, kac
ENERGY = {"acid", "cold", "electricity", "fire", "sonic"}  # 002 L87: EAC for energy damage only


def ruleset_read(ruleset: str, also: tuple[str, ...] = ()) -> str:
    """The ruleset, if an import can fill its stats (READS, and `also` for the importers that
    fill more); else ImportProblem naming `ruleset`."""
    if ruleset not in (*READS, *also):
        filled = ", ".join((*READS, *also))
        raise ImportProblem("ruleset", f"the importers fill {filled}, not {ruleset}")
    return ruleset


def add_attack(reading: Reading, source: str, found: dict[str, Any]) -> None:
    """An attack read from a source (name, bonuses, damage and what else it gave) kept in the
    ruleset's shape, each part the ruleset has no field for reported."""
    bonuses = list(found["bonuses"])
    attack: dict[str, Any] = {"name": found["name"], "bonus": bonuses[0], "damage": found["damage"]}
    for key in ("damage_type", "range"):
        if found.get(key):
            attack[key] = str(found[key])[:200]
    if found.get("extra_damage"):
        attack["extra_damage"] = found["extra_damage"][:20]
    if reading.ruleset == "starfinder":
        starfinder_parts(reading, source, found, attack, bonuses)
    else:
        three_five_parts(reading, source, found, attack, bonuses)
    if found.get("unread"):
        reading.note(source, f"{found['name']}: {found['unread']}")
    reading.attack(source, attack)


def three_five_parts(
    reading: Reading, source: str, found: dict[str, Any], attack: dict[str, Any], bonuses: list[int]
) -> None:
    """3.5 and d20 Modern: iterative bonuses as a list, threat range and multiplier."""
    if len(bonuses) > 1:
        attack["bonus"] = bonuses[:8]
    if found.get("threat") and found["threat"] != 20:
        attack["threat"] = found["threat"]
    if found.get("multiplier") and found["multiplier"] != 2:
        attack["multiplier"] = found["multiplier"]
    if found.get("critical"):
        reading.note(source, f"{found['name']} critical: {found['critical']}")


def starfinder_parts(
    reading: Reading, source: str, found: dict[str, Any], attack: dict[str, Any], bonuses: list[int]
) -> None:
    """Starfinder: one bonus, against EAC for energy damage only else KAC, a critical effect;
    no threat range (002 L345: only a natural 20)."""
    words = re.split(r"\s*(?:&|\bor\b|\band\b)\s*", str(found.get("damage_type") or ""))
    types = {t.strip() for t in words if t.strip()}
    attack["defense"] = found.get("defense") or ("eac" if types and types <= ENERGY else "kac")
    if found.get("critical"):
        attack["critical"] = str(found["critical"])[:1000]
    if len(bonuses) > 1:
        reading.drop(
            source,
            f"{found['name']}: bonuses after the first ({bonuses[1:]}): "
            "Starfinder attacks take one",
        )
    if found.get("threat") not in (None, 20) or found.get("multiplier") not in (None, 2):
        reading.drop(
            source,
            f"{found['name']}: threat range and multiplier: Starfinder "
            "crits on a natural 20 and doubles (002 L345)",
        )


def armor(reading: Reading, source: str, value: Any, notes: str = "") -> bool:
    """One armor class value (Improved Initiative's AC, a 3.5 AC): the ruleset's AC, or for
    Starfinder EAC and KAC when the notes give them (True: the notes were read), else a note."""
    if reading.ruleset in ARMOR:
        reading.keep(source, f"defenses.{ARMOR[reading.ruleset]}", value)
        for word, key in (("touch", "touch"), ("flat-footed", "flat_footed")):
            part = re.search(rf"\b{word}\s+(\d+)", notes, re.IGNORECASE)
            if part:
                reading.keep(f"{source} notes", f"defenses.{key}", int(part.group(1)))
        return False
    found = {k.lower(): int(v) for k, v in re.findall(r"\b(EAC|KAC)\s*(\d+)", notes, re.I)}
    for key in ("eac", "kac"):
        if key in found:
            reading.keep(f"{source} notes", f"defenses.{key}", found[key])
    if len(found) < 2:
        reading.note(source, f"AC {value}: Starfinder reads EAC and KAC (write 'EAC 13; KAC 15')")
    return len(found) == 2
