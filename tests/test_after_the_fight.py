"""CombatEnded ends the round structure, not the log (CONTRACT §1): what follows a fight."""

from __future__ import annotations

from typing import Any

import pytest

from projections.analytics import figures
from tests.builders import (
    amended,
    attack,
    check,
    condition,
    created,
    damage,
    fact,
    healing,
    joined,
    log,
    rejection,
    rolled,
    save,
    started,
    state,
    turn_ended,
)
from tests.test_starfinder_builders import NAVASI, OBOZAYA, party, spent, track
from tests.test_true20_track import V as VALEROS
from tests.test_true20_track import hit, marks, setup

ENDED = fact("CombatEnded")
STABLE = ["stable", "unconscious", "helpless"]


def duel() -> list[dict[str, Any]]:
    """Valeros and a goblin fight one round (lines 1-8) and the combat ends at line 9."""
    return [created(), joined("valeros"), joined("goblin", 6, side="foes"),
            rolled("valeros", 15, 2), rolled("goblin", 10, 1), started(),
            turn_ended("valeros"), turn_ended("goblin"), ENDED]  # fmt: skip


AFTER: list[Any] = [
    pytest.param(check("valeros", "heal", 12), id="a check"),
    pytest.param(save("valeros", "fortitude", 12, 14, dc=13), id="a saving throw"),
    pytest.param(healing("valeros", 5), id="healing"),
    pytest.param(fact("RestTaken", kind="short"), id="a rest"),
    pytest.param(condition("valeros", "fatigued"), id="a condition applied"),
    pytest.param(fact("ConditionRemoved", target="valeros", condition="fatigued"),
                 id="a condition removed"),
    pytest.param(fact("TemporaryHitPointsLost", target="valeros"),
                 id="temporary hit points running out"),
    pytest.param(fact("ResolveSpent", combatant="valeros", amount=1), id="Resolve spent"),
    pytest.param(fact("ConvictionSpent", combatant="valeros", purpose="erase"),
                 id="Conviction spent"),
    pytest.param(fact("NoteAdded", text="the goblin's body is searched"), id="a note"),
    pytest.param(fact("CombatantLeft", combatant="goblin"), id="leaving"),
    pytest.param(damage("valeros", 3, source="pit trap"), id="damage that is no attack's"),
]  # fmt: skip


@pytest.mark.parametrize("line", AFTER)
def test_what_the_rules_do_after_a_fight_may_follow_the_end_of_combat(line: Any) -> None:
    assert len(log(duel(), line, line)) == 11


REFUSED: list[Any] = [
    pytest.param(turn_ended("valeros"), id="a turn"),
    pytest.param(rolled("valeros", 12, 2), id="initiative"),
    pytest.param(fact("InitiativeTieBroken", order=["valeros", "goblin"]), id="a tie broken"),
    pytest.param(fact("SurpriseDetermined", aware=["valeros"]), id="surprise"),
    pytest.param(fact("Delayed", combatant="valeros"), id="a delay"),
    pytest.param(fact("DelayEnded", combatant="valeros"), id="a delay ended"),
    pytest.param(fact("ActionReadied", combatant="valeros"), id="a readied action"),
    pytest.param(fact("ReadiedActionTaken", combatant="valeros"), id="a readied action taken"),
    pytest.param(started(), id="a new start"),
    pytest.param(ENDED, id="a second end"),
    pytest.param(attack("valeros", "goblin", 12, 15), id="an attack"),
    pytest.param(damage("goblin", 3, attack=7), id="an attack's damage"),
    pytest.param(damage("goblin", 3, on_miss=True), id="a missed power's damage"),
    pytest.param(joined("kyra"), id="a newcomer"),
]  # fmt: skip


@pytest.mark.parametrize("line", REFUSED)
def test_the_round_structure_and_blows_are_refused_after_the_end_of_combat(line: Any) -> None:
    error = rejection(duel(), line)
    assert (error.position, error.field) == (10, "type")
    assert "the combat ended at line 9" in error.reason


def test_a_fact_after_the_end_cannot_be_amended_into_a_turn() -> None:
    error = rejection(duel(), fact("NoteAdded", text="later"), amended(10, turn_ended("goblin")))
    assert (error.position, error.field) == (11, "replacement.type")


def test_a_fact_before_the_end_can_still_be_amended_into_any_fact() -> None:
    events = log(duel(), amended(8, fact("Delayed", combatant="goblin")))
    assert state(events)["phase"] == "ended"


def test_restoring_the_end_leaves_what_came_after_it_unapplied() -> None:
    events = log(duel(), fact("EventRevoked", target=9), attack("valeros", "goblin", 15, 20),
                 damage("goblin", 4, attack=11), fact("EventRestored", target=9))  # fmt: skip
    table = state(events)
    assert table["combatants"]["goblin"]["vitals"]["hp"] == 6
    assert "line 11: the combat has ended; AttackMade not applied" in table["warnings"]
    assert "line 12: the combat has ended; DamageDealt not applied" in table["warnings"]


def test_the_refusal_of_an_attacks_damage_says_what_may_follow_the_fight() -> None:
    error = rejection(duel(), damage("goblin", 3, attack=7))
    assert error.reason == (
        "the combat ended at line 9; an attack's DamageDealt cannot follow it (after the fight: "
        "checks, saves, healing, rests, conditions, damage that is no attack's, temporary HP "
        "lost, Resolve or Conviction spent, notes, leaving, and corrections)"
    )


def test_an_attacks_damage_after_the_end_cannot_be_amended_into_being() -> None:
    """Amending a trap's damage after the end to cite an attack is refused as adding it is."""
    error = rejection(duel(), damage("valeros", 3), amended(10, damage("goblin", 3, attack=7)))
    assert (error.position, error.field) == (11, "replacement.type")


# CONTRACT §1 (2026-12-02): a trap, a fall, poison, ongoing damage after the end, per ruleset.
NO_ATTACKS: list[Any] = [
    pytest.param("dnd35", {"max_hp": 20}, {},
                 {"hp": 14, "max_hp": 20, "temp_hp": 0, "nonlethal": 0},
                 id="000 L84-85: a trap's damage reduces current hit points after the fight"),
    pytest.param("d20modern", {"max_hp": 20}, {},
                 {"hp": 14, "max_hp": 20, "temp_hp": 0, "nonlethal": 0},
                 id="003 L61: damage is deducted from current hit points after the fight"),
    pytest.param("starfinder", {"max_hp": 20, "max_stamina": 4}, {},
                 {"stamina": 0, "max_stamina": 4, "hp": 18, "max_hp": 20, "resolve": 0,
                  "max_resolve": 0, "temp_hp": 0},
                 id="002 L95: damage reduces Stamina, then Hit Points, after the fight"),
    pytest.param("orcus", {"max_hp": 20, "level": 1}, {},
                 {"hp": 14, "max_hp": 20, "temp_hp": 0, "death_save_failures": 0},
                 id="004 L1210, L1931: a fall's damage comes off hit points after the fight"),
    pytest.param("true20", {"toughness": 2}, {"save": {"natural": 16, "total": 18}},
                 {"bruised": 1, "hurt": 1, "lethal_save_penalty": 1, "nonlethal_save_penalty": 1},
                 id="001 L322-327: a trap's Toughness save failed by 3: hurt after the fight"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "stats", "more", "shown"), NO_ATTACKS)
def test_damage_that_is_no_attacks_applies_after_the_fight_in_every_ruleset(
    system: str, stats: dict[str, Any], more: dict[str, Any], shown: dict[str, int]
) -> None:
    hero = fact("CombatantJoined", combatant="valeros", name="Valeros", side="party", stats=stats)
    lines = [created(system), hero, rolled("valeros", 12, 0), started(), turn_ended("valeros"),
             ENDED, damage("valeros", 6, source="pit trap", **more)]  # fmt: skip
    assert state(log(*lines))["combatants"]["valeros"]["vitals"] == shown


def test_rounds_do_not_tick_after_the_fight() -> None:
    """A condition's rounds count down only as rounds pass; after CombatEnded none do."""
    events = log(duel()[:-1], condition("valeros", "shaken", duration={"rounds": 3}), ENDED,
                 condition("goblin", "sickened", duration={"rounds": 2}),
                 fact("NoteAdded", text="an hour passes"))  # fmt: skip
    shown = state(events)["combatants"]
    assert shown["valeros"]["conditions"][0]["remaining_rounds"] == 3
    assert shown["goblin"]["conditions"][0]["remaining_rounds"] == 2
    assert state(events)["round"] == 2 and state(events)["turn"] is None


def test_conditions_applied_after_the_fight_add_no_rounds_to_analytics() -> None:
    events = log(duel(), condition("valeros", "fatigued"), healing("valeros", 3))
    found = figures(events)
    assert ("valeros", "fatigued") not in found.condition_rounds
    assert found.fighters["valeros"].healing_received == 3 and found.ended


# Starfinder (seed 002): Navasi drops on her own turn and stabilizes with her last RP.
DROPPED = [damage(NAVASI, 40), spent(NAVASI, 1)]


def starfinder_after(*lines: Any, rp: int = 1) -> tuple[int, int, int, list[str]]:
    return track(state(log(party(rp=rp), *DROPPED, ENDED, *lines)))


LONG_TERM: list[Any] = [
    pytest.param([check(NAVASI, "constitution", 18, 21)], (0, 1, 0, ["healthy"]),
                 id="002 L631: a Constitution check of 20 or higher, 1 HP and conscious"),
    pytest.param([check(NAVASI, "constitution", 10, 13)], (0, 0, 0, STABLE),
                 id="002 L631: 10-19, stable, another check an hour later"),
    pytest.param([check(NAVASI, "constitution", 10, 13), check(NAVASI, "constitution", 5, 8)],
                 (0, 0, 0, ["dead"]), id="002 L631: 9 or lower, she dies"),
    pytest.param([check(OBOZAYA, "medicine", 14, 19, target=NAVASI),
                  check(NAVASI, "constitution", 4, 7)], (0, 0, 0, STABLE),
                 id="002 L633: a medic's DC 15 check makes a result below 10 count as 10"),
    pytest.param([fact("RestTaken", kind="long")], (8, 1, 0, ["healthy"]),
                 id="002 L631: after 8 hours she wakes with 1 HP per level"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "expected"), LONG_TERM)
def test_a_stable_starfinder_creature_with_no_resolve_checks_hourly_after_the_fight(
    lines: list[Any], expected: Any
) -> None:
    assert starfinder_after(*lines) == expected


def test_stabilized_in_the_last_round_she_may_stay_in_the_fight_after_it() -> None:
    """002 L627: not to stabilize and stay in the fight in the same round; no round follows."""
    assert starfinder_after(spent(NAVASI, 1, "stay_in_the_fight"), rp=2) == (0, 1, 0, ["healthy"])


def test_true20_conviction_erases_bruised_and_hurt_after_the_conflict() -> None:
    """001 L348: a Conviction point erases all bruised, dazed and hurt "after, not during"."""
    hurt = log(setup(), hit(3, 14), ENDED,
               fact("ConvictionSpent", combatant=VALEROS, purpose="erase"))  # fmt: skip
    me = state(hurt)["combatants"][VALEROS]
    assert marks(me)[:2] == (0, 0)
    assert marks(state(hurt, 4)["combatants"][VALEROS])[:2] == (1, 1)


def test_no_one_is_told_to_roll_initiative_after_the_fight() -> None:
    lines = duel()
    events = log(lines[:3], joined("kyra"), lines[3:])
    assert "Kyra has no initiative and takes no turn" in state(events, 9)["warnings"]
    assert state(events)["warnings"] == []
