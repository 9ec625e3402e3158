"""An attack changes its attacker's own damage track only where the rules say attacking strains
(True20: the disabled), so the table asks no other ruleset what attacking does to the attacker."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.events import AttackMade
from domain.jsonl import read_jsonl
from projections import clock
from projections.effective import effective_log
from projections.table import fold, fold_into

FIXTURES = Path(__file__).resolve().parents[1] / "replay_fixtures"
LOGS = sorted(FIXTURES.glob("*/*.jsonl"))


@pytest.mark.parametrize("log", LOGS, ids=lambda log: f"{log.parent.name}/{log.stem}")
def test_attacking_leaves_the_attacker_as_it_was_unless_the_rules_say_attacking_strains(
    log: Path,
) -> None:
    entries = effective_log(read_jsonl(log.read_bytes()))
    table = fold(entries[:1])
    if table.traits.attacking_strains:
        pytest.skip("attacking strains in this system: its take is asked")
    for entry in entries[1:]:
        fold_into(table, [entry])
        for member in table.members.values():  # every state the goldens reach: dying, dead …
            attack = AttackMade(attacker=member.id, target=member.id, natural=12, total=15)
            taken = table.rules.take(member.body, attack, clock.ctx(table, member))
            assert taken == member.body, (entry[0], member.id)


def test_true20_says_attacking_strains() -> None:
    """001 L342, L362: a disabled hero who attacks takes the strain (test_true20_disabled)."""
    logs = sorted((FIXTURES / "true20").glob("*.jsonl"))
    assert fold(effective_log(read_jsonl(logs[0].read_bytes()))[:1]).traits.attacking_strains
