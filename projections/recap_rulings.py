"""A recap's corrected rulings: each undo, redo and amendment in force, the line it corrects in
table words, what it changed in the amendment summary's words (projections/compare.py), and its
reason — all as the recap's lens (projections/recap_lens.py) shows them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from domain.corrections import Corrections
from projections.compare import differences, name_of
from projections.history import History
from projections.recap_lens import Lens, Shown


@dataclass(frozen=True, slots=True)
class Ruling:
    """A correction in force: `kind` is undo, redo or amend; `line` is where it was written and
    `target` the line it corrects; `was` and `now` are those lines in table words."""

    kind: str
    line: int
    target: int
    round: int
    was: str | None
    now: str | None
    changed: list[str]
    reason: str | None


def rulings(history: History, lens: Lens) -> list[Ruling]:
    """Every correction of the log in force now, in the order written, as `lens` shows it."""
    found = []
    for line, target in zip(history.correction_at, history.correction_target, strict=True):
        kind = kind_of(history, line, target)
        shown = lens.line(line) if in_force(history, kind, line, target) else None
        if shown is not None:
            found.append(ruling(history, lens, kind, line, shown))
    return found


def kind_of(history: History, line: int, target: int) -> str:
    """undo, redo or amend, as the correction alone says (domain/corrections.py reads it)."""
    alone = Corrections.of(history.events, [line])
    return "amend" if alone.amendments else "undo" if target in alone.revoked else "redo"


def in_force(history: History, kind: str, line: int, target: int) -> bool:
    """Whether the correction still holds: an amendment in force at its line, or the latest
    undo or redo of its line (the one the log now follows)."""
    corrections = history.corrections
    if kind == "amend":
        return corrections.source(target) == line
    toggles = [
        at
        for at, aimed in zip(history.correction_at, history.correction_target, strict=True)
        if aimed == target and kind_of(history, at, aimed) != "amend"
    ]
    return toggles[-1] == line and (target in corrections.revoked) == (kind == "undo")


def ruling(history: History, lens: Lens, kind: str, line: int, shown: Shown) -> Ruling:
    before = lens.state(history.table(line - 1), line - 1)
    after = lens.state(history.table(line), line)
    target = int(shown["target"])
    was = lens.written(target)
    replacement = shown.get("replacement")
    return Ruling(
        kind=kind, line=line, target=target, round=int(after["round"]),
        was=None if was is None else told(was, before),
        now=told(replacement, after) if isinstance(replacement, dict) else None,
        changed=differences(before, after), reason=shown.get("reason"),
    )  # fmt: skip


def called(state: Shown, combatant: Any) -> str:
    """A combatant as `state` names it ("someone" when the state does not show it)."""
    if not isinstance(combatant, str) or combatant not in state["combatants"]:
        return "someone"
    return name_of(state, combatant)


def by(state: Shown, source: Any) -> str:
    """Who or what a fact's `source` is: a combatant as `state` names it, else the label (a
    line naming someone kept from the reader is not shown to it at all)."""
    return called(state, source) if source in state["combatants"] else str(source)


def told(fact: Shown, state: Shown) -> str:
    """A fact in table words, combatants named as `state` shows them."""
    kind = fact.get("type", "")

    def who(key: str) -> str:
        return called(state, fact.get(key))

    roll = f"natural {fact.get('natural')}, total {fact.get('total')}"
    match kind:
        case "AttackMade":
            outcome = f" ({fact['outcome']})" if fact.get("outcome") else ""
            return f"{who('attacker')} attacks {who('target')}: {roll}{outcome}"
        case "DamageDealt":
            amount = f"{fact['amount']} " if "amount" in fact else ""
            typed = f"{fact['damage_type']} " if fact.get("damage_type") else ""
            return f"{amount}{typed}damage to {who('target')}"
        case "HealingApplied" if "source" in fact:  # "Kyra heals Valeros 8 (magical)"
            amount = f" {fact['amount']}" if "amount" in fact else ""
            kind = f" ({fact['kind']})" if fact.get("kind") else ""
            return f"{by(state, fact['source'])} heals {who('target')}{amount}{kind}"
        case "HealingApplied":
            amount = f"{fact['amount']} " if "amount" in fact else ""
            return f"{amount}healing ({fact.get('kind') or 'healing'}) to {who('target')}"
        case "SavingThrowRolled":
            return f"{who('combatant')}'s {fact.get('save')} save: {roll}"
        case "CheckRolled":
            return f"{who('combatant')}'s {fact.get('check')} check: {roll}"
        case "ConditionApplied" | "ConditionRemoved":
            verb = "on" if kind == "ConditionApplied" else "off"
            return f"{fact.get('condition')} {verb} {who('target')}"
        case "CombatantJoined":
            return f"{fact.get('name')} joins ({fact.get('side')})"
    return _type_words(kind) + (f" ({who('combatant')})" if "combatant" in fact else "")


def _type_words(kind: str) -> str:
    """A fact's type as words: `TurnEnded` → "turn ended"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", kind).lower() or "a line"
