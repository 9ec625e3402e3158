"""Which table (game group) an encounter belongs to: read from its line 1, where a create or an
import by a table's key writes it (absent: the default table, so every earlier log reads as the
default table's)."""

from __future__ import annotations

from domain.events import EncounterCreated, Fact
from domain.jsonl import parse_event

DEFAULT_TABLE = "default"  # the table of a log whose line 1 names none


def table_of(first: Fact) -> str:
    """The table of the encounter whose line 1 this is."""
    table = first.table if isinstance(first, EncounterCreated) else None
    return table or DEFAULT_TABLE


def seated(first: EncounterCreated, table: str) -> EncounterCreated:
    """Line 1 naming `table` (the default table as no name), whatever table it named before."""
    given = first.to_json_dict()
    given.pop("table", None)
    if table != DEFAULT_TABLE:
        given["table"] = table
    if given == first.to_json_dict():
        return first
    created = parse_event(given, 1)
    assert isinstance(created, EncounterCreated)
    return created
