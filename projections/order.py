"""Initiative order: the sort by result and tie rules, newcomers, delay and ready moves."""

from __future__ import annotations

from itertools import groupby

from projections.view import Member, Table

LAST = 1 << 30


def sort_key(table: Table, member: Member) -> tuple[float, float, int, str, int]:
    """Highest result first, then the ruleset's tie breaker, then the GM's tie-break order."""
    value = table.rules.tie_breaker(member.stats, member.modifier)
    return (
        -(member.count or 0),
        -(value or 0),
        LAST if member.tie_rank is None else member.tie_rank,
        member.group or "",
        member.joined,
    )


def in_order(table: Table) -> list[Member]:
    """Everyone present with an initiative result, highest first (before the order is frozen)."""
    rolled = [m for m in table.members.values() if m.initiative is not None and not m.left]
    return sorted(rolled, key=lambda m: sort_key(table, m))


def pending_ties(table: Table) -> list[list[str]]:
    """Groups of combatants the rules cannot order and the GM has not yet settled."""
    ties = []
    for _, same in groupby(in_order(table), key=lambda m: sort_key(table, m)[:2]):
        tied = [m for m in same if not m.placed]
        slots = {(m.group or m.id) for m in tied}
        if len(slots) > 1 and any(m.tie_rank is None and not m.placed for m in tied):
            ties.append([m.id for m in tied])
    return ties


def insert(table: Table, member_id: str) -> None:
    """(Re)place `member_id` in the running order by its result among those already in it."""
    order = [i for i in table.order if i != member_id]
    key = sort_key(table, table.members[member_id])
    later = (n for n, i in enumerate(order) if sort_key(table, table.members[i]) > key)
    order.insert(next(later, len(order)), member_id)
    table.order = order


def settle_tie(table: Table, tied: list[str]) -> None:
    """Put the tied combatants in the GM's order within the places they already hold."""
    places = [n for n, i in enumerate(table.order) if i in tied]
    ranked = [i for i in tied if i in table.order]
    for place, member_id in zip(places, ranked, strict=False):
        table.order[place] = member_id


def move_before(table: Table, member_id: str, anchor: str | None, show: str = "anchor") -> None:
    """Put a combatant just before `anchor` from now on (CONTRACT §2: delay and ready).

    It shows the initiative of `anchor` (a readied action), or of the combatant now before it
    (a delayer acting after that one's turn). The count it acts on, which timed effects key on,
    lies between its new neighbours, so effects begun on either one's turn end in the right place.
    """
    if anchor is None or anchor not in table.order or anchor == member_id:
        return
    if member_id in table.order:
        table.order.remove(member_id)
    place = table.order.index(anchor)
    table.order.insert(place, member_id)
    after = table.members[anchor].count or 0
    before = table.members[table.order[place - 1]].count if place > 0 else None
    moved = table.members[member_id]
    shown = anchor if show == "anchor" or place == 0 else table.order[place - 1]
    moved.initiative = table.members[shown].initiative
    moved.count = after + 0.5 if before is None else (before + after) / 2
    moved.placed = True


def take_count(table: Table, member_id: str) -> None:
    """True20 Ready L208-209: the count of the turn in progress becomes the readier's initiative.

    This round its place is passed (it has just acted, before the one acting now finishes);
    from the next round it stands among those on that count by the tie rules (L138: Dexterity,
    then the GM's roll-off), so the deferred move re-sorts it.
    """
    current = table.turn
    if current is None or current == member_id or current not in table.order:
        return
    move_before(table, member_id, current)
    moved, now = table.members[member_id], table.members[current]
    moved.count, moved.placed = now.count, False
    table.deferred_moves.append(member_id)


def move_after(table: Table, member_id: str, anchor: str | None) -> None:
    """Put a combatant just after `anchor`, whose turn just ended, at a count below it (a
    delayer acting after the round's last turn: Orcus Delay L1381)."""
    if anchor is None or anchor not in table.order or anchor == member_id:
        return
    if member_id in table.order:
        table.order.remove(member_id)
    place = table.order.index(anchor) + 1
    if place < len(table.order):
        return move_before(table, member_id, table.order[place], show="previous")
    table.order.append(member_id)
    moved, last = table.members[member_id], table.members[anchor]
    moved.initiative, moved.count = last.initiative, (last.count or 0) - 0.5
    moved.placed = True
