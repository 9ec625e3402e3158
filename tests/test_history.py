"""The checkpointed history gives the same table as a plain fold, at every position."""

from __future__ import annotations

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.events import EventAmended, EventRestored, EventRevoked, Fact
from domain.jsonl import read_jsonl
from projections.history import History
from projections.render import state_json
from projections.table import table_at


def fight(turns: int) -> list[Fact]:
    """A short recorded fight of `turns` turns between a fighter and a troll."""
    lines = [
        {"type": "EncounterCreated", "name": "Bridge", "ruleset": "dnd35"},
        {"type": "CombatantJoined", "combatant": "amiri", "name": "Amiri", "side": "party",
         "stats": {"max_hp": 40, "defenses": {"ac": 16}}},
        {"type": "CombatantJoined", "combatant": "troll", "name": "Troll", "side": "foes",
         "stats": {"max_hp": 63, "defenses": {"ac": 16}}},
        {"type": "InitiativeRolled", "combatant": "amiri", "natural": 15, "modifier": 2},
        {"type": "InitiativeRolled", "combatant": "troll", "natural": 8, "modifier": 2},
        {"type": "CombatStarted"},
    ]  # fmt: skip
    for n in range(turns):
        actor, target = ("amiri", "troll") if n % 2 == 0 else ("troll", "amiri")
        lines.append({"type": "DamageDealt", "target": target, "amount": 3 + n % 5})
        if n % 3 == 0:
            lines.append({"type": "ConditionApplied", "target": target, "condition": "shaken",
                          "duration": {"rounds": 1 + n % 2}})  # fmt: skip
        lines.append({"type": "TurnEnded", "combatant": actor})
    return read_jsonl(b"\n".join(orjson.dumps(line) for line in lines))


def corrections(events: list[Fact], data: st.DataObject) -> list[Fact]:
    """The same fight with a few undos, redos and amendments of damage appended."""
    events = list(events)
    revoked: set[int] = set()
    for _ in range(data.draw(st.integers(0, 4))):
        damage = [p for p, e in enumerate(events, 1) if e.type_name == "DamageDealt"]
        target = data.draw(st.sampled_from(damage))
        if target in revoked:
            events.append(EventRestored(target=target))
            revoked.discard(target)
        elif data.draw(st.booleans()):
            events.append(EventRevoked(target=target))
            revoked.add(target)
        else:
            replacement = events[target - 1].model_copy(
                update={"amount": data.draw(st.integers(0, 30))}
            )
            events.append(EventAmended(target=target, replacement=replacement))  # type: ignore[arg-type]
    return events


def test_state_at_every_position_equals_the_plain_fold_with_small_checkpoints() -> None:
    events = fight(40)
    history = History(events, every=7)
    for at in range(1, len(events) + 1):
        assert history.state(at) == state_json(table_at(events, at), at)


@settings(max_examples=40, deadline=None)
@given(turns=st.integers(3, 30), every=st.integers(1, 12), data=st.data())
def test_corrections_refold_to_the_same_table_as_a_plain_fold(
    turns: int, every: int, data: st.DataObject
) -> None:
    events = corrections(fight(turns), data)
    history = History(every=every)
    for position, event in enumerate(events, 1):
        history.append(event)
        assert history.state() == state_json(table_at(events[:position]), position)
    at = data.draw(st.integers(1, len(events)))
    assert history.state(at) == state_json(table_at(events, at), at)


def test_tables_handed_out_are_copies_that_later_facts_do_not_change() -> None:
    events = fight(6)
    history = History(events[:-2])
    before = history.table()
    snapshot = state_json(before, 1)
    for event in events[-2:]:
        history.append(event)
    assert state_json(before, 1) == snapshot


@settings(max_examples=40, deadline=None)
@given(turns=st.integers(3, 30), every=st.integers(1, 12), data=st.data())
def test_resuming_from_kept_checkpoints_gives_the_same_tables_as_folding_from_line_one(
    turns: int, every: int, data: st.DataObject
) -> None:
    """A rebuild from stored tables: the checkpoints a history made of the first k lines, then
    the whole log, corrections after line k reaching back before the checkpoints included."""
    events = corrections(fight(turns), data)
    k = data.draw(st.one_of(st.integers(1, len(events)), st.just(len(events))))  # all stored
    kept = History(events[:k], every=every).checkpoints
    fixes = (EventRevoked, EventRestored, EventAmended)
    found = [(p, e.target) for p, e in enumerate(events, 1) if isinstance(e, fixes)]
    resumed = History.resume(list(events), dict(kept), found, every)
    assert resumed.version == len(events)
    for at in range(1, len(events) + 1):
        assert resumed.state(at) == state_json(table_at(events, at), at)
    assert resumed.revoked() == History(events).revoked()
