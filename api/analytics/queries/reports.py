"""The reports: SQL aggregates over the read model, for one encounter or across encounters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from api.analytics.ingest.model import Analytics
from api.analytics.queries.damage import Damage, most_dangerous_foe, ranked_types
from api.analytics.queries.filters import Filters
from api.store import collector_paused

if TYPE_CHECKING:
    from api.analytics.queries.mirror import Mirror

__all__ = ["Filters", "report"]

HIT_RATE_DIGITS = 3
SUMMED = ("damage_dealt", "damage_dealt_nonlethal", "damage_taken", "damage_taken_nonlethal",
          "healing_received", "attacks", "hits", "criticals", "natural_1s", "natural_20s",
          "knockouts", "kills", "knocked_out", "killed")  # fmt: skip


def report(analytics: Analytics, filters: Filters, by_type: bool = False) -> dict[str, Any]:
    """Every standard figure for the encounters and combatants `filters` selects; `by_type`:
    the combatants' figures summed per foe type ("Goblin" over every goblin)."""
    from api.analytics.queries.mirror import mirror_of  # DuckDB: on the first report

    mirror = mirror_of(analytics)
    with collector_paused():  # a report makes no cycles: no full collection of a big heap
        mirror.sync()
        damage = Damage.read(mirror, filters)
        typed = Damage.read(mirror, filters, by_type=True) if by_type else damage
        return {
            "encounters": encounters(mirror, filters),
            "combatants": combatants(mirror, filters, typed, by_type),
            "damage_by_round": damage.by_round("dealer"),
            "damage_taken_by_round": damage.by_round("target"),
            "damage_by_type": damage.by_type(),
            "turns": timed_turns(mirror, filters),
            "round_times": round_times(mirror, filters),
            "conditions": conditions(mirror, filters),
            "most_dangerous_foe": most_dangerous_foe(mirror, filters, damage),
            "hp_over_time": hp_over_time(analytics, filters) if filters.encounter else {},
        }


def encounters(analytics: Mirror, filters: Filters) -> list[dict[str, Any]]:
    """The encounters selected, earliest first; `started_at` is in UTC; each with the campaign
    and session (its id) it is filed under and the encounter it branches from (or None)."""
    where, params = filters.where()
    rows = analytics.query(
        "SELECT e.encounter_id, e.name, e.ruleset, e.started_at, e.ended = 1, e.rounds, e.events, "
        "e.seconds, e.seconds_per_round, e.campaign, e.session_id, e.branch_of "
        f"FROM {{t}}encounters e WHERE {where} ORDER BY e.started_at, e.encounter_id",
        params,
    )
    keys = ("id", "name", "ruleset", "started_at", "ended", "rounds", "events", "seconds",
            "seconds_per_round", "campaign", "session", "branch_of")  # fmt: skip
    return [dict(zip(keys, row, strict=True)) for row in rows]


def combatants(
    analytics: Mirror, filters: Filters, damage: Damage, by_type: bool = False,
    foes: bool = False,
) -> list[dict[str, Any]]:  # fmt: skip
    """Per combatant (by id, summed over the encounters): damage (with its types), attacks,
    downs. `by_type`: per foe type instead (the name without its number, "Goblin" over every
    goblin; `damage` then read by type), with how many combatants it sums. `foes`: only the
    foes (fighters on a side with no PC in their encounter)."""
    where, params = filters.where()
    who, who_params = filters.who()
    who += " AND f.foe" if foes else ""
    key = "f.foe_type" if by_type else "f.combatant"
    sums = ", ".join(f"SUM(f.{c})" for c in SUMMED)
    rows = analytics.query(
        f"SELECT {key}, MIN(f.name), MIN(f.side), COUNT(*), COUNT(DISTINCT f.encounter_id), "
        f"{sums} FROM {{t}}fighters f JOIN {{t}}encounters e ON e.encounter_id = f.encounter_id "
        f"WHERE {where} AND {who} GROUP BY {key} ORDER BY SUM(f.damage_dealt) DESC, {key}",
        params + who_params,
    )
    return [_figures(row, damage, by_type) for row in rows]


def _figures(row: tuple[Any, ...], damage: Damage, by_type: bool) -> dict[str, Any]:
    (key, name, side, count, fights, dealt, dealt_nl, taken, taken_nl, healed, attacks, hits,
     crits, ones, twenties, knockouts, kills, downed, died) = row  # fmt: skip
    who = {"foe_type": key, "side": side, "combatants": count} if by_type else {
        "combatant": key, "name": name, "side": side}  # fmt: skip
    return {
        **who, "encounters": fights,
        "damage_dealt": {"total": dealt, "lethal": dealt - dealt_nl, "nonlethal": dealt_nl},
        "damage_taken": {"total": taken, "lethal": taken - taken_nl, "nonlethal": taken_nl},
        "damage_dealt_by_type": ranked_types(damage.dealt_types.get(key, {})),
        "damage_taken_by_type": ranked_types(damage.taken_types.get(key, {})),
        "healing_received": healed, "attacks": attacks, "hits": hits,
        "hit_rate": round(hits / attacks, HIT_RATE_DIGITS) if attacks else None,
        "criticals": crits, "natural_1s": ones, "natural_20s": twenties,
        "knockouts": knockouts, "kills": kills, "knocked_out": downed, "deaths": died,
    }  # fmt: skip


def conditions(analytics: Mirror, filters: Filters) -> list[dict[str, Any]]:
    """Condition uptime: rounds each condition was in force on each combatant."""
    where, params = filters.where()
    who, who_params = filters.who("c")
    rows = analytics.query(
        "SELECT c.combatant, c.condition, SUM(c.rounds) FROM {t}conditions c "
        "JOIN {t}encounters e ON e.encounter_id = c.encounter_id "
        f"WHERE {where} AND {who} GROUP BY c.combatant, c.condition "
        "ORDER BY SUM(c.rounds) DESC, c.combatant, c.condition",
        params + who_params,
    )
    return [{"combatant": c, "condition": n, "rounds": r} for c, n, r in rows]


def timed_turns(analytics: Mirror, filters: Filters) -> dict[str, Any]:
    """Real time per turn, overall and per combatant (the side and combatant filters pick
    whose turns), from the turns summed per encounter and combatant."""
    where, params = filters.where()
    who, who_params = filters.who("u")
    rows = analytics.query(
        "SELECT u.combatant, SUM(u.turns), SUM(u.seconds) / SUM(u.turns), MAX(u.longest) "
        "FROM {t}turns u JOIN {t}encounters e ON e.encounter_id = u.encounter_id "
        f"WHERE {where} AND {who} GROUP BY u.combatant ORDER BY 3 DESC, u.combatant",
        params + who_params,
    )
    per = [
        {"combatant": c, "turns": n, "mean_seconds": _r(mean), "longest_seconds": _r(longest)}
        for c, n, mean, longest in rows
    ]
    count = sum(p["turns"] for p in per)
    mean = sum(p["mean_seconds"] * p["turns"] for p in per) / count if count else None
    return {"turns": count, "mean_seconds": _r(mean), "by_combatant": per}


def round_times(analytics: Mirror, filters: Filters) -> list[dict[str, Any]]:
    """Real time per round, by round number over the encounters (one encounter: each of its
    rounds' own time). A round is timed from its first line to the next round's first line,
    so the last round of a fight has no time."""
    where, params = filters.where()
    rows = analytics.query(
        "SELECT r.round, COUNT(*), AVG(r.seconds), MAX(r.seconds) "
        "FROM {t}rounds r JOIN {t}encounters e ON e.encounter_id = r.encounter_id "
        f"WHERE {where} GROUP BY r.round ORDER BY r.round",
        params,
    )
    return [
        {"round": r, "encounters": n, "mean_seconds": _r(mean), "longest_seconds": _r(longest)}
        for r, n, mean, longest in rows
    ]


def _r(value: float | None) -> float | None:
    return None if value is None else round(float(value), 2)


def hp_over_time(analytics: Analytics, filters: Filters) -> dict[str, list[dict[str, int]]]:
    """One encounter: each combatant's HP (True20: the lethal Toughness save penalty, the
    track's severity) after each line that changed it, for the combatants selected."""
    who, who_params = filters.who()
    rows = analytics.query(
        "SELECT h.combatant, h.position, h.round, h.value FROM {t}hp h "
        "JOIN {t}fighters f ON f.encounter_id = h.encounter_id AND f.combatant = h.combatant "
        f"WHERE h.encounter_id = ? AND {who} ORDER BY h.combatant, h.position",
        (filters.encounter, *who_params),
    )
    found: dict[str, list[dict[str, int]]] = {}
    for combatant, position, r, value in rows:
        found.setdefault(combatant, []).append({"position": position, "round": r, "hp": value})
    return found
