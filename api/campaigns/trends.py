"""A campaign's trend: each player character's figures per session, in date order, and the
campaign's foes per foe type. Sessions a PC fought no fight in are absent (None), not zero,
so a chart shows the gap; encounters filed without a session have no place in the trend."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from api.analytics.queries.damage import Damage
from api.analytics.queries.filters import Filters
from api.analytics.queries.reports import HIT_RATE_DIGITS, combatants
from api.store import collector_paused

if TYPE_CHECKING:
    from api.analytics.ingest.model import Analytics
    from api.analytics.queries.mirror import Mirror

METRICS = ("damage_dealt", "damage_taken", "attacks", "hits", "hit_rate", "knocked_out",
           "healing_received")  # fmt: skip
SESSIONS = (
    "SELECT e.session_id, MIN(e.session_date), MIN(e.session_title) FROM {t}encounters e "
    "WHERE {where} AND e.session_id IS NOT NULL GROUP BY e.session_id "
    "ORDER BY MIN(e.session_date), e.session_id"
)
# Per PC and session: fights, damage dealt and taken, attacks, hits, knocked out, healed.
PARTY = (
    "SELECT f.combatant, e.session_id, MIN(f.name), COUNT(*), SUM(f.damage_dealt), "
    "SUM(f.damage_taken), SUM(f.attacks), SUM(f.hits), SUM(f.knocked_out), "
    "SUM(f.healing_received) FROM {t}fighters f JOIN {t}encounters e "
    "ON e.encounter_id = f.encounter_id WHERE {where} AND f.kind = 'pc' "
    "AND e.session_id IS NOT NULL GROUP BY f.combatant, e.session_id"
)


def trend(
    analytics: Analytics, table: str, campaign: str, branches: bool = False
) -> dict[str, Any]:
    """The table's campaign's sessions by date, each PC's figures per session (None where it
    fought no fight that session) and its foes per foe type; branches left out unless asked
    for."""
    filters = Filters(campaign=campaign, branches=branches, table=table)
    from api.analytics.queries.mirror import mirror_of  # DuckDB: on the first report

    mirror = mirror_of(analytics)
    with collector_paused():
        mirror.sync()
        sessions = _sessions(mirror, filters)
        party = _party(mirror, filters, [s["id"] for s in sessions])
        typed = Damage.read(mirror, filters, by_type=True)
        foe_types = combatants(mirror, filters, typed, by_type=True, foes=True)
    return {"campaign": campaign, "sessions": sessions, "party": party, "foe_types": foe_types}


def _sessions(mirror: Mirror, filters: Filters) -> list[dict[str, Any]]:
    where, params = filters.where()
    rows = mirror.query(SESSIONS.replace("{where}", where), params)
    return [{"id": id_, "date": day, "title": title} for id_, day, title in rows]


def _party(mirror: Mirror, filters: Filters, sessions: list[str]) -> list[dict[str, Any]]:
    """Each PC (by name, then id) with one entry per session, in the sessions' order."""
    where, params = filters.where()
    fought: dict[str, dict[str, dict[str, Any]]] = {}
    names: dict[str, str] = {}
    for combatant, session, name, fights, *sums in mirror.query(
        PARTY.replace("{where}", where), params
    ):
        names[combatant] = min(name, names.get(combatant, name))
        fought.setdefault(combatant, {})[session] = _figures(session, fights, *sums)
    return [
        {"combatant": c, "name": names[c],
         "sessions": [fought[c].get(s) or _absent(s) for s in sessions]}
        for c in sorted(fought, key=lambda c: (names[c], c))
    ]  # fmt: skip


def _figures(
    session: str, fights: int, dealt: int, taken: int, attacks: int, hits: int, downed: int,
    healed: int,
) -> dict[str, Any]:  # fmt: skip
    rate = round(hits / attacks, HIT_RATE_DIGITS) if attacks else None
    return {"session": session, "fights": fights, "damage_dealt": dealt, "damage_taken": taken,
            "attacks": attacks, "hits": hits, "hit_rate": rate, "knocked_out": downed,
            "healing_received": healed}  # fmt: skip


def _absent(session: str) -> dict[str, Any]:
    """A session the PC fought no fight in: no figures (not zeros)."""
    return {"session": session, "fights": 0, **dict.fromkeys(METRICS)}
