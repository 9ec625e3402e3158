"""Orcus reference data and condition effects: attacks, statuses, conditions, actions (seed 004)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.events import AttackMade, SavingThrowRolled
from domain.rulesets.orcus.actions import ACTION_TYPES, ACTIONS, action_named
from domain.rulesets.orcus.conditions import CONDITIONS
from domain.rulesets.orcus.options import Options
from domain.rulesets.orcus.ruleset import RULESET
from domain.rulesets.orcus.track import Vitality
from tests.builders import condition, damage, view
from tests.test_orcus_support import hero, of, orcus_fight, ruling_ctx

# (natural, total, defense, kyra's hp, her conditions, then the outcome)
ATTACKS = [
    pytest.param(12, 17, None, 40, (), "hit", id="004 Core Mechanic: meeting AC 17 hits"),
    pytest.param(12, 16, None, 40, (), "miss", id="004 Core Mechanic: 16 misses AC 17"),
    pytest.param(12, 14, "will", 40, (), "hit", id="004 Defenses: 14 hits Will 13"),
    pytest.param(1, 30, None, 40, (), "miss", id="004 Rolling 1 or 20 L1168: 1 always misses"),
    pytest.param(20, 15, None, 40, (), "hit",
                 id="004 Rolling 1 or 20 L1167: a 20 that would miss is a plain hit"),
    pytest.param(20, 22, None, 40, (), "critical",
                 id="004 Rolling 1 or 20 L1167: a 20 that would hit anyway is a critical"),
    pytest.param(9, 12, None, -3, (), "hit", id="004 Unconscious L1556: −5 to all defenses"),
    pytest.param(16, 18, None, 40, ("total defense",), "miss",
                 id="004 Total Defense L1421-1423: +2 to all defenses"),
]  # fmt: skip


@pytest.mark.parametrize(("natural", "total", "defense", "hp", "names", "outcome"), ATTACKS)
def test_attack_outcomes_against_the_four_defenses(
    natural: int, total: int, defense: str | None, hp: int, names: tuple[str, ...], outcome: str
) -> None:
    attack = AttackMade(attacker="orc", target="kyra", natural=natural, total=total,
                        defense=defense)  # fmt: skip
    body = Vitality(hp=hp, max_hp=40)
    assert RULESET.attack_outcome(attack, body, ruling_ctx(*names)) == outcome


@pytest.mark.parametrize(
    ("natural", "total", "succeeds"),
    [pytest.param(10, 10, True, id="004 Saving Throws L1127: 10 or higher succeeds"),
     pytest.param(8, 9, False, id="004 Saving Throws L1127: 9 fails"),
     pytest.param(1, 14, False, id="A3: a natural 1 fails a saving throw"),
     pytest.param(20, 6, True, id="A3: a natural 20 succeeds")],
)  # fmt: skip
def test_save_ends_saves_succeed_on_ten_or_more(natural: int, total: int, succeeds: bool) -> None:
    roll = SavingThrowRolled(combatant="kyra", save="save", natural=natural, total=total)
    assert RULESET.save_succeeds(roll, Options()) is succeeds


@pytest.mark.parametrize(
    ("natural", "total", "succeeds"),
    [pytest.param(1, 14, True, id="A3 option total_only: a natural 1 totalling 14 succeeds"),
     pytest.param(20, 6, False, id="A3 option total_only: a natural 20 totalling 6 fails")],
)  # fmt: skip
def test_with_total_only_saves_count_the_total(natural: int, total: int, succeeds: bool) -> None:
    roll = SavingThrowRolled(combatant="kyra", save="save", natural=natural, total=total)
    assert RULESET.save_succeeds(roll, Options(natural_saves="total_only")) is succeeds


# (kyra's lines, house rules, then her statuses)
STATUSES = [
    pytest.param([condition("kyra", "controlled")], {}, ["dazed", "grants_combat_advantage"],
                 id="004 Controlled L1493: you are dazed"),
    pytest.param([condition("kyra", "blinded")], {}, ["grants_combat_advantage"],
                 id="004 Blinded L1489: attack rolls against you have combat advantage"),
    pytest.param([condition("kyra", "rattled")], {}, ["healthy"],
                 id="004 Rattled L1533: a penalty, nothing derived"),
    pytest.param([condition("kyra", "unconscious")], {},
                 ["prone", "helpless", "grants_combat_advantage"],
                 id="004 Unconscious L1557 (A6): falls prone, helpless"),
    pytest.param([damage("kyra", 42)], {"unconscious_helpless": False},
                 ["staggered", "dying", "unconscious", "prone"],
                 id="A6 option off: unconscious is not helpless"),
    pytest.param([condition("kyra", "hunter's mark")], {}, ["healthy"],
                 id="CONTRACT §1: a custom effect is tracked with no mechanics"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "statuses"), STATUSES)
def test_conditions_bring_what_they_imply(
    lines: list[Any], options: dict[str, Any], statuses: list[str]
) -> None:
    assert of(view(orcus_fight(hero(), **options), lines))["statuses"] == statuses


def test_every_condition_of_the_text_has_its_effects() -> None:
    """004 Conditions L1487-1559: blinded … weakened, each listed with its effects."""
    named = {"blinded", "controlled", "dazed", "deafened", "dying", "helpless", "immobile",
             "marked", "petrified", "prone", "rattled", "restrained", "slowed", "stunned",
             "surprised", "unconscious", "weakened"}  # fmt: skip
    assert named <= set(CONDITIONS)
    assert all(rule.effects for rule in CONDITIONS.values())


@pytest.mark.parametrize(
    ("name", "kind"),
    [pytest.param("Charge", "standard", id="004 L1341: Charge (standard action)"),
     pytest.param("Coup de Grace", "special", id="004 L1344: Coup de Grace (special)"),
     pytest.param("Five-Foot Step", "move", id="004 L1373: Five-Foot Step (move action)"),
     pytest.param("Delay", "none", id="004 L1375: Delay (N/A)"),
     pytest.param("Ready", "none", id="004 L1404: Ready (N/A; costs a standard action, A8)"),
     pytest.param("Rally", "standard", id="004 L1399: Rally (standard action)"),
     pytest.param("Spend an Action Point", "free", id="004 L1111: spending an AP is free")],
)  # fmt: skip
def test_the_named_actions_carry_their_action_types(name: str, kind: str) -> None:
    action = action_named(name)
    assert action is not None and action.kind == kind


def test_the_action_list_is_complete_and_typed() -> None:
    """004 Actions in Combat L1324-1439: every heading, each with a type from the text."""
    assert len({a.name for a in ACTIONS}) == len(ACTIONS) >= 25
    assert all(a.kind in ACTION_TYPES and a.cite for a in ACTIONS)
