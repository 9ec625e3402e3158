"""What the table applied, as analytics reads it: damage that landed, its dealer, the track."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.jsonl import read_jsonl
from projections.clock import ctx
from projections.table import dealer, table_at
from tests.builders import attack, created, damage, joined, log, rolled, started

FIXTURES = sorted(Path(__file__).parent.parent.glob("replay_fixtures/*/*.jsonl"))
FIGHT = [
    created(),                                                           # 1
    joined("valeros", 20, stats={"defenses": {"ac": 15}}),               # 2
    joined("goblin", 6, side="foes", stats={"defenses": {"ac": 12}}),    # 3
    rolled("valeros", 15, 2), rolled("goblin", 10, 1), started(),        # 4-6
]  # fmt: skip


def test_damage_from_a_hit_lands_credited_to_the_attacker() -> None:
    events = log(*FIGHT, attack("valeros", "goblin", 14, 16), damage("goblin", 4, attack=7))
    table = table_at(events)
    assert (table.landed, dealer(table, events[7])) == (8, "valeros")


def test_damage_from_a_miss_does_not_land_in_dnd35() -> None:
    # 000 L36-37: "If your result equals or beats the target's Armor Class, you hit and deal
    # damage": a miss deals none, so the table does not apply it
    table = table_at(log(*FIGHT, attack("goblin", "valeros", 1, 3), damage("valeros", 5, attack=7)))
    assert table.landed == 0


def test_damage_naming_a_combatant_as_source_is_credited_to_it() -> None:
    events = log(*FIGHT, damage("goblin", 2, source="valeros"))
    table = table_at(events)
    assert (table.landed, dealer(table, events[6])) == (7, "valeros")


def test_damage_from_no_one_at_the_table_lands_with_no_dealer() -> None:
    events = log(*FIGHT, damage("goblin", 2, source="a falling rock"))
    table = table_at(events)
    assert (table.landed, dealer(table, events[6])) == (7, None)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_system_charts_its_damage_track_by_the_number_its_vitals_show(path: Path) -> None:
    # CONTRACT §2 `vitals`: hit points where the system has them; True20 has none, its track
    # is the penalty on further Toughness saves (001 L328: "Each hurt result imposes a -1
    # penalty"), so it is charted by the lethal save penalty
    table = table_at(read_jsonl(path.read_bytes()))
    for member in table.members.values():
        shown = table.rules.vitals(member.body, ctx(table, member))
        charted = shown["hp"] if "hp" in shown else shown["lethal_save_penalty"]
        assert table.rules.track_value(member.body, ctx(table, member)) == charted, member.id
