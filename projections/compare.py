"""What differs between two tables (CONTRACT §2 states), in the amendment summary's words
(api/web/changes.js `differences`), and which encounters may be compared: a branch and its
parent, or two branches of one parent."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.events import EncounterCreated
from domain.integrity import LogError
from domain.rulesets.terms import HYPHENATED
from projections.history import History, Timeline

State = dict[str, Any]


def said(value: Any) -> str:
    """A value as the summary writes it: a dash for nothing."""
    if value is None or value == "":
        return "—"
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def words(key: str) -> str:
    """A name in the summary's words: underscores as spaces, hyphenated as the seeds print it."""
    said = key.replace("_", " ")
    for plain, printed in HYPHENATED.items():
        said = said.replace(plain, printed)
    return said


def name_of(state: State, combatant: str) -> str:
    """A combatant's name, with its id where another combatant of that table shares the name."""
    member = state["combatants"].get(combatant)
    if member is None:
        return combatant
    twins = sum(1 for c in state["combatants"].values() if c["name"] == member["name"])
    return f"{member['name']} ({combatant})" if twins > 1 else str(member["name"])


def table_changes(before: State, after: State) -> list[str]:
    """The table as a whole: phase, round, whose turn, the initiative order."""
    found = [
        f"{key}: {said(before.get(key))} → {said(after.get(key))}"
        for key in ("phase", "round")
        if before.get(key) != after.get(key)
    ]
    if before.get("turn") != after.get("turn"):
        found.append(f"turn: {turn_of(before)} → {turn_of(after)}")
    if order_of(before) != order_of(after):
        found.append(f"order: {order_of(before) or 'none'} → {order_of(after) or 'none'}")
    return found


def turn_of(state: State) -> str:
    return name_of(state, state["turn"]) if state.get("turn") else "nobody"


def order_of(state: State) -> str:
    return ", ".join(name_of(state, c) for c in state.get("order") or [])


def combatant_changes(was: State, now: State) -> list[str]:
    """One combatant present in both tables: vitals, initiative, statuses, conditions."""
    was_vitals, now_vitals = was.get("vitals") or {}, now.get("vitals") or {}
    parts = [
        f"{words(key)} {said(was_vitals.get(key))} → {said(now_vitals.get(key))}"
        for key in dict.fromkeys([*was_vitals, *now_vitals])
        if was_vitals.get(key) != now_vitals.get(key)
    ]
    if was.get("initiative") != now.get("initiative"):
        parts.append(f"initiative {said(was.get('initiative'))} → {said(now.get('initiative'))}")
    if statuses_of(was) != statuses_of(now):
        parts.append(f"{statuses_of(was) or '—'} → {statuses_of(now) or '—'}")
    if conditions_of(was) != conditions_of(now):
        before, after = conditions_of(was) or "none", conditions_of(now) or "none"
        parts.append(f"conditions {before} → {after}")
    return parts


def statuses_of(combatant: State) -> str:
    return ", ".join(words(s) for s in combatant.get("statuses") or [])


def conditions_of(combatant: State) -> str:
    def one(c: State) -> str:
        if "remaining_rounds" not in c:
            return words(c["name"])
        return f"{words(c['name'])} {c['remaining_rounds']} rd"

    return ", ".join(one(c) for c in combatant.get("conditions") or [])


def differences(before: State, after: State) -> list[str]:
    """Every difference, table-wide first, then each combatant that left, joined or changed."""
    found = table_changes(before, after)
    gone = [c for c in before["combatants"] if c not in after["combatants"]]
    found += [f"{name_of(before, c)} is no longer in the fight" for c in gone]
    for combatant, now in after["combatants"].items():
        was = before["combatants"].get(combatant)
        if was is None:
            found.append(f"{name_of(after, combatant)} joins")
        elif parts := combatant_changes(was, now):
            found.append(f"{name_of(after, combatant)}: {'; '.join(parts)}")
    return found


def related(one: UUID, first: EncounterCreated, other: UUID, second: EncounterCreated) -> bool:
    """Whether two encounters may be compared: one is a branch of the other, or both are
    branches of one parent."""
    parent = first.branch_of.encounter if first.branch_of else None
    others = second.branch_of.encounter if second.branch_of else None
    return parent == other or others == one or (parent is not None and parent == others)


def gm_table(history: History, at: int | None, timeline: Timeline = "then") -> State:
    """The GM's table state now or after line `at`, as it stood then or as corrected; LogError
    naming `at` past the log's end."""
    if at is not None and at > history.version:
        raise LogError(at, f"the log ends at line {history.version}", "at")
    return history.gm_state(at, timeline)
