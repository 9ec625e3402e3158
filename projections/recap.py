"""A session's recap in table words: per fight the rounds and real time, who dropped and who got
them up, kills, the biggest hit, natural 20s and 1s, the rulings corrected, who was left
standing, what the players asked for beside what the GM ruled; and the session's totals.

A pure projection: each fight's effective log (as corrected) is folded by the table, and what
the table decided is read from it — damage counts when the table applied it (`Table.landed`),
its dealer is the table's (`projections.table.dealer`), down and dead are the ruleset's statuses
(projections/analytics.py `DOWN`). Everything is read through a lens (projections/recap_lens.py):
the players' recap is the recap of the player view, not the GM's recap with things cut out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from domain.events import EncounterCreated, Fact, Session
from projections.analytics import DOWN, timed
from projections.effective import effective_log
from projections.history import History
from projections.recap_asked import Asked, asked_and_ruled
from projections.recap_lens import Lens, Shown, lens_for
from projections.recap_rulings import Ruling, called, rulings
from projections.redaction import EVERYONE, Viewer
from projections.table import apply, dealer, initial
from projections.view import Table


@dataclass(frozen=True, slots=True)
class Drop:
    """A combatant went down (or died outright): by whose damage, when the table says so."""

    combatant: str
    name: str
    round: int
    line: int
    dealer: str | None
    dealer_name: str | None
    cause: str | None  # what put it down, in words, when not a combatant's damage
    died: bool


@dataclass(frozen=True, slots=True)
class Rise:
    """A down combatant got back up (`how`: "up"), or was stabilised (`how`: "stable")."""

    combatant: str
    name: str
    round: int
    line: int
    how: str
    healer: str | None
    healer_name: str | None
    means: str | None  # the healing's kind, the check or save that did it


@dataclass(frozen=True, slots=True)
class Hit:
    """The largest damage the table applied in a fight."""

    dealer: str | None
    dealer_name: str | None
    target: str
    target_name: str
    amount: int | None  # None only while reading: a damage whose amount the reader is not shown
    damage_type: str | None
    round: int
    line: int


@dataclass(frozen=True, slots=True)
class Naturals:
    """A combatant's natural 20s and natural 1s on attack rolls."""

    combatant: str
    name: str
    twenties: int
    ones: int


@dataclass(frozen=True, slots=True)
class Standing:
    """Who of one side was left standing at the end (neither down nor gone)."""

    side: str
    names: list[str]


@dataclass(frozen=True, slots=True)
class FightRecap:
    """One fight of the session."""

    encounter: str
    name: str
    rounds: int
    seconds: float | None
    drops: list[Drop]
    rises: list[Rise]
    kills: list[Drop]
    biggest_hit: Hit | None
    naturals: list[Naturals]
    rulings: list[Ruling]
    standing: list[Standing]
    asked: list[Asked] = field(default_factory=list)  # players' proposals and their rulings


@dataclass(frozen=True, slots=True)
class Totals:
    """The session's sums over its fights."""

    fights: int
    rounds: int
    seconds: float | None
    drops: int
    kills: int


@dataclass(frozen=True, slots=True)
class Recap:
    """A session's recap: for players (`player`) or for the GM."""

    session: Session | None
    campaign: str | None
    player: bool
    fights: list[FightRecap]
    totals: Totals


def recap(
    fights: Sequence[tuple[str, Sequence[Fact]]],
    session: Session | None = None,
    campaign: str | None = None,
    player: bool = False,
    viewer: Viewer = EVERYONE,
) -> Recap:
    """The recap of a session's fights (each: encounter id, its log), in the order given; for
    players, as `viewer` sees them."""
    found = [fight_recap(encounter, events, player, viewer) for encounter, events in fights]
    seconds = [f.seconds for f in found if f.seconds is not None]
    totals = Totals(
        fights=len(found), rounds=sum(f.rounds for f in found),
        seconds=sum(seconds) if seconds else None,
        drops=sum(len(f.drops) for f in found), kills=sum(len(f.kills) for f in found),
    )  # fmt: skip
    return Recap(session, campaign, player, found, totals)


def fight_recap(
    encounter: str, events: Sequence[Fact], player: bool = False, viewer: Viewer = EVERYONE
) -> FightRecap:
    """One fight's recap from its log, for players (as `viewer` sees it) or for the GM."""
    history = History(events)
    lens = lens_for(history, player, viewer)
    walk = Walk(lens, events[0])
    for position, fact in effective_log(events)[1:]:
        walk.take(position, fact)
    final = walk.state
    return FightRecap(
        encounter=encounter, name=str((lens.fact(1, events[0]) or {}).get("name", "")),
        rounds=int(final["round"]), seconds=real_time(lens, events), drops=walk.drops,
        rises=walk.rises, kills=walk.kills, biggest_hit=walk.biggest,
        naturals=[Naturals(c, called(final, c), *n) for c, n in walk.naturals.items() if any(n)],
        # A correction is the GM's bookkeeping ("line 98 undone: phase: ended → combat"): the
        # players' recap tells the fight as corrected and lists none of them.
        rulings=[] if player else rulings(history, lens), standing=standing(final),
        asked=asked_and_ruled(history, player, viewer),
    )  # fmt: skip


def real_time(lens: Lens, events: Sequence[Fact]) -> float | None:
    """Seconds from the first to the last time recorded on a line this reader sees."""
    times = [
        at
        for position, event in enumerate(events, 1)
        if (at := timed(event)) is not None and lens.line(position) is not None
    ]
    return (max(times) - min(times)).total_seconds() if times else None


def standing(state: Shown) -> list[Standing]:
    """Each side's combatants neither down nor gone, sides in the order they joined."""
    sides: dict[str, list[str]] = {}
    for combatant, shown in state["combatants"].items():
        names = sides.setdefault(str(shown["side"]), [])
        if not DOWN.intersection(shown["statuses"]) and "left" not in shown["statuses"]:
            names.append(called(state, combatant))
    return [Standing(side, names) for side, names in sides.items()]


@dataclass(slots=True)
class Walk:
    """The fold of one fight's effective log, noting what the recap tells as it goes."""

    lens: Lens
    created: Fact
    drops: list[Drop] = field(default_factory=list)
    rises: list[Rise] = field(default_factory=list)
    kills: list[Drop] = field(default_factory=list)
    biggest: Hit | None = None
    naturals: dict[str, list[int]] = field(default_factory=dict)
    checks: dict[str, tuple[str, int, Any]] = field(default_factory=dict)  # target: (roller, …)
    state: Shown = field(default_factory=dict)
    table: Table = field(init=False)

    def __post_init__(self) -> None:
        assert isinstance(self.created, EncounterCreated), "line 1 must be EncounterCreated"
        self.table = initial(self.created)
        self.state = self.lens.state(self.table, 1)

    def take(self, position: int, fact: Fact) -> None:
        """The next fact in force: fold it, then read what changed as the lens shows it."""
        table = self.table
        apply(table, position, fact)
        after = self.lens.state(table, position)
        shown = self.lens.fact(position, fact)
        hit = None
        if shown is not None and shown["type"] == "DamageDealt" and table.landed == position:
            hit = _hit(after, shown, dealer(table, fact), position)  # type: ignore[arg-type]
        if shown is not None:
            self._read(shown, after, hit)
        self._changes(self.state, after, position, shown, hit)
        self.state = after

    def _read(self, shown: Shown, after: Shown, hit: Hit | None) -> None:
        if shown["type"] == "AttackMade" and shown.get("attacker") in after["combatants"]:
            counts = self.naturals.setdefault(shown["attacker"], [0, 0])
            counts[0] += shown.get("natural") == 20
            counts[1] += shown.get("natural") == 1
        if shown["type"] == "CheckRolled" and shown.get("target") in after["combatants"]:
            self.checks[shown["target"]] = (shown["combatant"], after["round"], after["turn"])
        if hit is None or hit.amount is None:
            return  # players are not shown a foe's damage
        if self.biggest is None or self.biggest.amount is None or hit.amount > self.biggest.amount:
            self.biggest = hit

    def _changes(
        self, before: Shown, after: Shown, line: int, shown: Shown | None, hit: Hit | None
    ) -> None:
        for combatant, now in after["combatants"].items():
            was = before["combatants"].get(combatant)
            if was is None:
                continue  # just joined or just revealed: nothing changed for the reader
            down, was_down = DOWN.intersection(now["statuses"]), DOWN.intersection(was["statuses"])
            died = "dead" in now["statuses"] and "dead" not in was["statuses"]
            if (down and not was_down) or died:
                self._dropped(combatant, after, line, shown, hit, died, fresh=not was_down)
            elif was_down and not down and "left" not in now["statuses"]:
                self.rises.append(self._rise(combatant, after, line, shown, "up"))
            elif down and "stable" in now["statuses"] and "stable" not in was["statuses"]:
                self.rises.append(self._rise(combatant, after, line, shown, "stable"))

    def _dropped(
        self, combatant: str, after: Shown, line: int, shown: Shown | None, hit: Hit | None,
        died: bool, fresh: bool,
    ) -> None:  # fmt: skip
        by = hit if hit is not None and hit.target == combatant else None
        drop = Drop(
            combatant, called(after, combatant), int(after["round"]), line,
            by.dealer if by else None, by.dealer_name if by else None,
            None if by and by.dealer else _cause(shown), died,
        )  # fmt: skip
        if fresh:
            self.drops.append(drop)
        if died:
            self.kills.append(drop)

    def _rise(self, combatant: str, after: Shown, line: int, shown: Shown | None, how: str) -> Rise:
        healer, means = None, _cause(shown)
        if shown is not None and shown["type"] == "CheckRolled":
            healer = shown["combatant"] if shown["combatant"] != combatant else None
        elif shown is not None and shown["type"] == "HealingApplied" and "source" in shown:
            healer = shown["source"]  # who healed as the GM recorded it: someone, or a label
            means = means if healer in after["combatants"] else str(healer)  # "a potion"
        elif shown is not None and shown["type"] == "HealingApplied":
            roller, at_round, turn = self.checks.get(combatant, (None, None, None))
            healer = roller if (at_round, turn) == (after["round"], after["turn"]) else None
        named = healer if healer in after["combatants"] else None
        return Rise(
            combatant, called(after, combatant), int(after["round"]), line, how, named,
            None if named is None else called(after, named), means,
        )  # fmt: skip


def _hit(after: Shown, shown: Shown, by: str | None, line: int) -> Hit:
    """The damage as the reader sees it: its amount None when the reader is not shown it."""
    named = by if by in after["combatants"] else None
    return Hit(
        named, None if named is None else called(after, named), shown["target"],
        called(after, shown["target"]), shown.get("amount"), shown.get("damage_type"),
        int(after["round"]), line,
    )  # fmt: skip


def _cause(shown: Shown | None) -> str | None:
    """What a fact did it with, in words: the healing's kind, the check, the save, the source."""
    if shown is None:
        return None
    match shown["type"]:
        case "HealingApplied":
            return str(shown.get("kind") or "healing")
        case "CheckRolled":
            return f"{shown.get('check')} check"
        case "SavingThrowRolled":
            return f"{shown.get('save')} save"
        case "DamageDealt":
            typed = f"{shown['damage_type']} damage" if shown.get("damage_type") else "damage"
            return str(shown.get("source") or typed)
        case "ConditionApplied":
            return str(shown.get("condition"))
    return None


def recap_json(found: Recap) -> dict[str, Any]:
    """The recap as JSON-ready data."""
    data = asdict(found)
    if found.session is not None:
        data["session"] = found.session.model_dump(mode="json")
    return data


__all__ = ["Recap", "Ruling", "recap", "recap_json"]
