"""Damage per round (by dealer and target), by type (overall and per combatant) and the most
dangerous foe, from one grouping of the damage rows: with a side or combatant filter, those the
selection dealt or took; per combatant, the types of the damage in its own totals."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from api.analytics.queries.filters import Filters

if TYPE_CHECKING:
    from api.analytics.queries.mirror import Mirror

UNTYPED = "untyped"  # damage whose fact names no type
SUMS = (  # per round, dealer, target and type: all the damage kept, then what the selection
    # (the side asked for, if any) dealt and took, and what foes dealt
    "SELECT d.round, d.dealer{of}, d.target{of}, d.damage_type, d.nonlethal, SUM(d.amount), "
    "SUM(d.amount) FILTER (WHERE d.dealer_side IS NOT NULL AND (?::TEXT IS NULL OR "
    "d.dealer_side = ?)), SUM(d.amount) FILTER (WHERE ?::TEXT IS NULL OR d.target_side = ?), "
    "SUM(d.amount) FILTER (WHERE d.dealer_side IS NOT NULL AND d.foe) FROM {t}damage d "
    "WHERE {where} GROUP BY ALL"
)
Split = list[int]  # [lethal, nonlethal]

Types = dict[str, dict[str, int]]  # who: {type: amount}


@dataclass
class Damage:
    """The damage the filters keep, summed every way a report shows it."""

    dealt: dict[tuple[int, str], Split] = field(default_factory=dict)  # (round, dealer)
    taken: dict[tuple[int, str], Split] = field(default_factory=dict)  # (round, target)
    types: dict[str, Split] = field(default_factory=dict)
    dealt_types: Types = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    taken_types: Types = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    by_foes: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # foe: its damage

    @classmethod
    def read(cls, analytics: Mirror, filters: Filters, by_type: bool = False) -> Damage:
        """The damage rows the filters keep, by dealer and target (`by_type`: by their foe
        types, for the types per foe type; no foe type: a dealer not in the encounter)."""
        where, params = filters.where("d")  # the copy's damage rows carry the filters' columns
        if filters.side is not None:
            where += " AND (d.dealer_side = ? OR d.target_side = ?)"
            params += (filters.side, filters.side)
        if filters.combatant is not None:
            where += " AND (d.dealer = ? OR d.target = ?)"
            params += (filters.combatant, filters.combatant)
        of = "_type" if by_type else ""
        found, query = cls(), SUMS.replace("{where}", where).replace("{of}", of)
        for row in analytics.query(query, (filters.side,) * 4 + params):
            r, dealer, target, kind, nonlethal, amount, own_dealt, own_taken, foes = row
            kind, split = kind or UNTYPED, int(bool(nonlethal))
            found.dealt.setdefault((r, dealer), [0, 0])[split] += amount
            found.taken.setdefault((r, target), [0, 0])[split] += amount
            found.types.setdefault(kind, [0, 0])[split] += amount
            if foes is not None:
                found.by_foes[dealer] += foes
            if own_dealt is not None:
                found.dealt_types[dealer][kind] += own_dealt
            if own_taken is not None:
                found.taken_types[target][kind] += own_taken
        return found

    def by_round(self, column: str) -> list[dict[str, Any]]:
        """Per round and dealer (column "dealer") or target ("target"), lethal and nonlethal,
        summed over the encounters."""
        sums = self.dealt if column == "dealer" else self.taken
        return [_split(split, round=r, **{column: who}) for (r, who), split in sorted(sums.items())]

    def by_type(self) -> list[dict[str, Any]]:
        """Per damage type (lethal and nonlethal), most first."""
        ranked = sorted(self.types.items(), key=lambda item: (-sum(item[1]), item[0]))
        return [_split(split, damage_type=kind) for kind, split in ranked]


def _split(split: Split, **key: Any) -> dict[str, Any]:
    return {**key, "lethal": split[0], "nonlethal": split[1], "total": sum(split)}


def ranked_types(types: dict[str, int]) -> dict[str, int]:
    """{type: amount}, most first."""
    return dict(sorted(types.items(), key=lambda item: (-item[1], item[0])))


def most_dangerous_foe(
    analytics: Mirror, filters: Filters, damage: Damage
) -> dict[str, Any] | None:
    """The foe (a combatant on a side with no PC in that encounter) that dealt the most of the
    damage the filters keep; more knock-outs, then its id, break ties. So `--side party` finds
    the foe that hurt the party most, `--combatant valeros` the one that hurt Valeros most,
    `--side foes` the hardest hitter among the foes. Its knock-outs and kills are of anyone, in
    the encounters selected."""
    where, params = filters.where()
    rows = analytics.query(
        "SELECT f.combatant, MIN(f.name), SUM(f.knockouts), SUM(f.kills) "
        f"FROM {{t}}fighters f JOIN {{t}}encounters e ON e.encounter_id = f.encounter_id "
        f"WHERE {where} AND f.foe GROUP BY f.combatant",
        params,
    )
    foes = {combatant: (name, knockouts, kills) for combatant, name, knockouts, kills in rows}
    dealt = {c: amount for c, amount in damage.by_foes.items() if amount and c in foes}
    if not dealt:
        return None
    combatant = min(dealt, key=lambda c: (-dealt[c], -foes[c][1], c))
    name, knockouts, kills = foes[combatant]
    return {"combatant": combatant, "name": name, "damage_dealt": dealt[combatant],
            "knockouts": knockouts, "kills": kills}  # fmt: skip
