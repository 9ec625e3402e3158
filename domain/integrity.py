"""The log's integrity rules: what any encounter log must satisfy, whatever the GM rules."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from pydantic import ValidationError

from domain.actions import Actions, refused
from domain.after_the_fight import applies_after_the_fight, cannot_follow
from domain.corrections import CORRECTION_NAMES, UNREVOCABLE_NAMES, Correction, Corrections
from domain.events import (
    EVENT_TYPES,
    ActionProposed,
    CombatantJoined,
    CombatEnded,
    EncounterCreated,
    EventAmended,
    EventRestored,
    EventRevoked,
    Fact,
    ProposalAccepted,
    ProposalDeclined,
)
from domain.fact_kinds import PLAIN_NAMING, QUIET, TYPE_NAMES, named_in
from domain.proposals import (
    acceptance_of,
    accepted_refused,
    correction_refused,
    proposal_refused,
    ruling_refused,
    unknown,
)
from domain.rulesets import ruleset_for


class LogError(ValueError):
    """A fact the log cannot take, naming the position (line), the field and the reason."""

    def __init__(self, position: int, reason: str, field: str | None = None) -> None:
        self.position = position
        self.reason = reason
        self.field = field
        self.index: int | None = None  # which fact of an appended batch (0-based), when known
        where = f"line {position}" + (f", field '{field}'" if field else "")
        super().__init__(f"{where}: {reason}")


def first_error(exc: ValidationError, prefix: str = "") -> tuple[str, str]:
    """The first pydantic error as (dotted field, reason)."""
    err = exc.errors()[0]
    # drop union tags, and pydantic's "[key]" marker: a bad key is named by the key itself
    loc = ".".join(str(p) for p in err["loc"] if p not in EVENT_TYPES and p != "[key]")
    return (prefix + loc).strip("."), err["msg"]


@dataclass(slots=True)
class LogIntegrity(Corrections):
    """What the log knows of itself to check the next fact: positions, combatants, and its
    corrections (inherited, so a snapshot keeps `revoked` and `amendments` as it always has)."""

    ruleset: str = ""
    types: list[str] = field(default_factory=list)
    joined_at: dict[str, int] = field(default_factory=dict)
    revoked_at: dict[int, int] = field(default_factory=dict)  # target: its EventRevoked's line
    replacement_types: dict[int, str] = field(default_factory=dict)
    ending_candidates: set[int] = field(default_factory=set)
    receipts: dict[str, tuple[int, int]] = field(default_factory=dict)
    actions: Actions = field(default_factory=dict)  # the GM's actions (domain/actions.py)
    # players' proposals (domain/proposals.py): each ActionProposed line and whom it is for;
    # each ProposalAccepted or ProposalDeclined line and the proposal it rules on
    proposals: dict[int, str] = field(default_factory=dict)
    rulings: dict[int, int] = field(default_factory=dict)

    @property
    def version(self) -> int:
        """How many facts the log holds."""
        return len(self.types)

    def check(self, event: Fact) -> None:
        """Raise LogError if `event` cannot be the next line of this log."""
        position = len(self.types) + 1
        if event.action is not None:
            self._check_action(event.action, position)
        fields = PLAIN_NAMING.get(type(event))
        if fields is not None and position > 1:  # most lines: they name combatants in plain fields
            if self.ending_candidates:
                self._check_after_the_fight(event, position, position, "type")
            for name in fields:
                combatant = getattr(event, name)
                if combatant not in self.joined_at and isinstance(combatant, str):
                    raise LogError(position, unknown(combatant), name)
            if event.action is not None and event.action != position:
                self._check_accepted(event, position)
            return
        if position == 1:
            if not isinstance(event, EncounterCreated):
                raise LogError(1, "the first line must be EncounterCreated", "type")
            self._check_options(event)
            return
        if isinstance(event, EncounterCreated):
            raise LogError(position, "EncounterCreated may only be the first line", "type")
        if isinstance(event, Correction):
            self._check_correction(event, position)
        else:
            self._check_after_the_fight(event, position, position, "type")
        if isinstance(event, ActionProposed):
            self.check_proposal(event, position)
        elif isinstance(event, ProposalAccepted | ProposalDeclined):
            self._refuse(position, ruling_refused(self, event, position))
        else:
            self._check_combatants(event, position)
            if event.action is not None and event.action != position:
                self._check_accepted(event, position)

    def check_proposal(
        self,
        proposal: ActionProposed,
        position: int,
        nameable: Collection[str] | None = None,
        players: Collection[str] | None = None,
    ) -> None:
        """LogError unless `proposal` can be line `position`: whom it is for has joined, and
        each of its facts is one a player may propose for them, naming combatants who joined,
        and one that may follow the end of combat if the combat has ended. For a player's
        proposal the service gives `nameable` (the combatants that player can see: any other
        is refused exactly as one who never joined) and `players` (the player characters in
        the fight, whom alone a player proposes for)."""

        def known(combatant: str) -> bool:
            seen = nameable is None or combatant in nameable
            return seen and combatant in self.joined_at

        def after_the_end(fact: Fact) -> str | None:
            ended = self.ended_at()
            if ended is None or applies_after_the_fight(fact):
                return None
            return cannot_follow(fact, ended)

        self._refuse(position, proposal_refused(proposal, known, after_the_end, players))

    def _check_accepted(self, event: Fact, position: int) -> None:
        """A line going on with an acceptance's action is one of the proposal's facts."""
        combatant = acceptance_of(self, event.action, position)
        if combatant is not None:
            self._refuse(position, accepted_refused(event, combatant))

    @staticmethod
    def _refuse(position: int, refusal: tuple[str, str] | None) -> None:
        if refusal is not None:
            raise LogError(position, refusal[1], refusal[0])

    def record(self, event: Fact) -> None:
        """Take `event` as the next line (after `check`)."""
        position = len(self.types) + 1
        kind = type(event)
        self.types.append(TYPE_NAMES.get(kind) or event.type_name)
        if event.key is not None:
            first = self.receipts.get(event.key, (position, position))[0]
            self.receipts[event.key] = (first, position)
        if event.action is not None:
            self.actions[event.action] = position  # a new action, or its next line
        if kind in QUIET:
            return
        if isinstance(event, ActionProposed):
            self.proposals[position] = event.combatant
        elif isinstance(event, ProposalAccepted | ProposalDeclined):
            self.rulings[position] = event.proposal
        self._remember(event, position)
        self.take(position, event)
        if isinstance(event, EventRevoked):
            self.revoked_at[event.target] = position
        elif isinstance(event, EventRestored):  # kept for the lines revoked now, as `revoked` is
            self.revoked_at.pop(event.target, None)
        elif isinstance(event, EventAmended):
            self.replacement_types[position] = event.replacement.type
            self._remember(event.replacement, event.target)

    def append(self, event: Fact) -> None:
        """Check, then record."""
        self.check(event)
        self.record(event)

    def extend(self, events: Iterable[Fact]) -> None:
        """`append` each in turn. A line that only names combatants in its own fields and
        records only its type (most of a fight) is checked and recorded here in one step: the
        100k-line benchmark log's integrity, CPU 60 -> 34 ms."""
        plain, joined, types, actions = PLAIN_NAMING, self.joined_at, self.types, self.actions
        for event in events:
            kind = type(event)
            fields = plain.get(kind)
            if fields is None or kind not in QUIET or self.ending_candidates or not types:
                self.append(event)
                continue
            for name in fields:
                combatant = getattr(event, name)
                if combatant not in joined and isinstance(combatant, str):
                    raise LogError(len(types) + 1, unknown(combatant), name)
            if (action := event.action) is not None:  # one of an action (`_check_action`)
                position = len(types) + 1
                if action != position and actions.get(action) != position - 1:
                    self._check_action(action, position)
                if action != position:
                    self._check_accepted(event, position)
                actions[action] = position
            if event.key is not None:
                self.record(event)
            else:
                types.append(TYPE_NAMES[kind])

    def effective_type(self, position: int) -> str | None:
        """The type of fact in force at `position`, or None if revoked."""
        line = self.source(position)
        if line is None:
            return None
        return self.types[line - 1] if line == position else self.replacement_types[line]

    def ended_at(self) -> int | None:
        """The position of the CombatEnded in force, if any."""
        if not self.ending_candidates:  # most lines of most logs: no sort
            return None
        for pos in sorted(self.ending_candidates):
            if self.effective_type(pos) == "CombatEnded":
                return pos
        return None

    def _remember(self, event: Fact, position: int) -> None:
        if isinstance(event, CombatantJoined):
            self.joined_at[event.combatant] = position
        if isinstance(event, CombatEnded):
            self.ending_candidates.add(position)
        if isinstance(event, EncounterCreated):
            self.ruleset = event.ruleset

    def _check_action(self, action: int, position: int) -> None:
        reason = refused(self.actions, action, position)
        if reason is not None:
            raise LogError(position, reason, "action")

    def _check_options(self, event: EncounterCreated) -> None:
        try:
            rules = ruleset_for(event.ruleset)
        except KeyError:
            raise LogError(
                1, f"the {event.ruleset} ruleset is not available yet", "ruleset"
            ) from None
        try:
            rules.options_model.model_validate(event.options)
        except ValidationError as exc:
            name, reason = first_error(exc, "options.")
            raise LogError(1, reason, name) from None
        self.ruleset = event.ruleset

    def _check_correction(self, event: Correction, pos: int) -> None:
        target = event.target
        if target >= pos:
            raise LogError(
                pos, f"position {target} does not exist yet (this is line {pos})", "target"
            )
        if target == 1:
            raise LogError(pos, "EncounterCreated cannot be revoked or amended", "target")
        kind = self.types[target - 1]
        match event:
            case EventRestored():
                if target not in self.revoked:
                    raise LogError(pos, f"position {target} is not revoked", "target")
            case EventRevoked():
                if kind in UNREVOCABLE_NAMES:
                    raise LogError(
                        pos,
                        f"position {target} is an {kind}; restore or revoke its target instead",
                        "target",
                    )
                if target in self.revoked:
                    raise LogError(pos, f"position {target} is already revoked", "target")
            case EventAmended():
                if event.replacement.action is not None:
                    raise LogError(
                        pos,
                        "a replacement takes its line's place in the line's "
                        "action: it names no action of its own",
                        "replacement.action",
                    )
                if kind in CORRECTION_NAMES:
                    raise LogError(pos, f"position {target} is an {kind}, not a fact", "target")
                if target in self.revoked:
                    raise LogError(
                        pos,
                        f"position {target} is revoked; restore it before amending it",
                        "target",
                    )
                self._check_stats(event.replacement, pos, "replacement.")
                self._check_after_the_fight(event.replacement, target, pos, "replacement.type")
        refused = correction_refused(self, event.type_name, target)
        if refused is not None:
            raise LogError(pos, refused, "target")

    def _check_after_the_fight(self, fact: Fact, at: int, position: int, name: str) -> None:
        """A fact at line `at` after the CombatEnded in force must be one the fight's end allows."""
        ended = self.ended_at()
        if ended is None or at <= ended or applies_after_the_fight(fact):
            return
        raise LogError(position, cannot_follow(fact, ended), name)

    def _check_combatants(self, event: Fact, position: int) -> None:
        if isinstance(event, CombatantJoined):
            self._check_join(event, position)
        for combatant in named_in(event):
            if combatant not in self.joined_at:
                raise LogError(position, unknown(combatant), self._field_of(event, combatant))

    def _check_join(self, event: CombatantJoined, position: int) -> None:
        earlier = self.joined_at.get(event.combatant)
        if earlier is not None and self.effective_type(earlier) == "CombatantJoined":
            raise LogError(
                position,
                f"combatant '{event.combatant}' already joined at line {earlier}",
                "combatant",
            )
        self._check_stats(event, position, "")

    def _check_stats(self, event: Fact, position: int, prefix: str) -> None:
        if not isinstance(event, CombatantJoined):
            return
        try:
            ruleset_for(self.ruleset).stats_model.model_validate(event.stats)
        except ValidationError as exc:
            name, reason = first_error(exc, prefix + "stats.")
            raise LogError(position, reason, name) from None

    @staticmethod
    def _field_of(event: Fact, combatant: str) -> str:
        for name in ("combatant", "attacker", "target", "before", "aware", "order", "combatants"):
            value = getattr(event, name, None)
            if value == combatant or (isinstance(value, list) and combatant in value):
                return name
        if isinstance(event, EventAmended):
            return "replacement." + LogIntegrity._field_of(event.replacement, combatant)
        return "duration.of"
