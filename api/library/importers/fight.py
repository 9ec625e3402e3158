"""A fight already in progress, as the log's facts that reproduce it: the joins, each initiative,
the damage and temporary hit points as the import found them, and the turns passed to the round
and turn it was at, so undo and replay work on it like on any fight. Two files carry one:
Improved Initiative's saved encounter (EncounterState: Combatants, ActiveCombatantId,
RoundCounter; CombatantState: CurrentHP, TemporaryHP, Initiative, Hidden, Tags, Alias) and
Foundry VTT's combat document with its actors (api/library/importers/foundry_combat.py). Each
format reads its combatants into seats; the facts are made here, once."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import orjson

from api.library.importers import READERS, foundry_combat
from api.library.importers import improved_initiative_orcus_true20 as other
from api.library.importers.improved_initiative import read_one
from api.library.importers.report import ImportProblem, Line, Seat, slug
from api.library.importers.shapes import ruleset_read
from domain.events import EncounterCreated, Event
from domain.integrity import LogError
from domain.jsonl import parse_event, read_jsonl
from domain.tables import seated
from projections.history import History

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


def fight_preview(text: str | bytes, ruleset: str, table: str) -> dict[str, Any]:
    """What importing the fight would record, nothing stored: its name, the round and turn it
    opens at, each combatant as it would stand (initiative, hit points, hidden, still in the
    fight or gone defeated, its attacks) with its report, and the facts themselves — the same
    reading and checks as `fight_log`, so what is shown is what a real import keeps."""
    fight, log = fight_log(text, ruleset, table)
    state = History(log).gm_state()
    joins = [f for f in fight.facts if f["type"] == "CombatantJoined"]
    combatants = []
    for made, (where, lines) in zip(joins, fight.lines, strict=True):
        now = state["combatants"][made["combatant"]]
        combatants.append(
            {
                "where": where,
                "combatant": made["combatant"],
                "name": made["name"],
                "side": made["side"],
                "hidden": made["hidden"],
                "in_fight": "left" not in now["statuses"],
                "initiative": now.get("initiative"),
                "vitals": now["vitals"],
                "attacks": [a["name"] for a in made["stats"].get("attacks", [])],
                "lines": [asdict(line) for line in lines],
            }
        )
    return {
        "kept": False,
        "name": fight.name,
        "ruleset": ruleset,
        "phase": state["phase"],
        "round": state["round"],
        "turn": state["turn"],
        "version": len(log),
        "combatants": combatants,
        "facts": [event.to_json_dict() for event in log],
    }


def fight_from(text: str | bytes, ruleset: str = "dnd35") -> FightRead:
    """The fight in an Improved Initiative encounter or a Foundry VTT combat, as facts checked
    as a whole log."""
    ruleset_read(ruleset, other.RULESETS)  # one the importers fill, or the 422 naming `ruleset`
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise ImportProblem("file", f"not JSON: {exc}") from None
    if foundry_combat.is_combat(data):
        name, seats, round_at, active = foundry_combat.seats(data, ruleset, READERS)
    elif isinstance(data, dict) and isinstance(data.get("Combatants"), list):
        name, seats = str(data.get("Name") or "Imported fight")[:200], ii_seats(data, ruleset)
        round_at, active = data.get("RoundCounter"), str(data.get("ActiveCombatantId"))
    else:
        raise ImportProblem(
            "file",
            "not an Improved Initiative encounter (no Combatants list) nor a Foundry VTT "
            "combat (no combatants list)",
        )
    facts: list[dict[str, Any]] = [{"type": "EncounterCreated", "name": name, "ruleset": ruleset}]
    ids: dict[str, str] = {}
    for seat in seats:
        made = joined(seat, set(ids.values()))
        ids[seat.key] = made["combatant"]
        facts += [made, *state_of(seat, made["combatant"])]
    facts += turns(facts, round_at, ids.get(active) if active else None)
    return FightRead(name, tuple(facts), tuple((s.where, tuple(s.reading.lines)) for s in seats))


def ii_seats(data: dict[str, Any], ruleset: str) -> list[Seat]:
    """Improved Initiative's combatants: each stat block read, and its CombatantState."""
    found = []
    for n, combatant in enumerate(data["Combatants"]):
        where = f"Combatants[{n}]"
        if not isinstance(combatant, dict) or not isinstance(combatant.get("StatBlock"), dict):
            raise ImportProblem(f"{where}.StatBlock", "each combatant has one")
        block = combatant["StatBlock"]
        reading = read_one(block, ruleset, bool(block.get("Player")), {})
        label = str(combatant.get("Alias") or "").strip()
        if not label:
            index = combatant.get("IndexLabel")
            label = f"{reading.name} {index}" if isinstance(index, int) and index else reading.name
        most, now = reading.stats.get("max_hp"), combatant.get("CurrentHP")
        lost = most - now if isinstance(most, int) and isinstance(now, int) and now < most else 0
        initiative, temporary = combatant.get("Initiative"), combatant.get("TemporaryHP")
        if ruleset == "true20":  # no hit points: its wounds are conditions, the GM's to apply
            for key in ("CurrentHP", "TemporaryHP"):
                if isinstance(combatant.get(key), int) and (key == "CurrentHP" or combatant[key]):
                    why = "True20 has no hit points (a wound is a condition: bruised, hurt …)"
                    reading.drop(key, f"{key} {combatant[key]}: {why}")
            temporary = None
        tags = [t.get("Text") if isinstance(t, dict) else t for t in combatant.get("Tags") or []]
        found.append(
            Seat(
                where, str(combatant.get("Id", n)), reading, label,
                hidden=combatant.get("Hidden") is True,
                initiative=initiative if isinstance(initiative, int) else None,
                lost=lost, temporary=temporary if isinstance(temporary, int) else 0,
                tags=[str(t) for t in tags if t],
                sources={"label": "Alias", "initiative": "Initiative", "lost": "CurrentHP",
                         "temporary": "TemporaryHP", "tags": "Tags"},
            )
        )  # fmt: skip
    return found


def joined(seat: Seat, taken: set[str]) -> dict[str, Any]:
    """The CombatantJoined of a combatant: its label as its name, an id made of it, its stats."""
    base, n = slug(seat.label), 1
    made = base
    while made in taken:
        n += 1
        made = f"{base}-{n}"
    reading = seat.reading
    reading.mark(seat.sources.get("label", "name"), f"joins as {seat.label} ({made})")
    return {
        "type": "CombatantJoined",
        "combatant": made,
        "name": seat.label[:200],
        "side": reading.side,
        "kind": reading.kind,
        "stats": reading.stats,
        "hidden": seat.hidden,
    }


def state_of(seat: Seat, who: str) -> list[dict[str, Any]]:
    """Its initiative, the damage taken and temporary hit points held, as facts; tags as a
    note in the log; a defeated combatant leaves."""
    found: list[dict[str, Any]] = []
    reading, sources = seat.reading, seat.sources
    modifier = reading.stats.get("initiative_modifier", 0)
    if seat.initiative:
        natural = min(20, max(1, seat.initiative - modifier))  # the die, within a d20's faces
        found.append(
            {
                "type": "InitiativeRolled",
                "combatant": who,
                "natural": natural,
                "modifier": seat.initiative - natural,
            }
        )
        reading.mark(sources["initiative"], f"initiative {seat.initiative} (d20 {natural})")
    if seat.lost > 0:
        found.append(
            {"type": "DamageDealt", "target": who, "amount": seat.lost, "source": IMPORTED}
        )
        reading.mark(sources["lost"], f"{seat.lost} damage taken before the import")
    if seat.temporary > 0:
        found.append(
            {
                "type": "TemporaryHitPointsGained",
                "target": who,
                "amount": seat.temporary,
                "source": IMPORTED,
            }
        )
        reading.mark(sources["temporary"], f"{seat.temporary} temporary hit points")
    if seat.tags:
        found.append({"type": "NoteAdded", "text": f"{who}: {', '.join(seat.tags)}"})
        reading.mark(sources["tags"], "a note in the log (conditions are the GM's to apply)")
    if seat.defeated:
        found.append({"type": "CombatantLeft", "combatant": who, "reason": "defeated"})
        reading.mark(sources["defeated"], "defeated: leaves the fight (undo brings it back)")
    return found


def turns(facts: list[dict[str, Any]], round_at: Any, active: str | None) -> list[dict[str, Any]]:
    """CombatStarted and the turns passed to reach the round and the combatant it was at (the
    table folded on one turn at a time: round 100 of 20 combatants is 2,000 steps, not 2,000
    folds of the whole log)."""
    if not isinstance(round_at, int) or round_at < 1:
        return []
    passed: list[dict[str, Any]] = [{"type": "CombatStarted"}]
    history = History(checked([*facts, *passed]))
    for _ in range(TURNS_MOST):
        table = history.table()
        if table.turn is None or (table.round >= round_at and table.turn in (active, None)):
            return passed
        if table.round > round_at:
            return passed
        ended = {"type": "TurnEnded", "combatant": table.turn}
        passed.append(ended)
        history.append(parse_event(ended, history.version + 1))
    raise ImportProblem("RoundCounter", f"more than {TURNS_MOST} turns to reach round {round_at}")


def checked(facts: list[dict[str, Any]]) -> list[Any]:
    """The facts as a log, checked whole; a fact the log refuses is the import's error."""
    text = b"\n".join(orjson.dumps(f) for f in facts)
    try:
        return read_jsonl(text)
    except LogError as exc:
        raise ImportProblem("file", f"the fight does not make a log: {exc}") from None
