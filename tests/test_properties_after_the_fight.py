"""Properties of the time after a fight (CONTRACT §1: CombatEnded ends the round structure)."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given

from domain.after_the_fight import applies_after_the_fight
from domain.events import CombatEnded, Event
from projections.clock import remaining_rounds
from projections.effective import effective_log
from projections.render import state_json
from projections.table import fold
from projections.view import Table
from tests.strategies import FAST, logs


@FAST
@given(logs())
def test_after_the_end_of_combat_the_round_the_turn_and_timed_conditions_stand_still(
    events: list[Event],
) -> None:
    entries = effective_log(events)
    ends = [n for n, (_, fact) in enumerate(entries) if isinstance(fact, CombatEnded)]
    assume(ends)
    then, now = fold(entries[: ends[0] + 1]), fold(entries)

    assert (now.phase, now.round, now.turn, now.order) == ("ended", then.round, None, then.order)
    for member in then.members.values():
        kept = {c.position: c for c in now.members[member.id].conditions}
        for c in member.conditions:
            if c.position in kept:
                assert remaining_rounds(now, kept[c.position]) == remaining_rounds(then, c)


@FAST
@given(logs())
def test_what_lies_after_the_end_counts_only_if_the_rules_apply_it_after_a_fight(
    events: list[Event],
) -> None:
    """A fight logged while the end was undone, the end then restored: only what may follow a
    fight (the rules' after-fight facts and damage that is no attack's) still applies; the
    rest is as if it had never been logged."""
    entries = effective_log(events)
    ends = [n for n, (_, fact) in enumerate(entries) if isinstance(fact, CombatEnded)]
    assume(ends)
    after = entries[ends[0] + 1 :]
    kept = [(p, f) for p, f in after if applies_after_the_fight(f)]
    assume(len(kept) < len(after))

    assert shown(fold(entries)) == shown(fold([*entries[: ends[0] + 1], *kept]))


def shown(table: Table) -> dict[str, Any]:
    """The table state without what depends on line numbers: the version and the warnings."""
    state = state_json(table, 0)
    del state["warnings"]
    return state
