"""True20 Toughness saves recomputed from the die, per seed 001 L322-328 and CONTRACT §1.

A save records the d20 and the total the table announced; the ruleset adds the Toughness bonus
(the save's own `bonus`, else the target's `stats.toughness`) and takes off the track penalty in
force at that line, so a correction earlier in the log reaches every later save.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import amended, created, damage, fact, log, state
from tests.test_true20_track import FOE, Line, V, marks, member

SETUP = [created("true20"), member(V), member(FOE, "foes", dex=2)]  # lines 1-3; V Toughness +3


def announced(amount: int, natural: int, total: int, **fields: Any) -> Line:
    """valeros takes a hit; the save as the table called it, with no bonus written down."""
    return damage(V, amount, save={"natural": natural, "total": total}, **fields)


# Difficulty 18 each; the totals are what the table announced with the penalty it knew then.
HURT_1 = announced(3, 14, 17)  # line 4: 17 fails by 1: hurt (−1 on every later save)
HURT_2 = announced(3, 14, 16)  # line 5: 14 + 3 − 1 = 16 fails by 2: hurt (−2)
WOUND = announced(3, 12, 13)  # line 6: 12 + 3 − 2 = 13 fails by 5: wounded (−2 −1)
AFTER = announced(3, 10, 9)  # line 7: 10 + 3 − 4 = 9 fails by 9: wounded again → disabled
FIGHT = [HURT_1, HURT_2, WOUND, AFTER]

DISABLED = ["disabled", "wounded", "staggered", "dazed", "hurt", "bruised", "shaken", "stunned",
            "lost_action"]  # fmt: skip
WOUNDED = ["wounded", "dazed", "hurt", "bruised", "shaken", "stunned", "lost_action"]


def valeros(*lines: Line, at: int | None = None) -> tuple[Any, ...]:
    me: dict[str, Any] = state(log(*SETUP, *lines), at)["combatants"][V]
    return marks(me)


@pytest.mark.parametrize(("correction", "expected"), [
    pytest.param([], (4, 4, 5, 6, DISABLED),
                 id="001 L328: as announced, the second wounded result checks disabled"),
    pytest.param([fact("EventRevoked", target=4)], (3, 3, 4, 5, WOUNDED),
                 id="001 L328, CONTRACT §1: undo the first hurt: 12+3-1 fails by 4 (hurt only), "
                    "so the last hit (10+3-2 fails by 7) is the first wounded"),
    pytest.param([amended(4, announced(3, 15, 18))], (3, 3, 4, 5, WOUNDED),
                 id="001 L324: amend the first save to a success: no mark, the same as undoing it"),
    pytest.param([amended(4, announced(3, 14, 17, nonlethal=True))], (4, 3, 4, 6, WOUNDED),
                 id="001 L326: amend the first hit to non-lethal: a bruise costs lethal saves "
                    "nothing"),
    pytest.param([amended(6, announced(3, 16, 17))], (4, 4, 5, 6, WOUNDED),
                 id="001 L328: amend the wounding save to 16: 16+3-2 fails by 1 (hurt), so the "
                    "last hit, 10+3-3 failing by 8, is the first wounded, not disabled"),
])  # fmt: skip
def test_a_correction_recomputes_every_later_toughness_save_from_its_die(
    correction: list[Line], expected: tuple[Any, ...]
) -> None:
    assert valeros(*FIGHT, *correction) == expected


def test_the_table_as_it_stood_then_keeps_the_announced_results() -> None:
    # CONTRACT §2 `--at N`: a revocation written later does not reach back into line 7
    revoked = [*FIGHT, fact("EventRevoked", target=4)]
    assert valeros(*revoked, at=7) == (4, 4, 5, 6, DISABLED)
    assert valeros(*revoked) == (3, 3, 4, 5, WOUNDED)


@pytest.mark.parametrize(("stats", "save", "expected"), [
    pytest.param({}, {"natural": 12, "total": 9}, (1, 1, 1, 1, ["hurt", "bruised"]),
                 id="001 L132, L323: no bonus written: the stats' Toughness +3, 15 fails by 3"),
    pytest.param({}, {"natural": 16, "total": 19, "bonus": 1}, (1, 1, 1, 1, ["hurt", "bruised"]),
                 id="digest §3.4 finesse: the save's own bonus (+1, armor left out) wins: 17"),
    pytest.param({"toughness": None}, {"natural": 12, "total": 9}, (1, 1, 2, 3, WOUNDED),
                 id="no Toughness known anywhere: the announced 9 stands, failing by 9"),
])  # fmt: skip
def test_the_toughness_bonus_comes_from_the_save_else_the_stats(
    stats: dict[str, Any], save: dict[str, int], expected: tuple[Any, ...]
) -> None:
    target = member(V, stats=stats)
    lines = [created("true20"), target, damage(V, 3, save=save)]
    assert marks(state(log(*lines))["combatants"][V]) == expected


def test_without_a_known_bonus_an_undo_leaves_the_announced_totals_standing() -> None:
    # the fallback: with no Toughness anywhere, the table's total is all the log has
    blind = [created("true20"), member(V, stats={"toughness": None}), member(FOE, "foes")]
    lines = [*blind, announced(3, 14, 17), announced(3, 12, 13), fact("EventRevoked", target=4)]
    assert marks(state(log(*lines))["combatants"][V]) == (1, 1, 2, 3, WOUNDED)
