"""What a ruleset's Traits change in the shared turn machinery: delays that stay within their
round (and the boons a delay ends), and conditions that end when their source falls."""

from __future__ import annotations

from domain.events import TurnDuration
from domain.rulesets.base import Ctx
from projections.view import Condition, Member, Table, TurnStart, copy_table, set_conditions


def round_end(table: Table) -> Table | None:
    """The table as the round ends, kept while a delayer may still take its turn in it."""
    if not table.traits.delay_within_round:
        return None
    if not any(m.delaying for m in table.members.values()):
        return None
    return copy_table(table)


def waste_delays(table: Table) -> None:
    """004 Delay L1377: a delayed turn not taken by the round's end is wasted; the creature acts
    at its old count from the next round on (digest A7 (b))."""
    gone = "the surprise round" if table.round == 1 else f"round {table.round - 1}"
    for member in table.members.values():
        if member.delaying and not member.left:
            table.notes.append(f"line {table.position}: {member.name} did not take its delayed "
                               f"turn in {gone}: that turn is lost, and it acts at its old "
                               "count")  # fmt: skip
        member.delaying = False


def delay_ends_boons(table: Table, member: Member) -> None:
    """004 Delay L1380: beneficial effects on the delayer that end at the end of this turn end
    as soon as it delays (digest A7 (c): only those on the delayer)."""

    def ends_now(c: Condition) -> bool:
        d = c.duration
        timed = isinstance(d, TurnDuration) and d.until == "end_of_turn" and d.of == member.id
        return bool(c.beneficial) and timed and c.skips == 0

    kept = tuple(c for c in member.conditions if not ends_now(c))
    if len(kept) != len(member.conditions):
        set_conditions(table, member, kept)


def source_fell(table: Table, member: Member, seen: Ctx) -> None:
    """Conditions `member` is the source of that end when it falls unconscious or dies (Orcus
    marks, 004 Marked L1515); they stay ended when it is healed."""
    names = table.traits.end_with_source
    if not names or not _marks_by(table, member.id, names):
        return  # nothing to end (most takes): the ruleset's statuses need not be read
    looks = {*table.rules.statuses(member.body, seen)}
    looks.update(c.name.lower() for c in member.conditions)
    if not looks & {"unconscious", "dying", "dead"}:
        return
    for other in table.members.values():
        kept = tuple(c for c in other.conditions
                     if c.source != member.id or c.name.lower() not in names)  # fmt: skip
        if len(kept) != len(other.conditions):
            set_conditions(table, other, kept)


def _marks_by(table: Table, source: str, names: frozenset[str]) -> bool:
    """Whether anyone has a condition from `source` that ends when it falls."""
    for other in table.members.values():
        for c in other.conditions:
            if c.source == source and c.name.lower() in names:
                return True
    return False


def took_back(table: Table, member_id: str, started: TurnStart | None) -> bool:
    """004 Delay L1376, L1381: a delayer stepping in right after the round's last turn ended
    takes its turn in that round. The round that had just begun is taken back (the table is as
    the round ended, the delayer no longer delaying); False when there is nothing to take back."""
    before = None if started is None else started.round_before
    if before is None or started is None or started.member_id != table.turn:
        return False
    was = before.members.get(member_id)
    if was is None or not was.delaying:
        return False
    saved, position = copy_table(before), table.position
    for name in Table.__slots__:
        setattr(table, name, getattr(saved, name))
    table.position = position
    table.just_started = table.prior_start = None
    table.members[member_id].delaying = False
    return True
