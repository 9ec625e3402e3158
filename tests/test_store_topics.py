"""Facts kept as contract JSON under pinned topics, for a log of every type and for any fact."""

from __future__ import annotations

from datetime import UTC, date, datetime
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin
from uuid import UUID, uuid4

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from api.store import EncounterStore
from api.store.mapper import fact_event
from domain.events import EVENT_TYPES, Fact
from tests.store_helpers import CREATED, every_type, new_log

# A stored topic is a storage contract: change one only with register_topic for the old name.
PINNED_TOPICS = {
    "EncounterCreated": "domain.events:EncounterCreated",
    "CombatantJoined": "domain.events:CombatantJoined",
    "CombatantRevealed": "domain.events:CombatantRevealed",
    "CombatantLeft": "domain.events:CombatantLeft",
    "SurpriseDetermined": "domain.events:SurpriseDetermined",
    "InitiativeRolled": "domain.events:InitiativeRolled",
    "InitiativeTieBroken": "domain.events:InitiativeTieBroken",
    "CombatStarted": "domain.events:CombatStarted",
    "TurnEnded": "domain.events:TurnEnded",
    "Delayed": "domain.events:Delayed",
    "DelayEnded": "domain.events:DelayEnded",
    "ActionReadied": "domain.events:ActionReadied",
    "ReadiedActionTaken": "domain.events:ReadiedActionTaken",
    "AttackMade": "domain.events:AttackMade",
    "DamageDealt": "domain.events:DamageDealt",
    "HealingApplied": "domain.events:HealingApplied",
    "TemporaryHitPointsGained": "domain.events:TemporaryHitPointsGained",
    "TemporaryHitPointsLost": "domain.events:TemporaryHitPointsLost",
    "ConditionApplied": "domain.events:ConditionApplied",
    "ConditionRemoved": "domain.events:ConditionRemoved",
    "SavingThrowRolled": "domain.events:SavingThrowRolled",
    "CheckRolled": "domain.events:CheckRolled",
    "ResolveSpent": "domain.events:ResolveSpent",
    "ConvictionSpent": "domain.events:ConvictionSpent",
    "ActionPointSpent": "domain.events:ActionPointSpent",
    "RestTaken": "domain.events:RestTaken",
    "NoteAdded": "domain.events:NoteAdded",
    "EncounterFiled": "domain.events:EncounterFiled",
    "StandingRulingSet": "domain.events:StandingRulingSet",
    "TurnTimerSet": "domain.events:TurnTimerSet",
    "CombatEnded": "domain.events:CombatEnded",
    "ActionProposed": "domain.events:ActionProposed",
    "ProposalAccepted": "domain.events:ProposalAccepted",
    "ProposalDeclined": "domain.events:ProposalDeclined",
    "EventRevoked": "domain.events:EventRevoked",
    "EventRestored": "domain.events:EventRestored",
    "EventAmended": "domain.events:EventAmended",
}


def test_every_fact_type_is_stored_as_its_json_line_under_its_pinned_topic(
    store: EncounterStore,
) -> None:
    log = every_type()
    encounter_id = new_log(store, log)
    records = store.application.recorder.select_events(encounter_id)
    stored = {orjson.loads(r.state)["type"]: r.topic for r in records}
    assert set(PINNED_TOPICS) == set(EVENT_TYPES)
    assert stored == PINNED_TOPICS
    assert [r.state for r in records] == [orjson.dumps(f.to_json_dict()) for f in log]
    assert [r.originator_version for r in records] == list(range(1, len(log) + 1))
    assert store.facts(encounter_id) == log


# --- any fact, generated from the event models' own annotations -------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=6)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)  # fmt: skip
TIMES = st.datetimes(
    datetime(1970, 1, 1), datetime(2100, 1, 1), timezones=st.sampled_from([None, UTC])
)


def bounds(metadata: tuple[Any, ...]) -> dict[str, Any]:
    """ge/le/min_length/max_length/pattern from pydantic and annotated-types metadata."""
    found: dict[str, Any] = {}
    for item in metadata:
        if isinstance(item, FieldInfo):
            found |= bounds(tuple(item.metadata))
        for key in ("ge", "le", "min_length", "max_length", "pattern"):
            if getattr(item, key, None) is not None:
                found[key] = getattr(item, key)
    return found


def values(annotation: Any, metadata: tuple[Any, ...] = ()) -> st.SearchStrategy[Any]:
    """Values a field of this annotation accepts."""
    origin, args, limit = get_origin(annotation), get_args(annotation), bounds(metadata)
    if origin is Annotated:
        return values(args[0], (*metadata, *args[1:]))
    if origin in (Union, UnionType):
        return st.one_of([values(arg) for arg in args])
    if origin is Literal:
        return st.sampled_from(args)
    if origin is list:
        return st.lists(values(args[0]), min_size=limit.get("min_length", 0), max_size=3)
    if origin is dict:
        return st.dictionaries(st.text(max_size=5), JSON, max_size=3)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return model(annotation)
    if annotation is str and "pattern" in limit:
        return st.from_regex(limit["pattern"], fullmatch=True).filter(lambda s: len(s) <= 64)
    leaves = {
        type(None): st.none(), bool: st.booleans(), datetime: TIMES, Any: JSON, UUID: st.uuids(),
        date: st.dates(),
        int: st.integers(limit.get("ge", -(2**53)), limit.get("le", 2**53)),
        str: st.text(min_size=limit.get("min_length", 0), max_size=12),
    }  # fmt: skip
    return leaves[annotation]


def model(cls: type[BaseModel]) -> st.SearchStrategy[Any]:
    """Instances of `cls` with any subset of its optional fields given."""
    fields = {n: f for n, f in cls.model_fields.items() if n != "type"}
    return st.fixed_dictionaries(
        {n: values(f.annotation, tuple(f.metadata)) for n, f in fields.items() if f.is_required()},
        optional={
            n: values(f.annotation, tuple(f.metadata)) for n, f in fields.items()
            if not f.is_required()
        },
    ).filter(in_a_campaign).map(cls.model_validate)  # fmt: skip


def in_a_campaign(raw: dict[str, Any]) -> bool:
    """Not a session without its campaign (refused: domain.events.in_a_campaign)."""
    return raw.get("session") is None or raw.get("campaign") is not None


FACTS = st.one_of([model(cls) for cls in EVENT_TYPES.values()])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(FACTS, min_size=1, max_size=4))
def test_any_fact_comes_back_from_the_store_unchanged(facts: list[Fact]) -> None:
    log = [CREATED, *facts]
    with EncounterStore("memory:") as store:
        encounter_id = uuid4()
        events = [fact_event(encounter_id, n, fact) for n, fact in enumerate(log, start=1)]
        store.application.events.put(events)
        records = store.application.recorder.select_events(encounter_id)
        back = store.facts(encounter_id)
        decoded = [store.mapper.to_domain_event(r) for r in records]
    assert [r.state for r in records] == [orjson.dumps(f.to_json_dict()) for f in log]
    assert back == log
    assert [f.to_json_dict() for f in back] == [f.to_json_dict() for f in log]
    assert [getattr(e, "fact", None) for e in decoded] == log
