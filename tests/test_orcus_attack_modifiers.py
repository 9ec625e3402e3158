"""Orcus attack modifiers from conditions: combat advantage against the target, penalties (004)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.events import AttackMade
from domain.rulesets.orcus.conditions import attack_penalty, in_force
from domain.rulesets.orcus.ruleset import RULESET
from domain.rulesets.orcus.track import Vitality
from projections.render import state_json
from projections.table import table_at
from tests.builders import attack, condition, damage, fact, log
from tests.test_orcus_support import hero, monster, of, orcus_fight, ruling_ctx

# (natural, total, defense, kyra's hp, her conditions, surprised, house rules, then the outcome);
# kyra's AC is 17 and her Will 13
ADVANTAGE = [
    pytest.param(13, 15, None, 40, ("blinded",), False, {}, "hit",
                 id="004 Blinded L1489 + Combat Advantage L1164: 15 + 2 meets AC 17"),
    pytest.param(13, 15, None, 40, ("dazed",), False, {}, "hit",
                 id="004 Dazed L1496: attack rolls against you have combat advantage"),
    pytest.param(13, 15, None, 40, ("controlled",), False, {}, "hit",
                 id="004 Controlled L1493: dazed, so combat advantage"),
    pytest.param(13, 15, None, 40, ("helpless",), False, {}, "hit", id="004 Helpless L1507"),
    pytest.param(13, 15, None, 40, ("petrified",), False, {}, "hit", id="004 Petrified L1522"),
    pytest.param(13, 15, None, 40, ("restrained",), False, {}, "hit",
                 id="004 Restrained L1537"),
    pytest.param(13, 15, None, 40, ("stunned",), False, {}, "hit", id="004 Stunned L1544"),
    pytest.param(13, 15, None, 40, (), True, {}, "hit",
                 id="004 Surprised L1548: attack rolls against you have combat advantage"),
    pytest.param(9, 11, "will", 40, ("dazed",), False, {}, "hit",
                 id="004 L1164: +2 against any defense (11 + 2 vs Will 13)"),
    pytest.param(13, 14, None, 40, ("blinded", "dazed"), False, {}, "miss",
                 id="digest §7.2: combat advantage is yes/no, two sources still +2 (16 < 17)"),
    pytest.param(13, 15, None, 40, ("prone",), False, {}, "miss",
                 id="004 Prone L1530: melee only, and the fact does not say melee: not derived"),
    pytest.param(13, 15, None, 40, ("rattled",), False, {}, "miss",
                 id="004 Rattled L1533: a penalty to its own attacks, no advantage against it"),
    pytest.param(13, 15, None, 40, (), False, {}, "miss",
                 id="004 L1164: no condition, no combat advantage (15 < 17)"),
    pytest.param(20, 15, None, 40, ("blinded",), False, {}, "critical",
                 id="004 Rolling 1 or 20 L1167: with the +2 the 20 would have hit anyway"),
    pytest.param(20, 14, None, 40, ("blinded",), False, {}, "hit",
                 id="004 Rolling 1 or 20 L1167: 14 + 2 would miss, so a plain hit"),
    pytest.param(1, 30, None, 40, ("stunned",), False, {}, "miss",
                 id="004 Rolling 1 or 20 L1168: a 1 misses whatever the advantage"),
    pytest.param(5, 10, None, -3, (), False, {}, "hit",
                 id="004 Unconscious L1556 (A6 helpless L1507): 10 + 2 vs AC 17 − 5"),
    pytest.param(5, 9, None, -3, (), False, {}, "miss",
                 id="004 Unconscious L1556 (A6 helpless L1507): 9 + 2 < 12"),
    pytest.param(13, 15, None, 40, ("dazed",), False, {"combat_advantage": "in_total"}, "miss",
                 id="option combat_advantage in_total: the announced 15 already has the +2"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("natural", "total", "defense", "hp", "names", "surprised", "options", "outcome"), ADVANTAGE
)
def test_attacks_against_a_target_granting_combat_advantage_gain_two(
    natural: int, total: int, defense: str | None, hp: int, names: tuple[str, ...],
    surprised: bool, options: dict[str, Any], outcome: str,
) -> None:  # fmt: skip
    roll = AttackMade(attacker="orc", target="kyra", natural=natural, total=total,
                      defense=defense)  # fmt: skip
    seen = ruling_ctx(*names, surprised=surprised, **options)
    assert RULESET.attack_outcome(roll, Vitality(hp=hp, max_hp=40), seen) == outcome


def orc_after(*lines: Any, **options: Any) -> tuple[str | None, int]:
    """The outcome of kyra's attack at line 8 and the orc's HP after kyra's lines (line 7 on),
    in a fight with kyra first. (A miss's damage is its Miss: damage in Orcus, L979-982, so
    the outcome, not the HP, tells a hit from a miss on a standard orc.)"""
    lines_in = [*orcus_fight(hero(), monster("orc", 40), **options), *lines]
    table = table_at(log(lines_in))
    hp: int = of(state_json(table, 0), "orc")["vitals"]["hp"]
    return table.attacks.get(8), hp


def test_undoing_the_daze_undoes_the_advantage_and_the_hit() -> None:
    """004 Dazed L1496, L1164; CONTRACT §1: an undo earlier in the log changes the outcome."""
    dazed = condition("orc", "dazed", source="kyra", duration={"save_ends": True})
    swing = [attack("kyra", "orc", 13, 15), damage("orc", 8, attack=8)]
    assert orc_after(dazed, *swing) == ("hit", 32)
    assert orc_after(dazed, *swing, fact("EventRevoked", target=7))[0] == "miss"


# (an attacker's conditions, then its untyped attack penalty)
PENALTIES = [
    pytest.param(("rattled",), 2, id="004 Rattled L1533: −2 to attack rolls"),
    pytest.param(("prone",), 2, id="004 Prone L1529: −2 to attack rolls"),
    pytest.param(("restrained",), 2, id="004 Restrained L1536: −2 to attack rolls"),
    pytest.param(("prone", "rattled", "restrained"), 6,
                 id="digest §1 Stacking: untyped penalties of different conditions add up"),
    pytest.param(("rattled", "rattled"), 2,
                 id="004 Conditions L1485: one condition twice does not get worse"),
    pytest.param(("unconscious",), 2, id="004 Unconscious L1557: falls prone, so −2"),
    pytest.param(("marked",), 0,
                 id="004 Marked L1514: none by name; −2 off the marker (mark_penalty)"),
    pytest.param(("dazed", "blinded"), 0, id="004 L1487-1499: no attack penalty"),
]  # fmt: skip


@pytest.mark.parametrize(("names", "penalty"), PENALTIES)
def test_an_attackers_conditions_carry_their_attack_penalties(
    names: tuple[str, ...], penalty: int
) -> None:
    assert attack_penalty(in_force(names, unconscious=False, helpless=True)) == penalty


def test_a_rattled_attacker_takes_two_off_the_announced_total() -> None:
    """004 Rattled L1533; CONTRACT §1: the ruleset recomputes a total that depends on a
    condition the log derives, so 17 − 2 misses the orc's AC 17."""
    rattled = condition("kyra", "rattled", source="orc")
    assert orc_after(rattled, attack("kyra", "orc", 17, 17))[0] == "miss"


def test_undoing_the_rattle_makes_the_same_swing_a_hit() -> None:
    """An undo earlier in the log changes the outcome (CONTRACT §1)."""
    rattled = condition("kyra", "rattled", source="orc")
    swing = [attack("kyra", "orc", 17, 17), damage("orc", 8, attack=8)]
    assert orc_after(rattled, *swing, fact("EventRevoked", target=7)) == ("hit", 32)


def test_a_table_whose_totals_carry_the_penalty_keeps_them_as_announced() -> None:
    """Option attack_penalties: in_total (the announced 17 already has the −2)."""
    rattled = condition("kyra", "rattled", source="orc")
    swing = [rattled, attack("kyra", "orc", 17, 17), damage("orc", 8, attack=8)]
    assert orc_after(*swing, attack_penalties="in_total") == ("hit", 32)
