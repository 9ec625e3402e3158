"""True20 procedures after the hit, per seed 001 L136-140, L338-353 and the digest §1, §4-6."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import (
    attack,
    check,
    condition,
    created,
    fact,
    log,
    rolled,
    started,
    state,
    turn_ended,
)
from tests.test_true20_track import FOE, Line, V, hit, member, setup, track

HEALER = "kyra"


def fight(*lines: Line, **options: Any) -> dict[str, Any]:
    """valeros (init 12), the orc (10) and kyra (5) fight; lines follow CombatStarted (line 9)."""
    events = log(setup(**options), member(HEALER), rolled(V, 12), rolled(FOE, 8, 2),
                 rolled(HEALER, 5), started(), *lines)  # fmt: skip
    return state(events)


def statuses(view: dict[str, Any], who: str = V) -> list[str]:
    return [s for s in view["combatants"][who]["statuses"] if s != "flat_footed"]


ROUND = [turn_ended(V), turn_ended(FOE), turn_ended(HEALER)]
DYING = ["dying", "unconscious", "hurt", "bruised", "helpless"]
STABLE = ["disabled", "unconscious", "hurt", "bruised", "stable", "helpless"]

PROCEDURES = [
    pytest.param([hit(5, 2), *ROUND, check(V, "constitution", 9, 10, against="dying")], {},
                 DYING, id="001 Dying L343: 9 + Con 1 = 10 succeeds, alive another round"),
    pytest.param([hit(5, 2), *ROUND, check(V, "constitution", 8, 9, against="dying")], {},
                 ["dead"], id="001 Dying L343: 8 + 1 = 9 fails, dead"),
    pytest.param([hit(5, 2), *ROUND, check(V, "constitution", 19, 20, against="dying")], {},
                 STABLE, id="001 Dying L343: success by 10 (20) is disabled and unconscious"),
    pytest.param([hit(5, 2), hit(3, 10), *ROUND, check(V, "constitution", 10, 11)], {},
                 ["dead"], id="001 Wounded L341: shaken −2 on checks: 10 + 1 - 2 fails"),
    pytest.param([hit(5, 2), check(HEALER, "heal", 12, 15, target=V)], {}, STABLE,
                 id="001 Dying L364: another's Heal check (Difficulty 15) stabilizes"),
    pytest.param([hit(5, 2), check(HEALER, "heal", 11, 14, target=V)], {}, DYING,
                 id="001 Dying L364: a Heal check of 14 does not"),
    pytest.param([hit(5, 2), fact("SavingThrowRolled", combatant=V, save="fortitude",
                                  natural=20, total=22, against="dying")],
                 {"dying_procedure": "hourly_fort"}, STABLE,
                 id="digest A17 option, 001 L363: a natural 20 Fortitude save stabilizes"),
    pytest.param([hit(5, 2), fact("SavingThrowRolled", combatant=V, save="fortitude",
                                  natural=6, total=9, against="dying")],
                 {"dying_procedure": "hourly_fort"}, ["dead"],
                 id="digest A17 option, 001 L363: a failed Fortitude save (9 < 10) kills"),
    pytest.param([hit(3, 14, nonlethal=True), hit(3, 5, nonlethal=True),
                  check(V, "recovery", 9, 10, against="staggered")], {},
                 ["bruised", "lost_action"],
                 id="001 Recovery L345-346: Con 10 erases the staggered box"),
    pytest.param([hit(3, 10), check(V, "recovery", 10, 11, against="wounded")], {},
                 ["wounded", "dazed", "hurt", "bruised", "shaken", "stunned", "lost_action"],
                 id="001 L341, L345: wounded's shaken makes 10 + 1 - 2 fail the recovery"),
    pytest.param([hit(3, 10), fact("ConvictionSpent", combatant=V, purpose="recovery"),
                  check(V, "recovery", 2, 3, against="wounded")], {},
                 ["dazed", "hurt", "bruised", "stunned", "lost_action"],
                 id="001 L347 (A25): Conviction ensures the recovery check"),
    pytest.param([hit(3, 10), fact("ConvictionSpent", combatant=V, purpose="recovery"),
                  check(V, "recovery", 2, 3, against="wounded")],
                 {"conviction_recovery": "roll_of_10"},
                 ["wounded", "dazed", "hurt", "bruised", "shaken", "stunned", "lost_action"],
                 id="digest A25 option: a roll of 10 with Con 1 and shaken −2 is 9, failed"),
    pytest.param([hit(3, 10), fact("ConvictionSpent", combatant=V, purpose="erase")], {},
                 ["wounded", "shaken", "stunned", "lost_action"],
                 id="001 L348: Conviction erases all bruised, dazed and hurt"),
    pytest.param([hit(3, 14, nonlethal=True), hit(3, 14, nonlethal=True),
                  fact("RestTaken", kind="minute")], {}, ["bruised"],
                 id="001 L348: one bruise fades per minute"),
    pytest.param([hit(3, 10, nonlethal=True), fact("RestTaken", kind="minute")],
                 {"fading": "one_in_total"}, ["bruised", "lost_action"],
                 id="digest A23 option: one mark a minute in total, the dazed box first"),
    pytest.param([hit(3, 10, nonlethal=True), fact("RestTaken", kind="minute")], {},
                 ["lost_action"], id="digest A23: the bruise and the dazed box each fade"),
    pytest.param([hit(3, 14), fact("RestTaken", kind="minute")], {}, ["hurt"],
                 id="001 L348: hurt fades by the hour, its bruise by the minute"),
    pytest.param([hit(3, 14), fact("RestTaken", kind="hour")], {}, ["healthy"],
                 id="001 L348: hurt conditions fade one per hour"),
    pytest.param([condition(V, "winded"), condition(V, "fatigue")], {}, ["fatigued"],
                 id="001 Winded L350: winded plus a fatigue result is fatigued"),
    pytest.param([condition(V, "fatigued"), condition(V, "fatigued")], {}, ["exhausted"],
                 id="digest A21: 'become fatigued' when fatigued is exhausted"),
    pytest.param([condition(V, "winded"), condition(V, "fatigued")],
                 {"become_fatigued": "one_level"}, ["fatigued"],
                 id="digest A21 option: every fatigue result is one level"),
    pytest.param([condition(V, "exhausted"), condition(V, "fatigue")], {},
                 ["unconscious", "helpless"],
                 id="001 Exhausted L352: one more fatigue result falls unconscious"),
    pytest.param([condition(V, "exhausted"), check(V, "recovery", 12, 13, against="fatigue")],
                 {}, ["fatigued"], id="001 Fatigue Recovery L353: Con 10 lowers one level"),
    pytest.param([condition(V, "exhausted"), fact("RestTaken", kind="long")], {}, ["healthy"],
                 id="001 Fatigue Recovery L353: ten hours of rest clear all fatigue"),
    pytest.param([condition(V, "extra effort"), *ROUND], {}, ["winded"],
                 id="001 L56 (A6, A22): extra effort costs a level at the next round's top"),
    pytest.param([condition(V, "extra effort"), *ROUND], {"extra_effort_fatigue": "fatigued"},
                 ["fatigued"], id="digest A22 option: from normal straight to fatigued"),
    pytest.param([condition(V, "extra effort"), *ROUND,
                  fact("ConvictionSpent", combatant=V, purpose="fatigue")], {}, ["healthy"],
                 id="001 L56: Conviction at the start of the round shakes the fatigue off"),
    pytest.param([hit(3, 5), condition(V, "strenuous"), turn_ended(V)], {},
                 ["disabled", "unconscious", "staggered", "hurt", "bruised", "helpless"],
                 id="001 Disabled L342 (A16): a standard action knocks out as it completes"),
    pytest.param([hit(3, 5), condition(V, "strenuous"), *ROUND], {},
                 ["dying", "disabled", "unconscious", "staggered", "hurt", "bruised",
                  "helpless"], id="001 Disabled L342 (A16): and dying the following round"),
    pytest.param([hit(3, 5), condition(V, "strenuous"), turn_ended(V)],
                 {"disabled_dying_timing": "immediate"},
                 ["dying", "disabled", "unconscious", "staggered", "hurt", "bruised", "helpless"],
                 id="digest A16 option, 001 L362: dying at once"),
    pytest.param([condition(V, "paralyzed")], {}, ["paralyzed", "helpless"],
                 id="001 Paralyzed L379: rigid and helpless"),
    pytest.param([condition(V, "entangled"), condition(V, "entangled")], {}, ["helpless"],
                 id="001 Entangled L365: entangled again becomes helpless"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "expected"), PROCEDURES)
def test_the_procedures_after_the_hit_follow_the_seed(
    lines: list[Line], options: dict[str, Any], expected: list[str]
) -> None:
    assert statuses(fight(*lines, **options)) == expected


def test_a_dying_combatant_is_asked_for_its_check_at_the_top_of_each_round() -> None:
    # 001 Dying L343 (A6): "at the beginning of each round"
    dropped = fight(hit(5, 2))
    assert not any("dying" in w for w in dropped["warnings"])
    next_round = fight(hit(5, 2), *ROUND)
    asked = "Valeros is dying: roll the dying check (Constitution or Fortitude, Difficulty 10)"
    assert asked in next_round["warnings"]
    checked = fight(hit(5, 2), *ROUND, check(V, "constitution", 12, 13, against="dying"))
    assert not any("dying" in w for w in checked["warnings"])


@pytest.mark.parametrize(("lines", "options", "during", "after"), [
    pytest.param([turn_ended(V), hit(3, 10)], {}, ["stunned", "lost_action"], [],
                 id="001 Wounded L341: stunned through the victim's next turn"),
    pytest.param([hit(3, 10)], {}, ["stunned", "lost_action"], [],
                 id="digest A15: a result on the victim's own turn ends with that turn"),
])  # fmt: skip
def test_the_stun_and_the_lost_action_last_one_round(
    lines: list[Line], options: dict[str, Any], during: list[str], after: list[str]
) -> None:
    window = ["stunned", "lost_action"]
    assert [s for s in statuses(fight(*lines, **options)) if s in window] == during
    ended = [*lines, *(ROUND[1:] if len(lines) > 1 else []), turn_ended(V)]
    assert [s for s in statuses(fight(*ended, **options)) if s in window] == after


def test_the_lost_action_option_takes_the_next_turn_too() -> None:
    # digest A15 option: lost_action = next_turn, for a result on the victim's own turn
    after_own = fight(hit(3, 10), turn_ended(V), lost_action="next_turn")
    assert "stunned" in statuses(after_own)
    assert "stunned" not in statuses(fight(hit(3, 10), *ROUND, turn_ended(V),
                                           lost_action="next_turn"))  # fmt: skip


TIES = [
    pytest.param([], ["orc", "valeros"], [], id="001 L138: equal results, the higher Dex first"),
    pytest.param([("dex", 2)], ["valeros", "orc"], [["valeros", "orc"]],
                 id="001 L138: equal Dex too: a roll-off the GM records"),
    pytest.param([("dex", 2), ("tie", ["orc", "valeros"])], ["orc", "valeros"], [],
                 id="001 L138 (A3): the roll-off recorded as InitiativeTieBroken"),
]  # fmt: skip


@pytest.mark.parametrize(("setting", "order", "ties"), TIES)
def test_initiative_ties_go_to_dexterity_then_a_roll_off(
    setting: list[tuple[str, Any]], order: list[str], ties: list[list[str]]
) -> None:
    given = dict(setting)
    valeros = member(V, dex=given.get("dex", 0), stats={"initiative_modifier": 4})
    lines = [created("true20"), valeros, member(FOE, "foes", dex=2), rolled(V, 10, 4),
             rolled(FOE, 12, 2)]  # fmt: skip
    if "tie" in given:
        lines.append(fact("InitiativeTieBroken", order=given["tie"]))
    view = state(log(*lines, started()))
    assert (view["order"], view["initiative_ties"]) == (order, ties)


@pytest.mark.parametrize(("lines", "outcome"), [
    pytest.param([attack(FOE, V, 12, 14)], "hit", id="001 L98: equal to Defense 14 hits"),
    pytest.param([attack(FOE, V, 12, 13)], "miss", id="001 L98: below Defense misses"),
    pytest.param([attack(FOE, V, 1, 30)], "miss", id="001 L106: a natural 1 always misses"),
    pytest.param([attack(FOE, V, 20, 21, confirm_natural=11, confirm_total=14)], "critical",
                 id="001 L119: a threat confirmed against Defense is a critical"),
    pytest.param([attack(FOE, V, 20, 21, confirm_natural=9, confirm_total=12)], "hit",
                 id="001 L119: unconfirmed, a natural 20 still hits"),
    pytest.param([hit(3, 10), attack(FOE, V, 10, 12)], "hit",
                 id="001 L341, L315: stunned, −2 Defense (and no dodge)"),
])  # fmt: skip
def test_attacks_hit_by_defense(lines: list[Line], outcome: str) -> None:
    given = log(setup(), rolled(V, 12), rolled(FOE, 8, 2), started(), *lines)
    from projections.table import table_at

    assert table_at(given).attacks[len(given)] == outcome


def test_a_stranger_combatant_is_described_by_its_worst_mark() -> None:
    # CONTRACT §2 descriptor: no numbers for players
    from domain.rulesets import ruleset_for
    from domain.rulesets.true20.track import Track, mark

    rules = ruleset_for("true20")
    assert track(hit(3, 10))["statuses"][0] == "wounded"
    assert rules.descriptor(mark(Track(), "staggered"), None) == "staggered"  # type: ignore[arg-type]
    assert rules.descriptor(Track(bruised=1), None) == "bruised"  # type: ignore[arg-type]
