"""Analytics rows for notebooks (CSV, Parquet) and figures per foe type, hand-counted over two
goblin ambushes, one with an undo and an amend; on SQLite and PostgreSQL."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import pyarrow.csv
import pyarrow.parquet
import pytest

from api.analytics import Analytics, Filters, report
from api.analytics.queries.export import rows, write
from tests.builders import amended, attack, damage, fact, joined, log, rolled
from tests.store_helpers import new_log
from tests.test_analytics_store import open_store  # noqa: F401  (the fixture)
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)


def at(line: dict[str, Any], day: int, clock: str) -> dict[str, Any]:
    return {**line, "at": f"2026-11-{day}T19:{clock}Z"}


def goblin(combatant: str, name: str) -> dict[str, Any]:
    return joined(combatant, 6, side="foes", name=name, stats={"defenses": {"ac": 12}})


def ended(combatant: str, day: int, clock: str) -> dict[str, Any]:
    return at(fact("TurnEnded", combatant=combatant), day, clock)


CREATED = {"type": "EncounterCreated", "ruleset": "dnd35"}
VALEROS = joined("valeros", 20, stats={"defenses": {"ac": 15}})
# Valeros (AC 15) against Goblin 1 and Goblin 2 (6 HP, AC 12); hand counts in the tests.
AMBUSH = [
    at({**CREATED, "name": "Goblin ambush"}, 24, "00:00"),                  # 1
    VALEROS, goblin("goblin-1", "Goblin 1"), goblin("goblin-2", "Goblin 2"),  # 2-4
    rolled("valeros", 15, 2), rolled("goblin-1", 10, 1), rolled("goblin-2", 8, 1),  # 5-7
    at(fact("CombatStarted"), 24, "00:00"),                                 # 8 round 1
    attack("valeros", "goblin-1", 14, 16),                                  # 9 hit: revoked
    damage("goblin-1", 4, attack=9),                                        # 10 not counted
    ended("valeros", 24, "00:30"),                                          # 11
    attack("goblin-1", "valeros", 18, 19),                                  # 12 hit
    damage("valeros", 3, attack=12),                                        # 13 amended to 5
    ended("goblin-1", 24, "01:00"),                                         # 14
    attack("goblin-2", "valeros", 1, 3),                                    # 15 natural 1
    damage("valeros", 5, attack=15),                                        # 16 miss: dropped
    ended("goblin-2", 24, "01:30"),                                         # 17 round 2
    attack("valeros", "goblin-2", 20, 22, outcome="critical"),              # 18
    damage("goblin-2", 9, attack=18, damage_type="slashing"),               # 19 -3: dying
    ended("valeros", 24, "02:00"),                                          # 20
    fact("EventRevoked", target=9, reason="wrong goblin"),                  # 21
    amended(13, damage("valeros", 5, attack=12)),                           # 22
]  # fmt: skip
# The next day: Valeros against another Goblin 1 and a Goblin 3; a nonlethal hit on Valeros.
SECOND = [
    at({**CREATED, "name": "Second ambush"}, 25, "00:00"),                  # 1
    VALEROS, goblin("goblin-1", "Goblin 1"), goblin("goblin-3", "Goblin 3"),  # 2-4
    rolled("valeros", 15, 2), rolled("goblin-1", 10, 1), rolled("goblin-3", 8, 1),  # 5-7
    at(fact("CombatStarted"), 25, "00:00"),                                 # 8
    attack("valeros", "goblin-3", 15, 17),                                  # 9 hit
    damage("goblin-3", 7, attack=9),                                        # 10 -1: dying
    ended("valeros", 25, "00:40"),                                          # 11
    attack("goblin-1", "valeros", 12, 16),                                  # 12 hit
    damage("valeros", 2, attack=12, nonlethal=True),                        # 13
    fact("TurnEnded", combatant="goblin-1"),                                # 14 no time
]  # fmt: skip
FIGURES = ("combatant", "name", "foe_type", "side", "foe", "damage_dealt", "damage_dealt_lethal",
           "damage_dealt_nonlethal", "damage_taken", "damage_taken_lethal",
           "damage_taken_nonlethal", "attacks", "hits", "criticals", "natural_1s", "natural_20s",
           "knockouts", "kills", "knocked_out", "timed_turns")  # fmt: skip
AMBUSH_ROWS = [  # the revoked hit's 4 damage counts nowhere; the amended hit counts as 5
    ("goblin-1", "Goblin 1", "Goblin", "foes", True, 5, 5, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1),
    ("goblin-2", "Goblin 2", "Goblin", "foes", True, 0, 0, 0, 9, 9, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1),
    ("valeros", "Valeros", "Valeros", "party", False, 9, 9, 0, 5, 5, 0, 1, 1, 1, 0, 1, 1, 0, 0, 2),
]
SECOND_ROWS = [
    ("goblin-1", "Goblin 1", "Goblin", "foes", True, 2, 0, 2, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0),
    ("goblin-3", "Goblin 3", "Goblin", "foes", True, 0, 0, 0, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0),
    ("valeros", "Valeros", "Valeros", "party", False, 7, 7, 0, 2, 0, 2, 1, 1, 0, 0, 0, 1, 0, 0, 1),
]


@pytest.fixture
def analytics(open_store: Any) -> Analytics:  # noqa: F811
    store = open_store()
    new_log(store, log(AMBUSH))
    new_log(store, log(SECOND))
    analytics = Analytics(store)
    analytics.catch_up()
    return analytics


def read_back(analytics: Analytics, format: str, filters: Filters) -> pa.Table:
    sink = io.BytesIO()
    write(rows(analytics, filters), sink, format)  # type: ignore[arg-type]
    sink.seek(0)
    return pyarrow.csv.read_csv(sink) if format == "csv" else pyarrow.parquet.read_table(sink)


def figures(table: pa.Table) -> list[tuple[Any, ...]]:
    return [tuple(row[k] for k in FIGURES) for row in table.to_pylist()]


@pytest.mark.parametrize("format", ["csv", "parquet"])
def test_the_exported_rows_read_back_as_hand_counted(analytics: Analytics, format: str) -> None:
    table = read_back(analytics, format, Filters())
    assert figures(table) == AMBUSH_ROWS + SECOND_ROWS
    first = table.to_pylist()[0]
    assert (first["encounter_name"], first["ruleset"]) == ("Goblin ambush", "dnd35")
    assert first["started_at"] == datetime(2026, 11, 24, 19, 0, tzinfo=UTC)
    filed = ("campaign", "session_id", "session_date", "session_title", "branch_of")
    assert [first[column] for column in filed] == [None] * 5  # filed under no campaign
    assert [r["turn_seconds"] for r in table.to_pylist()[:3]] == [30.0, 30.0, 60.0]
    assert len({r["encounter_id"] for r in table.to_pylist()}) == 2


def test_a_filter_narrows_the_exported_rows(analytics: Analytics) -> None:
    next_day = Filters(since=datetime(2026, 11, 25, tzinfo=UTC))
    assert figures(read_back(analytics, "parquet", next_day)) == SECOND_ROWS
    foes = Filters(side="foes")
    assert [r[0] for r in figures(read_back(analytics, "csv", foes))] == [
        "goblin-1", "goblin-2", "goblin-1", "goblin-3"
    ]  # fmt: skip
    assert rows(analytics, Filters(ruleset="orcus")).num_rows == 0


def test_figures_per_foe_type_sum_every_numbered_goblin(analytics: Analytics) -> None:
    grouped = report(analytics, Filters(), by_type=True)["combatants"]
    assert [(g["foe_type"], g["combatants"], g["encounters"]) for g in grouped] == [
        ("Valeros", 2, 2), ("Goblin", 4, 2)
    ]  # fmt: skip
    goblins = grouped[1]
    assert goblins["damage_dealt"] == {"total": 7, "lethal": 5, "nonlethal": 2}
    assert goblins["damage_taken"] == {"total": 16, "lethal": 16, "nonlethal": 0}
    assert (goblins["attacks"], goblins["hits"], goblins["natural_1s"]) == (3, 2, 1)
    assert (goblins["knocked_out"], goblins["knockouts"]) == (2, 0)
    assert goblins["damage_dealt_by_type"] == {"untyped": 7}
    assert goblins["damage_taken_by_type"] == {"slashing": 9, "untyped": 7}
    assert grouped[0]["damage_dealt"]["total"] == 16 and grouped[0]["knockouts"] == 2


def test_without_grouping_the_combatants_stay_by_id(analytics: Analytics) -> None:
    plain = report(analytics, Filters())["combatants"]
    assert [(c["combatant"], c["encounters"], c["damage_dealt"]["total"]) for c in plain] == [
        ("valeros", 2, 16), ("goblin-1", 2, 7), ("goblin-2", 1, 0), ("goblin-3", 1, 0)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "foe_type"),
    [("Goblin 2", "Goblin"), ("Goblin #12", "Goblin"), ("Hill giant 3 ", "Hill giant"),
     ("Valeros", "Valeros"), ("R2", "R2"), ("7", "7"), ("Ogre 2 mage", "Ogre 2 mage")],
)  # fmt: skip
def test_a_foe_type_is_the_name_without_its_trailing_number(
    open_store: Any,  # noqa: F811
    name: str,
    foe_type: str,
) -> None:
    store = open_store()
    new_log(store, log([{**CREATED, "name": "Names"}, goblin("foe", name)]))
    analytics = Analytics(store)
    analytics.catch_up()
    assert rows(analytics, Filters())["foe_type"].to_pylist() == [foe_type]
