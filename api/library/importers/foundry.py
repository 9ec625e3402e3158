"""Foundry VTT actors exported as JSON (one, a list, or a folder's export): D35E and pf1 (→ 3.5)
and sfrpg (→ Starfinder), read from `system` (Foundry v10+) or `data` (before); the system is
`_stats.systemId` when the export has it, else told by its fields (`attributes.eac`: sfrpg)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from api.library.importers.report import SHAPE_ERRORS, ImportProblem, Reading, misshapen

SYSTEMS = {"D35E": "dnd35", "pf1": "dnd35", "sfrpg": "starfinder"}
ACTOR_TYPES = ("character", "npc", "npc2", "drone")
ACTOR_KEYS = {
    "_id",
    "name",
    "type",
    "img",
    "system",
    "data",
    "items",
    "effects",
    "flags",
    "folder",
    "sort",
    "ownership",
    "permission",
    "prototypeToken",
    "token",
    "_stats",
    "_key",
}


def is_foundry(data: Any) -> bool:
    """Whether the JSON is Foundry actors: objects with a type and `system` or `data`."""
    actors = data if isinstance(data, list) else [data]
    return bool(actors) and all(
        isinstance(a, dict) and "type" in a and isinstance(a.get("system", a.get("data")), dict)
        for a in actors
    )


def body(actor: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The actor's system data and its key (`system`, or `data` before Foundry v10)."""
    key = "system" if isinstance(actor.get("system"), dict) else "data"
    return key, actor[key]


def system_of(actor: dict[str, Any]) -> str:
    """The game system the actor was exported from."""
    stated = (
        (obj(actor.get("_stats"))).get("systemId")
        if isinstance(actor.get("_stats"), dict)
        else None
    )
    if stated:
        if stated not in SYSTEMS:
            raise ImportProblem(
                "_stats.systemId", f"{stated}: the importers read D35E, pf1 and sfrpg actors"
            )
        return str(stated)
    attributes = obj(body(actor)[1].get("attributes"))
    if "eac" in attributes or "kac" in attributes:
        return "sfrpg"
    if isinstance(attributes.get("ac"), dict) and "normal" in attributes["ac"]:
        return "D35E"
    raise ImportProblem(
        "system", "not a D35E, pf1 or sfrpg actor (no attributes.ac.normal, no attributes.eac)"
    )


def read_all(
    data: Any, readers: Mapping[str, Callable[[dict[str, Any], str, Reading], None]]
) -> list[tuple[str, Reading]]:
    """Every actor of the file, read by its system's reader."""
    actors = data if isinstance(data, list) else [data]
    found = []
    for n, actor in enumerate(actors):
        where = f"[{n}]" if isinstance(data, list) else ""
        try:
            found.append((where, read_actor(actor, readers)))
        except ImportProblem as exc:
            raise ImportProblem(f"{where}{'.' if where else ''}{exc.field}", exc.reason) from None
        except SHAPE_ERRORS as exc:
            raise misshapen(where, actor, "Foundry VTT", exc) from None
    return found


def read_actor(
    actor: dict[str, Any], readers: Mapping[str, Callable[[dict[str, Any], str, Reading], None]]
) -> Reading:
    """One actor: its name and kind, then its system's fields."""
    name = actor.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ImportProblem("name", "an actor needs a name")
    if actor.get("type") not in ACTOR_TYPES:
        raise ImportProblem(
            "type", f"{actor.get('type')}: the importers read {', '.join(ACTOR_TYPES)} actors"
        )
    system = system_of(actor)
    reading = Reading(name.strip(), SYSTEMS[system])
    told = (
        "_stats.systemId"
        if isinstance(actor.get("_stats"), dict) and actor["_stats"].get("systemId")
        else "system (by its fields)"
    )
    reading.mark(told, f"{system} actor → {reading.ruleset}")
    if actor["type"] == "character":
        reading.side, reading.kind, reading.party = "party", "pc", True
        reading.mark("type", "character: on the party roster")
    key, _ = body(actor)
    readers[system](actor, key, reading)
    for other in sorted(set(actor) - ACTOR_KEYS):
        reading.drop(other, f"{other}: not an actor field this import knows")
    return reading


def obj(value: Any) -> dict[str, Any]:
    """A JSON object as a dict, anything else as an empty one (a field of the wrong shape reads
    as absent, and the report names what it did read)."""
    return value if isinstance(value, dict) else {}


def seq(value: Any) -> list[Any]:
    """A JSON array as a list, anything else as an empty one."""
    return value if isinstance(value, list) else []


def number(value: Any) -> int | None:
    """A whole number as Foundry stores it (an int, a float, or a numeric string)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    return None


def dig(tree: Any, path: str) -> Any:
    """The value at a dotted path, or None."""
    for part in path.split("."):
        if not isinstance(tree, dict):
            return None
        tree = tree.get(part)
    return tree


def keep_number(reading: Reading, data: dict[str, Any], where: str, path: str, to: str) -> None:
    """A number at `path` kept at `to` when the actor has one."""
    value = number(dig(data, path))
    if value is not None:
        reading.keep(f"{where}.{path}", to, value)


def items_left(reading: Reading, items: list[tuple[int, dict[str, Any]]]) -> None:
    """Items no attack was made of: abilities and feats as notes, the rest reported by name."""
    for n, item in items:
        kind, name = item.get("type"), item.get("name", "")
        source = f"items[{n}]"
        if kind == "feat":
            reading.note(source, f"{name}")
        elif kind == "class":
            reading.note(source, f"class {name}")
        else:
            reading.drop(source, f"{kind} {name}: not tracked")


def rest_of(reading: Reading, where: str, data: dict[str, Any], read: set[str]) -> None:
    """The system's fields not read, named in one line so nothing goes unsaid."""
    left = sorted(k for k in data if k not in read)
    if left:
        reading.drop(where, f"not tracked: {', '.join(left)}")


def scores_and_rest(
    reading: Reading, key: str, data: dict[str, Any], read_details: set[str], read_traits: set[str]
) -> None:
    """The six ability scores as a note; the details and traits not read, named."""
    abilities = obj(data.get("abilities"))
    words = [f"{name.title()} {score_of(values)}" for name, values in abilities.items()]
    if words:
        reading.note(f"{key}.abilities", " ".join(words))
    rest_of(reading, f"{key}.details", obj(data.get("details")), read_details)
    rest_of(reading, f"{key}.traits", obj(data.get("traits")), read_traits)


def score_of(values: Any) -> str:
    """An ability's score as the sheet holds it (its modifier when only that is there)."""
    if not isinstance(values, dict):
        return "—"
    score = number(values.get("total", values.get("value")))
    if score is not None:
        return str(score)
    modifier = number(values.get("mod"))
    return f"(modifier {modifier:+d})" if modifier is not None else "—"


def immunities(reading: Reading, key: str, traits: dict[str, Any]) -> None:
    """Damage immunities, vulnerabilities and condition immunities ({value: [...], custom}),
    which no ruleset's stats hold yet, as notes."""
    for part, label in (("di", "Immune"), ("dv", "Vulnerable"), ("ci", "Condition immunities")):
        listed = obj(traits.get(part))
        if not isinstance(listed, dict):
            continue
        named = [str(w) for w in [*(seq(listed.get("value"))), listed.get("custom")] if w]
        if named:
            reading.note(f"{key}.traits.{part}", f"{label}: {', '.join(named)}")
