"""Orcus dying: death saves, their failures, 20 or more, First Aid and stable (seed 004)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import check, damage, fact, healing, save, turn_ended, view
from tests.test_orcus_support import DOWN, hero, monster, of, orcus_fight

DYING = ["staggered", "dying", *DOWN]
STABLE = ["staggered", "stable", *DOWN]
ROUND = [turn_ended("kyra"), turn_ended("orc")]  # from kyra's turn to her next one
DOWNED = [damage("kyra", 45), *ROUND]  # -5 HP, and her round-2 turn has started


def death(natural: int, total: int | None = None, **fields: Any) -> dict[str, Any]:
    return save("kyra", "death", natural, natural if total is None else total, **fields)


# (kyra's stats, lines, house rules, then her hp, death-save failures and statuses)
DEATH_SAVES = [
    pytest.param({}, [*DOWNED, death(12)], {}, -5, 0, DYING,
                 id="004 Death Saving Throws L1460: 10 or higher changes nothing"),
    pytest.param({}, [*DOWNED, death(9)], {}, -5, 1, DYING,
                 id="004 Death Saving Throws L1460: below 10 is a failure"),
    pytest.param({}, [*DOWNED, death(4), *ROUND, death(11), *ROUND, death(2), *ROUND, death(7)],
                 {}, -5, 3, ["dead"],
                 id="004 Death Saving Throws L1460: the third failure kills, not consecutive"),
    pytest.param({"recoveries": 2}, [*DOWNED, death(9), *ROUND, death(18, 20)], {}, 10, 1,
                 ["staggered"],
                 id="004 Rolling 20 or higher L1461: HP set to the recovery value, awake"),
    pytest.param({"recoveries": 0}, [*DOWNED, death(20)], {}, 1, 0, ["staggered"],
                 id="004 Healing with no recoveries L1463: HP set to 1 instead"),
    pytest.param({}, [*DOWNED, death(19, 21)], {"death_save_twenty": "natural"}, -5, 0, DYING,
                 id="A20 option natural: a total of 21 on a 19 is only a success"),
    pytest.param({}, [*DOWNED, death(1, 12)], {}, -5, 1, DYING,
                 id="A3: a natural 1 fails a saving throw whatever the total"),
    pytest.param({}, [*DOWNED, death(1, 12)], {"natural_saves": "total_only"}, -5, 0, DYING,
                 id="A3 option total_only: a natural 1 totalling 12 is no failure"),
    pytest.param({"recoveries": 2}, [*DOWNED, death(20, 8)], {"natural_saves": "total_only"},
                 -5, 1, DYING, id="A3 option total_only: a natural 20 totalling 8 fails"),
    pytest.param({}, [*DOWNED, death(9), healing("kyra", 6)], {}, 6, 1, ["staggered"],
                 id="004 Death Saving Throws L1460: healing does not clear failures"),
    pytest.param({}, [*DOWNED, death(9), healing("kyra", 6), fact("RestTaken", kind="short")],
                 {}, 6, 0, ["staggered"],
                 id="004 Death Saving Throws L1460: a short rest resets failures to 0"),
    pytest.param({}, [*DOWNED, death(9), fact("RestTaken", kind="long")], {}, 40, 0,
                 ["healthy"], id="digest §18 Long rest: HP to max, failures reset"),
    pytest.param({"recoveries": 0}, [*DOWNED, healing("kyra", 10, kind="recovery")], {}, 1, 0,
                 ["staggered"], id="004 L1463: a recovery heal with none left sets HP to 1"),
    pytest.param({}, [*DOWNED, check("ezren", "heal", 13, 16, target="kyra")], {}, -5, 0,
                 STABLE, id="Treat Ally › First Aid (DC 15): the dying become stable"),
    pytest.param({}, [*DOWNED, check("ezren", "heal", 11, 14, target="kyra")], {}, -5, 0,
                 DYING, id="Treat Ally › First Aid: 14 fails against DC 15"),
    pytest.param({}, [*DOWNED, check("ezren", "heal", 13, 16, target="kyra"),
                      damage("kyra", 4)], {}, -9, 0, STABLE,
                 id="A14: damage does not restart dying in a stable creature"),
    pytest.param({}, [*DOWNED, check("ezren", "heal", 13, 16, target="kyra"),
                      damage("kyra", 4)], {"stable_when_damaged": "dying_again"}, -9, 0, DYING,
                 id="A14 option dying_again: damage makes it dying again"),
    pytest.param({}, [*DOWNED, check("ezren", "heal", 13, 16, target="kyra"),
                      damage("kyra", 15)], {}, -20, 0, ["dead"],
                 id="A14: a stable creature still dies at -(staggered value)"),
]  # fmt: skip


@pytest.mark.parametrize(("stats", "lines", "options", "hp", "failures", "statuses"), DEATH_SAVES)
def test_death_saving_throws(
    stats: dict[str, Any], lines: list[Any], options: dict[str, Any], hp: int, failures: int,
    statuses: list[str],
) -> None:  # fmt: skip
    fighting = orcus_fight(hero("kyra", 40, **stats), monster("orc", 40), **options)
    setup = [*fighting, hero("ezren", 30)]  # the healer, with no turn of his own here
    state = view(setup, lines)
    assert not any("turn does not pass" in w for w in state["warnings"])
    kyra = of(state)
    vitals = kyra["vitals"]
    assert (vitals["hp"], vitals["death_save_failures"], kyra["statuses"]) == (
        hp, failures, statuses)  # fmt: skip


def death_save_warned(lines: list[Any], **options: Any) -> bool:
    state = view(orcus_fight(hero("kyra", 40), monster("orc", 40), **options), lines)
    return any("death saving throw" in w for w in state["warnings"])


# (lines, house rules, then whether the table asks kyra for a death save)
TIMING = [
    pytest.param([damage("kyra", 45)], {}, False,
                 id="004 L1459: dropping on her own turn calls for no save yet"),
    pytest.param(DOWNED, {}, True,
                 id="004 Death Saving Throws L1459 (A1): called for as her turn starts"),
    pytest.param([*DOWNED, death(12)], {}, False, id="004 L1459: one save a turn, then no more"),
    pytest.param([damage("kyra", 45), turn_ended("kyra")], {"death_save_timing": "end"}, True,
                 id="004 Dying L1504 (A1 option end): called for as each turn ends"),
    pytest.param(DOWNED, {"death_save_timing": "end"}, True,
                 id="A1 option end: still owed when the next turn starts"),
    pytest.param([*DOWNED, death(12), turn_ended("kyra")], {"death_save_timing": "end"}, False,
                 id="A1 option end: a save made before the turn ended counts for it"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "warned"), TIMING)
def test_when_a_death_save_is_called_for(
    lines: list[Any], options: dict[str, Any], warned: bool
) -> None:
    assert death_save_warned(lines, **options) is warned
