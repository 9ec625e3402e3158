"""A campaign's trend, hand-counted: two sessions, three fights (an undone hit, an amended
damage amount) and a what-if branch, left out of the figures unless asked for; the campaign's
rows for notebooks; every report narrowed to a campaign or a session. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from api.analytics import Analytics, Filters, report
from api.analytics.queries.export import rows
from api.campaigns.trends import trend
from domain.tables import DEFAULT_TABLE
from tests.builders import amended, attack, damage, fact, healing, joined, log, rolled
from tests.store_helpers import new_log
from tests.test_analytics_store import open_store  # noqa: F401  (the fixture)
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)

FRIDAY = {"id": "fri", "date": "2026-11-20", "title": "Into the Warrens"}
SATURDAY = {"id": "sat", "date": "2026-11-21"}


def created(name: str, day: int, clock: str, **filed: Any) -> dict[str, Any]:
    return {"type": "EncounterCreated", "name": name, "ruleset": "dnd35",
            "at": f"2026-11-{day}T{clock}:00Z", **filed}  # fmt: skip


def foe(combatant: str, name: str, hp: int = 6, ac: int = 12) -> dict[str, Any]:
    return joined(combatant, hp, side="foes", name=name, stats={"defenses": {"ac": ac}})


def begun(day: int, clock: str) -> dict[str, Any]:
    return {**fact("CombatStarted"), "at": f"2026-11-{day}T{clock}:00Z"}


def ended(combatant: str) -> dict[str, Any]:
    return fact("TurnEnded", combatant=combatant)


VALEROS = joined("valeros", 20, stats={"defenses": {"ac": 15}})  # a PC (party side)
KYRA = joined("kyra", 12, stats={"defenses": {"ac": 14}})  # a PC
# Friday, first fight: Valeros and Kyra against Goblin 1 and Goblin 2.
AMBUSH = [
    created("Goblin ambush", 20, "19:00", campaign="crypt", session=FRIDAY),  # 1
    VALEROS, KYRA, foe("goblin-1", "Goblin 1"), foe("goblin-2", "Goblin 2"),  # 2-5
    rolled("valeros", 18), rolled("kyra", 15), rolled("goblin-1", 10),        # 6-8
    rolled("goblin-2", 8), begun(20, "19:00"),                                # 9-10
    attack("valeros", "goblin-1", 14, 16),        # 11 a hit, undone at 24
    damage("goblin-1", 4, attack=11),             # 12 so never applied
    attack("valeros", "goblin-2", 12, 15),        # 13 hit
    damage("goblin-2", 5, attack=13),             # 14 Goblin 2 at 1 HP
    ended("valeros"),                             # 15
    attack("kyra", "goblin-1", 5, 8),             # 16 miss
    ended("kyra"),                                # 17
    attack("goblin-1", "kyra", 17, 19),           # 18 hit
    damage("kyra", 3, attack=18),                 # 19 amended at 25 to 14: Kyra at -2, down
    ended("goblin-1"),                            # 20
    attack("goblin-2", "valeros", 2, 5),          # 21 miss
    ended("goblin-2"),                            # 22
    healing("kyra", 5),                           # 23 Kyra back to 3
    fact("EventRevoked", target=11, reason="wrong goblin"),  # 24
    amended(19, damage("kyra", 14, attack=18)),   # 25
]  # fmt: skip
# Friday, second fight: Valeros alone against an ogre (Kyra sits it out).
OGRE_OPENING = [
    created("Ogre", 20, "21:00", campaign="crypt", session=FRIDAY),           # 1
    VALEROS, foe("ogre", "Ogre", hp=30, ac=10),                               # 2-3
    rolled("valeros", 15), rolled("ogre", 5), begun(20, "21:00"),             # 4-6
    attack("valeros", "ogre", 15, 18),            # 7 hit
    damage("ogre", 8, attack=7),                  # 8
    ended("valeros"),                             # 9
]  # fmt: skip
OGRE = [
    *OGRE_OPENING,
    attack("ogre", "valeros", 19, 25),            # 10 hit
    damage("valeros", 12, attack=10),             # 11 Valeros at 8
    ended("ogre"),                                # 12
    attack("valeros", "ogre", 3, 6),              # 13 miss
]  # fmt: skip


def what_if(parent: UUID | str) -> list[dict[str, Any]]:
    """The ogre fight again from line 9, where the ogre hits far harder."""
    first = {**OGRE_OPENING[0], "name": "Ogre (what if)",
             "branch_of": {"encounter": str(parent), "position": 9}}  # fmt: skip
    return [
        first, *OGRE_OPENING[1:],
        attack("ogre", "valeros", 19, 25),        # 10 hit
        damage("valeros", 25, attack=10),         # 11 Valeros at -5, down
    ]  # fmt: skip


# Saturday: Kyra against Goblin 3 and Goblin 4 (Valeros is not there).
DEN = [
    created("Goblin den", 21, "19:00", campaign="crypt", session=SATURDAY),  # 1
    KYRA, foe("goblin-3", "Goblin 3"), foe("goblin-4", "Goblin 4"),          # 2-4
    rolled("kyra", 16), rolled("goblin-3", 9), rolled("goblin-4", 7),        # 5-7
    begun(21, "19:00"),                                                      # 8
    attack("kyra", "goblin-3", 16, 18),           # 9 hit
    damage("goblin-3", 7, attack=9),              # 10 Goblin 3 at -1, down
    ended("kyra"),                                # 11
    attack("goblin-4", "kyra", 15, 17),           # 12 hit
    damage("kyra", 4, attack=12),                 # 13 Kyra at 8
    ended("goblin-4"),                            # 14
    attack("kyra", "goblin-4", 11, 13),           # 15 hit
    damage("goblin-4", 3, attack=15),             # 16
]  # fmt: skip
ELSEWHERE = [
    created("Elsewhere", 20, "19:00", campaign="other", session=FRIDAY),
    VALEROS, foe("goblin-9", "Goblin 9"), rolled("valeros", 10), rolled("goblin-9", 5),
    begun(20, "19:00"), attack("valeros", "goblin-9", 15, 20), damage("goblin-9", 3, attack=7),
]  # fmt: skip


def pc(fights: int, dealt: int, taken: int, attacks: int, hits: int, downed: int,
       healed: int, session: str) -> dict[str, Any]:  # fmt: skip
    rate = round(hits / attacks, 3) if attacks else None
    return {"session": session, "fights": fights, "damage_dealt": dealt, "damage_taken": taken,
            "attacks": attacks, "hits": hits, "hit_rate": rate, "knocked_out": downed,
            "healing_received": healed}  # fmt: skip


ABSENT = {"fights": 0, "damage_dealt": None, "damage_taken": None, "attacks": None, "hits": None,
          "hit_rate": None, "knocked_out": None, "healing_received": None}  # fmt: skip
# Kyra, Friday (the ambush only): her miss at 16 (1 attack, 0 hits), the goblin's hit as amended
# (14, not 3) taking her to -2 (down once), healed 5 at 23.
KYRA_FRIDAY = pc(fights=1, dealt=0, taken=14, attacks=1, hits=0, downed=1, healed=5,
                 session="fri")  # fmt: skip
# Kyra, Saturday: hits at 9 (7) and 15 (3); the goblin's hit at 13 (4).
KYRA_SATURDAY = pc(fights=1, dealt=7 + 3, taken=4, attacks=2, hits=2, downed=0, healed=0,
                   session="sat")  # fmt: skip
# Valeros, Friday: the ambush (the undone hit at 11 counts nothing; hit at 13 for 5; the goblin
# missed him) and the ogre (hit at 7 for 8, miss at 13; the ogre's hit at 11 for 12).
VALEROS_FRIDAY = pc(fights=2, dealt=5 + 8, taken=12, attacks=1 + 2, hits=1 + 1, downed=0,
                    healed=0, session="fri")  # fmt: skip
# With the branch too: its copy of lines 1-9 counts again (hit for 8), and the ogre's 25 at 11
# takes him to -5 (down).
VALEROS_FRIDAY_BRANCHES = pc(fights=3, dealt=13 + 8, taken=12 + 25, attacks=3 + 1, hits=2 + 1,
                             downed=1, healed=0, session="fri")  # fmt: skip


@pytest.fixture
def stored(open_store: Any) -> tuple[Analytics, dict[str, UUID]]:  # noqa: F811
    """The crypt's fights, Elsewhere and the branch, on SQLite and on PostgreSQL."""
    store = open_store()
    fights = {"ambush": AMBUSH, "ogre": OGRE, "den": DEN, "elsewhere": ELSEWHERE}
    ids = {name: new_log(store, log(lines)) for name, lines in fights.items()}
    ids["branch"] = new_log(store, log(what_if(ids["ogre"])))
    analytics = Analytics(store)
    analytics.catch_up()
    return analytics, ids


Stored = tuple[Analytics, dict[str, UUID]]


def test_each_pc_is_counted_per_session_in_date_order(stored: Stored) -> None:
    found = trend(stored[0], DEFAULT_TABLE, "crypt")
    assert found["campaign"] == "crypt"
    assert found["sessions"] == [
        {"id": "fri", "date": "2026-11-20", "title": "Into the Warrens"},
        {"id": "sat", "date": "2026-11-21", "title": None},
    ]
    assert found["party"] == [
        {"combatant": "kyra", "name": "Kyra", "sessions": [KYRA_FRIDAY, KYRA_SATURDAY]},
        {"combatant": "valeros", "name": "Valeros",
         "sessions": [VALEROS_FRIDAY, {"session": "sat", **ABSENT}]},
    ]  # fmt: skip


def test_a_what_if_branch_counts_only_when_asked_for(stored: Stored) -> None:
    valeros = trend(stored[0], DEFAULT_TABLE, "crypt", branches=True)["party"][1]
    assert valeros["sessions"][0] == VALEROS_FRIDAY_BRANCHES
    assert trend(stored[0], DEFAULT_TABLE, "crypt")["party"][1]["sessions"][0] == VALEROS_FRIDAY


def test_foe_types_sum_the_numbered_goblins_of_the_campaign(stored: Stored) -> None:
    foes = trend(stored[0], DEFAULT_TABLE, "crypt")["foe_types"]
    # Goblins 1-4: dealt 14 (Goblin 1 on Kyra, as amended) + 4 (Goblin 4); took 5 + 7 + 3;
    # attacks at ambush 18 and 21 and den 12, two hits; Goblin 3 went down. Goblin 9 is in
    # another campaign; no PC is a foe.
    assert [(f["foe_type"], f["combatants"], f["encounters"]) for f in foes] == [
        ("Goblin", 4, 2), ("Ogre", 1, 1)
    ]  # fmt: skip
    goblins, ogre = foes
    assert (goblins["damage_dealt"]["total"], goblins["damage_taken"]["total"]) == (14 + 4, 15)
    assert (goblins["attacks"], goblins["hits"], goblins["knocked_out"]) == (3, 2, 1)
    assert goblins["damage_dealt_by_type"] == {"untyped": 18}
    assert (ogre["damage_dealt"]["total"], ogre["damage_taken"]["total"]) == (12, 8)
    branches = trend(stored[0], DEFAULT_TABLE, "crypt", branches=True)["foe_types"]
    # The branch's ogre: 25 more dealt, its copied 8 taken again; now first by damage dealt.
    assert [(f["foe_type"], f["combatants"], f["damage_dealt"]["total"]) for f in branches] == [
        ("Ogre", 2, 12 + 25), ("Goblin", 4, 18)
    ]  # fmt: skip


def test_a_campaign_nobody_filed_has_an_empty_trend(stored: Stored) -> None:
    assert trend(stored[0], DEFAULT_TABLE, "nowhere") == {
        "campaign": "nowhere", "sessions": [], "party": [], "foe_types": []
    }  # fmt: skip


def test_the_campaigns_rows_are_exactly_its_encounters_rows(stored: Stored) -> None:
    analytics, ids = stored
    found = rows(analytics, Filters(campaign="crypt")).to_pylist()
    # In the order fought: the ambush's four fighters, the ogre fight's two, the den's three;
    # no branch, nothing from Elsewhere.
    assert [(r["encounter_id"], r["combatant"]) for r in found] == [
        *((str(ids["ambush"]), c) for c in ("goblin-1", "goblin-2", "kyra", "valeros")),
        *((str(ids["ogre"]), c) for c in ("ogre", "valeros")),
        *((str(ids["den"]), c) for c in ("goblin-3", "goblin-4", "kyra")),
    ]  # fmt: skip
    kyra = found[2]
    assert (kyra["campaign"], kyra["session_id"], kyra["session_title"]) == (
        "crypt", "fri", "Into the Warrens"
    )  # fmt: skip
    assert str(kyra["session_date"]) == "2026-11-20" and kyra["branch_of"] is None
    assert (kyra["damage_taken"], kyra["knocked_out"], kyra["healing_received"]) == (14, 1, 5)
    saturday = rows(analytics, Filters(campaign="crypt", session="sat"))
    assert saturday["combatant"].to_pylist() == ["goblin-3", "goblin-4", "kyra"]
    both = rows(analytics, Filters(campaign="crypt", branches=True))["encounter_id"].to_pylist()
    assert both.count(str(ids["branch"])) == 2 and len(both) == 11


def test_every_report_narrows_to_a_campaign_and_a_session(stored: Stored) -> None:
    analytics, ids = stored
    friday = report(analytics, Filters(campaign="crypt", session="fri", side="party"))
    assert [e["id"] for e in friday["encounters"]] == [str(ids["ambush"]), str(ids["ogre"])]
    assert {e["campaign"] for e in friday["encounters"]} == {"crypt"}
    assert [(c["combatant"], c["damage_dealt"]["total"]) for c in friday["combatants"]] == [
        ("valeros", 13), ("kyra", 0)
    ]  # fmt: skip
    # What the party dealt (5 at the ambush, 8 to the ogre) and took (Kyra 14, Valeros 12).
    assert sum(r["total"] for r in friday["damage_taken_by_round"]) == 5 + 8 + 14 + 12
    assert friday["most_dangerous_foe"]["name"] == "Goblin 1"  # 14 on Kyra, the ogre 12
    everything = report(analytics, Filters())
    assert str(ids["branch"]) not in [e["id"] for e in everything["encounters"]]
    with_branches = report(analytics, Filters(branches=True))["encounters"]
    assert [e["branch_of"] for e in with_branches if e["id"] == str(ids["branch"])] == [
        str(ids["ogre"])
    ]


def test_one_encounters_own_report_counts_a_branch(stored: Stored) -> None:
    analytics, ids = stored
    branch = report(analytics, Filters(encounter=str(ids["branch"])))
    valeros = next(c for c in branch["combatants"] if c["combatant"] == "valeros")
    assert (valeros["damage_taken"]["total"], valeros["knocked_out"]) == (25, 1)
