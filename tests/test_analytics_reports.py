"""Reports over the read model, checked against the hand-counted fray: damage by round, target
and type, turns and rounds timed, condition uptime, the most dangerous foe, date ranges."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

import pytest

from api.analytics import Analytics, Filters, report
from tests import test_analytics_store
from tests.builders import log
from tests.store_helpers import new_log
from tests.test_analytics_figures import FIGHT
from tests.test_analytics_fray import FRAY, in_new_york
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)

analytics_stores = test_analytics_store.open_store  # stores on a SQLite file, or PostgreSQL


@pytest.fixture
def stored(analytics_stores: Any) -> tuple[Analytics, UUID, UUID]:
    """The first fight (begun 2026-11-24 19:00 UTC) and the fray, its times written at -05:00
    (begun 2026-03-01 20:00 -05:00, that is 2026-03-02 01:00 UTC), caught up."""
    store = analytics_stores()
    fight, fray = new_log(store, log(FIGHT)), new_log(store, log(in_new_york(FRAY)))
    analytics = Analytics(store)
    analytics.catch_up()
    return analytics, fight, fray


def of(analytics: Analytics, encounter: UUID, **filters: Any) -> dict[str, Any]:
    return report(analytics, Filters(encounter=str(encounter), **filters))


def test_damage_is_reported_per_combatant_with_its_types_and_per_round_per_target(
    stored: tuple[Analytics, UUID, UUID],
) -> None:
    analytics, _, fray = stored
    found = of(analytics, fray)
    who = {c["combatant"]: c for c in found["combatants"]}
    assert who["valeros"]["damage_dealt"] == {"total": 21, "lethal": 16, "nonlethal": 5}
    assert who["valeros"]["damage_dealt_by_type"] == {"slashing": 16, "bludgeoning": 5}
    assert who["kyra"]["damage_taken"] == {"total": 13, "lethal": 13, "nonlethal": 0}
    assert who["kyra"]["damage_taken_by_type"] == {"slashing": 9, "piercing": 4}
    assert who["orc"]["damage_taken"] == {"total": 13, "lethal": 0, "nonlethal": 13}
    assert (who["kyra"]["healing_received"], who["goblin"]["deaths"]) == (6, 1)
    assert (who["valeros"]["kills"], who["kyra"]["knockouts"], who["kyra"]["natural_1s"]) == (
        1, 1, 1
    )  # fmt: skip
    assert found["damage_taken_by_round"] == [
        {"round": 1, "target": "kyra", "lethal": 13, "nonlethal": 0, "total": 13},
        {"round": 1, "target": "orc", "lethal": 0, "nonlethal": 5, "total": 5},
        {"round": 2, "target": "goblin", "lethal": 16, "nonlethal": 0, "total": 16},
        {"round": 2, "target": "orc", "lethal": 0, "nonlethal": 8, "total": 8},
    ]
    assert found["damage_by_type"] == [
        {"damage_type": "slashing", "lethal": 25, "nonlethal": 0, "total": 25},
        {"damage_type": "bludgeoning", "lethal": 0, "nonlethal": 13, "total": 13},
        {"damage_type": "piercing", "lethal": 4, "nonlethal": 0, "total": 4},
    ]


def test_turns_rounds_and_conditions_are_timed_from_the_recorded_times(
    stored: tuple[Analytics, UUID, UUID],
) -> None:
    analytics, _, fray = stored
    found = of(analytics, fray)
    assert (found["turns"]["turns"], found["turns"]["mean_seconds"]) == (6, 25.0)
    assert found["turns"]["by_combatant"][0] == {
        "combatant": "goblin", "turns": 1, "mean_seconds": 40.0, "longest_seconds": 40.0
    }  # fmt: skip
    assert found["round_times"] == [
        {"round": 1, "encounters": 1, "mean_seconds": 100.0, "longest_seconds": 100.0}
    ]
    assert found["conditions"] == [{"combatant": "valeros", "condition": "bless", "rounds": 2}]
    assert of(analytics, fray, side="foes")["turns"]["turns"] == 2  # the orc's and the goblin's
    everything = report(analytics, Filters())["round_times"]
    assert everything == [
        {"round": 1, "encounters": 2, "mean_seconds": 80.0, "longest_seconds": 100.0}
    ]  # the first fight's round 1 took 60 s


def test_the_most_dangerous_foe_is_on_a_side_without_a_player_character(
    stored: tuple[Analytics, UUID, UUID], analytics_stores: Any
) -> None:
    """The orc dealt 9, the goblin 4; Valeros's 21 never counts, even on a side not called
    "party"; filtered to the goblin, only damage it dealt or took counts."""
    analytics, fight, fray = stored
    orc = {"combatant": "orc", "name": "Orc", "damage_dealt": 9, "knockouts": 0, "kills": 0}
    assert of(analytics, fray)["most_dangerous_foe"] == orc
    assert of(analytics, fray, side="party")["most_dangerous_foe"] == orc
    assert of(analytics, fray, combatant="goblin")["most_dangerous_foe"] == {
        "combatant": "goblin", "name": "Goblin", "damage_dealt": 4, "knockouts": 1, "kills": 0
    }  # fmt: skip
    assert of(analytics, fight)["most_dangerous_foe"] is None  # the goblin dealt nothing
    heroes = [
        {**line, "side": "heroes", "kind": "pc"} if line.get("side") == "party" else line
        for line in FRAY
    ]
    store = analytics_stores()
    elsewhere = new_log(store, log(heroes))
    other = Analytics(store)
    other.catch_up()
    assert of(other, elsewhere)["most_dangerous_foe"] == orc


def test_a_date_range_compares_times_not_text_whatever_their_offsets(
    stored: tuple[Analytics, UUID, UUID],
) -> None:
    """The fray began 2026-03-01 20:00 -05:00 (01:00 UTC the next day); the first fight on
    2026-11-24 at 19:00 UTC."""
    analytics, fight, fray = stored

    def ids(since: str | None = None, until: str | None = None) -> list[str]:
        filters = Filters(
            since=datetime.fromisoformat(since) if since else None,
            until=datetime.fromisoformat(until) if until else None,
        )
        return [e["id"] for e in report(analytics, filters)["encounters"]]

    assert ids() == [str(fray), str(fight)]
    assert ids(since="2026-03-01T20:30:00-05:00") == [str(fight)]
    assert ids(since="2026-03-01T19:30:00-05:00") == [str(fray), str(fight)]
    assert ids(until="2026-03-01T20:30:00-05:00") == [str(fray)]
    assert ids(since="2026-03-02T00:30:00", until="2026-03-02T01:00:00") == []  # naive: UTC
    assert ids(since="2026-11-24T14:00:00-05:00", until="2026-11-24T15:00:00-05:00") == [str(fight)]
    assert report(analytics, Filters(encounter=str(fray)))["encounters"][0]["started_at"] == (
        "2026-03-02T01:00:00+00:00"
    )
