"""True20 counts as they come up: readied actions with no `before` and late joiners, per seed
001 L138 (ties), L141 (Joining a Fight) and L207-209 (Ready).

valeros acts on 12, the orc on 10 (Dex +2), kyra on 5 (Dex 0); see tests/test_true20_turns.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import attack, created, fact, log, rolled, started, state, turn_ended
from tests.test_true20_track import FOE, Line, V, member
from tests.test_true20_turns import K, turn

NEW = "bandit"


def fight(*lines: Line, dex: int = 0) -> dict[str, Any]:
    """valeros (12, Dex `dex`), the orc (10, Dex 2), kyra (5, Dex 0); lines from line 9."""
    events = log(created("true20"), member(V, dex=dex), member(FOE, "foes", dex=2), member(K),
                 rolled(V, 12 - dex, dex), rolled(FOE, 8, 2), rolled(K, 5), started(),
                 *lines)  # fmt: skip
    return state(events)


def readies(who: str = V) -> Line:
    return fact("ActionReadied", combatant=who, trigger="the orc moves")


def takes_it(who: str = V) -> Line:
    return fact("ReadiedActionTaken", combatant=who)


ON_ORC = [readies(), turn_ended(V), takes_it()]  # taken during the orc's turn, on count 10
ON_KYRA = [readies(), turn_ended(V), turn_ended(FOE), takes_it()]  # on kyra's count, 5
ROUND_ENDS = [turn_ended(FOE), turn_ended(K)]  # the rest of round 1 from the orc's turn


@pytest.mark.parametrize(("lines", "dex", "now", "rest", "later", "initiative"), [
    pytest.param(ON_ORC, 0, (1, FOE, [V, FOE, K]), ROUND_ENDS, (2, FOE, [FOE, V, K]), 10,
                 id="001 Ready L208-209: count 10 becomes valeros's; L138: the orc's Dex 2 first"),
    pytest.param(ON_ORC, 3, (1, FOE, [V, FOE, K]), ROUND_ENDS, (2, V, [V, FOE, K]), 10,
                 id="001 L138: tied on 10, valeros's higher Dex puts him first from next round"),
    pytest.param(ON_KYRA, 1, (1, K, [FOE, V, K]), ROUND_ENDS[1:], (2, FOE, [FOE, V, K]), 5,
                 id="001 L208-209: taken on kyra's count, 5 for the rest of the fight"),
])  # fmt: skip
def test_a_readied_action_with_no_before_takes_the_count_of_the_turn_in_progress(
    lines: list[Line], dex: int, now: Any, rest: list[Line], later: Any, initiative: int
) -> None:
    taken = fight(*lines, dex=dex)
    assert (turn(taken), taken["combatants"][V]["initiative"]) == (now, initiative)
    assert turn(fight(*lines, *rest, dex=dex)) == later


def test_the_readier_gets_no_second_turn_in_the_round_it_took_the_count() -> None:
    # 001 L208: it has just acted on that count; valeros (Dex 0) now sorts after the orc
    view = fight(*ON_ORC, turn_ended(FOE), dex=0)
    assert turn(view) == (1, K, [V, FOE, K])


def test_a_readied_action_taken_next_round_before_the_readiers_turn_replaces_that_turn() -> None:
    # 001 L207-209: taken "before your initiative on your next turn", its count is now 10
    kyra_readies = [turn_ended(V), turn_ended(FOE), readies(K), turn_ended(K), turn_ended(V)]
    taken = fight(*kyra_readies, takes_it(K))
    assert (turn(taken), taken["combatants"][K]["initiative"]) == ((2, FOE, [V, K, FOE]), 10)
    assert turn(fight(*kyra_readies, takes_it(K), turn_ended(FOE))) == (3, V, [V, FOE, K])


def test_an_equal_dexterity_waits_for_the_gms_roll_off() -> None:
    # 001 L138: "If there is still a tie, roll a die" (digest A3: the GM records it)
    tied = fight(*ON_KYRA, turn_ended(K))
    assert (tied["initiative_ties"], turn(tied)[2]) == ([[V, K]], [FOE, V, K])
    ruled = fight(*ON_KYRA, fact("InitiativeTieBroken", order=[K, V]), turn_ended(K))
    assert (ruled["initiative_ties"], turn(ruled)) == ([], (2, FOE, [FOE, K, V]))


def arrives(natural: int, dex: int = 0) -> list[Line]:
    """The bandit joins and rolls a d20 with no modifier."""
    return [member(NEW, "foes", dex=dex), rolled(NEW, natural)]


@pytest.mark.parametrize(("lines", "expected"), [
    pytest.param([turn_ended(V), *arrives(11)], (1, NEW, [V, NEW, FOE, K]),
                 id="001 L141: 11 falls between valeros (12) and the orc (10): it acts now"),
    pytest.param([turn_ended(V), *arrives(10, dex=3)], (1, NEW, [V, NEW, FOE, K]),
                 id="001 L138, L141: tied with the orc on 10, Dex 3 beats 2: it acts now"),
    pytest.param([turn_ended(V), *arrives(10, dex=1)], (1, FOE, [V, FOE, NEW, K]),
                 id="001 L138, L141: tied on 10 with Dex 1, the orc goes first"),
    pytest.param([turn_ended(V), *arrives(9)], (1, FOE, [V, FOE, NEW, K]),
                 id="001 L141: 9 comes up after the orc's turn, not now"),
    pytest.param([turn_ended(V), *arrives(13)], (1, FOE, [NEW, V, FOE, K]),
                 id="digest §1.5: count 13 has passed this round: its first turn is next round"),
    pytest.param([turn_ended(V), attack(FOE, V, 12, 14), *arrives(11)],
                 (1, FOE, [V, NEW, FOE, K]),
                 id="001 L141: the orc's turn is under way (it attacked): too late for this round"),
    pytest.param([turn_ended(V), *ROUND_ENDS, *arrives(15)], (2, NEW, [NEW, V, FOE, K]),
                 id="001 L141: after the round's last turn, 15 comes up before valeros's 12"),
    pytest.param([turn_ended(V), *arrives(11), fact("EventRevoked", target=11)],
                 (1, FOE, [V, FOE, K]),
                 id="CONTRACT §1: undoing the roll gives the turn back to the orc"),
])  # fmt: skip
def test_a_late_joiner_whose_count_falls_between_two_turns_acts_now(
    lines: list[Line], expected: tuple[Any, ...]
) -> None:
    assert turn(fight(*lines)) == expected


def test_the_joiner_who_acted_now_hands_the_turn_to_the_one_it_came_before() -> None:
    # 001 L141: then the existing order goes on; the orc's turn was not spent
    acting = fight(turn_ended(V), *arrives(11))
    assert "flat_footed" not in acting["combatants"][NEW]["statuses"]  # 001 L139: its turn
    assert "flat_footed" in acting["combatants"][FOE]["statuses"]  # the orc's turn is undone
    assert turn(fight(turn_ended(V), *arrives(11), turn_ended(NEW))) == (1, FOE, [V, NEW, FOE, K])


def test_a_delayer_stepping_in_after_a_newcomer_joined_still_goes_before_the_next_turn() -> None:
    # 001 L141, L182: a join is no part of the orc's turn, which has not really begun
    waiting = [fact("Delayed", combatant=V), member(NEW, "foes"), fact("DelayEnded", combatant=V)]
    stepped_in = fight(*waiting)
    assert turn(stepped_in) == (1, V, [V, FOE, K])
    assert "flat_footed" in stepped_in["combatants"][FOE]["statuses"]  # 001 L139: not yet its turn
    assert turn(fight(*waiting, turn_ended(V))) == (1, FOE, [V, FOE, K])
