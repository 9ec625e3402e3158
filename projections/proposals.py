"""Players' proposals as the log stands (issue 26): each one's state — pending, stale (derived,
never stored), accepted, edited then accepted, declined, withdrawn — and what it became; the
GM's queue in words with the rules' previewed outcome; a player's own proposals through the
player view; and, for the service, whom a player may name and who may propose."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from domain.events import ActionProposed, Fact, ProposalAccepted, ProposalDeclined
from domain.proposals import acceptance
from projections.analytics import DOWN
from projections.history import History
from projections.player import player_state
from projections.preview import dry_run
from projections.proposal_words import names_in, proposal_words
from projections.redaction import EVERYONE, PlayerLines, Viewer

State = dict[str, Any]
OPEN = ("pending", "stale")  # the states the GM may still rule on (a stale one too, knowingly)


@dataclass(frozen=True, slots=True)
class Proposal:
    """A player's proposal at line `line` and what became of it: `state` is `pending`, `stale`
    (`stale` says why), `accepted`, `edited` (accepted once the GM changed it), `declined`
    (`reason`: the GM's, for its player) or `withdrawn` (its line undone); `ruling` is the line
    of the acceptance or decline in force, `lines` those the acceptance wrote after it."""

    line: int
    proposed: ActionProposed
    state: str
    ruling: int | None = None
    lines: tuple[int, ...] = ()
    reason: str | None = None
    stale: tuple[str, ...] = ()


def proposals(history: History) -> list[Proposal]:
    """Every proposal of the log, in the order made, as the log now stands."""
    events, revoked = history.events, history.corrections.revoked
    asked: dict[int, ActionProposed] = {}
    ruled: dict[int, int] = {}  # each proposal: its latest ruling in force
    for position, event in enumerate(events, 1):
        if type(event) is ActionProposed:
            asked[position] = event
        elif isinstance(event, ProposalAccepted | ProposalDeclined) and position not in revoked:
            ruled[event.proposal] = position
    now = history.state()
    return [
        _became(history, line, proposal, ruled.get(line), now) for line, proposal in asked.items()
    ]


def _became(
    history: History, line: int, proposal: ActionProposed, ruling: int | None, now: State
) -> Proposal:
    events = history.events
    if line in history.corrections.revoked:
        return Proposal(line, proposal, "withdrawn")
    ruled = events[ruling - 1] if ruling is not None else None
    if isinstance(ruled, ProposalAccepted):
        state = "edited" if ruled.edited else "accepted"
        return Proposal(line, proposal, state, ruling, accepted_lines(events, ruling or 0))
    if isinstance(ruled, ProposalDeclined):
        return Proposal(line, proposal, "declined", ruling, reason=ruled.reason)
    facts = [f.to_json_dict() for f in proposal.facts]
    why = stale(facts, proposal.combatant, history.state(line), now, undone_since(history, line))
    return Proposal(line, proposal, "stale" if why else "pending", stale=why)


def accepted_lines(events: Sequence[Fact], ruling: int) -> tuple[int, ...]:
    """The lines the acceptance at line `ruling` wrote: those after it in its action."""
    found: list[int] = []
    for position in range(ruling + 1, len(events) + 1):
        if events[position - 1].action != ruling:
            break
        found.append(position)
    return tuple(found)


def undone_since(history: History, proposal: int) -> Callable[[int], bool]:
    """Whether a line a proposal points at has been undone, or amended, since it was made."""
    corrections = history.corrections
    return lambda line: (
        line in corrections.revoked or (corrections.amended_by(line) or 0) > proposal
    )


def stale(
    facts: Sequence[State], combatant: str, then: State, now: State, undone: Callable[[int], bool]
) -> tuple[str, ...]:
    """Why a proposal made when the table was `then` no longer fits the table `now` (either as
    one reader sees them): `gone` (whom it is for left the fight), `down` (they went down since),
    `turn_passed` (the turn it was made in is over; initiative belongs to no turn),
    `target_gone`, `target_down`, `line_undone` (a line it points at was undone or amended
    since), `initiative_recorded` (an initiative was recorded for them since)."""
    why: list[str] = []
    why += _fares(combatant, then, now, "")
    if any(f["type"] != "InitiativeRolled" for f in facts) and _moment(then) != _moment(now):
        why.append("turn_passed")
    for fact in facts:
        if fact["type"] in ("AttackMade", "DamageDealt"):
            why += _fares(fact["target"], then, now, "target_")
        pointers = [fact.get("attack"), fact.get("against")]
        if any(type(line) is int and undone(line) for line in pointers):
            why.append("line_undone")
        if fact["type"] == "InitiativeRolled" and _initiative(then, combatant) != _initiative(
            now, combatant
        ):
            why.append("initiative_recorded")
    return tuple(dict.fromkeys(why))


def _fares(combatant: str, then: State, now: State, prefix: str) -> list[str]:
    shown, was = now["combatants"].get(combatant), then["combatants"].get(combatant)
    if shown is None or "left" in shown["statuses"]:
        return [f"{prefix}gone"]
    fell = DOWN.intersection(shown["statuses"]) and not DOWN.intersection(
        (was or {}).get("statuses", ())
    )
    return [f"{prefix}down"] if fell else []


def _moment(state: State) -> tuple[Any, ...]:
    return state["phase"], state["round"], state["turn"]


def _initiative(state: State, combatant: str) -> Any:
    return state["combatants"].get(combatant, {}).get("initiative")


def gm_proposals(history: History, states: Sequence[str] = OPEN) -> list[State]:
    """The proposals in `states` (default: those the GM may still rule on, oldest first) as the
    GM's page shows them: the proposal, its state, and its words with the outcome the rules
    preview for it now (`derived`, one per fact: what its acceptance would do)."""
    now = history.state()
    name = names_in(now)
    defenses = {d.name: d.title for d in history.table().rules.catalog.defenses}
    found = []
    for proposal in proposals(history):
        if proposal.state not in states:
            continue
        first = history.version + 1
        accepted = acceptance(proposal.line, proposal.proposed, None, first)
        derived = dry_run(history, accepted)[1] if proposal.state in OPEN else {}
        asked = proposal.proposed.model_copy(update={"facts": accepted[1:]})  # linked
        words = proposal_words(asked, first + 1, name, derived, defenses)
        previews = [derived.get(line) for line in range(first + 1, first + len(accepted))]
        found.append({**_told(proposal), "by": proposal.proposed.by, "words": words,
                      "facts": [f.to_json_dict() for f in proposal.proposed.facts],
                      "derived": previews})  # fmt: skip
    return found


def _told(proposal: Proposal) -> State:
    """The proposal's own fields, in one shape whatever its state."""
    return {
        "line": proposal.line, "combatant": proposal.proposed.combatant,
        "note": proposal.proposed.note, "state": proposal.state, "ruling": proposal.ruling,
        "lines": list(proposal.lines), "reason": proposal.reason, "stale": list(proposal.stale),
    }  # fmt: skip


def player_proposals(history: History, viewer: Viewer) -> list[State]:
    """The viewer's own proposals as the player view shows them (projections/redaction.py):
    each with its state — stale as the viewer's own view of the table tells, a decline with the
    GM's reason — and, once accepted, the lines it became that the viewer sees."""
    lines = PlayerLines(history.events, history.cast(), history.withdrawn(), viewer)
    now = player_state(history, None, "then", viewer)
    found = []
    for proposal in proposals(history):
        shown = lines.line(proposal.line, proposal.proposed, in_force=True)
        if proposal.proposed.combatant not in viewer or shown is None:
            continue
        told = {**_told(proposal), "facts": shown["fact"]["facts"]}
        told["lines"] = [q for q in proposal.lines if not lines.unseen(q)]
        if proposal.state in OPEN:
            then = player_state(history, proposal.line, "then", viewer)
            undone = undone_since(history, proposal.line)
            why = stale(told["facts"], proposal.proposed.combatant, then, now, undone)
            told |= {"state": "stale" if why else "pending", "stale": list(why)}
        found.append(told)
    return found


def nameable(history: History, viewer: Viewer = EVERYONE) -> frozenset[str]:
    """The combatants a player holding `viewer` may name in a proposal: those the player view
    shows at the log's end (anyone else is refused as one who never joined), their own too."""
    shown = player_state(history, None, "then", viewer)["combatants"]
    return frozenset(shown) | viewer.intersection(history.table().members)


def players_in_fight(history: History) -> frozenset[str]:
    """The player characters in the fight: whom alone a player proposes for."""
    members = history.table().members.values()
    return frozenset(m.id for m in members if m.kind == "pc" and not m.left)


def claimable(history: History) -> list[tuple[str, str]]:
    """The player characters a player may claim through the shared player link, in the order
    they joined: (id, name) of those in the fight that the player view shows (a hidden one is
    never offered, nor named in a refusal)."""
    shown, players = nameable(history), players_in_fight(history)
    members = history.table().members.values()
    return [(m.id, m.name) for m in members if m.id in players and m.id in shown]


def proposal_at(history: History, line: int) -> ActionProposed | None:
    """The proposal at line `line`, if that line holds one (what Accept carries)."""
    event = history.events[line - 1] if 1 <= line <= history.version else None
    return event if isinstance(event, ActionProposed) else None
