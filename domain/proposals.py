"""Players' proposals (issue 26): what a player may propose for their character, what the log
checks of a proposal and of the GM's ruling on it, and the lines an acceptance writes."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol, get_args

from domain.events import (
    ENVELOPE,
    ActionProposed,
    AttackMade,
    DamageDealt,
    Fact,
    ProposalAccepted,
    ProposalDeclined,
    ProposedFact,
)
from domain.fact_kinds import PROPOSAL_TYPES, kind_of, named_in
from domain.lean import with_twins

PLAYER = "player:"  # a proposal's `by`: `player:<character>`, the one it is for
PROPOSAL_NAMES = frozenset({"ActionProposed", "ProposalAccepted", "ProposalDeclined"})
PROPOSABLE: tuple[type[Fact], ...] = get_args(get_args(ProposedFact)[0])
# the field naming whom each proposable fact is for (damage names no one: see `_actor_refused`)
ACTORS = with_twins({kind: next((f for f in ("combatant", "attacker") if f in kind.model_fields),
                                None) for kind in PROPOSABLE})  # fmt: skip
Refusal = tuple[str, str]  # the field at fault and why
Ruling = ProposalAccepted | ProposalDeclined


class ProposalBook(Protocol):
    """What the log keeps to check proposals (domain/integrity.py's LogIntegrity)."""

    types: list[str]
    revoked: set[int]
    proposals: dict[int, str]  # each ActionProposed line: the combatant it is for
    rulings: dict[int, int]  # each ProposalAccepted or ProposalDeclined line: its proposal


def unknown(combatant: str) -> str:
    """The refusal of a combatant the log does not know, or the proposing player cannot see:
    one text for both, so a player learns nothing from it."""
    return f"unknown combatant '{combatant}'"


def proposer(events: Sequence[Fact], position: int) -> str | None:
    """Whose proposal line `position` of `events` is, or rules on (None: it is neither; "" for
    a ruling that names no proposal, which no one holds)."""
    event = events[position - 1]
    if (
        type(event) not in PROPOSAL_TYPES
    ):  # most lines: one look at the type (no isinstance of a model)
        return None
    if isinstance(event, ActionProposed):
        return event.combatant
    line = event.proposal if isinstance(event, ProposalAccepted | ProposalDeclined) else 0
    proposal = events[line - 1] if 1 <= line <= len(events) else None
    return proposal.combatant if isinstance(proposal, ActionProposed) else ""


def player_of(combatant: str) -> str:
    """The `by` of a proposal for `combatant`: its player's."""
    return f"{PLAYER}{combatant}"


def proposal_refused(
    proposal: ActionProposed,
    known: Callable[[str], bool],
    after_the_end: Callable[[Fact], str | None],
    players: Collection[str] | None = None,
) -> Refusal | None:
    """Why the log cannot take `proposal` (None: it can). `known`: a combatant in the log (and,
    for a player, one they can see); `after_the_end`: why a fact cannot follow the end of
    combat, if it cannot; `players`: when given, the player characters in the fight."""
    combatant = proposal.combatant
    if not known(combatant):
        return "combatant", unknown(combatant)
    if players is not None and combatant not in players:
        return "combatant", f"'{combatant}' is no player character in the fight"
    if proposal.by is not None and proposal.by != player_of(combatant):
        return "by", f"a proposal for '{combatant}' is its player's: `by` is {player_of(combatant)}"
    for index, fact in enumerate(proposal.facts):
        refused = _fact_refused(fact, combatant, known, after_the_end)
        if refused is not None:
            return f"facts.{index}.{refused[0]}", refused[1]
    return None


def _fact_refused(
    fact: Fact,
    combatant: str,
    known: Callable[[str], bool],
    after_the_end: Callable[[Fact], str | None],
) -> Refusal | None:
    for name in sorted(ENVELOPE):
        if getattr(fact, name) is not None:
            return name, "a proposed fact carries no envelope: the proposal's own is its"
    refused = accepted_refused(fact, combatant)
    if refused is not None:
        return refused
    if isinstance(fact, DamageDealt) and fact.source not in (None, combatant):
        # any other source is refused alike (a label, a combatant seen or hidden), so it tells
        # nothing; the weapon is the attack's own (`AttackMade.weapon`)
        return "source", f"a player's damage is their own: `source` is left out or '{combatant}'"
    for named in named_in(fact):
        if not known(named):
            return _field_naming(fact, named), unknown(named)
    reason = after_the_end(fact)
    return None if reason is None else ("type", reason)


def accepted_refused(fact: Fact, combatant: str) -> Refusal | None:
    """Why `fact` cannot be one of a proposal for `combatant` — the proposal's own, or a line of
    its acceptance (None: it can): a fact a player may propose, for that combatant."""
    if not isinstance(fact, PROPOSABLE):
        kinds = ", ".join(kind.__name__ for kind in PROPOSABLE)
        return "type", f"a proposal for '{combatant}' holds only {kinds}; not a {kind_of(fact)}"
    actor = ACTORS[type(fact)]
    if actor is not None and getattr(fact, actor) != combatant:
        return actor, f"a player proposes only for their own character, '{combatant}'"
    return None


def _field_naming(fact: Fact, combatant: str) -> str:
    return next(f for f in ("combatant", "attacker", "target", "before")
                if getattr(fact, f, None) == combatant)  # fmt: skip


def ruling_refused(book: ProposalBook, ruling: Ruling, position: int) -> Refusal | None:
    """Why the GM's ruling at line `position` cannot be taken (None: it can): it names a
    proposal that is pending, is the GM's, and an acceptance begins its facts' action."""
    if ruling.by is not None and ruling.by.startswith(PLAYER):
        return "by", "the GM rules on a proposal, not a player"
    if isinstance(ruling, ProposalAccepted) and ruling.action != position:
        return "action", "an acceptance begins the action of the facts it accepts"
    line = ruling.proposal
    if line >= position or book.types[line - 1] != "ActionProposed":
        what = "does not exist yet" if line >= position else f"is a {book.types[line - 1]}"
        return "proposal", f"line {line} is no proposal: it {what}"
    return _not_pending(book, line)


def _not_pending(book: ProposalBook, line: int) -> Refusal | None:
    if line in book.revoked:
        return "proposal", f"the proposal at line {line} was withdrawn"
    ruled = ruled_at(book, line)
    if ruled is not None:
        how = book.types[ruled - 1].removeprefix("Proposal").lower()
        return "proposal", f"the proposal at line {line} was already {how} at line {ruled}"
    return None


def ruled_at(book: ProposalBook, proposal: int) -> int | None:
    """The line of the ruling in force on the proposal at line `proposal`, if any."""
    return next((r for r, p in book.rulings.items() if p == proposal and r not in book.revoked),
                None)  # fmt: skip


def correction_refused(book: ProposalBook, kind: str, target: int) -> str | None:
    """Why a correction of `kind` cannot aim at line `target` for the proposals' sake (None: it
    can): a proposal or a ruling is never amended; a proposal ruled on is withdrawn only once
    its ruling is undone; an undone ruling comes back only on a proposal still pending."""
    what = book.types[target - 1]
    if what not in PROPOSAL_NAMES:
        return None
    if kind == "EventAmended":
        return (f"position {target} is an {what}: a proposal is accepted, edited or declined, "
                "and a ruling undone, never amended")  # fmt: skip
    if kind == "EventRevoked" and what == "ActionProposed":
        ruled = ruled_at(book, target)
        return (
            None
            if ruled is None
            else (
                f"position {target} is a proposal ruled on at line {ruled}: undo that ruling first"
            )
        )
    if kind == "EventRestored" and target in book.rulings:
        refused = _not_pending(book, book.rulings[target])
        return None if refused is None else refused[1]
    return None


def acceptance_of(book: ProposalBook, action: int | None, position: int) -> str | None:
    """The combatant whose proposal the line at `position` is accepted for, when it goes on
    with an acceptance's action (None: it is no line of an acceptance)."""
    if action is None or not 1 <= action < position or book.types[action - 1] != "ProposalAccepted":
        return None
    return book.proposals.get(book.rulings.get(action, 0))


def linked(facts: Sequence[Fact], first: int) -> list[Fact]:
    """`facts` as lines first, first+1 …: a damage citing no attack, after an attack of theirs
    on the same target, is that attack's damage (its `attack` the attack's line), as the GM's
    attack with its damage is one write."""
    found: list[Fact] = []
    aimed: dict[str, int] = {}  # each target: the line of the latest attack on it
    for line, fact in enumerate(facts, first):
        if isinstance(fact, DamageDealt) and fact.attack is None and fact.target in aimed:
            fact = fact.model_copy(update={"attack": aimed[fact.target]})
        elif isinstance(fact, AttackMade):
            aimed[fact.target] = line
        found.append(fact)
    return found


def acceptance(
    proposal: int,
    proposed: ActionProposed,
    ruled: Sequence[Fact] | None,
    first: int,
    standing: bool = False,
) -> list[Fact]:
    """The lines accepting the proposal at line `proposal` from line `first` on: the acceptance,
    then the facts — the GM's `ruled` ones when given (an edit), else the proposal's — linked
    (`linked`). Each fact as the player proposed it keeps the player's `by`; `edited` says
    whether the GM changed any; `standing`, that the GM's standing ruling accepted it unasked."""
    asked = linked(proposed.facts, first + 1)
    given = asked if ruled is None else linked(ruled, first + 1)
    left = [_plain(fact) for fact in asked]
    lines: list[Fact] = []
    for fact in given:
        plain = _plain(fact)
        if plain in left and proposed.by is not None:
            left.remove(plain)
            fact = fact.model_copy(update={"by": proposed.by})
        lines.append(fact)
    edited = [_plain(f) for f in given] != [_plain(f) for f in asked]
    ruling = ProposalAccepted(proposal=proposal, edited=edited)
    if standing:  # written only when so: the lines of every other acceptance are as they were
        ruling = ProposalAccepted(proposal=proposal, edited=edited, standing=True)
    return [ruling, *lines]


def _plain(fact: Fact) -> dict[str, Any]:
    """The fact's fields without its envelope, defaults included (`nonlethal: false` given or
    not is the same fact)."""
    return fact.model_dump(exclude=ENVELOPE)
