"""The reports: SQL aggregates over the read model, for one encounter or across encounters."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from api.analytics.model import Analytics

HIT_RATE_DIGITS = 3


@dataclass(frozen=True)
class Filters:
    """Which encounters and combatants a report covers (None: all)."""

    encounter: str | None = None
    ruleset: str | None = None
    since: datetime | None = None  # encounters whose first fact is at or after this time
    until: datetime | None = None  # ... and before this time
    side: str | None = None
    combatant: str | None = None

    def where(self, alias: str = "e") -> tuple[str, tuple[Any, ...]]:
        """The SQL condition on the encounters table (alias `e`) and its parameters."""
        clauses, params = ["1 = 1"], []
        for column, value in (("encounter_id", self.encounter), ("ruleset", self.ruleset)):
            if value is not None:
                clauses.append(f"{alias}.{column} = ?")
                params.append(value)
        if self.since is not None:
            clauses.append(f"{alias}.started_at >= ?")
            params.append(self.since.isoformat())
        if self.until is not None:
            clauses.append(f"{alias}.started_at < ?")
            params.append(self.until.isoformat())
        return " AND ".join(clauses), tuple(params)

    def who(self, alias: str = "f") -> tuple[str, tuple[Any, ...]]:
        """The SQL condition on a combatant's row (alias `f`) and its parameters."""
        clauses, params = ["1 = 1"], []
        for column, value in (("side", self.side), ("combatant", self.combatant)):
            if value is not None:
                clauses.append(f"{alias}.{column} = ?")
                params.append(value)
        return " AND ".join(clauses), tuple(params)


def report(analytics: Analytics, filters: Filters) -> dict[str, Any]:
    """Every standard figure for the encounters and combatants `filters` selects."""
    where, params = filters.where()
    who, who_params = filters.who()
    return {
        "encounters": encounters(analytics, where, params),
        "combatants": combatants(analytics, where, params, who, who_params),
        "damage_by_round": damage_by_round(analytics, where, params, filters),
        "damage_by_type": damage_by_type(analytics, where, params, filters),
        "turns": turns(analytics, where, params, filters),
        "conditions": conditions(analytics, where, params, who, who_params),
        "most_dangerous_foe": most_dangerous_foe(analytics, where, params),
        "hp_over_time": hp_over_time(analytics, filters) if filters.encounter else {},
    }


def encounters(analytics: Analytics, where: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
    rows = analytics.query(
        "SELECT e.encounter_id, e.name, e.ruleset, e.started_at, e.ended, e.rounds, e.events, "
        "e.seconds, (SELECT AVG(r.seconds) FROM {t}rounds r WHERE r.encounter_id = e.encounter_id)"
        f" FROM {{t}}encounters e WHERE {where} ORDER BY e.started_at, e.encounter_id",
        params,
    )
    keys = ("id", "name", "ruleset", "started_at", "ended", "rounds", "events", "seconds",
            "seconds_per_round")  # fmt: skip
    found = [dict(zip(keys, row, strict=True)) for row in rows]
    for row in found:
        row["ended"] = bool(row["ended"])
    return found


def combatants(
    analytics: Analytics, where: str, params: tuple[Any, ...], who: str, who_params: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """Per combatant (by id, summed over the encounters): damage, attacks, downs."""
    sums = ", ".join(
        f"SUM(f.{c})"
        for c in ("damage_dealt", "damage_dealt_nonlethal", "damage_taken",
                  "damage_taken_nonlethal", "healing_received", "attacks", "hits", "criticals",
                  "natural_1s", "natural_20s", "knockouts", "kills", "knocked_out", "killed")
    )  # fmt: skip
    rows = analytics.query(
        f"SELECT f.combatant, MIN(f.name), MIN(f.side), COUNT(*), {sums} "
        f"FROM {{t}}fighters f JOIN {{t}}encounters e ON e.encounter_id = f.encounter_id "
        f"WHERE {where} AND {who} GROUP BY f.combatant ORDER BY SUM(f.damage_dealt) DESC, "
        "f.combatant",
        params + who_params,
    )
    found = []
    for row in rows:
        (combatant, name, side, fights, dealt, dealt_nl, taken, taken_nl, healed, attacks, hits,
         crits, ones, twenties, knockouts, kills, downed, died) = row  # fmt: skip
        found.append({
            "combatant": combatant, "name": name, "side": side, "encounters": fights,
            "damage_dealt": {"total": dealt, "lethal": dealt - dealt_nl, "nonlethal": dealt_nl},
            "damage_taken": {"total": taken, "lethal": taken - taken_nl, "nonlethal": taken_nl},
            "healing_received": healed, "attacks": attacks, "hits": hits,
            "hit_rate": round(hits / attacks, HIT_RATE_DIGITS) if attacks else None,
            "criticals": crits, "natural_1s": ones, "natural_20s": twenties,
            "knockouts": knockouts, "kills": kills, "knocked_out": downed, "deaths": died,
        })  # fmt: skip
    return found


def _damage_who(filters: Filters) -> tuple[str, tuple[Any, ...]]:
    """Damage rows dealt or taken by the selected side/combatant."""
    if filters.combatant is not None:
        return "(d.dealer = ? OR d.target = ?)", (filters.combatant, filters.combatant)
    if filters.side is not None:
        return (
            "(EXISTS (SELECT 1 FROM {t}fighters f WHERE f.encounter_id = d.encounter_id "
            "AND f.combatant IN (d.dealer, d.target) AND f.side = ?))",
            (filters.side,),
        )
    return "1 = 1", ()


def damage_by_round(
    analytics: Analytics, where: str, params: tuple[Any, ...], filters: Filters
) -> list[dict[str, Any]]:
    """Damage per round and dealer (lethal / nonlethal), summed over the encounters."""
    who, who_params = _damage_who(filters)
    rows = analytics.query(
        "SELECT d.round, d.dealer, "
        "SUM(CASE WHEN d.nonlethal = 0 THEN d.amount ELSE 0 END), "
        "SUM(CASE WHEN d.nonlethal = 1 THEN d.amount ELSE 0 END) "
        "FROM {t}damage d JOIN {t}encounters e ON e.encounter_id = d.encounter_id "
        f"WHERE {where} AND {who} GROUP BY d.round, d.dealer ORDER BY d.round, d.dealer",
        params + who_params,
    )
    return [
        {"round": r, "dealer": dealer, "lethal": lethal, "nonlethal": nonlethal,
         "total": lethal + nonlethal}
        for r, dealer, lethal, nonlethal in rows
    ]  # fmt: skip


def damage_by_type(
    analytics: Analytics, where: str, params: tuple[Any, ...], filters: Filters
) -> list[dict[str, Any]]:
    who, who_params = _damage_who(filters)
    rows = analytics.query(
        "SELECT d.damage_type, SUM(d.amount) "
        "FROM {t}damage d JOIN {t}encounters e ON e.encounter_id = d.encounter_id "
        f"WHERE {where} AND {who} GROUP BY d.damage_type ORDER BY SUM(d.amount) DESC",
        params + who_params,
    )
    return [{"damage_type": kind or "untyped", "total": total} for kind, total in rows]


def turns(
    analytics: Analytics, where: str, params: tuple[Any, ...], filters: Filters
) -> dict[str, Any]:
    """Real time per turn (from the recorded times), overall and per combatant."""
    extra, extra_params = "1 = 1", cast(tuple[Any, ...], ())
    if filters.combatant is not None:
        extra, extra_params = "u.combatant = ?", (filters.combatant,)
    rows = analytics.query(
        "SELECT u.combatant, COUNT(*), AVG(u.seconds), MAX(u.seconds) "
        "FROM {t}turns u JOIN {t}encounters e ON e.encounter_id = u.encounter_id "
        f"WHERE {where} AND {extra} GROUP BY u.combatant ORDER BY AVG(u.seconds) DESC",
        params + extra_params,
    )
    per = [
        {"combatant": c, "turns": n, "mean_seconds": _r(mean), "longest_seconds": _r(longest)}
        for c, n, mean, longest in rows
    ]
    count = sum(p["turns"] for p in per)
    mean = sum(p["mean_seconds"] * p["turns"] for p in per) / count if count else None
    return {"turns": count, "mean_seconds": _r(mean), "by_combatant": per}


def conditions(
    analytics: Analytics, where: str, params: tuple[Any, ...], who: str, who_params: tuple[Any, ...]
) -> list[dict[str, Any]]:
    """Condition uptime: rounds each condition was in force on each combatant."""
    rows = analytics.query(
        "SELECT c.combatant, c.condition, SUM(c.rounds) FROM {t}conditions c "
        "JOIN {t}encounters e ON e.encounter_id = c.encounter_id "
        "JOIN {t}fighters f ON f.encounter_id = c.encounter_id AND f.combatant = c.combatant "
        f"WHERE {where} AND {who} GROUP BY c.combatant, c.condition "
        "ORDER BY SUM(c.rounds) DESC, c.combatant, c.condition",
        params + who_params,
    )
    return [{"combatant": c, "condition": n, "rounds": r} for c, n, r in rows]


def most_dangerous_foe(
    analytics: Analytics, where: str, params: tuple[Any, ...]
) -> dict[str, Any] | None:
    """The foe (side other than "party") that dealt the most damage; knock-outs break ties."""
    rows = analytics.query(
        "SELECT f.combatant, MIN(f.name), SUM(f.damage_dealt), SUM(f.knockouts), SUM(f.kills) "
        "FROM {t}fighters f JOIN {t}encounters e ON e.encounter_id = f.encounter_id "
        f"WHERE {where} AND f.side <> 'party' GROUP BY f.combatant "
        "ORDER BY SUM(f.damage_dealt) DESC, SUM(f.knockouts) DESC, f.combatant LIMIT 1",
        params,
    )
    if not rows or not rows[0][2]:
        return None
    combatant, name, dealt, knockouts, kills = rows[0]
    return {"combatant": combatant, "name": name, "damage_dealt": dealt,
            "knockouts": knockouts, "kills": kills}  # fmt: skip


def hp_over_time(analytics: Analytics, filters: Filters) -> dict[str, list[dict[str, int]]]:
    """One encounter: each combatant's HP (True20: the lethal Toughness save penalty, the
    track's severity) after each line that changed it."""
    who, who_params = "1 = 1", cast(tuple[Any, ...], ())
    if filters.combatant is not None:
        who, who_params = "h.combatant = ?", (filters.combatant,)
    rows = analytics.query(
        "SELECT h.combatant, h.position, h.round, h.value FROM {t}hp h "
        f"WHERE h.encounter_id = ? AND {who} ORDER BY h.combatant, h.position",
        (filters.encounter, *who_params),
    )
    found: dict[str, list[dict[str, int]]] = {}
    for combatant, position, r, value in rows:
        found.setdefault(combatant, []).append({"position": position, "round": r, "hp": value})
    return found


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 2)
