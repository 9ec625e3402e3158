"""What a ruleset tells the GM page beside the table: its catalog, prompts and attack terms."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from domain.rulesets.area import AreaRule

BADLY_HURT = "badly hurt"  # a foe at half its hit points or fewer, as players see it ("bloodied"
# is Orcus's 4th-edition word, staggered there; 000, 002 and 003 define none)
HYPHENATED = {"flat footed": "flat-footed", "off kilter": "off-kilter", "off target": "off-target",
              "non lethal": "non-lethal"}  # fmt: skip  # spelt as the seeds print them


def title_of(name: str) -> str:
    """A name as a label in table words: `flat_footed` as "Flat-footed", `dr` as "DR"."""
    words = name.replace("_", " ").strip().lower()
    for plain, printed in HYPHENATED.items():
        words = words.replace(plain, printed)
    return "DR" if words == "dr" else words.capitalize()


@dataclass(frozen=True, slots=True)
class Named:
    """A name the ruleset reads (a condition, a defense, a stat) with its label for people."""

    name: str
    title: str
    description: str = ""
    valued: bool = False  # a condition that carries a `value` and `damage_type` (persistent damage)


@dataclass(frozen=True, slots=True)
class Resource:
    """A pool a combatant spends (Resolve, Conviction, action points) and the fact spending it."""

    name: str
    title: str
    fact: dict[str, Any]
    purposes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Catalog:
    """A ruleset's labels and the names its page controls offer (GET /rulesets)."""

    title: str
    description: str
    conditions: tuple[Named, ...] = ()
    defenses: tuple[Named, ...] = ()  # the default first
    saves: tuple[str, ...] = ()
    resources: tuple[Resource, ...] = ()
    stats: tuple[Named, ...] = ()
    healing: tuple[Named, ...] = ()  # HealingApplied kinds the rules read, besides the usual one
    stat_defenses: tuple[str, ...] = ()  # the defenses stats carry (none named: all of `defenses`)
    options: dict[str, Named] = field(default_factory=dict)  # option name → title, description
    choices: dict[str, dict[str, str]] = field(default_factory=dict)  # option → {value: label}
    area: AreaRule | None = None  # how an area's damage spares a target (domain/rulesets/area.py)


# The labels of base.CommonOptions, the options every ruleset shares (3.5 A1, A2).
COMMON_OPTIONS: dict[str, Named] = {
    "duration_key": Named("duration_key", "When N-round effects end", "3.5 A2."),
    "flat_footed_until": Named("flat_footed_until", "Flat-footed lasts until", "3.5 A1."),
}
COMMON_CHOICES: dict[str, dict[str, str]] = {
    "duration_key": {"count": "At the initiative count it began on",
                     "slot": "Just before the turn it began on"},
    "flat_footed_until": {"first_regular_turn": "Its first regular turn",
                          "first_action": "Its first action"},
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Prompt:
    """A roll or a choice the rules call for now, as a fact the GM completes and records."""

    id: str
    combatant: str
    kind: str
    title: str
    fact: dict[str, Any]  # the partial fact: its type and the fields the rules fix
    roll: str | None = None  # suggested dice ("1d20+3", "1d100")
    fields: tuple[str, ...] = ()  # what the GM fills in (or `roll` fills)

    def to_json(self) -> dict[str, Any]:
        """The prompt as the table state shows it."""
        return {
            "id": self.id, "combatant": self.combatant, "kind": self.kind, "title": self.title,
            "fact": dict(self.fact), "roll": self.roll, "fields": list(self.fields),
        }  # fmt: skip


class AttackTerms(NamedTuple):
    """What an attack was measured against: the defense named, its value then, the total used."""

    defense: str | None
    defense_value: int | None
    total_used: int


def roll_prompt(
    combatant: str, kind: str, title: str, fact: dict[str, Any], roll: str | None
) -> Prompt:
    """A prompt answered by a d20 (or d%) roll: `natural` and `total`, or `roll` for both."""
    return Prompt(f"{combatant}:{kind}", combatant, kind, title, fact, roll, ("natural", "total"))
