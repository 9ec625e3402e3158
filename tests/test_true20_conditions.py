"""True20 named conditions, per seed 001 L354-389 and the digest §6: what each implies, what it
costs on the checks and saves the rules recompute, and what it does to Defense."""

from __future__ import annotations

from typing import Any

import pytest

from projections.table import table_at
from tests.builders import attack, check, condition, fact, log, rolled, started, turn_ended
from tests.test_true20_procedures import ROUND, fight, statuses
from tests.test_true20_track import FOE, Line, V, hit, marks, member, setup, track

DYING = ["dying", "unconscious", "helpless"]

IMPLIED = [
    pytest.param(["debilitated strength"], ["prone", "helpless"],
                 id="001 Debilitated L361: debilitated Strength falls prone and is helpless"),
    pytest.param(["debilitated_dex"], ["paralyzed", "helpless"],
                 id="001 Debilitated L361, Paralyzed L379: debilitated Dexterity is paralyzed"),
    pytest.param(["Debilitated: Con"], DYING,
                 id="001 Debilitated L361, Dying L363: debilitated Constitution is dying"),
    pytest.param(["debilitated wisdom"], ["unconscious", "helpless"],
                 id="001 Debilitated L361: debilitated Int, Wis or Cha is unconscious"),
    pytest.param(["debilitated"], ["healthy"],
                 id="001 Debilitated L361: which ability is below −5 decides; none named, none"),
    pytest.param(["dying"], DYING, id="001 Dying L363, Helpless L372: dying is unconscious"),
    pytest.param(["frightened"], ["healthy"],
                 id="001 Frightened L370: a frightened character flees; not shaken"),
    pytest.param(["frightened", "grappled"], ["shaken"],
                 id="001 Frightened L370, Grappled L371: unable to flee, it is shaken"),
    pytest.param(["frightened", "pinned"], ["shaken"],
                 id="001 Frightened L370, Pinned L380: held immobile, shaken"),
    pytest.param(["frightened", "debilitated strength"], ["prone", "helpless", "shaken"],
                 id="001 Frightened L370, Debilitated L361: helpless cannot flee, shaken"),
    pytest.param(["sickened", "deafened", "invisible", "prone"], ["healthy"],
                 id="001 L360, L375, L381, L383: conditions with effects but no status"),
]  # fmt: skip


@pytest.mark.parametrize(("names", "expected"), IMPLIED)
def test_conditions_imply_what_the_seed_says(names: list[str], expected: list[str]) -> None:
    assert statuses(fight(*(condition(V, n) for n in names))) == expected


def test_a_frightened_character_knocked_out_cannot_flee_and_is_shaken() -> None:
    # 001 Frightened L370, Unconscious L340: unconscious and helpless, so unable to flee
    seen = marks(track(condition(V, "frightened"), hit(4, 1, nonlethal=True)))[-1]
    assert seen == ["unconscious", "bruised", "helpless", "shaken"]
    # 001 Dazed L338: a lost full-round action, no actions at all, so no fleeing either
    seen = marks(track(condition(V, "frightened"), hit(3, 10, nonlethal=True)))[-1]
    assert seen == ["dazed", "bruised", "shaken", "lost_action"]


# Recovery and dying checks are recomputed: natural + Con (1) − what conditions cost on checks.
# Failing by 10 staggers (a recovery check erases it, L346); its lost round ends with the turn.
STAGGER = [hit(3, 5, nonlethal=True), turn_ended(V)]


def recovery(natural: int) -> Line:
    return check(V, "recovery", natural, natural + 1, against="staggered")


CHECKS = [
    pytest.param([], recovery(9), True, id="001 Recovery L345: 9 + Con 1 = 10 erases staggered"),
    pytest.param(["sickened"], recovery(9), False,
                 id="001 Sickened L383: −2 on checks, 9 + 1 − 2 = 8 fails"),
    pytest.param(["shaken"], recovery(9), False,
                 id="001 Shaken L382: −2 on checks, 9 + 1 − 2 = 8 fails"),
    pytest.param(["shaken"], recovery(11), True, id="001 Shaken L382: 11 + 1 − 2 = 10 passes"),
    pytest.param(["shaken", "sickened"], recovery(11), False,
                 id="001 L354: all effects apply, shaken and sickened: 11 + 1 − 4 fails"),
    pytest.param(["shaken", "sickened"], recovery(13), True,
                 id="001 L354, L382-383: 13 + 1 − 4 = 10 passes"),
    pytest.param(["frightened"], recovery(9), True,
                 id="001 Frightened L370: free to flee, not shaken: 9 + 1 passes"),
    pytest.param(["frightened", "grappled"], recovery(9), False,
                 id="001 Frightened L370: grappled, so shaken: 9 + 1 − 2 fails"),
]  # fmt: skip


@pytest.mark.parametrize(("names", "roll", "erased"), CHECKS)
def test_conditions_cost_on_the_checks_the_rules_recompute(
    names: list[str], roll: Line, erased: bool
) -> None:
    lines = [*STAGGER, *(condition(V, n) for n in names), roll]
    assert ("staggered" not in statuses(fight(*lines))) is erased


DEBILITATED_CON = condition(V, "debilitated constitution")
CON_RESTORED = [fact("ConditionRemoved", target=V, condition="debilitated constitution"),
                turn_ended(V)]  # fmt: skip

DYING_CHECKS = [
    pytest.param([DEBILITATED_CON, *ROUND], DYING,
                 id="001 L361, Dying L343: dying by debilitated Con, the round's check is due"),
    pytest.param([DEBILITATED_CON, *ROUND, check(V, "constitution", 8, 9, against="dying")],
                 ["dead"], id="001 L361, L343: debilitated Con, a failed dying check (9) kills"),
    pytest.param([DEBILITATED_CON, *ROUND, check(V, "constitution", 19, 20, against="dying")],
                 DYING, id="001 L343, L361: success by 10 stabilizes the track, but debilitated "
                           "Con is dying until the ability returns"),
    pytest.param([DEBILITATED_CON, condition(V, "sickened"), *ROUND,
                  check(V, "constitution", 10, 11, against="dying")],
                 ["dead"], id="001 Sickened L383, Dying L343: 10 + 1 − 2 = 9 fails"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "expected"), DYING_CHECKS)
def test_a_dying_condition_runs_the_dying_procedure(lines: list[Line], expected: list[str]) -> None:
    assert statuses(fight(*lines)) == expected


def test_a_dying_condition_asks_for_the_check_at_the_top_of_each_round() -> None:
    # 001 Dying L343 (A6), Debilitated L361
    asked = [
        any("Valeros is dying" in w for w in fight(*lines)["warnings"])
        for lines in (
            [DEBILITATED_CON],
            [DEBILITATED_CON, *ROUND],
            [DEBILITATED_CON, *ROUND, check(V, "constitution", 19, 20)],
            [DEBILITATED_CON, *ROUND, check(V, "constitution", 19, 20), *ROUND],
            [DEBILITATED_CON, *ROUND, *CON_RESTORED],
        )
    ]
    assert asked == [False, True, False, True, False]


# Defense 14 holds a dodge bonus of 2 and a parry bonus of 1; valeros's own turn (not flat-footed).
DODGING = {"dodge": 2, "parry": 1}


def outcome(names: list[str], natural: int, total: int, kind: str | None = None) -> str | None:
    lines = [*setup(), rolled(V, 12), rolled(FOE, 8, 2), started()]
    lines[1] = member(V, stats=DODGING)
    lines += [condition(V, n) for n in names]
    lines.append(attack(FOE, V, natural, total, **({"defense": kind} if kind else {})))
    given = log(*lines)
    found: str | None = table_at(given).attacks[len(given)]
    return found


DEFENSE = [
    pytest.param(["prone"], 10, "melee", "hit", id="001 Prone L381, L222: −4 against melee: 10"),
    pytest.param(["prone"], 9, "melee", "miss", id="001 Prone L381: 9 misses Defense 10"),
    pytest.param(["prone"], 17, "ranged", "miss",
                 id="001 Prone L381, table L314: +4 against ranged: 17 misses 18"),
    pytest.param(["prone"], 18, None, "hit", id="001 Prone L381: 18 hits melee or ranged"),
    pytest.param(["prone"], 12, None, None,
                 id="001 Prone L381: melee or ranged unknown, 12 is the GM's to rule"),
    pytest.param(["kneeling"], 15, "ranged", "miss", id="001 table L311: kneeling +2 vs ranged"),
    pytest.param(["sitting"], 12, "melee", "hit", id="001 table L311: sitting −2 vs melee"),
    pytest.param(["cover"], 17, None, "miss", id="001 Cover L238, table L304: +4 Defense"),
    pytest.param(["behind cover"], 18, None, "hit", id="001 Cover L238: 18 hits Defense 18"),
    pytest.param(["improved cover"], 21, None, "miss", id="001 L242: improved cover, +8"),
    pytest.param(["total cover"], 30, None, "miss",
                 id="001 Total Cover L241: no attack can be made against it"),
    pytest.param(["total defense"], 17, None, "miss",
                 id="001 Total Defense L219, table L317: +4 Defense (dodge kept)"),
    pytest.param(["total_defense", "stunned"], 13, None, "miss",
                 id="001 L219, L387: stunned loses dodge; the +4 goes on the parry it keeps: 14"),
    pytest.param(["total defense", "unconscious"], 2, "melee", "hit",
                 id="001 L219, L256: helpless keeps neither dodge nor parry, so no +4: 2"),
    pytest.param(["charging"], 12, None, "hit", id="001 Charge L176: −2 Defense"),
    pytest.param(["charging"], 11, None, "miss", id="001 Charge L176: 11 misses 12"),
    pytest.param(["invisible"], 16, None, None,
                 id="001 Invisible L375, L248: a hit still faces the 50% miss chance (table)"),
    pytest.param(["invisible"], 10, None, "miss", id="001 Invisible L375: a miss is a miss"),
    pytest.param(["unconscious"], 2, "melee", "hit",
                 id="001 Regular Attack L256: helpless, no dodge or parry, −9 adjacent: 2"),
    pytest.param(["unconscious"], 5, "ranged", "miss",
                 id="001 Regular Attack L256: helpless, −5 against ranged: 6"),
    pytest.param(["paralyzed"], 5, "ranged", "hit",
                 id="001 Paralyzed L379: Defense 5, the most severe (L354)"),
    pytest.param(["grappled"], 12, None, None,
                 id="001 Grappled L371: no dodge against non-grapplers; who attacks, unknown"),
    pytest.param(["grappled"], 11, None, "miss", id="001 L371: 11 misses even without dodge"),
    pytest.param(["debilitated str"], -2, "melee", "hit",
                 id="001 L361, L256, L381: prone and helpless vs melee: 14 − 3 − 4 − 9 = −2"),
    pytest.param(["debilitated str"], 9, "ranged", "miss",
                 id="001 L361, L256, L381: prone and helpless vs ranged: 14 − 3 + 4 − 5 = 10"),
]  # fmt: skip


@pytest.mark.parametrize(("names", "total", "kind", "expected"), DEFENSE)
def test_conditions_change_defense_as_the_combat_modifiers_table_says(
    names: list[str], total: int, kind: str | None, expected: str | None
) -> None:
    assert outcome(names, max(2, min(total, 19)), total, kind) == expected


# Option shaken_affects_toughness (A12): the penalty shown is the penalty applied.
A12 = {"shaken_affects_toughness": True}
VITALS = [
    pytest.param([condition(V, "shaken"), hit(3, 15)], A12, (1, 1, 3, 3, ["hurt", "bruised"]),
                 id="digest A12, 001 L382: 15 + 3 − 2 fails by 2 (hurt); shown 1 + 2 = 3"),
    pytest.param([condition(V, "shaken"), hit(3, 15)], {}, (0, 0, 0, 0, ["healthy"]),
                 id="digest A12 default: shaken is no Toughness penalty; 18 saves"),
    pytest.param([condition(V, "frightened"), condition(V, "pinned"), hit(3, 15)], A12,
                 (1, 1, 3, 3, ["hurt", "bruised", "shaken"]),
                 id="digest A12, 001 L370: frightened and pinned is shaken, −2 on Toughness"),
    pytest.param([condition(V, "sickened"), hit(3, 15)], A12, (0, 0, 0, 0, ["healthy"]),
                 id="001 Sickened L383: attack rolls and checks only, not saves"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "expected"), VITALS)
def test_the_toughness_penalty_shown_is_the_one_a_hit_applies(
    lines: list[Line], options: dict[str, Any], expected: tuple[Any, ...]
) -> None:
    assert marks(track(*lines, **options)) == expected


def test_a_timed_shaken_condition_shows_in_the_penalty_while_it_lasts() -> None:
    # digest A12 option; 001 L150: 1 round from the orc's count, so gone by round 3
    begun = [turn_ended(V), condition(V, "shaken", duration={"rounds": 1})]
    later = [[], [turn_ended(FOE)], [turn_ended(FOE), turn_ended("kyra")],
             [turn_ended(FOE), turn_ended("kyra"), *ROUND]]  # fmt: skip
    shown = [fight(*begun, *more, **A12)["combatants"][V]["vitals"]["lethal_save_penalty"]
             for more in later]  # fmt: skip
    assert shown == [2, 2, 2, 0]
