"""A second hand-counted fight: healing, nonlethal damage, a knock-out and a kill, timed turns,
a condition; and recorded times without a timezone."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from projections.analytics import figures
from tests.builders import (
    attack,
    condition,
    created,
    damage,
    fact,
    healing,
    joined,
    log,
    rolled,
    started,
    turn_ended,
)
from tests.test_analytics_figures import FIGHT, counts
from tests.test_analytics_poisoned import stored_before_the_bounds

EST = timezone(timedelta(hours=-5))


def at(line: dict[str, Any], clock: str) -> dict[str, Any]:
    return {**line, "at": f"2026-03-02T01:{clock}Z"}


# Valeros (20 HP, AC 15) and Kyra (12 HP, AC 14) against an orc (12 HP, AC 13) and a goblin
# (6 HP, AC 12), in that initiative order. Hand counts in the tests below.
FRAY = [
    at(created(), "00:00"),                                                        # 1
    joined("valeros", 20, stats={"defenses": {"ac": 15}}),                         # 2
    joined("kyra", 12, stats={"defenses": {"ac": 14}}),                            # 3
    joined("orc", 12, side="foes", stats={"defenses": {"ac": 13}}),                # 4
    joined("goblin", 6, side="foes", stats={"defenses": {"ac": 12}}),              # 5
    rolled("valeros", 18), rolled("kyra", 15), rolled("orc", 10), rolled("goblin", 5),  # 6-9
    condition("valeros", "bless", beneficial=True),                                # 10
    at(started(), "00:00"),                                                        # 11 round 1
    attack("valeros", "orc", 12, 15),                                              # 12 hit
    damage("orc", 5, attack=12, nonlethal=True, damage_type="bludgeoning"),        # 13 nl 5
    at(turn_ended("valeros"), "00:20"),                                            # 14
    attack("kyra", "goblin", 1, 3),                                                # 15 miss
    at(turn_ended("kyra"), "00:50"),                                               # 16
    attack("orc", "kyra", 15, 19),                                                 # 17 hit
    damage("kyra", 9, attack=17, damage_type="slashing"),                          # 18 -> 3
    at(turn_ended("orc"), "01:00"),                                                # 19
    attack("goblin", "kyra", 10, 14),                                              # 20 hit
    damage("kyra", 4, attack=20, damage_type="piercing"),                          # 21 -> -1
    at(turn_ended("goblin"), "01:40"),                                             # 22 round 2
    healing("kyra", 6, kind="magical"),                                            # 23 -> 5
    attack("valeros", "goblin", 20, 23, outcome="critical"),                       # 24
    damage("goblin", 16, attack=24, damage_type="slashing"),                       # 25 -> -10
    at(turn_ended("valeros"), "02:00"),                                            # 26
    attack("kyra", "orc", 14, 16),                                                 # 27 hit
    damage("orc", 8, attack=27, nonlethal=True, damage_type="bludgeoning"),        # 28 nl 13
    at(turn_ended("kyra"), "02:30"),                                               # 29
    at(fact("CombatEnded"), "02:40"),                                              # 30
]  # fmt: skip


def in_new_york(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same lines with every recorded time written at -05:00 (the same instants)."""
    return [
        {**line, "at": datetime.fromisoformat(line["at"]).astimezone(EST).isoformat()}
        if "at" in line else line
        for line in lines
    ]  # fmt: skip


def test_healing_nonlethal_damage_a_knock_out_and_a_kill_are_counted_by_hand() -> None:
    """(attacks, hits, crits, 1s, 20s, dealt, taken, knock-outs, knocked out, kills, killed):
    Valeros saps the orc for 5 nonlethal and crits the goblin for 16 (6 - 16 = -10: dead, a
    knock-out and a kill); Kyra rolls a natural 1, then saps the orc for 8 nonlethal (13 > 12
    HP: unconscious); the orc (9) and the goblin (4) drop Kyra to -1 (dying), healed 6."""
    assert counts(FRAY) == {
        "valeros": (2, 2, 1, 0, 1, 21, 0, 1, 0, 1, 0),
        "kyra": (2, 1, 0, 1, 0, 8, 13, 1, 1, 0, 0),
        "orc": (1, 1, 0, 0, 0, 9, 13, 0, 1, 0, 0),
        "goblin": (1, 1, 0, 0, 0, 4, 16, 1, 1, 0, 1),
    }
    found = figures(log(FRAY))
    f = found.fighters
    assert f["kyra"].healing_received == 6 and f["valeros"].healing_received == 0
    assert (f["valeros"].damage_dealt_nonlethal, f["kyra"].damage_dealt_nonlethal) == (5, 8)
    assert (f["orc"].damage_taken_nonlethal, f["kyra"].damage_taken_nonlethal) == (13, 0)
    assert [(p, v) for who, p, _, v in found.hp if who == "kyra"] == [
        (3, 12), (18, 3), (21, -1), (23, 5)
    ]  # fmt: skip


def test_the_fray_s_turns_rounds_and_condition_are_timed_by_hand() -> None:
    """Turns end at 0:20, 0:50, 1:00, 1:40 (round 2 begins), 2:00, 2:30; the orc's turn is cut
    short by the end of combat; bless is in force in rounds 1 and 2."""
    found = figures(log(FRAY))
    assert [(r, who, s) for r, who, s, _ in found.turns] == [
        (1, "valeros", 20.0), (1, "kyra", 30.0), (1, "orc", 10.0), (1, "goblin", 40.0),
        (2, "valeros", 20.0), (2, "kyra", 30.0),
    ]  # fmt: skip
    assert (found.round_seconds, found.seconds, found.rounds) == ({1: 100.0}, 160.0, 2)
    assert found.condition_rounds == {("valeros", "bless"): 2}
    assert found.ended


def test_times_written_at_another_offset_give_the_same_figures_in_utc() -> None:
    west = figures(log(in_new_york(FRAY)))
    assert west.started_at == datetime.fromisoformat("2026-03-02T01:00:00+00:00")
    assert west.started_at.utcoffset() == timedelta(0)
    assert (west.turns, west.seconds) == (figures(log(FRAY)).turns, 160.0)


def test_a_time_without_a_timezone_is_read_as_utc() -> None:
    """Line 9 of the first fight recorded as 19:00:30 with no zone (refused at the door now; a
    store written before may hold it): the same 30-second turn."""
    naive = stored_before_the_bounds(
        [*FIGHT[:8], {**FIGHT[8], "at": "2026-11-24T19:00:30"}, *FIGHT[9:]]
    )
    assert naive[8].at is not None and naive[8].at.tzinfo is None  # kept as written
    found, aware = figures(naive), figures(log(FIGHT))
    assert (found.turns, found.seconds, found.started_at) == (
        aware.turns, aware.seconds, aware.started_at
    )  # fmt: skip
