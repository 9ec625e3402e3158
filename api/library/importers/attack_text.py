"""An attack as stat block text prints it, read into its parts: the 3.5 and d20 Modern SRD
("Longsword +3 melee (1d8+1/19-20)", "+6/+1"), Starfinder ("longsword +8 (1d8+4 S)"), and the
5e-style text Improved Initiative keeps ("Melee Weapon Attack: +4 to hit … Hit: 5 (1d6 + 2)
slashing damage")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

DICE = r"\d*d\d+(?:\s*[+-]\s*\d+(?:d\d+)?)*|\d+"
_BONUSES = re.compile(r"(?<![\w(])([+-]\d{1,3}(?:/[+-]\d{1,3}){0,7})(?!\s*(?:ft|feet|d\d))")
_PAREN = re.compile(r"\(([^()]*)\)")
_DICE_START = re.compile(rf"^\s*({DICE})(?![\w])", re.IGNORECASE)
_THREAT = re.compile(r"/\s*(\d{1,2})\s*[-–—]\s*20")
_TIMES = re.compile(r"[×x*]\s*(\d)\b")
_RANGED = re.compile(r"\b(ranged|range)\b", re.IGNORECASE)
_MELEE = re.compile(r"\bmelee\b", re.IGNORECASE)
_FIVE_E_TYPE = re.compile(r"\)\s*([a-z]+)\s+damage", re.IGNORECASE)
_CRITICAL = re.compile(r";\s*critical\s+([^)]*)", re.IGNORECASE)
_PLUS = re.compile(r"\bplus\s+(\d*d\d+(?:[+-]\d+)?)(?:\s+([a-z]+))?", re.IGNORECASE)
# Starfinder's damage type letters (002 "Weapon Damage"): "1d8+4 S", "1d6 E & F"
STARFINDER_TYPES = {
    "A": "acid",
    "B": "bludgeoning",
    "C": "cold",
    "E": "electricity",
    "F": "fire",
    "P": "piercing",
    "S": "slashing",
    "So": "sonic",
}
_SF_TYPE = re.compile(r"^\s*(So|[ABCEFPS])(?:\s*(?:&|or)\s*(So|[ABCEFPS]))?\b")
WORD_TYPES = (
    "acid",
    "bludgeoning",
    "cold",
    "electricity",
    "fire",
    "piercing",
    "slashing",
    "sonic",
    "force",
    "negative",
    "positive",
    "lightning",
    "thunder",
    "poison",
    "necrotic",
    "radiant",
    "psychic",
)


@dataclass(frozen=True, slots=True)
class TextAttack:
    """What one attack's text gave; `unread` is what of it went unread."""

    name: str
    bonuses: tuple[int, ...]
    damage: str
    damage_type: str | None = None
    threat: int | None = None
    multiplier: int | None = None
    range: str | None = None
    critical: str | None = None
    unread: str = ""
    extra: tuple[tuple[tuple[str, str], ...], ...] = ()  # "plus 1d6 fire": (("damage", …), …)

    def as_found(self) -> dict[str, Any]:
        """The attack as `shapes.add_attack` takes it."""
        found: dict[str, Any] = {f: getattr(self, f) for f in self.__dataclass_fields__}
        found["extra_damage"] = [dict(e) for e in found.pop("extra")]
        return found


def read_attack(text: str, name: str | None = None) -> TextAttack | None:
    """The attack in `text` (None when it gives no bonus or no damage dice); the name is `name`
    or the words before the bonus."""
    bonus = _BONUSES.search(text)
    if bonus is None:
        return None
    damage, inside = damage_in(text[bonus.end() :])
    if damage is None:
        return None
    named = name or attack_name(text[: bonus.start()])
    if not named:
        return None
    threat, times = _THREAT.search(inside), _TIMES.search(inside)
    critical = _CRITICAL.search(inside)
    return TextAttack(
        name=named[:200],
        bonuses=tuple(int(b) for b in bonus.group(1).split("/")),
        damage=re.sub(r"\s+", "", damage),
        damage_type=damage_type(text, inside, damage),
        threat=int(threat.group(1)) if threat else None,
        multiplier=int(times.group(1)) if times else None,
        range=attack_range(text),
        critical=critical.group(1).strip() if critical else None,
        unread=_PLUS.sub(
            unless_read, leftover(inside, damage, damage_type(text, inside, damage))
        ).strip(),
        extra=tuple(extra_of(inside)),
    )


def extra_of(inside: str) -> list[tuple[tuple[str, str], ...]]:
    """Dice over and above the weapon's: "plus 1d6 fire" (the type when it is one)."""
    found: list[tuple[tuple[str, str], ...]] = []
    for dice, word in _PLUS.findall(inside):
        if not word:
            found.append((("damage", dice),))
        elif word.lower() in WORD_TYPES:
            found.append((("damage", dice), ("damage_type", word.lower())))
    return found


def unless_read(match: re.Match[str]) -> str:
    """Extra dice read into `extra` leave the unread text; "plus 1d4 Str" stays in it."""
    word = match.group(2)
    return "" if not word or word.lower() in WORD_TYPES else match.group(0)


def damage_in(after: str) -> tuple[str | None, str]:
    """The damage dice in the first parentheses holding some, and those parentheses' text."""
    for found in _PAREN.finditer(after):
        dice = _DICE_START.match(found.group(1))
        if dice and "d" in dice.group(1).lower():
            return dice.group(1), found.group(1)
    return None, ""


def attack_name(before: str) -> str:
    """The attack's name from the words before its bonus ("Melee longsword", "2 claws")."""
    words = re.sub(r"^(?:melee|ranged|multiattack)\s+", "", before.strip(" ,;:.-"), flags=re.I)
    words = re.sub(r"^(?:and|or)\s+", "", words, flags=re.I)
    return words.strip(" ,;:.-")


def damage_type(text: str, inside: str, damage: str) -> str | None:
    """The type after the dice: a word ("fire"), Starfinder's letters ("S", "E & F"), or 5e's
    "Hit: 5 (1d6 + 2) slashing damage"."""
    rest = inside[inside.find(damage) + len(damage) :] if damage in inside else ""
    rest = re.sub(r"^\s*/[^ ;]*", "", rest)
    letters = _SF_TYPE.match(rest)
    if letters:
        named = [STARFINDER_TYPES[g] for g in letters.groups() if g]
        return (" or " if re.search(r"\bor\b", letters.group(0)) else " & ").join(named)
    word = re.match(r"^\s*([a-z]+)", rest, re.IGNORECASE)
    if word and word.group(1).lower() in WORD_TYPES:
        return word.group(1).lower()
    five_e = _FIVE_E_TYPE.search(text)
    return five_e.group(1).lower() if five_e else None


def attack_range(text: str) -> str | None:
    """Melee or ranged, as the text says; a range increment when it gives one ("range 30 ft")."""
    increment = re.search(r"\brange\s+(\d+)\s*(?:ft|feet)", text, re.IGNORECASE)
    if increment:
        return f"{increment.group(1)} ft"
    if _MELEE.search(text):
        return "melee"
    return "ranged" if _RANGED.search(text) else None


def leftover(inside: str, damage: str, typed: str | None) -> str:
    """What the parentheses say past the dice, the type, the critical range and effect."""
    rest = _CRITICAL.sub("", inside.replace(damage, "", 1))
    rest = _THREAT.sub("", _TIMES.sub("", rest))
    rest = _SF_TYPE.sub("", rest.lstrip())
    if typed and typed in WORD_TYPES:
        rest = re.sub(rf"^\s*{typed}\b", "", rest, flags=re.IGNORECASE)
    rest = re.sub(r"^\s*/", "", rest)
    return rest.strip(" /;,")


_SEPARATORS = re.compile(r"(?<=\))\s*(?:,|;|\band\b|\bor\b)\s*", re.IGNORECASE)


def read_attacks(text: str, name: str | None = None) -> tuple[list[TextAttack], list[str]]:
    """Every attack of a line ("Ranged jezail +4 (1d6+1 P) or Ranged zapper +4 (1d4+1 E)"),
    and the pieces that read as none; one attack alone keeps `name`."""
    pieces = [p for p in _SEPARATORS.split(text) if p.strip()]
    if len(pieces) == 1:
        one = read_attack(text, name)
        return ([one], []) if one else ([], [text])
    found, unread = [], []
    for piece in pieces:
        attack = read_attack(piece)
        if attack is None:
            unread.append(piece)
        else:
            found.append(attack)
    return found, unread
