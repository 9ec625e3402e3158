"""Starfinder dying, Resolve Points, stabilizing and death (seed 002 L587-644, digest §9)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.starfinder.care import stabilize_cost
from tests.builders import check, damage, healing, turn_ended
from tests.test_starfinder_builders import NAVASI, OBOZAYA, round_of_turns, spent, table, track

DYING = ["dying", "unconscious", "helpless"]
STABLE = ["stable", "unconscious", "helpless"]
DEAD = ["dead"]
UP = ["healthy"]
DOWN = damage(NAVASI, 40)  # 8 SP + 22 HP, 10 left over (< 22 max HP)
# Navasi is knocked down on Obozaya's turn in round 1, after her own turn has ended.
ON_OBOZAYAS_TURN = [turn_ended(NAVASI), DOWN]
TO_HER_NEXT_TURN = [turn_ended(OBOZAYA), turn_ended("ksarik")]

DYING_RULES: list[Any] = [
    pytest.param([*ON_OBOZAYAS_TURN, *TO_HER_NEXT_TURN], {}, (4, DYING),
                 id="002 Dying: no RP lost before the end of her own turn"),
    pytest.param([*ON_OBOZAYAS_TURN, *TO_HER_NEXT_TURN, turn_ended(NAVASI)], {}, (3, DYING),
                 id="002 Dying: lose 1 RP at the end of your turn"),
    pytest.param([DOWN, turn_ended(NAVASI)], {}, (4, DYING),
                 id="002 Dying: dropped during your own turn, no RP lost as it ends"),
    pytest.param([DOWN, *round_of_turns(), turn_ended(NAVASI)], {}, (3, DYING),
                 id="002 Dying: dropped during your own turn, the loss comes a turn later"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 3)], {}, (3, DYING),
                 id="002 Taking Damage While Dying: the first HP damage each round costs 1 RP"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 3), damage(NAVASI, 3)], {}, (3, DYING),
                 id="002 Taking Damage While Dying: later small hits that round cost nothing"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 3), damage(NAVASI, 12)], {}, (2, DYING),
                 id="002 Taking Damage While Dying: a later source over half max HP costs 1 more"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 3), damage(NAVASI, 11)], {}, (3, DYING),
                 id="002 Taking Damage While Dying: exactly half max HP costs nothing extra"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 3), turn_ended(OBOZAYA),
                  turn_ended("ksarik"), damage(NAVASI, 3)], {}, (2, DYING),
                 id="002 Taking Damage While Dying: the first time each round, again next round"),
    pytest.param([*ON_OBOZAYAS_TURN, healing(NAVASI, 4, kind="stamina"), damage(NAVASI, 4)], {},
                 (4, DYING), id="002 Taking Damage While Dying: Stamina Points absorb it first"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 3)], {"first_drop_costs_resolve": True},
                 (3, DYING), id="P1 option: the hit that drops her is her first HP damage"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 12)], {}, (3, DYING),
                 id="P3 default: a first hit over half max HP costs 1 RP"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 12)], {"first_big_hit_costs_two": True},
                 (2, DYING), id="P3 option: a first hit over half max HP costs 2 RP"),
    pytest.param([*ON_OBOZAYAS_TURN, healing(NAVASI, 8, kind="stamina"), damage(NAVASI, 25)],
                 {}, (3, DYING), id="P5 default: only the 17 that reach HP count toward 22"),
    pytest.param([*ON_OBOZAYAS_TURN, healing(NAVASI, 8, kind="stamina"), damage(NAVASI, 25)],
                 {"massive_at_zero_counts": "raw"}, (4, DEAD),
                 id="P5 option: the raw 25 of a single attack at 0 HP kill"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 5, nonlethal=True)], {}, (4, DYING),
                 id="P17 default: nonlethal damage at 0 HP changes nothing"),
    pytest.param([*ON_OBOZAYAS_TURN, damage(NAVASI, 5, nonlethal=True)],
                 {"nonlethal_at_zero_hp": "stabilizes"}, (4, STABLE),
                 id="P17 option: read literally, nonlethal damage stabilizes"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "expected"), DYING_RULES)
def test_a_dying_creature_loses_resolve(lines: list[Any], options: Any, expected: Any) -> None:
    _, _, rp, statuses = track(table(*lines, **options))
    assert (rp, statuses) == expected


DEATH: list[Any] = [
    pytest.param(1, [*ON_OBOZAYAS_TURN, damage(NAVASI, 3), damage(NAVASI, 12)], {}, (0, DEAD),
                 id="002 Dead: would lose RP with none remaining"),
    pytest.param(1, [*ON_OBOZAYAS_TURN, *TO_HER_NEXT_TURN, turn_ended(NAVASI)], {}, (0, DYING),
                 id="002 Dying: her last RP goes at the end of her turn"),
    pytest.param(1, [*ON_OBOZAYAS_TURN, *TO_HER_NEXT_TURN, turn_ended(NAVASI),
                     *TO_HER_NEXT_TURN, turn_ended(NAVASI)], {}, (0, DEAD),
                 id="002 Dead: the end-of-turn loss at 0 RP kills"),
    pytest.param(2, [spent(NAVASI, 2, "spell"), *ON_OBOZAYAS_TURN, *TO_HER_NEXT_TURN], {},
                 (0, DYING), id="002 Dead: 0 RP when first at 0 HP, 1 round to be saved"),
    pytest.param(2, [spent(NAVASI, 2, "spell"), *ON_OBOZAYAS_TURN, *TO_HER_NEXT_TURN,
                     turn_ended(NAVASI)], {}, (0, DEAD),
                 id="002 Dead: not healed or stabilized by the end of her turn next round"),
    pytest.param(2, [spent(NAVASI, 2, "spell"), DOWN, turn_ended(NAVASI)], {}, (0, DYING),
                 id="002 Dead: dropped on her own turn at 0 RP, alive as it ends"),
    pytest.param(2, [spent(NAVASI, 2, "spell"), *ON_OBOZAYAS_TURN, damage(NAVASI, 2)], {},
                 (0, DEAD), id="P4 default: HP damage during the grace round still kills"),
    pytest.param(2, [spent(NAVASI, 2, "spell"), *ON_OBOZAYAS_TURN, damage(NAVASI, 2)],
                 {"grace_protects_from_damage": True}, (0, DYING),
                 id="P4 option: the grace round also protects against damage"),
    pytest.param(2, [spent(NAVASI, 2, "spell"), *ON_OBOZAYAS_TURN, check(OBOZAYA, "medicine",
                     9, 16, target=NAVASI), *TO_HER_NEXT_TURN, turn_ended(NAVASI)], {},
                 (0, STABLE), id="002 First Aid: DC 15 Medicine stabilizes, the grace ends"),
]  # fmt: skip


@pytest.mark.parametrize(("rp", "lines", "options", "expected"), DEATH)
def test_death_comes_when_resolve_runs_out(
    rp: int, lines: list[Any], options: Any, expected: Any
) -> None:
    _, _, left, statuses = track(table(*lines, rp=rp, **options))
    assert (left, statuses) == expected


STABILIZING: list[Any] = [
    pytest.param(4, [DOWN, spent(NAVASI, 1, "stabilize"), turn_ended(NAVASI), *round_of_turns()],
                 (0, 3, STABLE), id="002 Stabilize: spend RP on your turn, no more RP lost"),
    pytest.param(4, [*ON_OBOZAYAS_TURN, spent(NAVASI, 1, "stabilize")], (0, 4, DYING),
                 id="002 Stabilize: only on your own turn (the spend is not applied)"),
    pytest.param(8, [spent(NAVASI, 7, "spell"), DOWN, spent(NAVASI, 2, "stabilize")],
                 (0, 1, DYING), id="002 Stabilize: without enough RP you cannot"),
    pytest.param(4, [*ON_OBOZAYAS_TURN, check(OBOZAYA, "medicine", 5, 14, target=NAVASI)],
                 (0, 4, DYING), id="002 First Aid: 14 fails the DC 15 Medicine check"),
    pytest.param(4, [DOWN, spent(NAVASI, 1, "stabilize"), *round_of_turns(),
                     spent(NAVASI, 1, "stay_in_the_fight")],
                 (1, 2, UP), id="002 Stay in the Fight: 1 RP at the start of your turn, 1 HP"),
    pytest.param(4, [DOWN, spent(NAVASI, 1, "stabilize"), spent(NAVASI, 1, "stay_in_the_fight")],
                 (0, 3, STABLE), id="002 Stay in the Fight: not in the round you stabilized"),
    pytest.param(4, [damage(NAVASI, 40, nonlethal=True), spent(NAVASI, 1)], (1, 3, UP),
                 id="002 Stay in the Fight: knocked out by nonlethal damage, 1 RP to get up"),
    pytest.param(4, [DOWN, spent(NAVASI, 1), turn_ended(NAVASI), damage(NAVASI, 3)],
                 (0, 3, DYING), id="P2 default: damage while stable, dying again, no RP"),
    pytest.param(4, [DOWN, spent(NAVASI, 1), turn_ended(NAVASI),
                     healing(NAVASI, 4, kind="stamina"), damage(NAVASI, 3)],
                 (0, 3, DYING), id="P2 default: even damage to SP alone ends stability"),
    pytest.param(4, [DOWN, healing(NAVASI, 0, kind="stabilize"), check(NAVASI, "constitution",
                     18, 21)], (1, 4, UP), id="002 Long-Term Stability: 20 or higher, 1 HP"),
    pytest.param(4, [DOWN, healing(NAVASI, 0, kind="stabilize"), check(NAVASI, "constitution",
                     12, 15)], (0, 4, STABLE), id="002 Long-Term Stability: 10-19, stay stable"),
    pytest.param(4, [DOWN, healing(NAVASI, 0, kind="stabilize"), check(NAVASI, "constitution",
                     6, 9)], (0, 4, DEAD), id="002 Long-Term Stability: 9 or lower, you die"),
    pytest.param(4, [DOWN, healing(NAVASI, 0, kind="stabilize"), check(OBOZAYA, "medicine", 10,
                     17, target=NAVASI), check(NAVASI, "constitution", 6, 9)], (0, 4, STABLE),
                 id="002 Long-Term Stability: tended, a result below 10 counts as 10"),
]  # fmt: skip


@pytest.mark.parametrize(("rp", "lines", "expected"), STABILIZING)
def test_resolve_stabilizes_and_keeps_her_in_the_fight(
    rp: int, lines: list[Any], expected: Any
) -> None:
    _, hp, left, statuses = track(table(*lines, rp=rp))
    assert (hp, left, statuses) == expected


def test_damage_while_stable_costs_resolve_under_the_p2_option() -> None:
    lines = [DOWN, spent(NAVASI, 1), turn_ended(NAVASI), damage(NAVASI, 3)]
    _, _, rp, statuses = track(table(*lines, damage_while_stable_costs_resolve=True))
    assert (rp, statuses) == (2, DYING)


def test_a_refused_spend_is_reported_to_the_gm() -> None:
    state = table(*ON_OBOZAYAS_TURN, spent(NAVASI, 1, "stabilize"))
    assert (
        "line 11: Navasi can stabilize only on its own turn (L623); ResolveSpent "
        "(stabilize) not applied" in state["warnings"]
    )


@pytest.mark.parametrize(
    ("max_rp", "cost"),
    [(1, 1), (3, 1), (7, 1), (8, 2), (11, 2), (12, 3), (20, 3)],
    ids=lambda v: f"002 Stabilize: one-quarter of max RP, min 1, max 3 ({v})",
)
def test_stabilizing_costs_a_quarter_of_maximum_resolve(max_rp: int, cost: int) -> None:
    assert stabilize_cost(max_rp) == cost
