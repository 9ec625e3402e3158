"""Starfinder damage reduction and energy resistance (seed 002 L1183-1207), table-driven."""

from __future__ import annotations

from typing import Any

import pytest

from domain.events import DamageDealt
from domain.rulesets.base import damage_stopped
from projections.clock import ctx
from projections.table import table_at
from tests.builders import (
    amended,
    attack,
    created,
    damage,
    fact,
    joined,
    log,
    rejection,
    state,
    turn_ended,
)
from tests.test_starfinder_builders import KSARIK, NAVASI, party, spent, stats, track

ROBOT = "robot"
FIRE_10 = {"fire": 10, "electricity": 5}


def robot(overcome_by: str | None = "magic", **more: Any) -> dict[str, Any]:
    """A security robot (NPC, 30 HP, no SP): DR 5/`overcome_by`, fire 10 and electricity 5."""
    dr = {"amount": 5} | ({"overcome_by": overcome_by} if overcome_by is not None else {})
    return joined(ROBOT, 30, side="foes", stats=stats(30, dr=dr, resist=FIRE_10, **more))


def hp_after(*lines: Any, overcome_by: str | None = "magic") -> tuple[int, int]:
    """The robot's HP and what DR and resistance stopped of the last damage it took."""
    vitals = state(log(party(), robot(overcome_by), *lines))["combatants"][ROBOT]["vitals"]
    return vitals["hp"], vitals.get("damage_stopped", 0)


SHOT = attack(NAVASI, ROBOT, 15, 25, defense="kac")  # line 10: a hit on the robot's KAC 16

STOPPED: list[Any] = [
    pytest.param([damage(ROBOT, 8, damage_type="piercing")], (27, 5),
                 id="002 L1187: DR 5 ignores 5 of the piercing damage of an attack"),
    pytest.param([damage(ROBOT, 3, damage_type="slashing")], (30, 3),
                 id="002 L1187: DR never stops more than the damage dealt"),
    pytest.param([damage(ROBOT, 8, damage_type="bludgeoning", overcomes=["magic"])], (22, 0),
                 id="002 L1187: DR 5/magic does not reduce a magic weapon's damage"),
    pytest.param([damage(ROBOT, 8, damage_type="piercing", overcomes=["cold iron"])], (27, 5),
                 id="002 L1187: a weapon without the listed property is reduced"),
    pytest.param([damage(ROBOT, 8, damage_type="cold")], (22, 0),
                 id="002 L1185: DR does not apply to cold or other energy damage"),
    pytest.param([damage(ROBOT, 8)], (22, 0),
                 id="002 L1185: nor to damage with no damage type"),
    pytest.param([damage(ROBOT, 8, damage_type="fire")], (30, 8),
                 id="002 L1203: fire resistance 10 ignores up to 10 fire damage"),
    pytest.param([damage(ROBOT, 12, damage_type="electricity")], (23, 5),
                 id="002 L1203: each resistance is defined by its type and amount"),
    pytest.param([damage(ROBOT, 12, damage_type="F")], (28, 10),
                 id="002 L1203: a weapon's abbreviation F names fire"),
    pytest.param([damage(ROBOT, 8, damage_type="sonic")], (22, 0),
                 id="002 L1203: no resistance to sonic, full damage"),
    pytest.param([SHOT, damage(ROBOT, 6, damage_type="slashing", attack=10),
                  damage(ROBOT, 12, damage_type="fire", attack=10)], (27, 10),
                 id="002 L1203: a mixed attack: DR on the kinetic part, resistance on the fire"),
    pytest.param([SHOT, damage(ROBOT, 3, damage_type="bludgeoning", attack=10),
                  damage(ROBOT, 4, damage_type="piercing", attack=10)], (28, 2),
                 id="002 L1187: the kinetic parts of one attack share its DR"),
    pytest.param([SHOT, damage(ROBOT, 8, damage_type="piercing", attack=10),
                  attack(NAVASI, ROBOT, 14, 24, defense="kac"),
                  damage(ROBOT, 8, damage_type="piercing", attack=12)], (24, 5),
                 id="002 L1187: each attack meets the whole DR again"),
    pytest.param([SHOT, damage(ROBOT, 3, damage_type="bludgeoning", attack=10),
                  attack(NAVASI, ROBOT, 14, 24, defense="kac"),
                  damage(ROBOT, 8, damage_type="piercing", attack=12),
                  damage(ROBOT, 4, damage_type="piercing", attack=10)], (25, 2),
                 id="002 L1187: an attack's parts share its DR with another attack between"),
    pytest.param([damage(ROBOT, 8, damage_type="piercing"),
                  damage(ROBOT, 8, damage_type="piercing")], (24, 5),
                 id="002 L1185: damage citing no attack meets DR on its own, whatever its source"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "expected"), STOPPED)
def test_damage_reduction_and_resistance_stop_their_share_of_each_attack(
    lines: list[Any], expected: tuple[int, int]
) -> None:
    assert hp_after(*lines) == expected


CONNECTIVES: list[Any] = [
    pytest.param("lawful or magic", ["magic"], 22,
                 id="002 L1189: DR 5/lawful or magic: either property overcomes it"),
    pytest.param("lawful and magic", ["magic"], 27,
                 id="002 L1189: DR 5/lawful and magic: magic alone does not"),
    pytest.param("lawful and magic", ["Lawful", "magic"], 22,
                 id="002 L1189: DR 5/lawful and magic: both together overcome it"),
    pytest.param("cold iron", ["cold-iron"], 22,
                 id="002 L1187: DR 5/cold iron is overcome by a cold iron weapon"),
    pytest.param("—", ["magic", "lawful"], 27,
                 id="002 L1187: DR 5/— stops damage from any weapon"),
    pytest.param("-", ["magic"], 27, id="002 L1187: DR 5/- (a hyphen for the dash) as well"),
    pytest.param(None, ["all"], 22,
                 id="002 L1187: though some attacks have their own ability to overcome DR"),
]  # fmt: skip


@pytest.mark.parametrize(("overcome_by", "overcomes", "hp"), CONNECTIVES)
def test_what_overcomes_damage_reduction_reads_as_the_stat_block(
    overcome_by: str | None, overcomes: list[str], hp: int
) -> None:
    hit = damage(ROBOT, 8, damage_type="piercing", overcomes=overcomes)
    assert hp_after(hit, overcome_by=overcome_by)[0] == hp


def test_damage_reduction_comes_before_temporary_hit_points_and_stamina() -> None:
    """Digest §7 order of modifiers (the text gives none): DR, then temporary HP, SP, HP."""
    armored = joined(NAVASI, 22, stats=stats(22, 8, 4, 3, dr={"amount": 5}))
    events = log(party()[:1], armored, *party()[2:],
                 fact("TemporaryHitPointsGained", target=NAVASI, amount=4),
                 damage(NAVASI, 15, damage_type="slashing"))  # fmt: skip
    vitals = state(events)["combatants"][NAVASI]["vitals"]
    assert (vitals["temp_hp"], vitals["stamina"], vitals["hp"]) == (0, 2, 22)
    assert vitals["damage_stopped"] == 5


def test_a_hit_damage_reduction_negates_leaves_a_stable_creature_stable() -> None:
    """002 L1191: attacks that deal no damage because of DR; L644 needs damage taken."""
    armored = joined(NAVASI, 22, stats=stats(22, 8, 4, 3, dr={"amount": 5}))
    events = log(party()[:1], armored, *party()[2:], damage(NAVASI, 40), spent(NAVASI, 1),
                 damage(NAVASI, 4, damage_type="piercing"))  # fmt: skip
    assert track(state(events)) == (0, 0, 3, ["stable", "unconscious", "helpless"])


def test_amending_the_damage_type_changes_what_was_stopped() -> None:
    events = log(party(), robot(), damage(ROBOT, 8, damage_type="piercing"),
                 amended(10, damage(ROBOT, 8, damage_type="fire")))  # fmt: skip
    assert state(events, 10)["combatants"][ROBOT]["vitals"]["hp"] == 27
    assert state(events)["combatants"][ROBOT]["vitals"]["hp"] == 30


def test_the_ruleset_tells_how_much_of_a_hit_is_stopped_before_it_is_taken() -> None:
    """For log lines' derived `stopped` (area backend): read from the target before the fact."""
    events = log(party(), robot(), damage(ROBOT, 4, damage_type="slashing"))
    table = table_at(events, 9)
    member = table.members[ROBOT]
    before = member.body
    fact_ = events[9]
    assert isinstance(fact_, DamageDealt)
    assert damage_stopped(table.rules, before, fact_, ctx(table, member)) == 4
    plain = table_at(log(created("dnd35"), joined("valeros")))
    hit = DamageDealt(target="valeros", amount=4, damage_type="slashing")
    valeros = plain.members["valeros"]
    assert damage_stopped(plain.rules, valeros.body, hit, ctx(plain, valeros)) == 0


def test_vitals_show_no_stopped_damage_when_nothing_was_stopped() -> None:
    vitals = state(log(party(), robot(), damage(ROBOT, 8)))["combatants"][ROBOT]["vitals"]
    assert "damage_stopped" not in vitals and vitals["hp"] == 22


BAD_STATS: list[Any] = [
    pytest.param({"dr": {"amount": 5, "overcome_by": "lawful and magic or good"}},
                 "stats.dr.overcome_by", id="either 'and' or 'or' between what overcomes DR"),
    pytest.param({"dr": {"amount": -1}}, "stats.dr.amount", id="DR is not negative"),
    pytest.param({"dr": 5}, "stats.dr", id="DR is an amount and what overcomes it"),
    pytest.param({"dr": "five/magic"}, "stats.dr", id="DR as a stat block prints it: 5/magic"),
    pytest.param({"resist": {"poison": 5}}, "stats.resist.poison",
                 id="002 L1203: resistance is to acid, cold, electricity, fire or sonic"),
]  # fmt: skip


@pytest.mark.parametrize(("more", "field"), BAD_STATS)
def test_resistances_the_rules_cannot_read_are_rejected_naming_the_field(
    more: dict[str, Any], field: str
) -> None:
    error = rejection(created("starfinder"), joined(KSARIK, stats=stats(30, **more)))
    assert (error.position, error.field) == (2, field)


def test_a_revoked_attack_takes_its_stopped_damage_with_it() -> None:
    events = log(party(), robot(), SHOT, damage(ROBOT, 9, damage_type="piercing", attack=10),
                 fact("EventRevoked", target=10), turn_ended(NAVASI))  # fmt: skip
    vitals = state(events)["combatants"][ROBOT]["vitals"]
    assert vitals["hp"] == 30 and "damage_stopped" not in vitals


@pytest.mark.parametrize(
    ("printed", "overcomes", "hp"),
    [("DR 5/magic", [], 27), ("5/lawful and magic", ["magic"], 27), ("5/—", ["magic"], 27),
     ("5/lawful or magic", ["lawful"], 22)],
)  # fmt: skip
def test_damage_reduction_may_be_written_as_a_stat_block_prints_it(
    printed: str, overcomes: list[str], hp: int
) -> None:
    """002 L1187: "DR 5/cold iron … DR 5/magic … DR 5/—", as the GM copies it."""
    robot = joined(ROBOT, 30, side="foes", stats=stats(30, dr=printed))
    hit = damage(ROBOT, 8, damage_type="piercing", overcomes=overcomes)
    assert state(log(party(), robot, hit))["combatants"][ROBOT]["vitals"]["hp"] == hp
