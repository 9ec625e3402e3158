"""The table fold takes every event type the log can hold, and refuses one it does not know."""

from __future__ import annotations

from typing import Annotated, Literal, get_args, get_origin

import pytest

from domain.events import EVENT_TYPES, Event, Fact
from domain.lean import TWINS
from projections.effective import effective_log
from projections.table import STEPS, fold
from tests.builders import created, joined, log


class DiceGremlinStruck(Fact):
    """A fact no part of the service knows (a type added to the log but not to the fold)."""

    type: Literal["DiceGremlinStruck"] = "DiceGremlinStruck"
    target: str


def members(union: object) -> set[type]:
    """The classes of a (possibly Annotated) union of event types."""
    if get_origin(union) is Annotated:
        union = get_args(union)[0]
    found: set[type] = set()
    for member in get_args(union):
        found |= members(member) if get_args(member) else {member}
    return found


def test_every_event_type_a_log_can_hold_has_a_step_at_the_table() -> None:
    assert members(Event) == set(EVENT_TYPES.values())
    assert set(STEPS) == set(EVENT_TYPES.values()) | set(TWINS.values())  # domain/lean.py


def test_a_fact_of_a_type_the_table_does_not_know_is_refused_rather_than_skipped() -> None:
    entries = effective_log(log(created(), joined("valeros")))
    entries.append((3, DiceGremlinStruck(target="valeros")))
    with pytest.raises(TypeError, match="DiceGremlinStruck"):
        fold(entries)
