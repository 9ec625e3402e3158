"""The read model files each encounter under the campaign and session its log names now, and
lists a campaign's sessions in order with their encounters; branches only when asked for."""

from __future__ import annotations

from datetime import date
from typing import Any

from api.analytics import Analytics
from api.campaigns.sessions import campaigns, sessions, unsorted
from api.store import EncounterStore
from domain.events import EVENT_ADAPTER, Fact
from domain.tables import DEFAULT_TABLE
from tests.store_helpers import appended, new_log


def line(**raw: Any) -> Fact:
    return EVENT_ADAPTER.validate_python(raw)


def fight(name: str, at: str, **filed: Any) -> list[Fact]:
    return [
        line(type="EncounterCreated", name=name, ruleset="dnd35", **filed),
        line(type="NoteAdded", text="begin", at=at),
    ]


FRIDAY = {"id": "fri", "date": "2026-11-20", "title": "Into the Warrens"}
SATURDAY = {"id": "sat", "date": "2026-11-21"}


def test_sessions_list_in_date_order_with_their_fights_in_the_order_fought(
    store: EncounterStore,
) -> None:
    late = new_log(store, fight("Ogre", "2026-11-20T21:00:00Z", campaign="crypt", session=FRIDAY))
    early = new_log(store, fight("Goblins", "2026-11-20T19:00:00Z", campaign="crypt",
                                  session=FRIDAY))  # fmt: skip
    sat = new_log(store, fight("Wight", "2026-11-21T19:00:00Z", campaign="crypt", session=SATURDAY))
    new_log(store, fight("Elsewhere", "2026-11-20T19:00:00Z", campaign="other", session=FRIDAY))
    loose = new_log(store, fight("Loose", "2026-11-19T19:00:00Z", campaign="crypt"))
    analytics = Analytics(store)
    analytics.catch_up()
    listed = sessions(analytics, DEFAULT_TABLE, "crypt")
    assert [(s.id, s.date, s.title) for s in listed] == [
        ("fri", date(2026, 11, 20), "Into the Warrens"),
        ("sat", date(2026, 11, 21), None),
    ]
    assert [f.id for f in listed[0].fights] == [str(early), str(late)]
    assert [f.id for f in listed[1].fights] == [str(sat)]
    assert [f.id for f in unsorted(analytics, DEFAULT_TABLE, "crypt")] == [str(loose)]
    seen = {
        c.id: (c.sessions, c.encounters, c.last_played) for c in campaigns(analytics, DEFAULT_TABLE)
    }
    assert seen == {"crypt": (2, 4, date(2026, 11, 21)), "other": (1, 1, date(2026, 11, 20))}


def test_filing_later_moves_the_encounter_and_undoing_it_moves_it_back(
    store: EncounterStore,
) -> None:
    ogre = new_log(store, fight("Ogre", "2026-11-20T21:00:00Z", campaign="crypt", session=FRIDAY))
    analytics = Analytics(store)
    appended(store, ogre, [line(type="EncounterFiled", campaign="crypt", session=SATURDAY)])
    analytics.catch_up()
    assert [s.id for s in sessions(analytics, DEFAULT_TABLE, "crypt")] == ["sat"]
    appended(store, ogre, [line(type="EventRevoked", target=3, reason="it was Friday")])
    analytics.catch_up()
    assert [s.id for s in sessions(analytics, DEFAULT_TABLE, "crypt")] == ["fri"]


def test_a_branch_is_listed_only_when_branches_are_asked_for(store: EncounterStore) -> None:
    parent = new_log(store, fight("Ogre", "2026-11-20T21:00:00Z", campaign="crypt",
                                  session=FRIDAY))  # fmt: skip
    branch = fight("Ogre (what if)", "2026-11-20T21:00:00Z", campaign="crypt", session=FRIDAY,
                   branch_of={"encounter": str(parent), "position": 2})  # fmt: skip
    forked = new_log(store, branch)
    analytics = Analytics(store)
    analytics.catch_up()
    assert [f.id for f in sessions(analytics, DEFAULT_TABLE, "crypt")[0].fights] == [str(parent)]
    both = sessions(analytics, DEFAULT_TABLE, "crypt", branches=True)[0].fights
    assert {(f.id, f.branch_of) for f in both} == {(str(parent), None), (str(forked), str(parent))}
