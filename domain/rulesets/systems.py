"""The registry: one line per rules system; the event schema, the API and the page read it."""

from __future__ import annotations

from typing import Literal, get_args

# Each id names its subpackage, whose `ruleset.py` holds the RULESET (see ruleset_for).
System = Literal[
    "dnd35",
    "d20modern",
    "true20",
    "starfinder",
    "orcus",
]
SYSTEMS: tuple[System, ...] = get_args(System)
