"""Hypothesis strategies for the HTTP fuzz: any JSON value (huge integers, deep nesting, wrong
types, any unicode) put in any field, at any depth, of a request every route would take."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

FACTS: list[dict[str, Any]] = [
    {"type": "DamageDealt", "target": "goblin", "amount": 3, "attack": 2, "damage_type": "fire"},
    {"type": "AttackMade", "attacker": "valeros", "target": "goblin", "natural": 12,
     "total": 17, "defense": "ac", "outcome": "hit", "confirm_natural": 3, "confirm_total": 8},
    {"type": "InitiativeRolled", "combatant": "valeros", "roll": "1d20+2"},
    {"type": "ConditionApplied", "target": "goblin", "condition": "shaken", "source": "valeros",
     "duration": {"until": "end_of_turn", "of": "valeros", "next": True}, "value": 2},
    {"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
     "stats": {"max_hp": 30, "initiative_modifier": -1, "defenses": {"ac": 14}}},
    {"type": "SavingThrowRolled", "combatant": "goblin", "save": "will", "natural": 4,
     "total": 6, "dc": 15, "against": 3},
    {"type": "DamageDealt", "target": "goblin", "amount": 1, "save": {"natural": 3, "total": 4}},
    {"type": "SurpriseDetermined", "aware": ["valeros"]},
    {"type": "NoteAdded", "text": "the goblin snarls", "at": "2026-11-24T19:00:00+01:00"},
    {"type": "RestTaken", "kind": "short", "combatants": ["valeros"]},
]  # fmt: skip
BAD_TIMES = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0000-01-01", "2026-13-01"]
EDGES = [2**63 - 1, 2**63, -(2**63) - 1, 10**30, -(10**6) - 1, 10**6 + 1, 0, -1]


def nested(levels: int, leaf: Any = None) -> Any:
    """`leaf` inside `levels` objects and arrays, in turn."""
    value = leaf
    for n in range(levels):
        value = {"a": value} if n % 2 else [value]
    return value


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from(EDGES),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30),
    st.sampled_from(BAD_TIMES),
    st.sampled_from(["NoteAdded", "EventAmended", "goblin", "1d20", "nul\x00", "\u202e\U0001f409"]),
)  # fmt: skip
json_values = st.one_of(
    st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)
        ),
        max_leaves=12,
    ),
    st.builds(nested, st.integers(20, 700), scalars),
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: each member of each object and array, at any depth."""
    found = [prefix]
    if isinstance(value, dict):
        for key, member in value.items():
            found += paths(member, (*prefix, key))
    elif isinstance(value, list):
        for n, member in enumerate(value):
            found += paths(member, (*prefix, n))
    return found


def put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of `value` with `new` at `path` (the root itself when the path is empty)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: put(value[head], rest, new)}
    return [put(m, rest, new) if n == head else m for n, m in enumerate(value)]


@st.composite
def mutated(draw: st.DrawFn, body: Any) -> Any:
    """`body` with one place replaced by any JSON value, or an unknown member added to one
    object (the body itself may become any JSON value)."""
    places = paths(body)
    where = draw(st.sampled_from(places))
    if draw(st.booleans()) or not places:
        return put(body, where, draw(json_values))
    objects = [p for p in places if isinstance(get(body, p), dict)]
    target = draw(st.sampled_from(objects)) if objects else ()
    extra = {**get(body, target), draw(st.text(max_size=10)): draw(json_values)}
    return put(body, target, extra)


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


facts_bodies = st.builds(
    lambda facts, version: {"facts": facts, **({"expected_version": version} if version else {})},
    st.lists(st.sampled_from(FACTS), min_size=1, max_size=3),
    st.none() | st.just(4),
).flatmap(mutated)
