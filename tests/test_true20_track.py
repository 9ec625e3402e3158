"""True20 Toughness damage track, per seed 001 L322-336 and the digest §4 (table-driven)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import amended, created, damage, fact, log, state

V = "valeros"
FOE = "orc"
TOUGH = 3  # valeros's Toughness save bonus in these tables

Line = dict[str, Any]


def member(combatant: str, side: str = "party", dex: int = 0, con: int = 1, **fields: Any) -> Line:
    """CombatantJoined with True20 stats (CONTRACT §1): Dex and Con modifiers, Toughness +3."""
    stats = {"initiative_modifier": dex, "dexterity": dex, "constitution": con,
             "toughness": TOUGH, "defenses": {"defense": 14},
             **fields.pop("stats", {})}  # fmt: skip
    return fact("CombatantJoined", combatant=combatant, name=combatant.title(), side=side,
                stats=stats, **fields)  # fmt: skip


def rolled_save(natural: int, bonus: int = TOUGH) -> dict[str, int]:
    """A Toughness save as the table announced it: the d20, the total, the bonus."""
    return {"natural": natural, "total": natural + bonus, "bonus": bonus}


def hit(amount: int, natural: int, nonlethal: bool = False, **fields: Any) -> Line:
    """valeros takes a hit with damage bonus `amount` and rolls `natural` on his Toughness save."""
    return damage(V, amount, save=rolled_save(natural), nonlethal=nonlethal, **fields)


def setup(**options: Any) -> list[Line]:
    return [created("true20", **options), member(V), member(FOE, "foes", dex=2)]


def track(*lines: Line, **options: Any) -> dict[str, Any]:
    """valeros as the table sees him after the lines (setup phase, so no turn statuses)."""
    me: dict[str, Any] = state(log(setup(**options), *lines))["combatants"][V]
    return me


def marks(me: dict[str, Any]) -> tuple[int, int, int, int, list[str]]:
    """bruised, hurt, the two penalties, and the statuses the damage track gives."""
    v = me["vitals"]
    shown = [s for s in me["statuses"] if s not in ("flat_footed",)]
    return (v["bruised"], v["hurt"], v["lethal_save_penalty"], v["nonlethal_save_penalty"], shown)


WOUNDED = ["wounded", "dazed", "hurt", "bruised", "shaken", "stunned", "lost_action"]

# Difficulty 15 + 3 = 18 against d20 + 3 (so the natural roll n fails by 15 - n, less penalties).
TRACK = [
    pytest.param([hit(3, 15)], {}, (0, 0, 0, 0, ["healthy"]),
                 id="001 L322-324: a save of 18 against 18 succeeds, no mark"),
    pytest.param([hit(3, 14)], {}, (1, 1, 1, 1, ["hurt", "bruised"]),
                 id="001 L328-329: failing by 1 is hurt, and hurt is also bruised"),
    pytest.param([hit(3, 14, nonlethal=True)], {}, (1, 0, 0, 1, ["bruised"]),
                 id="001 L326: a failed non-lethal save is bruised, −1 against non-lethal only"),
    pytest.param([hit(3, 10)], {}, (1, 1, 2, 3, WOUNDED),
                 id="001 L328-329, L341: failing by 5 is wounded (+ dazed), shaken and stunned"),
    pytest.param([hit(3, 10, nonlethal=True)], {},
                 (1, 0, 0, 2, ["dazed", "bruised", "lost_action"]),
                 id="001 L326, L338: failing a non-lethal save by 5 dazes"),
    pytest.param([hit(3, 5)], {},
                 (1, 1, 1, 1, ["disabled", "staggered", "hurt", "bruised", "lost_action"]),
                 id="001 L328-329, L339: failing by 10 is disabled, with staggered alongside"),
    pytest.param([hit(3, 5, nonlethal=True)], {},
                 (1, 0, 0, 1, ["staggered", "bruised", "lost_action"]),
                 id="001 L326: failing a non-lethal save by 10 staggers"),
    pytest.param([hit(4, 1, nonlethal=True)], {},
                 (1, 0, 0, 1, ["unconscious", "bruised", "helpless"]),
                 id="001 L326, L340: failing a non-lethal save by 15 knocks out, helpless"),
    pytest.param([hit(5, 2)], {},
                 (1, 1, 1, 1, ["dying", "unconscious", "hurt", "bruised", "helpless"]),
                 id="001 L328, L343, L363: failing by 15 is dying (tiers are not cumulative)"),
    pytest.param([hit(3, 10), hit(3, 12)], {},
                 (2, 2, 3, 4, ["disabled", "wounded", "staggered", "dazed", "hurt", "bruised",
                               "shaken", "stunned", "lost_action"]),
                 id="001 L328: wounded again (12+3-2 fails by 5) checks disabled instead"),
    pytest.param([hit(3, 10), hit(3, 5)], {},
                 (2, 2, 3, 4, ["disabled", "wounded", "staggered", "dazed", "hurt", "bruised",
                               "shaken", "stunned", "lost_action"]),
                 id="001 L328: tiers are placed by margin: 5+3-2 fails by 12, disabled is free"),
    pytest.param([hit(3, 5), hit(3, 5)], {},
                 (2, 2, 2, 2, ["dying", "disabled", "unconscious", "staggered", "hurt", "bruised",
                               "helpless", "lost_action"]),
                 id="001 L328: disabled twice checks dying; staggered before the hit knocks out"),
    pytest.param([hit(5, 2), hit(5, 2), hit(5, 2)], {}, (2, 2, 2, 2, ["dead"]),
                 id="digest §4.5: dying twice escalates to dead; the dead take no more marks"),
    pytest.param([hit(3, 14, nonlethal=True)] * 3, {}, (3, 0, 0, 3, ["bruised"]),
                 id="001 L326: bruises pile up, −1 each against non-lethal (14+3-2 fails by 3)"),
    pytest.param([hit(4, 1, nonlethal=True), hit(3, 15, nonlethal=True)], {},
                 (2, 0, 1, 3, ["wounded", "unconscious", "bruised", "helpless", "shaken",
                               "stunned"]),
                 id="001 L326: non-lethal on the unconscious checks the first lethal box"),
    pytest.param([hit(4, 1, nonlethal=True)] + [hit(3, 10, nonlethal=True)] * 4, {},
                 (5, 0, 1, 6, ["dead"]),
                 id="001 L326: beating the unconscious with fists can kill"),
    pytest.param([hit(3, 5, nonlethal=True), hit(3, 15, nonlethal=True)], {},
                 (2, 0, 0, 2, ["unconscious", "staggered", "bruised", "helpless", "lost_action"]),
                 id="001 L386 (A11): any further damage to the staggered knocks out"),
    pytest.param([hit(3, 5, nonlethal=True), hit(3, 15, nonlethal=True)],
                 {"staggered_any_damage_ko": False},
                 (2, 0, 0, 2, ["staggered", "bruised", "lost_action"]),
                 id="digest A11 option: escalation only; a bruise does not knock out"),
    pytest.param([hit(4, 1, nonlethal=True), hit(3, 10)], {},
                 (2, 1, 2, 4, ["wounded", "unconscious", "dazed", "hurt", "bruised", "helpless",
                               "shaken", "stunned", "lost_action"]),
                 id="digest A10: the collateral bruise on the unconscious does not overflow"),
    pytest.param([hit(4, 1, nonlethal=True), hit(3, 10)], {"collateral_escalates": True},
                 (2, 1, 2, 3, ["disabled", "wounded", "unconscious", "staggered", "hurt",
                               "bruised", "helpless", "shaken", "stunned", "lost_action"]),
                 id="digest A10 option: the collateral bruise overflows (wounded), so the "
                    "wounded result escalates to disabled"),
    pytest.param([hit(3, 10, nonlethal=True), hit(3, 10)], {},
                 (2, 1, 2, 4, ["wounded", "dazed", "hurt", "bruised", "shaken", "stunned",
                               "lost_action"]),
                 id="digest A10: collateral dazed on a dazed character stays as it is"),
    pytest.param([hit(3, 10)], {"hurt_on_every_failure": False},
                 (0, 0, 1, 2, ["wounded", "dazed", "shaken", "stunned", "lost_action"]),
                 id="digest A7 option: one result per save, no tally beside the box"),
    pytest.param([hit(3, 10), hit(3, 10)], {"stacking_marks": True},
                 (2, 2, 4, 6, ["wounded", "dazed", "hurt", "bruised", "shaken", "stunned",
                               "lost_action"]),
                 id="digest A8 option: a second wounded result stacks (−1 each)"),
    pytest.param([hit(3, 10)], {"shaken_affects_toughness": True},
                 (1, 1, 4, 5, WOUNDED),
                 id="digest A12 option: wounded's shaken is −2 on Toughness saves too"),
    pytest.param([hit(3, 14), hit(3, 14)], {"hurt_penalty": "lethal_only"},
                 (2, 2, 2, 2, ["hurt", "bruised"]),
                 id="digest A13 option: hurt counts against lethal saves only"),
    pytest.param([hit(20, 20)], {}, (1, 1, 1, 1, ["hurt", "bruised"]),
                 id="001 L335: a natural 20 on an impossible save is only hurt"),
    pytest.param([hit(20, 20, nonlethal=True)], {}, (1, 0, 0, 1, ["bruised"]),
                 id="001 L335: a natural 20 on an impossible non-lethal save is only bruised"),
    pytest.param([hit(20, 20)], {"impossible_save_nat20": False},
                 (1, 1, 1, 1, ["disabled", "staggered", "hurt", "bruised", "lost_action"]),
                 id="001 L335 realism variant: 23 against 35 fails by 12, disabled"),
    pytest.param([hit(3 + 3, 13)], {}, (1, 1, 2, 3, WOUNDED),
                 id="001 L119, L336: a critical (+3) raises the Difficulty to 21; 16 fails by 5"),
    pytest.param([damage(V, 3)], {}, (0, 0, 0, 0, ["healthy"]),
                 id="digest §12: a hit with no Toughness save recorded makes no mark"),
    pytest.param([damage(V, 3, save={"natural": 10, "total": 9})], {},
                 (1, 1, 2, 3, WOUNDED),
                 id="001 L132, CONTRACT §1: without a bonus the stats' Toughness +3 counts: 13 "
                    "against 18 fails by 5"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "expected"), TRACK)
def test_the_damage_track_follows_the_seed(
    lines: list[Line], options: dict[str, Any], expected: tuple[Any, ...]
) -> None:
    assert marks(track(*lines, **options)) == expected


def test_a_hit_with_no_save_asks_the_gm_for_one() -> None:
    view = state(log(setup(), damage(V, 3)))
    asked = "Valeros took damage with no Toughness save (line 4); no mark was made"
    assert asked in view["warnings"]


# Penalties are recomputed from the natural roll, so corrections reach later saves.
HURT_THEN_SAVE = [hit(3, 14), hit(3, 14), hit(3, 12)]  # penalties 0, 1, 2: the third fails by 5


@pytest.mark.parametrize(("correction", "expected"), [
    pytest.param([], (3, 3, 4, 5, ["wounded", "dazed", "hurt", "bruised", "shaken", "stunned",
                                   "lost_action"]),
                 id="CONTRACT §1, 001 L328: after two hurts 12+3-2 fails by 5: wounded"),
    pytest.param([fact("EventRevoked", target=4)], (2, 2, 2, 2, ["hurt", "bruised"]),
                 id="undoing the first hurt: 12+3-1 fails by 4, only hurt"),
    pytest.param([amended(4, hit(3, 14, nonlethal=True))], (3, 2, 2, 3, ["hurt", "bruised"]),
                 id="amending the first hit to non-lethal: a bruise is no penalty to lethal saves"),
])  # fmt: skip
def test_a_correction_earlier_in_the_log_changes_later_saves(
    correction: list[Line], expected: tuple[Any, ...]
) -> None:
    assert marks(track(*HURT_THEN_SAVE, *correction)) == expected
