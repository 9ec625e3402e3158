"""What a check's log line says it did, as the rules read it: 3.5's d% to stabilize failed and
cost a hit point, a Heal check stabilized, the hourly roll to wake cost one (`derived`)."""

from __future__ import annotations

from typing import Any

import pytest

from projections.derived import derived_lines
from projections.effective import effective_log
from tests.builders import check, created, damage, healing, joined, log
from tests.dnd35_helpers import HEALER, V


def said(*lines: dict[str, Any], system: str = "dnd35") -> dict[str, Any] | None:
    """What the last line did: Valeros (line 2) and Kyra, the healer (line 3), then the lines."""
    events = log(created(system), joined(V), joined(HEALER), *lines)
    return derived_lines(effective_log(events))[1].get(len(events))


DYING = damage(V, 23)  # 20 HP to -3: dying (000 L1165)
CHECKS: list[Any] = [
    pytest.param([DYING, check(V, "stabilize", 42)], {"outcome": "failure", "lost": {"hp": 1}},
                 id="000 L1165-1168 (A5): d% 42 fails to stabilize and loses 1 hit point"),
    pytest.param([DYING, check(V, "stabilize", 7)], {"outcome": "success"},
                 id="000 L1185-1187 (A5): d% 07 stabilizes, at no cost"),
    pytest.param([DYING, check(V, "stabilize", 42, outcome="success")], {"outcome": "success"},
                 id="digest A5: the GM's recorded verdict stands"),
    pytest.param([damage(V, 29), check(V, "stabilize", 50)],
                 {"outcome": "failure", "lost": {"hp": 1}},
                 id="000 L1189: a failed roll at -9 costs the last hit point, dead at -10"),
    pytest.param([DYING, check(HEALER, "heal", 9, 15, target=V)], {"outcome": "success"},
                 id="000 L1193-1194: a DC 15 Heal check by another stabilizes"),
    pytest.param([DYING, check(HEALER, "heal", 9, 14, target=V)], {"outcome": "failure"},
                 id="000 L1193-1194: a Heal check of 14 does not, at no cost"),
    pytest.param([DYING, check(V, "stabilize", 3), check(V, "recovery", 55)],
                 {"outcome": "failure", "lost": {"hp": 1}},
                 id="000 L1222-1225: an unaided stable character's missed hourly roll costs 1"),
    pytest.param([DYING, healing(V, 1), check(V, "recovery", 55)], {"outcome": "failure"},
                 id="000 L1211-1215: a tended one's missed hourly roll costs nothing"),
    pytest.param([check(V, "climb", 12, 17, dc=15)], {"outcome": "success"},
                 id="any other check: its total against its DC"),
    pytest.param([check(V, "climb", 12, 17)], None, id="no DC, no ruling: nothing to say"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "expected"), CHECKS)
def test_a_checks_line_says_whether_it_succeeded_and_what_it_cost(
    lines: list[dict[str, Any]], expected: dict[str, Any] | None
) -> None:
    assert said(*lines) == expected
