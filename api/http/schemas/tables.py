"""What the tables routes take and answer (api/http/routes/tables.py), with their examples."""

from __future__ import annotations

from pydantic import BaseModel

from api.http.schemas.encounters import example
from domain.events import Label, Slug

KEY_EXAMPLE = "table_3f9c0a7d51e24b6c8e0f1a2b3c4d5e6f7a8b9c0d"


class NewTable(BaseModel):
    """A table to make: its id (a slug, in the addresses) and its name."""

    model_config = example({"id": "thursday", "name": "The Thursday group"}, extra="forbid")

    id: Slug
    name: Label


class Renamed(BaseModel):
    """A table's new name."""

    model_config = example({"name": "The Friday group"}, extra="forbid")

    name: Label


TABLE_EXAMPLE = {"id": "thursday", "name": "The Thursday group",
                 "created": "2026-11-20T18:00:00+00:00", "operator_key": False,
                 "encounters": 12}  # fmt: skip


class Table(BaseModel):
    """A table as the operator sees it: when it was made, whether the operator token is its key
    (the default table's, until rotated), and how many encounters it holds."""

    model_config = example(TABLE_EXAMPLE)

    id: str
    name: str
    created: str
    operator_key: bool
    encounters: int


class Tables(BaseModel):
    """Every table, by id."""

    model_config = example({"tables": [TABLE_EXAMPLE]})

    tables: list[Table]


class Keyed(BaseModel):
    """A table and its key, shown this once (only its hash is kept)."""

    model_config = example({"id": "thursday", "name": "The Thursday group", "key": KEY_EXAMPLE})

    id: str
    name: str
    key: str
