"""An encounter's figures for analytics: a pure fold of its log, through the same table rules.

Everything is read from the effective log (undo and amend resolved), folded by the table, so a
revoked hit or an amended roll changes the figures exactly as it changes the table. Attack
outcomes are the table's (the GM's ruling, else the ruleset's reading of the roll); damage counts
when the table applied it (`Table.landed`), credited to whom the table reads as its dealer;
knock-outs and kills are the ruleset's own statuses appearing on the target; the track charted
over time is the ruleset's `track_value`. A recorded time without a timezone is read as
UTC here (the stored fact is left as it is), so one naive `at` among aware ones neither stops
the fold nor skews the durations.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from domain.events import (
    EVENT_TYPES,
    AttackMade,
    CombatantJoined,
    CombatEnded,
    ConditionApplied,
    DamageDealt,
    EncounterCreated,
    EncounterFiled,
    Fact,
    HealingApplied,
    ProposalAccepted,
    SavingThrowRolled,
    Session,
)
from domain.lean import kinds_with_twins
from domain.proposals import PLAYER
from domain.rulesets.base import Ctx
from domain.tables import DEFAULT_TABLE, table_of
from projections.clock import ctx
from projections.effective import effective_log
from projections.table import apply, initial
from projections.table import dealer as dealer_of
from projections.view import Member, Table

DOWN = frozenset({"unconscious", "dying", "dead"})  # knocked out: no longer acting
UNKNOWN = "unknown"  # damage with no attacker or combatant source in the log
Before = tuple[object, Ctx] | None  # a damaged target's track and context before the damage
# the fact types that name a `target` (asked of each line by exact type), and their lean twins
TARGETED = kinds_with_twins(kind for kind in EVENT_TYPES.values() if "target" in kind.model_fields)


@dataclass
class Fighter:
    """One combatant's figures in one encounter."""

    name: str
    side: str
    kind: str
    damage_dealt: int = 0
    damage_dealt_nonlethal: int = 0
    damage_taken: int = 0
    damage_taken_nonlethal: int = 0
    healing_received: int = 0
    attacks: int = 0
    hits: int = 0
    criticals: int = 0
    natural_1s: int = 0
    natural_20s: int = 0
    attacks_received: int = 0
    hits_received: int = 0
    knockouts: int = 0  # foes this combatant's damage dropped
    kills: int = 0  # foes this combatant's damage killed
    knocked_out: int = 0  # times this combatant went down
    killed: int = 0  # 1 if it died
    saves: int = 0  # saving throws rolled
    # of its attacks and saves, those its player entered: a proposal's facts the GM accepted as
    # proposed (issue 26); the rest are the GM's, typed in or changed while accepting
    attacks_by_player: int = 0
    saves_by_player: int = 0


@dataclass
class Figures:
    """What analytics keeps of one encounter (all derived; nothing here is a fact)."""

    name: str
    ruleset: str
    started_at: datetime | None
    ended: bool
    rounds: int
    events: int
    seconds: float | None
    fighters: dict[str, Fighter]
    # (round, dealer, target, damage type or "", nonlethal) -> amount
    damage: dict[tuple[int, str, str, str, bool], int]
    turns: list[tuple[int, str, float, int]]  # (round, combatant, seconds, line it ended on)
    round_seconds: dict[int, float]
    condition_rounds: dict[tuple[str, str], int]  # (combatant, condition) -> rounds in force
    hp: list[tuple[str, int, int, int]]  # (combatant, position, round, value) after each change
    campaign: str | None = None  # what the encounter is filed under (projections.filing)
    session: Session | None = None
    branch_of: str | None = None  # a what-if branch's parent encounter
    table: str = DEFAULT_TABLE  # the game group whose encounter it is (domain/tables.py)
    _seen_conditions: set[tuple[int, str, str]] = field(default_factory=set, repr=False)


def figures(events: Sequence[Fact]) -> Figures:
    """The figures of a whole log (its effective facts, folded by the table)."""
    return tallied(events).figures()


def tallied(events: Sequence[Fact]) -> Tally:
    """The running tally of a whole log: every line seen, the effective facts added."""
    tally = Tally(events[0])
    tally.saw(events[1:])
    for position, fact in effective_log(events)[1:]:
        tally.add(position, fact)
    return tally


class Tally:
    """Figures so far: every line is `saw` (times, count; a stretch of lines at once) and
    each fact in force is `add`ed, one at a time. A log that only grows extends its tally; a
    correction needs a new tally over the whole log (`figures`), since it changes what is in
    force behind it."""

    def __init__(self, created: Fact) -> None:
        assert isinstance(created, EncounterCreated), "line 1 must be EncounterCreated"
        self.table = initial(created)
        self.found = Figures(
            name=created.name, ruleset=created.ruleset, started_at=None, ended=False, rounds=0,
            events=0, seconds=None, fighters={}, damage=defaultdict(int), turns=[],
            round_seconds={}, condition_rounds=defaultdict(int), hp=[], campaign=created.campaign,
            session=created.session,
            branch_of=None if created.branch_of is None else str(created.branch_of.encounter),
            table=table_of(created),
        )  # fmt: skip
        self.first: datetime | None = None
        self.last: datetime | None = None
        self.turn_began: tuple[int, str, datetime | None] | None = None
        self.round_began: tuple[int, datetime | None] | None = None
        self.accepted: set[int] = set()  # the acceptances in force of players' proposals
        self.saw((created,))

    def saw(self, events: Sequence[Fact]) -> None:
        """Lines of the log, in force or not: the count and the span of recorded times (of
        times equal as instants, the first seen is kept)."""
        self.found.events += len(events)
        times = [at for at in map(timed, events) if at is not None]
        if not times:
            return
        first, last = min(times), max(times)
        self.first = first if self.first is None else min(self.first, first)
        self.last = last if self.last is None else max(self.last, last)

    def add(self, position: int, fact: Fact) -> None:
        """The next fact in force."""
        table, found = self.table, self.found
        before = before_damage(table, fact) if isinstance(fact, DamageDealt) else None
        apply(table, position, fact)
        count_line(found, table, position, fact, before)
        if isinstance(fact, ProposalAccepted):
            self.accepted.add(position)
        elif fact.action in self.accepted and (fact.by is None or fact.by.startswith(PLAYER)):
            count_by_player(found, fact)
        turn, began = table.turn, self.turn_began
        if turn is not None and (began is None or began[1] != turn or began[0] != table.round):
            at = aware(fact.at)
            if began is not None and began[2] is not None and at is not None:
                found.turns.append((began[0], began[1], seconds_between(began[2], at), position))
            self.turn_began = (table.round, turn, at)
        if table.round and (self.round_began is None or self.round_began[0] != table.round):
            at = aware(fact.at)
            if self.round_began is not None and self.round_began[1] is not None and at is not None:
                found.round_seconds[self.round_began[0]] = seconds_between(self.round_began[1], at)
            self.round_began = (table.round, at)
            count_conditions_in_force(found, table)

    def figures(self) -> Figures:
        """The figures as they stand (a snapshot: later lines do not change it)."""
        found = self.found
        span = (self.last - self.first).total_seconds() if self.first and self.last else None
        first = self.first.astimezone(UTC) if self.first else None
        return replace(
            found, started_at=first, seconds=span, rounds=self.table.round,
            fighters={k: replace(v) for k, v in found.fighters.items()}, damage=dict(found.damage),
            turns=list(found.turns), round_seconds=dict(found.round_seconds),
            condition_rounds=dict(found.condition_rounds), hp=list(found.hp),
        )  # fmt: skip

    def written(self) -> None:
        """The turns and HP points so far are stored: keep no copy of them (they only grow)."""
        self.found.turns.clear()
        self.found.hp.clear()


def timed(event: Fact) -> datetime | None:
    """The line's recorded time as real time at the table (with a timezone), or None: filing a
    fight under a campaign is bookkeeping, done when the GM gets to it (often days later), so
    its time never stretches the fight's real time."""
    return None if isinstance(event, EncounterFiled) else aware(event.at)


def aware(at: datetime | None) -> datetime | None:
    """The time with a timezone: one recorded without is taken to be UTC."""
    return at.replace(tzinfo=UTC) if at is not None and at.tzinfo is None else at


def seconds_between(start: datetime, end: datetime) -> float:
    return max(0.0, (end - start).total_seconds())


def before_damage(table: Table, fact: DamageDealt) -> Before:
    """A damaged target as it stood before the damage: its track and what the ruleset reads
    of it (both immutable values, so its statuses then can be asked later, and only are when
    it is down or dead after the damage: most hits drop no one)."""
    member = table.members.get(fact.target)
    if member is None:
        return None
    return member.body, ctx(table, member)


def _down_and_dead(table: Table, body: object, seen: Ctx) -> tuple[bool, bool]:
    """Whether the ruleset reads the track as down (out of the fight) and as dead."""
    now = table.rules.statuses(body, seen)
    return not DOWN.isdisjoint(now), "dead" in now


def _targeted(fact: Fact) -> str | None:
    """The combatant the fact names as its `target`, if its type has one."""
    target = getattr(fact, "target", None) if type(fact) in TARGETED else None
    return target if isinstance(target, str) else None


def count_line(found: Figures, table: Table, position: int, fact: Fact, before: Before) -> None:
    match fact:
        case CombatantJoined():
            member = table.members.get(fact.combatant)
            kind = member.kind if member is not None else (fact.kind or "npc")
            found.fighters[fact.combatant] = Fighter(fact.name, fact.side, kind)
            _hp(found, table, fact.combatant, position)
        case AttackMade():
            count_attack(found, table, position, fact)
        case DamageDealt():
            _damage(found, table, position, fact, before)
        case HealingApplied():
            if fact.target in found.fighters:
                found.fighters[fact.target].healing_received += fact.amount
            _hp(found, table, fact.target, position)
        case ConditionApplied():
            key = (table.round, fact.target, fact.condition.lower())
            in_rounds = table.round and table.phase != "ended"  # no rounds after the fight
            if in_rounds and key not in found._seen_conditions:
                found._seen_conditions.add(key)
                found.condition_rounds[key[1:]] += 1
        case CombatEnded():
            found.ended = True
        case EncounterFiled():
            found.campaign, found.session = fact.campaign, fact.session
        case SavingThrowRolled():
            if fact.combatant in found.fighters:
                found.fighters[fact.combatant].saves += 1
        case _:
            target = _targeted(fact)
            if target is not None and target in found.fighters:
                _hp(found, table, target, position)


def count_by_player(found: Figures, fact: Fact) -> None:
    """An attack or a save its player entered (a line of an accepted proposal, as proposed)."""
    if isinstance(fact, AttackMade) and fact.attacker in found.fighters:
        found.fighters[fact.attacker].attacks_by_player += 1
    elif isinstance(fact, SavingThrowRolled) and fact.combatant in found.fighters:
        found.fighters[fact.combatant].saves_by_player += 1


def count_attack(found: Figures, table: Table, position: int, fact: AttackMade) -> None:
    outcome = table.attacks.get(position)
    attacker = found.fighters.get(fact.attacker)
    target = found.fighters.get(fact.target)
    hit = outcome in ("hit", "critical")
    if attacker is not None:
        attacker.attacks += 1
        attacker.hits += hit
        attacker.criticals += outcome == "critical"
        attacker.natural_1s += fact.natural == 1
        attacker.natural_20s += fact.natural == 20
    if target is not None:
        target.attacks_received += 1
        target.hits_received += hit


def _damage(found: Figures, table: Table, position: int, fact: DamageDealt, before: Before) -> None:
    if table.landed != position:
        return  # the table did not apply it (tied to a miss, or to an attack not in force)
    target = found.fighters.get(fact.target)
    member = table.members.get(fact.target)
    if target is None or member is None:
        return
    dealer = dealer_of(table, fact) or UNKNOWN
    kind = fact.damage_type or ""
    found.damage[(table.round, dealer, fact.target, kind, fact.nonlethal)] += fact.amount
    target.damage_taken += fact.amount
    target.damage_taken_nonlethal += fact.amount if fact.nonlethal else 0
    source = found.fighters.get(dealer)
    if source is not None:
        source.damage_dealt += fact.amount
        source.damage_dealt_nonlethal += fact.amount if fact.nonlethal else 0
    seen = ctx(table, member)
    down, dead = _down_and_dead(table, member.body, seen)
    was_down, was_dead = False, False
    if (down or dead) and before is not None:
        was_down, was_dead = _down_and_dead(table, *before)
    if down and not was_down:
        target.knocked_out += 1
        if source is not None:
            source.knockouts += 1
    if dead and not was_dead:
        target.killed = 1
        if source is not None:
            source.kills += 1
    _point(found, table, member, position, seen)


def _hp(found: Figures, table: Table, member_id: str, position: int) -> None:
    member = table.members.get(member_id)
    if member is not None:
        _point(found, table, member, position, ctx(table, member))


def _point(found: Figures, table: Table, member: Member, position: int, seen: Ctx) -> None:
    """The member's tracked value after a change (`seen`: what the ruleset reads of it now)."""
    value = table.rules.track_value(member.body, seen)
    found.hp.append((member.id, position, table.round, value))


def count_conditions_in_force(found: Figures, table: Table) -> None:
    for member in table.members.values():
        for condition in member.conditions:
            key = (table.round, member.id, condition.name.lower())
            if key not in found._seen_conditions:
                found._seen_conditions.add(key)
                found.condition_rounds[key[1:]] += 1
