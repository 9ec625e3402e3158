"""True20 delay, ready, refocus and group ties, per seed 001 L136-140, L182-186, L207-211."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import created, fact, log, rolled, started, state, turn_ended
from tests.test_true20_procedures import HEALER
from tests.test_true20_track import FOE, Line, V, member

K = HEALER


def fight(*lines: Line, bonus: int = 0) -> dict[str, Any]:
    """valeros (12, initiative bonus `bonus`), the orc (10) and kyra (5); valeros acts first."""
    valeros = member(V, stats={"initiative_modifier": bonus})
    events = log(created("true20"), valeros, member(FOE, "foes", dex=2), member(K),
                 rolled(V, 12 - bonus, bonus), rolled(FOE, 8, 2), rolled(K, 5), started(),
                 *lines)  # fmt: skip
    return state(events)


def delayed(who: str = V) -> Line:
    return fact("Delayed", combatant=who)


def steps_in(who: str = V) -> Line:
    return fact("DelayEnded", combatant=who)


def forfeits(view: dict[str, Any]) -> list[str]:
    return [w for w in view["warnings"] if "forfeited" in w]


def turn(view: dict[str, Any]) -> tuple[int, str | None, list[str]]:
    return view["round"], view["turn"], view["order"]


def test_a_delayer_steps_in_after_the_turn_that_just_ended() -> None:
    # 001 Delay L182: it acts at a later count, its new initiative; CONTRACT §2 places it
    view = fight(delayed(), turn_ended(FOE), steps_in())
    assert turn(view) == (1, V, [FOE, V, K])
    assert "delaying" not in view["combatants"][V]["statuses"]
    assert forfeits(view) == []


def limit_warning(count: int, bonus: int, round_: int = 1) -> list[str]:
    said = (
        f"Valeros waited past its delaying limit, count {count} (-10 minus initiative "
        f"bonus {bonus:+d}), and forfeited its actions in round {round_}; still delaying"
    )
    return [said]


WAITED = [delayed(), turn_ended(FOE), turn_ended(K)]  # round 1 runs out with valeros waiting

LIMITS = [
    pytest.param(WAITED, 0, limit_warning(-10, 0),
                 id="001 Delaying Limits L184: −10 − 0; at that count act or forfeit the round"),
    pytest.param(WAITED, 3, limit_warning(-13, 3),
                 id="001 Delaying Limits L184: initiative bonus 3 must act on −13 or forfeit"),
    pytest.param([fact("ConditionApplied", target=V, condition="deafened"), *WAITED], 3,
                 limit_warning(-9, -1), id="001 Deafened L360: −4 initiative, limit −10 − (3 − 4)"),
    pytest.param([*WAITED, turn_ended(FOE), turn_ended(K)], 0, limit_warning(-10, 0, 2),
                 id="001 L184: still waiting at the end of round 2, that round is forfeited too"),
    pytest.param([*WAITED, steps_in()], 0, [],
                 id="001 L182-184: stepping in (round 2) ends the delay and the warning"),
    pytest.param([delayed(), steps_in()], 0, [],
                 id="001 Delay L182: stepping in during the round forfeits nothing"),
    pytest.param([delayed(), turn_ended(FOE)], 0, [],
                 id="001 L184: while the round's counts last, the delayer may still act"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "bonus", "expected"), LIMITS)
def test_a_delayer_who_lets_the_round_run_out_forfeits_it(
    lines: list[Line], bonus: int, expected: list[str]
) -> None:
    assert forfeits(fight(*lines, bonus=bonus)) == expected


def test_the_forfeited_delayer_keeps_delaying_until_it_steps_in() -> None:
    # 001 L182, L184; CONTRACT §2: a delaying combatant keeps its place with "delaying"
    waiting = fight(*WAITED)
    assert turn(waiting) == (2, FOE, [V, FOE, K])
    assert "delaying" in waiting["combatants"][V]["statuses"]
    back = fight(*WAITED, turn_ended(FOE), steps_in())
    assert turn(back) == (2, V, [FOE, V, K])


READY = [fact("ActionReadied", combatant=V, trigger="kyra moves"), turn_ended(V), turn_ended(FOE)]


def test_a_readied_action_taken_sets_the_readiers_count_for_the_rest_of_the_fight() -> None:
    # 001 Ready L208-209: "your initiative result becomes the count on which you took it"
    taken = fight(*READY, fact("ReadiedActionTaken", combatant=V, before=K))
    assert turn(taken) == (1, K, [FOE, V, K])
    assert taken["combatants"][V]["initiative"] == 5
    next_round = fight(*READY, fact("ReadiedActionTaken", combatant=V, before=K), turn_ended(K))
    assert turn(next_round) == (2, FOE, [FOE, V, K])


def test_a_readied_action_not_taken_by_the_readiers_next_turn_is_lost() -> None:
    # 001 Ready L209: "you don't get to take the readied action"; its count is unchanged
    waiting = fight(*READY)
    assert "readied" in waiting["combatants"][V]["statuses"]
    lapsed = fight(*READY, turn_ended(K))
    assert turn(lapsed) == (2, V, [V, FOE, K])
    assert "readied" not in lapsed["combatants"][V]["statuses"]


def test_a_refocus_places_the_combatant_as_if_it_rolled_20_from_the_next_round() -> None:
    # 001 Refocus L210-211: "positioned as though you rolled a 20", the usual modifiers apply
    lines = [turn_ended(V), turn_ended(FOE), rolled(K, 20), turn_ended(K)]
    view = fight(*lines)
    assert turn(view) == (2, K, [K, V, FOE])
    assert view["combatants"][K]["initiative"] == 20


def test_a_group_tied_with_another_goes_by_its_creatures_dexterity_as_one() -> None:
    # 001 L138, L140 (digest A4): one check for the group; identical creatures share Dex 2
    bandits = [member(f"bandit-{n}", "foes", dex=2, group="bandits") for n in (1, 2)]
    lines = [created("true20"), *bandits, member(K, dex=1), rolled("bandit-1", 10, 2),
             rolled(K, 11, 1), started()]  # fmt: skip
    view = state(log(*lines))
    assert (view["order"], view["initiative_ties"]) == (["bandit-1", "bandit-2", K], [])
