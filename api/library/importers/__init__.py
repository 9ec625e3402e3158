"""Creatures brought from the tools GMs already use — Foundry VTT actors (D35E, pf1, sfrpg),
Improved Initiative stat blocks and encounters, SRD stat block text — as library entries, with a
report of every field: kept (and where), kept as a note, or not tracked and why. Pure: text in,
creatures and report out; all or none (ImportProblem names the file's field and the creature)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from api.library.creatures import Creature, CreatureError, creature_from
from api.library.importers import (
    foundry,
    foundry_d35e,
    foundry_sfrpg,
    improved_initiative,
    srd_text,
)
from api.library.importers.report import ImportProblem, Line, Reading, slug

__all__ = ["CreatureRead", "ImportProblem", "Imported", "Line", "read_file", "report_of"]
READERS = {"D35E": foundry_d35e.read, "pf1": foundry_d35e.read, "sfrpg": foundry_sfrpg.read}


@dataclass(frozen=True, slots=True)
class CreatureRead:
    """One creature of the file: where it was, the entry it became, and its report."""

    where: str
    creature: Creature
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Imported:
    """What a file gave: its format and each creature with its report."""

    format: str
    creatures: tuple[CreatureRead, ...]


def read_file(text: str | bytes, ruleset: str | None = None) -> Imported:
    """The creatures of a file, its format told by its content; `ruleset` is the one to fill
    (Improved Initiative and text: default dnd35; Foundry: the actor's system's, which a
    different `ruleset` contradicts)."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        plain = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        return built("SRD stat block text", srd_text.read_all(plain, ruleset or "dnd35"))
    if foundry.is_foundry(data):
        found = foundry.read_all(data, READERS)
        for where, reading in found:
            if ruleset and reading.ruleset != ruleset:
                raise ImportProblem(
                    f"{where or 'file'}",
                    f"{reading.name}: a Foundry "
                    f"actor of this system fills {reading.ruleset}, not {ruleset}",
                )
        return built("Foundry VTT actors", found)
    if improved_initiative.is_improved_initiative(data):  # its stat_blocks name their place
        return built("Improved Initiative", improved_initiative.read_all(data, ruleset or "dnd35"))
    raise ImportProblem(
        "file",
        "neither Foundry VTT actors (D35E, pf1, sfrpg) nor Improved "
        "Initiative stat blocks, nor stat block text",
    )


def built(format_name: str, found: list[tuple[str, Reading]]) -> Imported:
    """Each reading checked as a library entry, ids made unique within the file."""
    taken: set[str] = set()
    creatures = []
    for where, reading in found:
        creature_id = unique(slug(reading.name), taken)
        try:
            creature = creature_from(reading.entry(creature_id))
        except CreatureError as exc:
            at = f"{where}." if where else ""
            raise ImportProblem(f"{at}{exc.field}", f"{reading.name}: {exc.reason}") from None
        creatures.append(CreatureRead(where, creature, tuple(reading.lines)))
    return Imported(format_name, tuple(creatures))


def unique(base: str, taken: set[str]) -> str:
    """The id, or the id numbered when the file has another creature of that name."""
    made, n = base, 1
    while made in taken:
        n += 1
        made = f"{base}-{n}"
    taken.add(made)
    return made


def as_json(imported: Imported) -> dict[str, Any]:
    """The import's report as JSON: per creature, its entry and every line."""
    return {
        "format": imported.format,
        "creatures": [
            {
                "where": c.where,
                "creature": c.creature.model_dump(),
                "lines": [
                    {"source": x.source, "outcome": x.outcome, "detail": x.detail} for x in c.lines
                ],
            }
            for c in imported.creatures
        ],
    }


def report_of(text: str | bytes, ruleset: str | None = None) -> dict[str, Any]:
    """`read_file`'s creatures and report as JSON: what a worker process hands back."""
    return as_json(read_file(text, ruleset))
