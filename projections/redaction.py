"""The player view, the one place that decides what players see: the state (now and at any
line, in either timeline), the log, the export and the live stream all go through it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.corrections import CORRECTION_NAMES
from domain.events import EventAmended, Fact
from projections import clock
from projections.actions import action_lines, shown_actions
from projections.redaction_cast import Cast
from projections.render import named, state_json
from projections.view import Table

# Numbers about a combatant's damage track and resources: damage, healing, temporary HP, resolve
# or conviction spent (`amount`), a persistent damage `value`, a Toughness `save`, its `stats`.
VITALS = ("amount", "value", "save", "stats")
GM_ONLY = ("by", "key", "fingerprint")  # who recorded a line, under which request: GM only
# the GM's `action` is the line's own only as players may read it (player_log): it could name a
# hidden line, or tie a line they see to one they do not
RESTAMPED = ("action",)
NOT_SHOWN = frozenset(GM_ONLY + RESTAMPED)
STATE_KEYS = ("ruleset", "version", "phase", "round", "turn", "order", "combatants")
COMBATANT_KEYS = ("name", "side", "kind", "initiative", "vitals", "statuses", "conditions", "group")
PlayerLine = dict[str, Any]


def player_state(table: Table, version: int, cast: Cast) -> dict[str, Any]:
    """The table after line `version` as players may see it: no one hidden then, foes' vitals
    only as a word, no warnings or prompts (they name what the GM keeps)."""
    gm = state_json(table, version)
    hidden = cast.hidden(version) | {m.id for m in table.members.values() if m.hidden}
    state = {key: gm[key] for key in STATE_KEYS}
    state["order"] = [i for i in gm["order"] if i not in hidden]
    state["turn"] = None if gm["turn"] in hidden else gm["turn"]
    state["combatants"] = {
        member.id: _combatant(table, member, gm["combatants"][member.id], hidden, cast)
        for member in table.members.values()
        if member.id not in hidden
    }
    state["initiative_ties"] = [t for t in gm["initiative_ties"] if not hidden.intersection(t)]
    state["warnings"] = []
    return state


def _combatant(
    table: Table, member: Any, gm: dict[str, Any], hidden: set[str], cast: Cast
) -> dict[str, Any]:
    shown = {key: gm[key] for key in COMBATANT_KEYS if key in gm}
    foe = cast.foe(member.id, member.side)
    if foe:
        word = table.rules.descriptor(member.body, clock.ctx(table, member))
        shown["vitals"] = {"descriptor": word}
        if word != "healthy":  # the word says how it fares; "healthy" must not contradict it
            shown["statuses"] = [s for s in shown["statuses"] if s != "healthy"]
    shown["conditions"] = [_condition(c, hidden, foe) for c in shown["conditions"]]
    return shown


def _condition(shown: dict[str, Any], hidden: set[str], foe: bool) -> dict[str, Any]:
    """A condition without what names a hidden combatant (its source, the turn that ends it) and,
    on a foe, without its persistent damage `value` (a number about the foe's vitals)."""
    return {
        name: value
        for name, value in shown.items()
        if not hidden.intersection(named(value, name)) and not (foe and name == "value")
    }


def player_log(
    events: Sequence[Fact], cast: Cast, withdrawn: set[int], after: int = 0
) -> list[tuple[int, PlayerLine | None]]:
    """Each line after `after` as players see it: the line in force (without the GM's
    envelope, reasons and a foe's numbers, its `action` as players may read it), a bare
    withdrawn marker for a line revoked or replaced, or None for a line that names someone
    hidden when it was written."""
    lines = [
        (position, player_line(position, event, cast, withdrawn))
        for position, event in enumerate(events[after:], after + 1)
    ]
    runs = action_lines(events, after)
    if not runs:
        return lines
    known = {p: line is not None for p, line in lines if p not in withdrawn}

    def shown(p: int) -> bool:  # a line of the action players could see when it was written
        seen = known.get(p)
        return not kept_from_players(p, events[p - 1], cast) if seen is None else seen

    for position, first in shown_actions(runs, shown).items():
        line = lines[position - after - 1][1] if position > after else None
        if line is not None and "fact" in line:
            line["fact"]["action"] = first
    return lines


def player_line(position: int, event: Fact, cast: Cast, withdrawn: set[int]) -> PlayerLine | None:
    """One line as players see it (see `player_log`), with no `action`: players read an action
    only in `player_log`, among the lines they see (projections/actions.py `shown_actions`)."""
    if position in withdrawn:
        return withdrawn_marker(position)
    fact = event.to_json_dict()
    if kept_from_players(position, event, cast, fact):
        return None
    return {"position": position, "fact": shown_fact(fact, cast), "revoked": False,
            "amended_by": None}  # fmt: skip


def kept_from_players(
    position: int, event: Fact, cast: Cast, fact: dict[str, Any] | None = None
) -> bool:
    """Whether the line names someone hidden when it was written (an amendment: when the line
    it amends was); `fact`: the event's JSON, when at hand."""
    when = min(position, event.target) if isinstance(event, EventAmended) else position
    return any(cast.hidden_at(c, when) for c in named(fact or event.to_json_dict()))


def withdrawn_marker(position: int) -> PlayerLine:
    """What players see of a line revoked or replaced: where it was, and that it is withdrawn."""
    return {"position": position, "withdrawn": True}


def shown_fact(fact: dict[str, Any], cast: Cast) -> dict[str, Any]:
    """A fact without the GM's envelope, a correction's reason and line 1's table and, when it
    is about a foe (its `target` or `combatant`), without numbers about the foe's vitals; so is
    an amendment's replacement.
    A saving throw's `save` is the save's name, not a number, and stays."""
    shown = {name: value for name, value in fact.items() if name not in NOT_SHOWN}
    if shown.get("type") in CORRECTION_NAMES:
        shown.pop("reason", None)  # a correction's reason is the GM's
    about = [shown.get("target"), shown.get("combatant")]
    if any(isinstance(c, str) and cast.foe(c) for c in about):
        for name in VITALS:
            if not isinstance(shown.get(name), str):
                shown.pop(name, None)
    if isinstance(shown.get("replacement"), dict):
        shown["replacement"] = shown_fact(shown["replacement"], cast)
    if isinstance(branch := shown.get("branch_of"), dict):  # the parent's id is the GM's
        shown["branch_of"] = {name: value for name, value in branch.items() if name != "encounter"}
    if shown.get("type") == "EncounterCreated":
        shown.pop("table", None)  # which game group's fight it is: the host's and the GM's
    return shown
