"""A fight already in progress, from Improved Initiative's saved encounter (EncounterState:
Combatants, ActiveCombatantId, RoundCounter; CombatantState: CurrentHP, TemporaryHP, Initiative,
Hidden, Tags, Alias), as the log's facts that reproduce it: the joins, each initiative, the damage
and temporary hit points as the import found them, and the turns passed to the round and turn it
was at, so undo and replay work on it like on any fight."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from api.library.importers.improved_initiative import read_one
from api.library.importers.report import ImportProblem, Line, Reading, slug
from api.library.importers.shapes import ruleset_read
from domain.events import EncounterCreated, Event
from domain.integrity import LogError
from domain.jsonl import read_jsonl
from domain.tables import seated
from projections.table import table_at

TURNS_MOST = 2000  # turns passed to reach the round it was at: 100 rounds of 20
IMPORTED = "the import"  # the source of what the fight held when it was brought in


@dataclass(frozen=True, slots=True)
class FightRead:
    """The facts of the fight, its name, and the report of each combatant."""

    name: str
    facts: tuple[dict[str, Any], ...]
    lines: tuple[tuple[str, tuple[Line, ...]], ...]


def fight_log(text: str | bytes, ruleset: str, table: str) -> tuple[FightRead, list[Event]]:
    """The fight read and its log, checked whole and opened at `table`: what the CLI's
    import-fight and `POST /encounters/import-fight` both store."""
    fight = fight_from(text, ruleset)
    first, *rest = checked(list(fight.facts))
    assert isinstance(first, EncounterCreated)  # fight_from's first fact
    return fight, [seated(first, table), *rest]


def fight_from(text: str | bytes, ruleset: str = "dnd35") -> FightRead:
    """The fight in an Improved Initiative encounter, as facts checked as a whole log."""
    ruleset_read(ruleset)  # a ruleset the importers fill, or the 422 naming `ruleset`
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise ImportProblem("file", f"not JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("Combatants"), list):
        raise ImportProblem("file", "not an Improved Initiative encounter (no Combatants list)")
    name = str(data.get("Name") or "Imported fight")[:200]
    facts: list[dict[str, Any]] = [{"type": "EncounterCreated", "name": name, "ruleset": ruleset}]
    ids: dict[str, str] = {}
    reports = []
    for n, combatant in enumerate(data["Combatants"]):
        where = f"Combatants[{n}]"
        if not isinstance(combatant, dict) or not isinstance(combatant.get("StatBlock"), dict):
            raise ImportProblem(f"{where}.StatBlock", "each combatant has one")
        reading = read_one(
            combatant["StatBlock"], ruleset, bool(combatant["StatBlock"].get("Player")), {}
        )
        made = joined(reading, combatant, set(ids.values()))
        ids[str(combatant.get("Id", n))] = made["combatant"]
        facts += [made, *state_of(reading, combatant, made["combatant"])]
        reports.append((where, tuple(reading.lines)))
    facts += turns(facts, data, ids)
    return FightRead(name, tuple(facts), tuple(reports))


def joined(reading: Reading, combatant: dict[str, Any], taken: set[str]) -> dict[str, Any]:
    """The CombatantJoined of a combatant: its alias (or name and index) and its stats."""
    label = str(combatant.get("Alias") or "").strip()
    if not label:
        index = combatant.get("IndexLabel")
        label = f"{reading.name} {index}" if isinstance(index, int) and index else reading.name
    base, n = slug(label), 1
    made = base
    while made in taken:
        n += 1
        made = f"{base}-{n}"
    reading.mark("Alias", f"joins as {label} ({made})")
    return {
        "type": "CombatantJoined",
        "combatant": made,
        "name": label[:200],
        "side": reading.side,
        "kind": reading.kind,
        "stats": reading.stats,
        "hidden": combatant.get("Hidden") is True,
    }


def state_of(reading: Reading, combatant: dict[str, Any], who: str) -> list[dict[str, Any]]:
    """Its initiative, the damage taken and temporary hit points held, as facts; tags as a
    note in the log."""
    found: list[dict[str, Any]] = []
    initiative = combatant.get("Initiative")
    modifier = reading.stats.get("initiative_modifier", 0)
    if isinstance(initiative, int) and initiative:
        natural = min(20, max(1, initiative - modifier))  # the die, within a d20's faces
        found.append(
            {
                "type": "InitiativeRolled",
                "combatant": who,
                "natural": natural,
                "modifier": initiative - natural,
            }
        )
        reading.mark("Initiative", f"initiative {initiative} (d20 {natural})")
    most, now = reading.stats.get("max_hp"), combatant.get("CurrentHP")
    if isinstance(most, int) and isinstance(now, int) and now < most:
        found.append(
            {"type": "DamageDealt", "target": who, "amount": most - now, "source": IMPORTED}
        )
        reading.mark("CurrentHP", f"{most - now} damage taken before the import")
    temporary = combatant.get("TemporaryHP")
    if isinstance(temporary, int) and temporary > 0:
        found.append(
            {
                "type": "TemporaryHitPointsGained",
                "target": who,
                "amount": temporary,
                "source": IMPORTED,
            }
        )
        reading.mark("TemporaryHP", f"{temporary} temporary hit points")
    tags = [t.get("Text") if isinstance(t, dict) else t for t in combatant.get("Tags") or []]
    if any(tags):
        found.append(
            {"type": "NoteAdded", "text": f"{who}: {', '.join(str(t) for t in tags if t)}"}
        )
        reading.mark("Tags", "a note in the log (conditions are the GM's to apply)")
    return found


def turns(
    facts: list[dict[str, Any]], data: dict[str, Any], ids: dict[str, str]
) -> list[dict[str, Any]]:
    """CombatStarted and the turns passed to reach the round and the combatant it was at."""
    round_at = data.get("RoundCounter")
    if not isinstance(round_at, int) or round_at < 1:
        return []
    active = ids.get(str(data.get("ActiveCombatantId")))
    passed: list[dict[str, Any]] = [{"type": "CombatStarted"}]
    for _ in range(TURNS_MOST):
        table = table_at(checked([*facts, *passed]))
        if table.turn is None or (table.round >= round_at and table.turn in (active, None)):
            return passed
        if table.round > round_at:
            return passed
        passed.append({"type": "TurnEnded", "combatant": table.turn})
    raise ImportProblem("RoundCounter", f"more than {TURNS_MOST} turns to reach round {round_at}")


def checked(facts: list[dict[str, Any]]) -> list[Any]:
    """The facts as a log, checked whole; a fact the log refuses is the import's error."""
    text = b"\n".join(orjson.dumps(f) for f in facts)
    try:
        return read_jsonl(text)
    except LogError as exc:
        raise ImportProblem("file", f"the fight does not make a log: {exc}") from None
