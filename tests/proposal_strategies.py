"""Hypothesis strategies for players' proposals (issue 26): logs of every ruleset in which two
players, each holding some of the party's characters, propose initiative, attacks with their
damage, saves, checks, resources and turn choices, and the GM accepts (as proposed or edited,
or unasked by a standing ruling), declines, undoes and redoes, sets the standing ruling and the
turn timer, among hidden and revealed foes and the GM's own lines. Each
proposal's note and each decline's reason is a distinctive word, so a substring search for it
is meaningful; every write is decided as the service decides it."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from domain.commands import Accept, Command, Decline, Propose, Redo, Undo
from domain.decide import decide
from domain.events import (
    ActionProposed,
    CombatantJoined,
    CombatStarted,
    EncounterCreated,
    Event,
    InitiativeRolled,
    NoteAdded,
    StandingRulingSet,
)
from domain.integrity import LogError
from projections.history import History
from projections.proposals import OPEN, nameable, players_in_fight, proposals
from projections.standing import accepts_routine, routine
from tests.redaction_strategies import Cast, join, secret_step, table_setting
from tests.strategies import OPTIONS_OF, SYSTEMS, Builder, stats_for, step

Viewer = frozenset[str]


@dataclass
class Play:
    """A log being played: who holds which character, and whose each distinctive word is."""

    b: Builder
    cast: Cast
    holds: tuple[Viewer, Viewer] = (frozenset(), frozenset())
    words: dict[str, str] = field(default_factory=dict)  # a note or a reason: its character

    def write(self, by: str, command: Command) -> list[int]:
        """The lines `command` records (none when the log refuses it), stamped as the service
        stamps them."""
        trial = deepcopy(self.b.integrity)  # all or none, as the store records a write
        try:
            facts = decide(trial, command)
            stamped = [f if f.by is not None else f.model_copy(update={"by": by}) for f in facts]
            trial.extend(stamped)
        except LogError:
            return []
        first = len(self.b.events) + 1
        for fact in stamped:
            assert self.b.add(fact), fact
        return list(range(first, first + len(facts)))

    def word(self, kind: str, owner: str) -> str:
        said = f"{kind}Q{len(self.words):02d}Z"
        self.words[said] = owner
        return said


def proposed_facts(p: Play, who: str, seen: list[str]) -> list[dict[str, Any]]:
    """What a player proposes for `who`, naming only combatants in `seen`."""
    b, natural = p.b, p.b.number(1, 20)
    target = b.pick(seen)
    roll = {"natural": natural, "total": natural + b.number(-2, 9)}
    match b.number(0, 7):
        case 0:
            return [{"type": "InitiativeRolled", "combatant": who, "natural": natural,
                     "modifier": b.number(-1, 5)}]  # fmt: skip
        case 1 | 2:
            swing = {"type": "AttackMade", "attacker": who, "target": target, **roll}
            cut = {"type": "DamageDealt", "target": target, "amount": b.number(1, 12)}
            return [swing, cut] if b.draw(st.booleans()) else [swing]
        case 3:
            return [{"type": "SavingThrowRolled", "combatant": who, "save": "reflex", **roll}]
        case 4:
            return [{"type": "CheckRolled", "combatant": who, "check": "stabilize",
                     "natural": b.number(1, 100), "total": b.number(1, 100)}]  # fmt: skip
        case 5:
            return [{"type": "ResolveSpent", "combatant": who, "amount": 1}]
    return [{"type": b.pick(["TurnEnded", "Delayed", "ActionReadied"]), "combatant": who}]


def propose(p: Play, facts: list[dict[str, Any]] | None = None) -> list[int]:
    """A player holding a character in the fight proposes for it, with a note; one the GM's
    standing ruling takes unasked is accepted at once after it, as the service does."""
    history = History(p.b.events)
    fighting = sorted(players_in_fight(history))
    if not fighting:
        return []
    who = p.b.pick(fighting)
    seen = sorted(nameable(history, frozenset({who})))
    raw = {"combatant": who, "facts": facts or proposed_facts(p, who, seen),
           "note": p.word("note", who)}  # fmt: skip
    proposal = ActionProposed.model_validate(raw)
    command = Propose(proposal, nameable(history, frozenset({who})), frozenset(fighting))
    made = p.write(f"player:{who}", command)
    if made and routine(proposal) and accepts_routine(p.b.events):
        return [*made, *p.write("gm", Accept(made[0], proposal, standing=True))]
    return made


def rule(p: Play) -> None:
    """The GM accepts (as proposed, or edited), or declines, a proposal still open, or its
    player withdraws it."""
    history = History(p.b.events)
    open_ = [q for q in proposals(history) if q.state in OPEN]
    if not open_:
        return
    chosen = p.b.pick(open_)
    match p.b.number(0, 3):
        case 0:
            p.write("gm", Accept(chosen.line, chosen.proposed))
        case 1:
            first, *rest = chosen.proposed.facts
            edited = first.model_copy(update=_edit(p, first))
            p.write("gm", Accept(chosen.line, chosen.proposed, (edited, *rest)))
        case 2:
            reason = p.word("reason", chosen.proposed.combatant)
            p.write("gm", Decline(chosen.line, reason))
        case _:
            p.write(f"player:{chosen.proposed.combatant}", Undo(position=chosen.line))


def _edit(p: Play, fact: Any) -> dict[str, Any]:
    """The GM's change to a fact: another die, total or amount where it has one."""
    for name in ("amount", "total", "modifier"):
        if isinstance(getattr(fact, name, None), int):
            return {name: getattr(fact, name) + p.b.number(1, 3)}
    return {}


def play_step(p: Play) -> None:
    """One turn of play: a proposal, a ruling, an undo or redo, a table setting (the standing
    ruling, the turn timer), or a line of the GM's own."""
    match p.b.number(0, 10):
        case 0 | 1 | 2:
            propose(p)
        case 3 | 4 | 5:
            rule(p)
        case 6:
            accepted = [q.ruling for q in proposals(History(p.b.events)) if q.ruling]
            undo = [Undo(action=p.b.pick(accepted))] if accepted else []
            p.write("gm", p.b.pick([Undo(), Redo(), *undo]))
        case 7:
            secret_step(p.b, p.cast)
        case 8:
            table_setting(p.b)
        case _:
            step(p.b)


def party(p: Play, count: int) -> list[str]:
    """The party's player characters, joined under distinctive names."""
    ids = []
    for _ in range(count):
        who = p.cast.new_id()
        joined = CombatantJoined(combatant=who, name=p.cast.new_name(), side="party", kind="pc",
                                 stats=stats_for(p.b))  # fmt: skip
        if p.b.add(joined):
            ids.append(who)
    return ids


@st.composite
def played_logs(draw: Any, steps: int = 20) -> Play:
    """A valid log of a random ruleset in which two players propose and the GM rules."""
    ruleset = draw(st.sampled_from(SYSTEMS))
    p = Play(Builder(draw, refs=True, corrections=True, ruleset=ruleset), Cast())
    b = p.b
    b.add(EncounterCreated(name="Fuzzed table", ruleset=ruleset, options=draw(OPTIONS_OF[ruleset])))
    pcs = party(p, b.number(2, 4))
    mine = frozenset(draw(st.lists(st.sampled_from(pcs), unique=True, min_size=1, max_size=2)))
    rest = [c for c in pcs if c not in mine]
    theirs = frozenset(draw(st.lists(st.sampled_from(rest), unique=True, min_size=1,
                                     max_size=2)) if rest else ())  # fmt: skip
    p.holds = (mine, theirs)
    for _ in range(b.number(1, 3)):
        b.add(join(b, p.cast, p.cast.new_id(), hidden=b.number(0, 2) == 0))
    if b.number(0, 2) == 0:  # the GM's standing ruling: players' initiative taken unasked
        b.add(StandingRulingSet(accept_routine=True))
    for combatant in b.ids:
        if combatant in pcs and b.draw(st.booleans()):
            propose(p, [{"type": "InitiativeRolled", "combatant": combatant,
                         "natural": b.number(1, 20), "modifier": 2}])  # fmt: skip
        else:
            b.add(InitiativeRolled(combatant=combatant, natural=b.number(1, 20), modifier=1))
    b.add(CombatStarted())
    for _ in range(b.number(0, steps)):
        play_step(p)
    return p


def never(events: list[Event], lines: set[int]) -> list[Any]:
    """The log with `lines` as plain notes (their time and author kept): the same positions,
    nothing of theirs at the table."""
    return [
        NoteAdded(text="—", at=e.at, by=e.by) if n in lines else e for n, e in enumerate(events, 1)
    ]
