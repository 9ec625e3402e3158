"""What an import read, field by field: each source field kept (and where), kept as a note, or
not tracked and why; the creature it builds is checked by the library like any other."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

Outcome = Literal["kept", "note", "not tracked"]
NOTE_MOST = 1000  # characters in one note (domain.rulesets.attacks.EFFECT_MOST)
NOTES_MOST = 200  # notes on one creature
_TAGS = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")


class ImportProblem(ValueError):
    """A file the importers cannot read, naming where: `file`, `creatures[2]`, the field."""

    def __init__(self, field: str, reason: str) -> None:
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}")

    def __reduce__(self) -> tuple[type[ImportProblem], tuple[str, str]]:
        """Raised in a worker process, it crosses back whole (field and reason)."""
        return ImportProblem, (self.field, self.reason)


SHAPE_ERRORS = (AttributeError, TypeError, KeyError, IndexError, ValueError, OverflowError)


def misshapen(where: str, creature: Any, tool: str, exc: Exception) -> ImportProblem:
    """A creature whose fields are not of the shape its tool exports: the import's error naming
    where it is and what it is called, never a crash."""
    name = creature.get("name", creature.get("Name")) if isinstance(creature, dict) else None
    called = f"{name}: " if isinstance(name, str) and name.strip() else ""
    return ImportProblem(where or "file", f"{called}a field is not as {tool} exports it ({exc})")


@dataclass(frozen=True, slots=True)
class Line:
    """One source field and what became of it."""

    source: str
    outcome: Outcome
    detail: str


@dataclass(slots=True)
class Reading:
    """One creature being read: the library entry it builds and a line per source field."""

    name: str
    ruleset: str
    side: str = "foes"
    kind: str = "npc"
    party: bool = False
    stats: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)

    def keep(self, source: str, to: str, value: Any) -> None:
        """The field's value kept at `to` (`defenses.ac`: nested) in the stats."""
        *path, last = to.split(".")
        place = self.stats
        for part in path:
            place = place.setdefault(part, {})
        place[last] = value
        self.lines.append(Line(source, "kept", f"stats.{to} = {shown(value)}"))

    def attack(self, source: str, attack: dict[str, Any]) -> None:
        """An attack kept in the stats' attacks."""
        self.stats.setdefault("attacks", []).append(attack)
        self.lines.append(Line(source, "kept", f"stats.attacks: {attack_words(attack)}"))

    def note(self, source: str, text: str) -> None:
        """Text the stats cannot hold, kept on the creature as a note (the GM reads it)."""
        text = plain(text)[:NOTE_MOST]
        if not text:
            return
        if len(self.notes) < NOTES_MOST:
            self.notes.append(text)
            self.lines.append(Line(source, "note", text))
        else:
            self.lines.append(Line(source, "not tracked", f"{text} (past {NOTES_MOST} notes)"))

    def mark(self, source: str, detail: str) -> None:
        """A field read into the entry outside its stats (its name, side, party)."""
        self.lines.append(Line(source, "kept", detail))

    def drop(self, source: str, why: str) -> None:
        """A field read and not kept, with the reason."""
        self.lines.append(Line(source, "not tracked", why))

    def entry(self, creature_id: str) -> dict[str, Any]:
        """The library entry as JSON, for `creature_from` to check."""
        return {
            "id": creature_id,
            "ruleset": self.ruleset,
            "name": self.name[:200],
            "side": self.side,
            "kind": self.kind,
            "stats": self.stats,
            "party": self.party,
            "notes": self.notes,
        }


def plain(text: Any) -> str:
    """Text without HTML tags, NUL or runs of white space (Foundry descriptions are HTML)."""
    return _SPACE.sub(" ", _TAGS.sub(" ", str(text)).replace("\x00", "")).strip()


def shown(value: Any) -> str:
    """A kept value as the report prints it."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def attack_words(attack: dict[str, Any]) -> str:
    """An attack in stat block words: `longsword +3 (1d8+1, 19-20/×2)`."""
    bonus = attack["bonus"]
    bonuses = "/".join(f"{b:+d}" for b in (bonus if isinstance(bonus, list) else [bonus]))
    extra = [attack.get("damage_type"), attack.get("defense")]
    if "threat" in attack or "multiplier" in attack:
        extra.append(f"{attack.get('threat', 20)}-20/×{attack.get('multiplier', 2)}")
    words = ", ".join(str(w) for w in [attack.get("damage", ""), *extra] if w)
    return f"{attack['name']} {bonuses} ({words})"


def slug(name: str) -> str:
    """A creature id made of its name: `Goblin Boss` → `goblin-boss` (the page's slug)."""
    made = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60]
    return made or "creature"


@dataclass(slots=True)
class Seat:
    """One combatant as its tool left it, and the source field of each part (for the report)."""

    where: str
    key: str  # the tool's id of it, which names the combatant whose turn it was
    reading: Reading
    label: str
    hidden: bool = False
    initiative: int | None = None
    lost: int = 0  # hit points (and Stamina) lost
    temporary: int = 0
    tags: list[str] = field(default_factory=list)
    defeated: bool = False
    sources: dict[str, str] = field(default_factory=dict)
