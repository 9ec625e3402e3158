"""Orcus named actions: every action the digest's §5 names, with the type the seed gives it."""

from __future__ import annotations

import pytest

from domain.rulesets.orcus.actions import ACTIONS, action_named

# Pinned from shared/rules/orcus.md §5 (the table, then the swift, free and other move actions),
# each as (the action's name here, its type, the seed line that gives the type).
DIGEST_SECTION_5 = [
    ("Aid Another", "standard", "L1324"),
    ("Basic Melee Attack", "standard", "L1326-1329"),
    ("Basic Ranged Attack", "standard", "L1326, L1334-1335"),
    ("Charge", "standard", "L1341"),
    ("Coup de Grace", "special", "L1344-1345"),
    ("Crawl", "move", "L1347"),
    ("Create Diversion", "standard", "L1350-1352"),
    ("Dash", "move", "L1356"),
    ("Deter", "standard", "L1359-1361"),
    ("Feint", "standard", "L1367-1369"),
    ("Five-Foot Step", "move", "L1373"),
    ("Delay", "none", "L1375"),
    ("Grapple", "standard", "L1382"),
    ("Escape a Grapple", "standard", "L1390"),
    ("Move a Grappled Creature", "standard", "L1391"),
    ("Help Attack", "standard", "L1393"),
    ("Help Defense", "standard", "L1396"),
    ("Rally", "standard", "L1399-1401"),
    ("Ready", "none", "L1404-1405"),
    ("Shove", "standard", "L1408"),
    ("Stand Up from Prone", "move", "L1414"),
    ("Squeeze", "move", "L1416"),
    ("Total Defense", "standard", "L1421"),
    ("Treat Ally", "standard", "L1424"),
    ("Unnerve", "standard", "L1429"),
    ("Use a Power", "varies", "L1436"),
    ("Walk", "move", "L1438"),
    ("Interact with an Object", "swift", "L1106-1107"),
    ("Switch or End a Stance", "swift", "L1021"),
    ("Dismiss an Aura", "swift", "L1009"),
    ("Dismiss a Summons", "swift", "L1029"),
    ("Reload", "swift", "L732"),
    ("Notice", "swift", "L470"),
    ("Identify Persistent Power", "swift", "L385"),
    ("Communicate", "free", "L1110"),
    ("Drop an Item", "free", "L1111"),
    ("Drop Prone", "free", "L1112"),
    ("End a Grapple", "free", "L1113"),
    ("Spend an Action Point", "free", "L1114"),
    ("Mount", "move", "L1565"),
    ("Dismount", "move", "L1565"),
    ("Drive", "move", "L2254"),
    ("Turn", "move", "L2256"),
    ("Take Control", "move", "L2258"),
    ("Disembark", "move", "L2245"),
    ("Escape a Vehicle", "move", "L2224"),
]
# In the seed's Vehicles › New Actions but not in the digest's §5.
SEED_ONLY = [("Ram", "standard", "L2260"), ("Scrape Vehicles", "standard", "L2285-2286")]


@pytest.mark.parametrize(
    ("name", "kind"),
    [pytest.param(name, kind, id=f"digest §5, 004 {cite}: {name} ({kind})")
     for name, kind, cite in DIGEST_SECTION_5 + SEED_ONLY],
)  # fmt: skip
def test_each_named_action_has_the_type_the_text_gives(name: str, kind: str) -> None:
    action = action_named(name)
    assert action is not None and action.kind == kind


def test_the_action_list_is_exactly_the_digests_section_5_and_the_vehicle_actions() -> None:
    """digest §5 and 004 Vehicles › New Actions L2253-2290: nothing missing, nothing unlisted."""
    pinned = {name for name, _, _ in DIGEST_SECTION_5 + SEED_ONLY}
    assert {a.name for a in ACTIONS} == pinned


@pytest.mark.parametrize(
    ("name", "provokes"),
    [pytest.param("Basic Ranged Attack", True, id="004 L1334-1340, digest §4.4: ranged provokes"),
     pytest.param("Basic Melee Attack", False, id="digest §4.4: melee powers do not provoke"),
     pytest.param("Disembark", True, id="004 L2245: not a shift; provokes"),
     pytest.param("Five-Foot Step", False, id="004 L1374: a shift does not provoke")],
)  # fmt: skip
def test_the_actions_that_provoke_say_so(name: str, provokes: bool) -> None:
    action = action_named(name)
    assert action is not None and action.provokes is provokes
