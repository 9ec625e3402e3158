"""Comparing two tables (issue 16 item 5): the differences in the amendment summary's words
(api/web/changes.js), and which encounters may be compared."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
import pytest

from domain.events import (
    BranchOf,
    CombatantJoined,
    CombatStarted,
    ConditionApplied,
    DamageDealt,
    EncounterCreated,
    InitiativeRolled,
)
from domain.integrity import LogError
from domain.jsonl import read_jsonl
from projections.branch import forked
from projections.compare import differences, gm_table, related
from projections.history import History

CHANGES_JS = Path(__file__).parent.parent / "api" / "web" / "changes.js"
FIGHT = Path(__file__).parent.parent / "replay_fixtures" / "dnd35" / "whole-fight.jsonl"
PARENT, ONE, OTHER = UUID(int=1), UUID(int=2), UUID(int=3)


def stats(max_hp: int, modifier: int) -> dict[str, Any]:
    return {"max_hp": max_hp, "initiative_modifier": modifier, "defenses": {"ac": 15}}


def bridge() -> History:
    """Valeros (17) and a goblin (11) at the start of round 1."""
    return History(
        [
            EncounterCreated(name="Bridge", ruleset="dnd35"),
            CombatantJoined(combatant="valeros", name="Valeros", side="party", stats=stats(12, 2)),
            CombatantJoined(combatant="goblin", name="Goblin", side="foes", stats=stats(6, 1)),
            InitiativeRolled(combatant="valeros", natural=15, modifier=2),
            InitiativeRolled(combatant="goblin", natural=10, modifier=1),
            CombatStarted(),
        ]
    )


def test_two_hand_made_branches_differ_in_exactly_what_each_ruling_did() -> None:
    parent = bridge()
    a = History(forked(parent.events, PARENT, 6))
    b = History(forked(parent.events, PARENT, 6))
    a.append(DamageDealt(target="goblin", amount=4))  # 6 - 4: 2 left
    b.append(DamageDealt(target="goblin", amount=7))  # 6 - 7: -1, dying
    b.append(ConditionApplied(target="valeros", condition="bless", duration={"rounds": 3}))
    b.append(CombatantJoined(combatant="kyra", name="Kyra", side="party", stats=stats(10, 0)))
    assert differences(gm_table(a, None), gm_table(b, None)) == [
        "Valeros: conditions none → bless 3 rd",
        "Goblin: hp 2 → -1; healthy, flat-footed → dying, unconscious, helpless, flat-footed",
        "Kyra joins",
    ]
    assert differences(gm_table(a, 6), gm_table(b, 6)) == []  # both as forked
    assert differences(gm_table(a, None), gm_table(a, None)) == []


def member(name: str, **given: Any) -> dict[str, Any]:
    return {"name": name, "initiative": 10, "vitals": {"hp": 5}, "statuses": [],
            "conditions": [], **given}  # fmt: skip


BEFORE = {
    "phase": "surprise", "round": 0, "turn": None, "order": ["g1", "g2"],
    "combatants": {"g1": member("Goblin"), "g2": member("Goblin"), "ogre": member("Ogre")},
}  # fmt: skip
AFTER = {
    "phase": "combat", "round": 1, "turn": "g2", "order": ["g2"],
    "combatants": {
        "g2": member("Goblin", initiative=None, vitals={"hp": 5, "temp_hp": 3},
                     statuses=["flat_footed"], conditions=[{"name": "save_ends"}]),
        "ogre": member("Ogre"),
    },
}  # fmt: skip


def test_every_kind_of_difference_is_worded_as_the_amendment_summary_words_it() -> None:
    assert differences(BEFORE, AFTER) == [
        "phase: surprise → combat",
        "round: 0 → 1",
        "turn: nobody → Goblin",
        "order: Goblin (g1), Goblin (g2) → Goblin",
        "Goblin (g1) is no longer in the fight",
        "Goblin: temp hp — → 3; initiative 10 → —; — → flat-footed; conditions none → save ends",
    ]


def node_differences(pairs: list[tuple[Any, Any]]) -> list[list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node to run api/web/changes.js")
    script = (
        f"import {{differences}} from {orjson.dumps(str(CHANGES_JS)).decode()};"
        "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log("
        "JSON.stringify(JSON.parse(s).map(([a,b])=>differences(a,b)))));"
    )
    ran = subprocess.run(
        [node, "--input-type=module", "-e", script], input=orjson.dumps(pairs),
        capture_output=True, check=True, timeout=60,
    )  # fmt: skip
    found: list[list[str]] = orjson.loads(ran.stdout)
    return found


def test_the_port_says_what_the_page_says_line_for_line() -> None:
    fight = History(read_jsonl(FIGHT.read_bytes()))
    states = [gm_table(fight, at, "then") for at in (20, 40, 60, 80, 99)]
    states.append(gm_table(fight, 60, "corrected"))
    pairs = [(a, b) for a in states for b in states if a is not b] + [(BEFORE, AFTER)]
    assert node_differences(pairs) == [differences(a, b) for a, b in pairs]


def created(parent: UUID | None) -> EncounterCreated:
    branch = None if parent is None else BranchOf(encounter=parent, position=3)
    return EncounterCreated(name="x", ruleset="dnd35", branch_of=branch)


@pytest.mark.parametrize(
    ("first", "second", "comparable"),
    [
        (None, ONE, True),  # the second is a branch of the first
        (OTHER, None, True),  # the first is a branch of the second
        (PARENT, PARENT, True),  # both branches of one parent
        (None, None, False),
        (PARENT, OTHER, False),  # branches of different parents
        (None, PARENT, False),  # a branch of another encounter
    ],
)
def test_only_a_branch_and_its_parent_or_two_branches_of_one_parent_compare(
    first: UUID | None, second: UUID | None, comparable: bool
) -> None:
    assert related(ONE, created(first), OTHER, created(second)) is comparable


def test_a_table_past_the_end_of_the_log_is_refused_naming_at() -> None:
    with pytest.raises(LogError) as refused:
        gm_table(bridge(), 7)
    assert (refused.value.field, refused.value.reason) == ("at", "the log ends at line 6")
