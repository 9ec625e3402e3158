"""Session recaps from the store: which fights a session of a table's campaign holds (the
analytics read model, caught up first) and their logs (the encounters service), recapped by
projections/recap.py."""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from api.analytics import Analytics
from api.campaigns.sessions import SessionFiled, sessions
from api.campaigns.sessions import holding as campaigns_holding
from api.service.encounters import Encounters
from domain.events import Fact, Session
from domain.tables import table_of
from projections.filing import filed_under, is_branch
from projections.recap import Recap, recap
from projections.recap_lens import begun

Logs = list[tuple[str, Sequence[Fact]]]


def logs(encounters: Encounters, fights: Sequence[str]) -> Logs:
    """Each fight's log, read while no append can change it."""
    return [(f, encounters.read(UUID(f), lambda h: list(h.events))) for f in fights]


def filed(analytics: Analytics, table: str, campaign: str, session: str) -> SessionFiled | None:
    """The session as the read model files it, with its fights in the order fought."""
    analytics.catch_up()
    found = sessions(analytics, table, campaign, session=session)
    return found[0] if found else None


def session_recap(
    analytics: Analytics,
    encounters: Encounters,
    table: str,
    campaign: str,
    session: str,
    player: bool,
) -> Recap | None:
    """The recap of a table's campaign's session (None: no fight is filed under it)."""
    found = filed(analytics, table, campaign, session)
    if found is None:
        return None
    fights = logs(encounters, [f.id for f in found.fights])
    if player:
        fights = [(f, events) for f, events in fights if begun(events)]
    return recap(fights, _session(found), campaign, player)


def encounter_recap(
    analytics: Analytics,
    encounters: Encounters,
    encounter_id: UUID,
    player: bool,
    session: bool = False,
    viewer: frozenset[str] = frozenset(),
) -> Recap:
    """The recap of that one fight; with `session` (asked with its table's key), of the
    session of its table's campaign it is filed under, every fight of it (of that one fight
    when it is in no session, or is a what-if branch, which sessions leave out). A player's,
    as `viewer` (the characters their token holds) sees it."""
    events = encounters.read(encounter_id, lambda h: list(h.events))
    where = filed_under(events)
    found = None
    if session and where.campaign and where.session and not is_branch(events):
        found = filed(analytics, table_of(events[0]), where.campaign, where.session.id)
    ids = [f.id for f in found.fights] if found else []
    if str(encounter_id) not in ids:
        return recap([(str(encounter_id), events)], where.session, where.campaign, player, viewer)
    assert found is not None
    return recap(logs(encounters, ids), _session(found), where.campaign, player)


def holding(analytics: Analytics, table: str, session: str) -> list[str]:
    """The table's campaigns with a session of this id, by id."""
    analytics.catch_up()
    return campaigns_holding(analytics, table, session)


def _session(found: SessionFiled) -> Session:
    return Session(id=found.id, date=found.date, title=found.title)
