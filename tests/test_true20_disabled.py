"""True20 disabled characters who exert themselves, per seed 001 L342, L362 and digest A16.

"If a disabled character takes a standard action, he falls unconscious and begins dying on the
following round" (L342); strenuous actions include "moving all out, attacking" (L362). The log
needs no custom condition: the attack itself is the standard action.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import attack, condition, fact, turn_ended
from tests.test_true20_procedures import ROUND, fight, statuses
from tests.test_true20_track import FOE, Line, V, hit

DISABLE = hit(3, 5)  # line 9, valeros's own turn: 5+3 fails 18 by 10, disabled (+ staggered)
SWING = attack(V, FOE, 12, 15)  # line 10: the disabled valeros attacks the orc
MARKS = ["disabled", "staggered", "hurt", "bruised"]
OUT = ["disabled", "unconscious", "staggered", "hurt", "bruised", "helpless"]
DYING = ["dying", "disabled", "unconscious", "staggered", "hurt", "bruised", "helpless"]


def shown(*lines: Line, **options: Any) -> list[str]:
    """valeros's statuses without the lost round's bookkeeping."""
    return [s for s in statuses(fight(*lines, **options)) if s != "lost_action"]


@pytest.mark.parametrize(("lines", "options", "expected"), [
    pytest.param([DISABLE], {}, MARKS, id="001 L342: disabled, conscious and able to act"),
    pytest.param([DISABLE, SWING], {}, OUT,
                 id="001 L342, L362 (A16): attacking while disabled knocks out as it resolves"),
    pytest.param([DISABLE, SWING, turn_ended(V)], {}, OUT,
                 id="001 L342 (A16): not yet dying in the round of the attack"),
    pytest.param([DISABLE, SWING, *ROUND], {}, DYING,
                 id="001 L342 (A16): dying from the beginning of the following round"),
    pytest.param([DISABLE, SWING], {"disabled_dying_timing": "immediate"}, DYING,
                 id="digest A16 option, 001 L362: dying once the attack is complete"),
    pytest.param([DISABLE, SWING, fact("EventRevoked", target=10), *ROUND], {}, MARKS,
                 id="CONTRACT §1: undoing the attack undoes the collapse"),
    pytest.param([DISABLE, turn_ended(V), *ROUND[1:], turn_ended(V)], {}, MARKS,
                 id="digest §4.13: a plain move (no attack, nothing strenuous) is safe"),
    pytest.param([attack(V, FOE, 12, 15), DISABLE, turn_ended(V), *ROUND[1:]], {}, MARKS,
                 id="001 L342: an attack made before the disabling hit does not count"),
    pytest.param([turn_ended(V), DISABLE, fact("ReadiedActionTaken", combatant=V),
                  attack(V, FOE, 12, 15)], {}, OUT,
                 id="001 L342: a readied attack off its own turn knocks out just the same"),
])  # fmt: skip
def test_a_disabled_combatant_who_attacks_falls_unconscious_and_then_is_dying(
    lines: list[Line], options: dict[str, Any], expected: list[str]
) -> None:
    assert shown(*lines, **options) == expected


@pytest.mark.parametrize("action", [
    pytest.param("charging", id="001 Charge L174, L362: a charge attacks"),
    pytest.param("moving all out", id="001 Disabled L362: moving all out is strenuous"),
    pytest.param("total_defense", id="001 Total Defense L219, L342: a standard action"),
    pytest.param("standard action", id="001 L342: the GM's ruling that it took one"),
])  # fmt: skip
def test_a_strenuous_action_recorded_as_a_condition_knocks_out_as_the_turn_ends(
    action: str,
) -> None:
    taken = [DISABLE, condition(V, action)]
    assert shown(*taken) == MARKS
    assert shown(*taken, turn_ended(V)) == OUT


def test_a_strenuous_action_begun_before_the_disabling_hit_does_not_count() -> None:
    # 001 L342: "If a disabled character takes a standard action": taken before, it was not
    assert shown(condition(V, "charging"), DISABLE, turn_ended(V)) == MARKS


def test_a_combatant_the_gm_rules_disabled_collapses_when_it_attacks() -> None:
    # 001 "Disabled" L362: the glossary condition as the GM applies it, not only the track's box
    ruled = [condition(V, "disabled"), attack(V, FOE, 12, 15)]
    assert shown(*ruled) == ["unconscious", "helpless"]
    assert shown(*ruled, *ROUND) == ["dying", "unconscious", "helpless"]


def test_the_dying_collapse_asks_for_the_dying_check() -> None:
    # 001 Dying L343 (A6): the check comes at the beginning of each round once dying
    view = fight(DISABLE, SWING, *ROUND)
    asked = "Valeros is dying: roll the dying check (Constitution or Fortitude, Difficulty 10)"
    assert asked in view["warnings"]
    assert not any("dying" in w for w in fight(DISABLE, SWING, turn_ended(V))["warnings"])
