"""Orcus works out what conditions imply once per set of names, and skips the scans a creature
with no conditions, resistances or temporary HP needs none of (issue 28): the same answers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.rulesets.base import Ctx, Effect
from domain.rulesets.orcus import track
from domain.rulesets.orcus.conditions import CONDITIONS, in_force
from domain.rulesets.orcus.options import Options, Stats
from domain.rulesets.orcus.ruleset import OrcusRuleset
from domain.rulesets.orcus.track import Vitality

NAMES = [*CONDITIONS, "Dazed", "UNCONSCIOUS", "on fire", "marked"]


def in_force_from_scratch(names: list[str], unconscious: bool, helpless: bool) -> tuple[str, ...]:
    """004 L1492-1494, L1503-1505, L1553-1557 (A6): each name, then what it implies, each once."""
    found = dict.fromkeys(n.lower() for n in names)
    if unconscious:
        found["unconscious"] = None
    while True:
        before = len(found)
        for name in list(found):
            rule = CONDITIONS.get(name)
            for implied in rule.implies if rule else ():
                if helpless or implied != "helpless":
                    found[implied] = None
        if len(found) == before:
            return tuple(found)


@given(st.lists(st.sampled_from(NAMES), max_size=5), st.booleans(), st.booleans())
def test_conditions_in_force_are_the_same_kept_or_worked_out_afresh(
    names: list[str], unconscious: bool, helpless: bool
) -> None:
    expected = in_force_from_scratch(names, unconscious, helpless)
    assert in_force(names, unconscious, helpless) == expected
    assert in_force(iter(names), unconscious, helpless) == expected  # kept, from any iterable


def ctx(*effects: Effect, **stats: object) -> Ctx:
    chosen = Stats.model_validate({"max_hp": 40, **stats})
    return Ctx(Options(min_damage=1), chosen, "npc", 12, 1, "combat", False, 1, True, effects)


@pytest.mark.parametrize(
    ("amount", "damage_type", "effects", "stats", "dealt"),
    [
        pytest.param(7, "fire", (), {}, 7, id="no resistance, no vulnerability: all of it"),
        pytest.param(0, None, (), {}, 0, id="A4: no damage dealt stays none"),
        pytest.param(7, "fire", (Effect("resist fire", None, 5, None, 3),), {}, 2,
                     id="004 L1237: a condition's resistance still counts"),
        pytest.param(7, "fire", (), {"resist": {"fire": 10}}, 1,
                     id="A4 option: resisted to nothing, the floor of 1"),
        pytest.param(7, "cold", (), {"vulnerable": {"cold": 3}}, 10,
                     id="004 L1239: the stats' vulnerability still counts"),
    ],
)  # fmt: skip
def test_damage_is_mitigated_the_same_with_or_without_anything_to_read(
    amount: int, damage_type: str | None, effects: tuple[Effect, ...], stats: dict[str, object],
    dealt: int,
) -> None:  # fmt: skip
    assert OrcusRuleset().mitigate(amount, damage_type, ctx(*effects, **stats)) == dealt


def test_temporary_hp_absorb_first_and_without_any_the_body_is_as_it_was() -> None:
    # 004 "Temporary Hit Points" L1474: lost first, the rest carries over
    body = Vitality(hp=40, max_hp=40)
    assert track.absorb(body, 9) == (body, 9)
    assert track.absorb(body._replace(temp_hp=5), 9) == (body, 4)
    assert track.absorb(body._replace(temp_hp=12), 9) == (body._replace(temp_hp=3), 0)
