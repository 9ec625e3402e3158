"""The player view, the one place that decides what players see: the state (now and at any
line, in either timeline), the log, the export and the live stream all go through it.

What a player sees depends on who is looking (`viewer`: the characters the player's token
holds; the empty set is the view every player shares): a player's proposals, and the GM's
rulings on them, are shown to that player alone, and to no one else even once accepted (the
accepted facts are lines of their own, shown as any line is)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.corrections import CORRECTION_NAMES
from domain.events import EventAmended, Fact
from domain.proposals import proposer
from projections import clock
from projections.actions import action_lines, shown_actions
from projections.redaction_cast import Cast
from projections.render import named, state_json
from projections.view import Table

# Numbers about a combatant's damage track and resources: damage, healing, temporary HP, resolve
# or conviction spent (`amount`), a persistent damage `value`, a Toughness `save`, its `stats`.
VITALS = ("amount", "value", "save", "stats")
# A foe's initiative roll: the player state shows its initiative (natural + modifier), so either
# number would give the other, the modifier being its join's stats.initiative_modifier.
FOE_INITIATIVE = ("natural", "modifier")
POINTERS = ("attack", "against")  # fields that point at a line (`against`: when a number)
GM_ONLY = ("by", "key", "fingerprint")  # who recorded a line, under which request: GM only
# the GM's `action` is the line's own only as players may read it (player_log): it could name a
# hidden line, or tie a line they see to one they do not
RESTAMPED = ("action",)
NOT_SHOWN = frozenset(GM_ONLY + RESTAMPED)
STATE_KEYS = ("ruleset", "version", "phase", "round", "turn", "order", "combatants")
COMBATANT_KEYS = ("name", "side", "kind", "initiative", "vitals", "statuses", "conditions", "group")
PlayerLine = dict[str, Any]
Viewer = frozenset[str]  # the characters a player's token holds (none: the shared view)
EVERYONE: Viewer = frozenset()


def player_state(
    table: Table, version: int, cast: Cast, viewer: Viewer = EVERYONE
) -> dict[str, Any]:
    """The table after line `version` as players may see it: no one hidden then, foes' vitals
    only as a word, no warnings or prompts (they name what the GM keeps); the characters the
    `viewer` holds with their stats too (their attacks, their resources)."""
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
    for combatant in viewer.intersection(state["combatants"]):
        member = table.members[combatant]
        if not cast.foe(combatant, member.side):  # a token holds player characters only
            stats = member.stats.model_dump(mode="json", exclude_unset=True)
            state["combatants"][combatant]["stats"] = stats
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
    events: Sequence[Fact],
    cast: Cast,
    withdrawn: set[int],
    after: int = 0,
    viewer: Viewer = EVERYONE,
) -> list[tuple[int, PlayerLine | None]]:
    """Each line after `after` as the `viewer` sees it: the line in force (without the GM's
    envelope, reasons, a foe's numbers and any pointer at a line they cannot see, its `action`
    as players may read it), a bare withdrawn marker for a line revoked or replaced, or None for
    a line that names someone hidden when it was written or corrects such a line, and for
    another player's proposal or a ruling on it."""
    player = PlayerLines(events, cast, withdrawn, viewer)
    lines = [(position, player.line(position, event))
             for position, event in enumerate(events[after:], after + 1)]  # fmt: skip
    runs = action_lines(events, after)
    if not runs:
        return lines
    known = {p: line is not None for p, line in lines if p not in withdrawn}

    def shown(p: int) -> bool:  # a line of the action players could see when it was written
        seen = known.get(p)
        return not player.kept(p) if seen is None else seen

    for position, first in shown_actions(runs, shown).items():
        line = lines[position - after - 1][1] if position > after else None
        if line is not None and "fact" in line:
            line["fact"]["action"] = first
    return lines


@dataclass(frozen=True, slots=True)
class PlayerLines:
    """The lines of one log as players see them, `cast` and `withdrawn` decided from the whole
    log (History.cast, History.withdrawn)."""

    events: Sequence[Fact]
    cast: Cast
    withdrawn: set[int]
    viewer: Viewer = EVERYONE
    _unseen: dict[int, bool] = field(default_factory=dict, init=False, repr=False)  # by line

    def line(self, position: int, event: Fact, in_force: bool = False) -> PlayerLine | None:
        """The line at `position` holding `event` (see `player_log`); `in_force`: `event` is the
        fact in force there, shown even where the line written is withdrawn."""
        if self.private(position):
            return None
        if position in self.withdrawn and not in_force:
            return withdrawn_marker(position)
        fact = event.to_json_dict()
        if self._kept(position, event, fact):
            return None
        return {"position": position, "fact": self.shown(fact), "revoked": False,
                "amended_by": None}  # fmt: skip

    def private(self, position: int) -> bool:
        """Whether line `position` is a proposal, or a ruling on one, for a character the
        viewer does not hold: kept from the viewer whole, withdrawn or not."""
        owner = proposer(self.events, position)
        return owner is not None and owner not in self.viewer

    def kept(self, position: int) -> bool:
        """Whether line `position`, as written, is kept from players (see `_kept`)."""
        event = self.events[position - 1]
        return self.private(position) or self._kept(position, event, event.to_json_dict())

    def unseen(self, position: int) -> bool:
        """Whether players cannot see line `position` at all, not even as a withdrawn marker."""
        if not 1 <= position <= len(self.events):
            return False  # no such line: nothing of one is told
        if self.private(position):
            return True
        if not self.cast.shown_from or position in self.withdrawn:
            return False  # no one ever hidden, or a withdrawn marker: players see it
        if (known := self._unseen.get(position)) is None:
            event = self.events[position - 1]
            known = self._unseen[position] = self._kept(position, event, event.to_json_dict())
        return known

    def _kept(self, position: int, event: Fact, fact: dict[str, Any]) -> bool:
        """Whether a line is kept from players: it names someone hidden when it was written, or
        it corrects a line they cannot see (even its undo would tell them the line is there, so
        it is left out as the line is, not shown as a withdrawn marker: nothing withdrew it)."""
        when = min(position, event.target) if isinstance(event, EventAmended) else position
        if any(self.cast.hidden_at(c, when) for c in named(fact)):
            return True
        return fact["type"] in CORRECTION_NAMES and self.unseen(fact["target"])

    def shown(self, fact: dict[str, Any]) -> dict[str, Any]:
        """A fact without the GM's envelope (its `action` too: player_log gives players their
        own reading of it), a correction's reason and line 1's table, without a pointer at a
        line players cannot see (`attack`, a save's `against`) and, when it is about a foe (its
        `target` or `combatant`), without numbers about the foe's vitals or its initiative roll;
        so is an amendment's replacement. A saving throw's `save` is the save's name, not a
        number, and stays."""
        shown = self._pointing_at_seen(fact)
        if shown.get("type") in CORRECTION_NAMES:
            shown.pop("reason", None)  # a correction's reason is the GM's
        about = [shown.get("target"), shown.get("combatant")]
        if any(isinstance(c, str) and self.cast.foe(c) for c in about):
            foes_own = FOE_INITIATIVE if shown.get("type") == "InitiativeRolled" else VITALS
            for name in foes_own:
                if not isinstance(shown.get(name), str):
                    shown.pop(name, None)
        if isinstance(shown.get("replacement"), dict):
            shown["replacement"] = self.shown(shown["replacement"])
        if isinstance(shown.get("facts"), list):  # the viewer's own proposal: their own numbers
            shown["facts"] = [self._pointing_at_seen(f) for f in shown["facts"]]
        if isinstance(branch := shown.get("branch_of"), dict):  # the parent's id is the GM's
            shown["branch_of"] = {name: value for name, value in branch.items()
                                  if name != "encounter"}  # fmt: skip
        if shown.get("type") == "EncounterCreated":
            shown.pop("table", None)  # which game group's fight it is: the host's and the GM's
        return shown

    def _pointing_at_seen(self, fact: dict[str, Any]) -> dict[str, Any]:
        """A fact without the GM's envelope and without a pointer at a line the viewer cannot
        see."""
        shown = {name: value for name, value in fact.items() if name not in NOT_SHOWN}
        for name in POINTERS:
            if type(line := shown.get(name)) is int and self.unseen(line):
                del shown[name]
        return shown


def withdrawn_marker(position: int) -> PlayerLine:
    """What players see of a line revoked or replaced: where it was, and that it is withdrawn."""
    return {"position": position, "withdrawn": True}
