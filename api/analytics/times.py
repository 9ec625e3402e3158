"""Real time per turn and per round, from the recorded `at` times of the log's lines."""

from __future__ import annotations

from typing import Any

from api.analytics.filters import Filters
from api.analytics.mirror import Mirror


def turns(analytics: Mirror, filters: Filters) -> dict[str, Any]:
    """Real time per turn, overall and per combatant (the side and combatant filters pick
    whose turns), from the turns summed per encounter and combatant."""
    where, params = filters.where()
    sides = ""  # a side is the fighter's in that encounter: joined only when asked for
    if filters.side is not None:
        sides = (
            "JOIN {t}fighters f ON f.encounter_id = u.encounter_id AND f.combatant = u.combatant "
        )
    who, who_params = filters.who("f" if sides else "u")
    rows = analytics.query(
        "SELECT u.combatant, SUM(u.turns), SUM(u.seconds) / SUM(u.turns), MAX(u.longest) "
        f"FROM {{t}}turns u JOIN {{t}}encounters e ON e.encounter_id = u.encounter_id {sides}"
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


def rounds(analytics: Mirror, filters: Filters) -> list[dict[str, Any]]:
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
