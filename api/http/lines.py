"""The GM's log as lines: each with what became of it (revoked, amended) and what the line in
force did as the rules read it (`derived`), for GET /log and the GM's live stream alike."""

from __future__ import annotations

import threading
from weakref import WeakKeyDictionary

from api.http.schemas.encounters import LogLine
from projections.actions import action_lines
from projections.derived import Derivations
from projections.history import History

DERIVED: WeakKeyDictionary[History, Derivations] = WeakKeyDictionary()
KEEPING = threading.Lock()


def derivations(history: History) -> Derivations:
    """The derived lines kept for this history (read under its encounter's lock)."""
    with KEEPING:
        return DERIVED.setdefault(history, Derivations())


def log_lines(history: History, after: int = 0) -> list[LogLine]:
    """Each line after `after`, with whether it is revoked now, the amendment in force, what
    it did (`derived`), and the lines of its action (`action_lines`), as the log now stands."""
    corrections = history.corrections
    derived = derivations(history).of(history.events)
    actions = action_lines(history.events, after)
    return [
        LogLine(
            position=p,
            fact=e.to_json_dict(),
            revoked=p in corrections.revoked,
            amended_by=corrections.amended_by(p),
            derived=derived.get(p),
            action_lines=list(actions[p]) if p in actions else None,
        )
        for p, e in enumerate(history.events[after:], after + 1)
    ]
