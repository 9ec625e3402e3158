"""Analytics figures of a hand-counted fight: what the table applied, and nothing it dropped."""

from __future__ import annotations

from typing import Any

from projections.analytics import figures
from tests.builders import amended, attack, created, damage, fact, joined, log, rolled, started

T = "2026-11-24T19:{}Z"


def at(line: dict[str, Any], clock: str) -> dict[str, Any]:
    return {**line, "at": T.format(clock)}


# Valeros (+2, AC 15) and a goblin (6 HP, AC 12). Hand counts below.
FIGHT = [
    at(created(), "00:00"),                                                       # 1
    joined("valeros", 20, stats={"defenses": {"ac": 15}}),                        # 2
    joined("goblin", 6, side="foes", stats={"defenses": {"ac": 12}}),             # 3
    rolled("valeros", 15, 2), rolled("goblin", 10, 1),                            # 4, 5
    at(started(), "00:00"),                                                       # 6 round 1
    attack("valeros", "goblin", 14, 16),                                          # 7 hit
    damage("goblin", 4, attack=7),                                                # 8 -> 2 HP
    at(fact("TurnEnded", combatant="valeros"), "00:30"),                          # 9
    attack("goblin", "valeros", 1, 3),                                            # 10 miss
    damage("valeros", 5, attack=10),                                              # 11 dropped
    at(fact("TurnEnded", combatant="goblin"), "01:00"),                           # 12 round 2
    attack("valeros", "goblin", 20, 22, outcome="critical"),                      # 13
    damage("goblin", 9, attack=13, damage_type="slashing"),                       # 14 -> -7
    at(fact("TurnEnded", combatant="valeros"), "02:00"),                          # 15
]  # fmt: skip


def counts(lines: list[dict[str, Any]]) -> dict[str, tuple[int, ...]]:
    found = figures(log(lines))
    return {
        who: (f.attacks, f.hits, f.criticals, f.natural_1s, f.natural_20s, f.damage_dealt,
              f.damage_taken, f.knockouts, f.knocked_out, f.kills, f.killed)
        for who, f in found.fighters.items()
    }  # fmt: skip


def test_a_fight_is_counted_as_the_table_saw_it() -> None:
    """Two hits, a crit and a natural 20 for Valeros; the goblin's natural 1 misses and the
    damage tied to that miss is not counted; the crit drops the goblin (dying at -7)."""
    assert counts(FIGHT) == {
        "valeros": (2, 2, 1, 0, 1, 13, 0, 1, 0, 0, 0),
        "goblin": (1, 0, 0, 1, 0, 0, 13, 0, 1, 0, 0),
    }


def test_damage_per_round_and_type_rounds_and_real_time() -> None:
    found = figures(log(FIGHT))
    assert found.damage == {
        (1, "valeros", "goblin", "", False): 4,
        (2, "valeros", "goblin", "slashing", False): 9,
    }
    assert found.rounds == 2
    assert found.turns == [
        (1, "valeros", 30.0, 9), (1, "goblin", 30.0, 12), (2, "valeros", 60.0, 15)
    ]  # fmt: skip
    assert found.round_seconds == {1: 60.0}
    assert found.seconds == 120.0
    assert [(p, v) for who, p, _, v in found.hp if who == "goblin"] == [(3, 6), (8, 2), (14, -7)]


def test_revoked_damage_leaves_the_totals() -> None:
    """Undoing line 8 (the first hit's 4 damage): 9 dealt, the goblin still drops (6 - 9 = -3);
    the hit itself stands."""
    revoked = [*FIGHT, fact("EventRevoked", target=8)]
    assert counts(revoked)["valeros"][5:8] == (9, 0, 1)
    assert figures(log(revoked)).damage == {(2, "valeros", "goblin", "slashing", False): 9}
    assert counts(revoked)["valeros"][:2] == (2, 2)


def test_a_revoked_hit_takes_its_linked_damage_out_of_the_totals() -> None:
    """Undoing line 7 (the first attack): one attack and one hit (the crit) for Valeros; the 4
    damage of line 8, linked to it, drops with it: 9 dealt, the goblin still drops at -3."""
    revoked = [*FIGHT, fact("EventRevoked", target=7)]
    assert counts(revoked) == {
        "valeros": (1, 1, 1, 0, 1, 9, 0, 1, 0, 0, 0),
        "goblin": (1, 0, 0, 1, 0, 0, 9, 0, 1, 0, 0),
    }
    found = figures(log(revoked))
    assert found.damage == {(2, "valeros", "goblin", "slashing", False): 9}
    assert [(p, v) for who, p, _, v in found.hp if who == "goblin"] == [(3, 6), (14, -3)]


def test_an_amended_damage_roll_changes_damage_and_knock_outs() -> None:
    """The crit's damage amended from 9 to 2: 6 dealt, the goblin at exactly 0 HP is disabled,
    not knocked out."""
    fixed = [*FIGHT, amended(14, damage("goblin", 2, attack=13, damage_type="slashing"))]
    assert counts(fixed)["valeros"][5:8] == (6, 0, 0)
    assert counts(fixed)["goblin"][6:9] == (6, 0, 0)


def test_an_attack_amended_into_a_miss_takes_its_damage_away() -> None:
    missed = [*FIGHT, amended(13, attack("valeros", "goblin", 20, 22, outcome="miss"))]
    assert counts(missed)["valeros"][:3] == (2, 1, 0)
    assert counts(missed)["valeros"][5] == 4


def test_damage_without_an_attack_goes_to_its_named_source_or_unknown() -> None:
    lines = [*FIGHT[:6], damage("goblin", 2, source="valeros"), damage("goblin", 1)]
    found = figures(log(lines))
    assert found.fighters["valeros"].damage_dealt == 2
    assert found.damage[(1, "unknown", "goblin", "", False)] == 1


def test_condition_uptime_counts_the_rounds_it_was_in_force() -> None:
    lines = [*FIGHT[:6], fact("ConditionApplied", target="goblin", condition="Shaken",
                              duration={"rounds": 2}), *FIGHT[6:]]  # fmt: skip
    assert figures(log(lines)).condition_rounds == {("goblin", "shaken"): 2}


def test_miss_damage_marked_on_miss_counts_for_its_dealer() -> None:
    """The goblin's missed attack (line 10) with its 5 damage amended to on_miss: now applied."""
    fixed = [*FIGHT, amended(11, damage("valeros", 5, attack=10, on_miss=True))]
    assert counts(fixed)["goblin"][5] == 5
    assert counts(fixed)["valeros"][6] == 5
    assert counts(fixed)["goblin"][1] == 0  # still a miss, not a hit
