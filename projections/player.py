"""The player view of a whole log (projections/redaction.py line by line and table by table):
its state at a line in either timeline, its log, and its export, as one viewer sees them (the
characters the player's token holds; none: the view every player shares)."""

from __future__ import annotations

from typing import Any

import orjson

from projections import redaction
from projections.history import History, Timeline
from projections.redaction import EVERYONE, PlayerLine, Viewer


def player_log(
    history: History, after: int = 0, viewer: Viewer = EVERYONE
) -> list[tuple[int, PlayerLine | None]]:
    """Each line after `after` as the viewer sees it (projections/redaction.py): None if
    hidden. The live stream sends these."""
    cast, withdrawn = history.cast(), history.withdrawn()
    return redaction.player_log(history.events, cast, withdrawn, after, viewer)


def player_lines(history: History, viewer: Viewer = EVERYONE) -> list[PlayerLine]:
    """The player's log: every line they may see, and a bare marker for each one withdrawn."""
    return [line for _, line in player_log(history, viewer=viewer) if line is not None]


def player_jsonl(history: History, viewer: Viewer = EVERYONE) -> bytes:
    """The log as JSON Lines as players may see it: their log's facts (or markers), one a line."""
    lines = player_lines(history, viewer)
    return b"".join(orjson.dumps(line.get("fact", line)) + b"\n" for line in lines)


def player_state(
    history: History, at: int | None, timeline: Timeline, viewer: Viewer = EVERYONE
) -> dict[str, Any]:
    """The table after line `at` (default: now) in either timeline, as players may see it."""
    version = history.version if at is None else at
    table = history.corrected_table(at) if timeline == "corrected" else history.table(at)
    return redaction.player_state(table, version, history.cast(), viewer)
