"""What each line did, as the rules read it: an attack's outcome against its defense, the damage
a hit applied and what stopped it, a save's or a check's outcome (`derived` on log lines).

A fold of its own beside the table's, run when the log is read or a batch previewed, so the
table's fold (and its rebuild speed) carries none of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from domain.corrections import is_correction
from domain.events import AttackMade, CheckRolled, DamageDealt, Fact, SavingThrowRolled
from domain.rulesets.base import check_succeeds, damage_stopped
from projections import clock
from projections.effective import effective_log
from projections.table import apply, damage_dropped, initial
from projections.view import Table

Derived = dict[str, Any]
POOLS = ("stamina", "hp")  # the vitals damage takes away (3.5, d20 Modern, Starfinder, Orcus)
SPENT = ("hp", "stamina", "resolve")  # the vitals a failed check may cost


def derived_lines(
    entries: Iterable[tuple[int, Fact]], table: Table | None = None
) -> tuple[Table, dict[int, Derived]]:
    """Fold the facts in force (position, fact) into `table` (changed in place; from line 1's
    EncounterCreated when None): the table, and what each attack, damage, save and check did."""
    found: dict[int, Derived] = {}
    for position, fact in entries:
        if table is None:
            table = initial(fact)  # type: ignore[arg-type]
            continue
        before = _before(table, fact)
        apply(table, position, fact)
        what = _after(table, position, fact, before)
        if what is not None:
            found[position] = what
    assert table is not None, "an empty log has no table"
    return table, found


def _before(table: Table, fact: Fact) -> Any:
    match fact:
        case AttackMade():
            return _attack_terms(table, fact)
        case DamageDealt():
            member = table.members.get(fact.target)
            dropped = damage_dropped(table, fact)
            if member is None or member.left or dropped is not None:
                return None
            ctx = clock.ctx(table, member)
            resisted = damage_stopped(table.rules, member.body, fact, ctx)
            return table.rules.vitals(member.body, ctx), resisted
        case CheckRolled():
            return _vitals(table, fact.target or fact.combatant)
        case _:
            return None


def _after(table: Table, position: int, fact: Fact, before: Any) -> Derived | None:
    match fact:
        case AttackMade():
            return _attack(table, position, fact, before)
        case DamageDealt():
            return _damage(table, fact, before)
        case SavingThrowRolled():
            return _outcome(table.rules.save_succeeds(fact, table.options))
        case CheckRolled():
            return _check(table, fact, before)
        case _:
            return None


def _attack_terms(table: Table, fact: AttackMade) -> Any:
    target = table.members.get(fact.target)
    if target is None:
        return None
    attacker = table.members.get(fact.attacker)
    by = None if attacker is None else (attacker.body, clock.ctx(table, attacker))
    return table.rules.attack_terms(fact, target.body, clock.ctx(table, target), by)


def _attack(table: Table, position: int, fact: AttackMade, terms: Any) -> Derived:
    """The outcome the table took (the GM's ruling, else the ruleset's), what it measured, and
    whether it threatens a critical hit, with its confirmation roll `awaited` (the page asks
    for it), `confirmed` or `failed` where the system asks for one."""
    outcome = table.attacks.get(position)
    critical = table.rules.critical(fact, outcome)
    shown: Derived = {"outcome": outcome, "threat": critical.threat}
    if critical.confirmation is not None:
        shown["confirmation"] = critical.confirmation
    if terms is not None:
        shown |= {"defense": terms.defense, "defense_value": terms.defense_value,
                  "total_used": terms.total_used}  # fmt: skip
    return shown


def _damage(table: Table, fact: DamageDealt, seen: tuple[dict[str, int], int] | None) -> Derived:
    """Applied or not; how much the damage track took, and how much damage reduction,
    resistance and temporary HP stopped."""
    if seen is None:
        return {"applied": False, "amount_applied": 0, "stopped": 0}
    before, resisted = seen
    member = table.members[fact.target]
    after = table.rules.vitals(member.body, clock.ctx(table, member))
    if not any(pool in before for pool in POOLS):
        # a track with no pools (True20): its marks show in the state
        return {"applied": True, "stopped": resisted} if resisted else {"applied": True}
    lost = sum(before.get(p, 0) - after.get(p, 0) for p in POOLS)
    lost += after.get("nonlethal", 0) - before.get("nonlethal", 0)
    soaked = before.get("temp_hp", 0) - after.get("temp_hp", 0)
    stopped = max(soaked, 0) + resisted
    return {"applied": True, "amount_applied": max(lost, 0), "stopped": stopped}


def _vitals(table: Table, member_id: str) -> dict[str, int] | None:
    member = table.members.get(member_id)
    if member is None or member.left:
        return None
    return table.rules.vitals(member.body, clock.ctx(table, member))


def _check(table: Table, fact: CheckRolled, before: dict[str, int] | None) -> Derived | None:
    """A check's outcome as the rules read it (3.5's d% to stabilize: 01-10), and what it cost
    the one it is for (000 L1168: a failed stabilization roll loses 1 hit point)."""
    shown = _outcome(check_succeeds(table.rules, fact)) or {}
    after = _vitals(table, fact.target or fact.combatant)
    if before is not None and after is not None:
        lost = {p: before[p] - after[p] for p in SPENT if before.get(p, 0) > after.get(p, 0)}
        shown |= {"lost": lost} if lost else {}
    return shown or None


def _outcome(succeeded: bool | None) -> Derived | None:
    return None if succeeded is None else {"outcome": "success" if succeeded else "failure"}


class Derivations:
    """The derived lines of one growing log, folded once: new lines are folded on from where
    the last look left off, and a correction among them refolds the whole effective log."""

    def __init__(self) -> None:
        self.version = 0
        self.table: Table | None = None
        self.found: dict[int, Derived] = {}

    def of(self, events: Sequence[Fact]) -> dict[int, Derived]:
        """`derived` for every line in force of `events` (this log, grown or not since)."""
        new = events[self.version :]
        if self.table is None or len(events) < self.version or any(is_correction(e) for e in new):
            self.table, self.found = derived_lines(effective_log(events))
        elif new:
            self.found.update(derived_lines(enumerate(new, self.version + 1), self.table)[1])
        self.version = len(events)
        return self.found
