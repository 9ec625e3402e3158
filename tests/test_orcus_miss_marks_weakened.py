"""Orcus Miss: damage, marks and weakened (004 L979-982, L1589; Marked L1513-1517; L1559)."""

from __future__ import annotations

from typing import Any

from projections.derived import derived_lines
from projections.effective import effective_log
from projections.table import table_at
from tests.builders import attack, condition, damage, fact, healing, log, turn_ended, view
from tests.test_orcus_support import hero, monster, of, orcus_fight

# kyra 20, orc 19, ezren 18: kyra's turn in round 1; the first line after setup is line 9
PARTY = (hero("kyra"), monster("orc"), hero("ezren", 30))
MISSES = attack("kyra", "orc", 5, 10)  # line 9 (line 7 with two joined): 10 against AC 17


def fight(*lines: Any, **options: Any) -> dict[str, Any]:
    return view(orcus_fight(*PARTY, **options), list(lines))


def hp(state: dict[str, Any], combatant: str) -> int:
    found: int = of(state, combatant)["vitals"]["hp"]
    return found


def names(state: dict[str, Any], combatant: str) -> list[tuple[str, str | None]]:
    return [(c["name"], c.get("source")) for c in of(state, combatant)["conditions"]]


# --- Miss: damage ------------------------------------------------------------------------------


def test_damage_citing_a_missed_attack_is_the_powers_miss_damage_and_applies() -> None:
    """004 Power Effects L981: "Miss: If the attack roll does not meet the target's defense"."""
    state = fight(MISSES, damage("orc", 6, attack=9))
    assert hp(state, "orc") == 34
    assert not any("missed" in w for w in state["warnings"])


def test_a_mook_takes_no_damage_from_an_attack_that_misses_it() -> None:
    """004 Mooks L1589: "A mook takes no damage from attacks that miss them"."""
    lines = [orcus_fight(hero("kyra"), monster("orc", 1, role="mook")), MISSES]
    assert hp(view(*lines, damage("orc", 6, attack=7)), "orc") == 1
    assert of(view(*lines, attack("kyra", "orc", 15, 20), damage("orc", 6, attack=8)),
              "orc")["statuses"] == ["dead"]  # fmt: skip


def test_revoking_the_missed_attack_still_drops_its_miss_damage() -> None:
    """CONTRACT §1: damage tied to an attack no longer in force is not applied."""
    state = fight(MISSES, damage("orc", 6, attack=9), fact("EventRevoked", target=9))
    assert hp(state, "orc") == 40


def test_on_miss_still_reads_as_miss_damage() -> None:
    """The `on_miss` extension says the same thing; a mook still ignores it (L1589)."""
    lines = [orcus_fight(hero("kyra"), monster("orc", 1, role="mook"), monster("ogre")), MISSES]
    state = view(*lines, damage("orc", 3, attack=9, on_miss=True), attack("kyra", "ogre", 5, 10),
                 damage("ogre", 3, attack=11, on_miss=True))  # fmt: skip
    assert (hp(state, "orc"), hp(state, "ogre")) == (1, 37)


# --- Marks -------------------------------------------------------------------------------------


def mark(by: str, target: str = "orc") -> Any:
    return condition(target, "marked", source=by)


def test_a_new_mark_supersedes_the_old_one() -> None:
    """004 Marked L1516: "you cannot be marked by two different creatures at the same time"."""
    assert names(fight(mark("kyra"), mark("ezren")), "orc") == [("marked", "ezren")]


def test_a_mark_ends_when_its_marker_falls_unconscious() -> None:
    """004 Marked L1515: "If the creature that marked you dies or falls unconscious"."""
    lines = [mark("kyra"), condition("orc", "dazed", source="kyra"), damage("kyra", 45)]
    assert names(fight(*lines), "orc") == [("dazed", "kyra")]


def test_a_mark_does_not_come_back_when_its_marker_is_healed() -> None:
    """004 Marked L1515: the mark was lost; healing the marker does not restore it."""
    state = fight(mark("kyra"), damage("kyra", 45), healing("kyra", 20, kind="recovery"))
    assert hp(state, "kyra") == 20 and names(state, "orc") == []


def test_undoing_the_blow_that_dropped_the_marker_keeps_the_mark() -> None:
    """CONTRACT §1: undo — the marker never fell, so the mark never ended."""
    state = fight(mark("kyra"), damage("kyra", 45), fact("EventRevoked", target=10))
    assert names(state, "orc") == [("marked", "kyra")]


def test_a_mark_ends_when_its_marker_dies() -> None:
    """004 Marked L1515; Monsters and Death L1465: the orc dies at 0 HP."""
    state = fight(mark("orc", "kyra"), mark("orc", "ezren"), damage("orc", 40))
    assert (names(state, "kyra"), names(state, "ezren")) == ([], [])


def test_a_marker_falling_to_persistent_damage_at_its_turn_start_loses_its_marks() -> None:
    """004 Your Turn L1073 and Marked L1515: the tick at the start of kyra's turn drops her."""
    fire = condition("kyra", "persistent fire", source="orc", value=5, damage_type="fire",
                     duration={"save_ends": True})  # fmt: skip
    lines = [mark("kyra"), damage("kyra", 38), turn_ended("kyra"), fire, turn_ended("orc")]
    assert names(fight(*lines[:-1]), "orc") == [("marked", "kyra")]
    assert names(fight(*lines, turn_ended("ezren")), "orc") == []


# --- Weakened ----------------------------------------------------------------------------------

WEAK = condition("orc", "weakened", source="kyra")  # line 9
ORC_HITS = [turn_ended("kyra"), attack("orc", "kyra", 15, 22)]  # the attack is line 11


def test_a_weakened_attackers_damage_is_halved() -> None:
    """004 Weakened L1559: "The damage of your attacks is halved" (rounded down)."""
    assert hp(fight(WEAK, *ORC_HITS, damage("kyra", 9, attack=11)), "kyra") == 36


def test_damage_naming_the_weakened_attacker_as_source_is_halved_too() -> None:
    """CONTRACT §1: the attacker is the linked attack's, or the `source`."""
    assert hp(fight(WEAK, damage("kyra", 9, source="orc")), "kyra") == 36


def test_a_weakened_attackers_persistent_damage_is_not_halved() -> None:
    """004 Weakened L1559: "except persistent damage"."""
    fire = condition("kyra", "persistent fire", source="orc", value=5, damage_type="fire",
                     duration={"save_ends": True})  # fmt: skip
    lines = [WEAK, *ORC_HITS, fire, turn_ended("orc"), turn_ended("ezren")]
    assert hp(fight(*lines), "kyra") == 35
    assert hp(fight(WEAK, damage("kyra", 5, source="persistent")), "kyra") == 35


def test_halving_comes_before_the_targets_resistance() -> None:
    """Digest A12: attacker side first (halve), then resistance: 15 fire → 7 → 2 (resist 5)."""
    lines = [orcus_fight(hero("kyra", resist={"fire": 5}), monster("orc")), WEAK,
             turn_ended("kyra"), attack("orc", "kyra", 15, 22),
             damage("kyra", 15, attack=9, damage_type="fire")]  # fmt: skip
    assert hp(view(*lines), "kyra") == 38


def test_undoing_weakened_gives_the_full_damage() -> None:
    """CONTRACT §1: derived from the log, so an undo of the condition restores the damage."""
    state = fight(WEAK, *ORC_HITS, damage("kyra", 9, attack=11), fact("EventRevoked", target=9))
    assert hp(state, "kyra") == 31


def test_a_table_whose_announced_damage_is_already_halved_keeps_it() -> None:
    """Option weakened_damage: in_amount — the announced 4 is already half."""
    state = fight(WEAK, *ORC_HITS, damage("kyra", 4, attack=11), weakened_damage="in_amount")
    assert hp(state, "kyra") == 36


def swing(*lines: Any, **options: Any) -> str | None:
    """The outcome the table derives for the attack on the last of `lines`."""
    table = table_at(log(orcus_fight(*PARTY, **options), list(lines)))
    return table.attacks[table.position]


def test_a_marked_creature_attacking_anyone_but_its_marker_takes_two_off() -> None:
    """004 Marked L1514: "-2 penalty to attack rolls on attacks that do not include the
    creature that marked you as a target": 18 − 2 misses ezren's AC 17; 18 hits kyra's."""
    lines = [mark("kyra"), turn_ended("kyra")]
    assert swing(*lines, attack("orc", "ezren", 18, 18)) == "miss"
    assert swing(*lines, attack("orc", "kyra", 18, 18)) == "hit"
    assert swing(turn_ended("kyra"), attack("orc", "ezren", 18, 18)) == "hit"


def test_the_gms_log_says_the_total_the_mark_left_as_the_outcome_reads_it() -> None:
    """004 Marked L1514: the log's `derived` total for the orc's swing at ezren is 18 − 2, and
    its outcome the miss the table derived (one reckoning for both)."""
    events = log(
        orcus_fight(*PARTY), [mark("kyra"), turn_ended("kyra"), attack("orc", "ezren", 18, 18)]
    )
    shown = derived_lines(effective_log(events))[1][len(events)]
    assert (shown["outcome"], shown["total_used"], shown["defense_value"]) == ("miss", 16, 17)


def test_a_mark_that_ended_with_its_fallen_marker_costs_nothing() -> None:
    """004 Marked L1515: the mark is gone once kyra falls unconscious."""
    lines = [mark("kyra"), damage("kyra", 45), turn_ended("kyra")]
    assert swing(*lines, attack("orc", "ezren", 18, 18)) == "hit"


def test_a_table_whose_totals_carry_the_mark_penalty_keeps_them() -> None:
    """Option attack_penalties: in_total — the announced 18 already has the −2."""
    lines = [mark("kyra"), turn_ended("kyra"), attack("orc", "ezren", 18, 18)]
    assert swing(*lines, attack_penalties="in_total") == "hit"
