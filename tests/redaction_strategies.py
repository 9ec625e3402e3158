"""Hypothesis strategies for the player view: logs of every ruleset whose combatants have
distinctive ids and names (so a substring search is meaningful), some hidden, some revealed,
with undos, redos and amendments of their joins (into someone else, to hidden, revoked), hidden
attackers' attacks with the damage and saves that point at them, corrections of lines that name
someone hidden, and everyone's initiative; the GM's table settings (the standing ruling on
proposals, the turn timer), some corrected; some are what-if branches whose line 1 names their
parent."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from hypothesis import strategies as st

from domain.events import (
    AttackMade,
    BranchOf,
    CombatantJoined,
    CombatantRevealed,
    CombatStarted,
    DamageDealt,
    EncounterCreated,
    Event,
    EventAmended,
    EventRestored,
    EventRevoked,
    Fact,
    HealingApplied,
    InitiativeRolled,
    SavingThrowRolled,
    StandingRulingSet,
    TurnTimerSet,
)
from tests.strategies import (
    OPTIONS_OF,
    SYSTEMS,
    Builder,
    correction,
    damage,
    simple_fact,
    stats_for,
    step,
)

SIDES = ["party", "foes", "ogres"]  # only the party has player characters
PARENT = UUID("5ec0e7a1-0000-4000-8000-0000000000aa")  # a branch's parent: the GM's to know


class Cast:
    """Hands out distinctive ids and names: `qz<n>x` and `Wyv<k>quill`, none inside another."""

    def __init__(self) -> None:
        self.ids = 0
        self.names = 0
        self.hidden: set[str] = set()  # joined hidden in some version

    def new_id(self) -> str:
        self.ids += 1
        return f"qz{self.ids:02d}x"

    def new_name(self) -> str:
        self.names += 1
        return f"Wyv{self.names:02d}quill"


def join(b: Builder, cast: Cast, combatant: str, hidden: bool) -> CombatantJoined:
    """A join under a fresh name; a party member is a PC, anyone else an NPC."""
    side = b.pick(SIDES)
    kind = b.pick([None, "pc"]) if side == "party" else b.pick([None, "npc"])
    if hidden:
        cast.hidden.add(combatant)
    return CombatantJoined(
        combatant=combatant, name=cast.new_name(), side=side, kind=kind, stats=stats_for(b),
        hidden=hidden,
    )  # fmt: skip


def joins(b: Builder) -> list[int]:
    """The positions of the log's joins, as first written."""
    return b.positions_of(CombatantJoined)


def naming_hidden(b: Builder, cast: Cast) -> list[int]:
    """The positions of the lines that name someone who joined hidden in some version."""
    return [n for n, e in enumerate(b.events, 1) if cast.hidden.intersection(names(e))]


def names(fact: Fact) -> set[str]:
    """The combatants a fact names in its own fields (an amendment: in its replacement)."""
    fact = fact.replacement if isinstance(fact, EventAmended) else fact
    fields = ("combatant", "attacker", "target", "source")
    return {v for v in (getattr(fact, f, None) for f in fields) if isinstance(v, str)}


def hidden_attack(b: Builder, cast: Cast) -> None:
    """An attack, by someone hidden when there is one, then the damage and a save that point
    at its line."""
    attacker = b.pick(sorted(cast.hidden.intersection(b.ids)) or b.ids)
    natural = b.number(1, 20)
    if not b.add(AttackMade(attacker=attacker, target=b.pick(b.ids), natural=natural,
                            total=natural + b.number(0, 8))):  # fmt: skip
        return
    attack = len(b.events)
    b.add(damage(b, b.pick(b.ids), b.number(1, 12), attack=attack))
    if b.draw(st.booleans()):
        b.add(SavingThrowRolled(combatant=b.pick(b.ids), save="reflex", natural=b.number(1, 20),
                                total=b.number(0, 30), against=attack))  # fmt: skip


def table_setting(b: Builder) -> None:
    """One of the GM's table settings (issue 26): the standing ruling on players' proposals on
    or off, or the turn timer on the players' phones (0: off); now and then amended or undone."""
    if b.draw(st.booleans()):
        b.add(StandingRulingSet(accept_routine=b.draw(st.booleans())))
    else:
        b.add(TurnTimerSet(seconds=b.pick([0, 1, 30, 60, 3600])))
    if b.number(0, 3) == 0:
        setting = len(b.events)
        amended = EventAmended(target=setting, replacement=TurnTimerSet(seconds=45))
        b.add(b.pick([EventRevoked(target=setting), amended]))


def secret_step(b: Builder, cast: Cast) -> None:
    """One line about who is seen: a join, a reveal, a correction of a join, a hidden
    attacker's blow, or a correction of a line naming someone hidden; or a table setting."""
    match b.number(0, 9):
        case 0:
            b.add(join(b, cast, cast.new_id(), hidden=b.draw(st.booleans())))
        case 1:
            b.add(CombatantRevealed(combatant=b.pick(b.ids)))
        case 2:  # a join amended into someone else, or the same one hidden or shown
            target = b.pick(joins(b))
            who = b.pick([cast.new_id(), b.events[target - 1].combatant])  # type: ignore[attr-defined]
            b.add(
                EventAmended(target=target, replacement=join(b, cast, who, b.draw(st.booleans())))
            )
        case 3:
            b.add(EventRevoked(target=b.pick(joins(b))))
        case 4:
            b.add(EventRestored(target=b.pick(sorted(b.integrity.revoked) or [2])))
        case 5:  # damage or healing from a combatant named as its source
            amount = b.number(1, 12)
            source = b.pick(b.ids)
            kind = b.pick([DamageDealt, HealingApplied])
            b.add(kind(target=b.pick(b.ids), amount=amount, source=source))
        case 6:
            hidden_attack(b, cast)
        case 7:  # an undo, a redo or an amendment of a line that names someone hidden
            correction(b, among=naming_hidden(b, cast))
        case 8:
            table_setting(b)
        case _:
            b.add(EventAmended(target=b.number(2, len(b.events)), replacement=simple_fact(b)))


@st.composite
def secret_logs(draw: Any, steps: int = 24) -> list[Event]:
    """A valid log of a random ruleset with hidden, revealed and re-amended combatants."""
    ruleset = draw(st.sampled_from(SYSTEMS))
    b = Builder(draw, refs=True, corrections=True, ruleset=ruleset)
    cast = Cast()
    options = draw(OPTIONS_OF[ruleset])
    branch = draw(st.sampled_from([None, BranchOf(encounter=PARENT, position=7, timeline="then")]))
    b.add(EncounterCreated(name="Fuzzed fight", ruleset=ruleset, options=options, branch_of=branch))
    for _ in range(b.number(2, 5)):
        b.add(join(b, cast, cast.new_id(), hidden=b.number(0, 2) == 0))
    for combatant in b.ids:
        b.add(InitiativeRolled(combatant=combatant, natural=b.number(1, 20),
                               modifier=b.number(-2, 9)))  # fmt: skip
    b.add(CombatStarted())
    for _ in range(b.number(0, steps)):
        if b.draw(st.booleans()):
            secret_step(b, cast)
        else:
            step(b)
    return b.events
