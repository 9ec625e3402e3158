"""The event vocabulary of a combat log (shared/CONTRACT.md §1): frozen facts from the table."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal, TypeAlias
from uuid import UUID

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StringConstraints,
    TypeAdapter,
    ValidationInfo,
    field_validator,
)

from domain.bounds import (
    ISO_DAY,
    MAGNITUDE,
    NUL_FREE,
    TIME_IN_RANGE,
    TREE_IN_BOUNDS,
    WITHIN,
    ZONED_TIME,
)
from domain.rulesets.systems import System

# numbers a table can mean: bounded (±MAGNITUDE) when a fact comes from outside (domain.bounds)
Int = Annotated[
    int, Strict(), WITHIN, Field(json_schema_extra={"minimum": -MAGNITUDE, "maximum": MAGNITUDE})
]
NonNegative = Annotated[
    int, Strict(), Field(ge=0, json_schema_extra={"maximum": MAGNITUDE}), WITHIN
]
Tree = Annotated[dict[str, Any], TREE_IN_BOUNDS]  # stats, options
Position = Annotated[int, Strict(), Field(ge=1)]
D20 = Annotated[int, Strict(), Field(ge=1, le=20)]
Multiplier = Annotated[int, Strict(), Field(ge=2, json_schema_extra={"maximum": MAGNITUDE}), WITHIN]
Flag = Annotated[bool, Strict()]
CombatantId = Annotated[
    str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:'+-]*$")
]
LABEL_MOST = 200  # characters in a name or a label
Label = Annotated[str, StringConstraints(min_length=1, max_length=LABEL_MOST), NUL_FREE]
Ruleset = System  # the registry's ids (domain/rulesets/systems.py)
# a campaign's or a session's id: a short name the GM types (`curse-of-the-crypt`, `2026-11-20`)
Slug = Annotated[
    str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:+-]*$")
]
Day = Annotated[date, ISO_DAY]  # from outside only as YYYY-MM-DD


ENVELOPE = {"at", "by", "key", "fingerprint", "action"}
WIRE_TYPE = {"type"}  # a fact's `type`, written first by to_json_dict


class Fact(BaseModel):
    """Base of every event: the envelope the service adds (`at`, `by`, `key`, `fingerprint`,
    `action`) is optional, kept. Each fact type's validator and serializer are built when first
    used (`defer_build`), not at import: a replay of lean facts (domain/lean.py) uses none (its
    whole process ~3.5% less CPU); the store builds them all at once when imported (`built`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    at: Annotated[datetime | None, ZONED_TIME, TIME_IN_RANGE] = None
    by: Label | None = None
    key: Label | None = None  # the Idempotency-Key of the request that recorded it
    fingerprint: Label | None = None  # that request's route and body, digested: a reuse differs
    # the first line of the GM's action this line is one of (one write of several facts: an
    # attack with its damage, a fireball's targets), on each of its lines; absent: a line alone
    action: Position | None = None

    @property
    def type_name(self) -> str:
        """The wire name of this fact's type (`"DamageDealt"` …)."""
        return str(type(self).model_fields["type"].default)

    def to_json_dict(self) -> dict[str, Any]:
        """The event as one JSON Lines object: its wire type plus the fields that were given."""
        given = self.__pydantic_serializer__.to_python(
            self, mode="json", exclude_unset=True, exclude=WIRE_TYPE
        )  # one dump, the envelope then moved last: ~25% less CPU than a dump of each part
        envelope = {name: given.pop(name) for name in [n for n in given if n in ENVELOPE]}
        return {"type": self.type_name, **given, **envelope}


class BranchOf(BaseModel):
    """Where a what-if branch was forked: its parent encounter, the line, and the timeline the
    lines were taken in (`then`: as written; `corrected`: every correction applied)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    encounter: UUID
    position: Position
    timeline: Literal["then", "corrected"] = "then"


def in_a_campaign(session: Session | None, info: ValidationInfo) -> Session | None:
    """A session, if the fact also names its campaign (a session is one of a campaign's)."""
    if session is not None and info.data.get("campaign") is None:
        raise ValueError("a session belongs to a campaign: give `campaign` with `session`")
    return session


class Session(BaseModel):
    """A session of play: its id within the campaign, the day the table met, and its title."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Slug
    date: Day
    title: Label | None = None


class Filed(BaseModel):
    """What an encounter is filed under: a campaign, and a session of it (a session belongs to a
    campaign: `session` without `campaign` is refused)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    campaign: Slug | None = None
    session: Session | None = None

    _in_a_campaign = field_validator("session")(in_a_campaign)


class EncounterCreated(Fact):
    """An encounter was opened under a rules system, with the house rules chosen for it."""

    type: Literal["EncounterCreated"] = "EncounterCreated"
    name: Label
    ruleset: Ruleset
    options: Tree = Field(default_factory=dict)
    branch_of: BranchOf | None = None  # a what-if branch: its parent and the line it forked at
    campaign: Slug | None = None  # the campaign it is fought in (EncounterFiled may change it)
    session: Session | None = None  # ... and the session of that campaign
    # the game group (table) whose encounter it is; absent: the default table (domain/tables.py)
    table: Slug | None = None

    _in_a_campaign = field_validator("session")(in_a_campaign)


class CombatantJoined(Fact):
    """A combatant joined the encounter with its statistics."""

    type: Literal["CombatantJoined"] = "CombatantJoined"
    combatant: CombatantId
    name: Label
    side: Label
    kind: Literal["pc", "npc"] | None = None
    stats: Tree = Field(default_factory=dict)
    group: Label | None = None
    hidden: Flag = False


class CombatantRevealed(Fact):
    """The GM revealed a hidden combatant to the players."""

    type: Literal["CombatantRevealed"] = "CombatantRevealed"
    combatant: CombatantId


class CombatantLeft(Fact):
    """A combatant left the fight (fled, dismissed, taken away)."""

    type: Literal["CombatantLeft"] = "CombatantLeft"
    combatant: CombatantId
    reason: Label | None = None


class SurpriseDetermined(Fact):
    """The GM ruled who was aware at the start; everyone else is surprised."""

    type: Literal["SurpriseDetermined"] = "SurpriseDetermined"
    aware: list[CombatantId]


class InitiativeRolled(Fact):
    """A combatant rolled initiative: the d20 as it fell and the modifier added."""

    type: Literal["InitiativeRolled"] = "InitiativeRolled"
    combatant: CombatantId
    natural: D20
    modifier: Int


class InitiativeTieBroken(Fact):
    """The GM settled a tie: these combatants act in this order, first to last."""

    type: Literal["InitiativeTieBroken"] = "InitiativeTieBroken"
    order: Annotated[list[CombatantId], Field(min_length=2)]


class CombatStarted(Fact):
    """The fight began."""

    type: Literal["CombatStarted"] = "CombatStarted"


class TurnEnded(Fact):
    """A combatant's turn ended; who is next is derived."""

    type: Literal["TurnEnded"] = "TurnEnded"
    combatant: CombatantId


class Delayed(Fact):
    """A combatant chose to delay instead of acting on its turn."""

    type: Literal["Delayed"] = "Delayed"
    combatant: CombatantId


class DelayEnded(Fact):
    """A delaying combatant stepped back in and acts now."""

    type: Literal["DelayEnded"] = "DelayEnded"
    combatant: CombatantId


class ActionReadied(Fact):
    """A combatant readied an action against a trigger."""

    type: Literal["ActionReadied"] = "ActionReadied"
    combatant: CombatantId
    trigger: Label | None = None


class ReadiedActionTaken(Fact):
    """A readied action went off, interrupting `before` when given."""

    type: Literal["ReadiedActionTaken"] = "ReadiedActionTaken"
    combatant: CombatantId
    before: CombatantId | None = None


class AttackMade(Fact):
    """An attack was rolled against a defense; the outcome is the GM's ruling when given."""

    type: Literal["AttackMade"] = "AttackMade"
    attacker: CombatantId
    target: CombatantId
    natural: D20
    total: Int
    defense: Label | None = None
    outcome: Literal["hit", "miss", "critical"] | None = None
    confirm_natural: D20 | None = None
    confirm_total: Int | None = None
    threat: D20 | None = None  # the lowest natural that threatens a critical (absent: 20)
    multiplier: Multiplier | None = None  # a critical hit's damage multiplier (absent: ×2)
    weapon: Label | None = None  # what it was made with: a stored attack's name, or any label


class ToughnessSave(BaseModel):
    """True20: the target's Toughness save against 15 + the damage bonus, as rolled."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    natural: D20
    total: Int
    bonus: Int | None = None


class Rolled(BaseModel):
    """The dice behind an amount the service rolled from a `roll` notation: the notation and each
    kept die's face, in the order rolled (issue 25: "7 (1d8+3: 4)")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    notation: Annotated[str, StringConstraints(min_length=1, max_length=200), NUL_FREE]
    dice: Annotated[list[NonNegative], Field(max_length=100)]


class DamageDealt(Fact):
    """A combatant took damage in the amount the GM announced."""

    type: Literal["DamageDealt"] = "DamageDealt"
    target: CombatantId
    amount: NonNegative
    nonlethal: Flag = False
    on_miss: Flag = False  # a power's "Miss:" damage: applies even though `attack` missed
    damage_type: Label | None = None
    source: Label | None = None
    attack: Position | None = None
    save: ToughnessSave | None = None
    # what the weapon or attack is (starfinder: "magic", "cold iron", "lawful"; "all" for an
    # attack with its own ability to overcome DR) for the target's damage reduction (002 L1187)
    overcomes: Annotated[list[Label], Field(max_length=16)] | None = None
    rolled: Rolled | None = None  # the dice, when the service rolled the amount


class HealingApplied(Fact):
    """A combatant was healed, by `source` when the GM says who (a combatant or a label)."""

    type: Literal["HealingApplied"] = "HealingApplied"
    target: CombatantId
    amount: NonNegative
    kind: Label | None = None
    source: Label | None = None
    rolled: Rolled | None = None  # the dice, when the service rolled the amount


class TemporaryHitPointsGained(Fact):
    """A combatant gained temporary hit points."""

    type: Literal["TemporaryHitPointsGained"] = "TemporaryHitPointsGained"
    target: CombatantId
    amount: NonNegative
    source: Label | None = None


class TemporaryHitPointsLost(Fact):
    """A combatant's remaining temporary hit points went away (their duration ran out)."""

    type: Literal["TemporaryHitPointsLost"] = "TemporaryHitPointsLost"
    target: CombatantId
    source: Label | None = None


class RoundsDuration(BaseModel):
    """Lasts N rounds, ending just before the initiative count it began on."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    rounds: Annotated[int, Strict(), Field(ge=1), WITHIN]


class TurnDuration(BaseModel):
    """Lasts until the start or end of a combatant's turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    until: Literal["end_of_turn", "start_of_turn"]
    of: CombatantId
    next: Flag = True


class SaveEndsDuration(BaseModel):
    """Lasts until the target succeeds on a saving throw against it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    save_ends: Literal[True]


Duration: TypeAlias = RoundsDuration | TurnDuration | SaveEndsDuration


class ConditionApplied(Fact):
    """A condition or custom effect was put on a combatant."""

    type: Literal["ConditionApplied"] = "ConditionApplied"
    target: CombatantId
    condition: Label
    source: Label | None = None
    duration: Duration | None = None
    value: NonNegative | None = None
    damage_type: Label | None = None
    beneficial: Flag | None = None


class ConditionRemoved(Fact):
    """A condition was taken off a combatant."""

    type: Literal["ConditionRemoved"] = "ConditionRemoved"
    target: CombatantId
    condition: Label


class SavingThrowRolled(Fact):
    """A combatant rolled a saving throw, as rolled; `outcome` is the GM's ruling when given."""

    type: Literal["SavingThrowRolled"] = "SavingThrowRolled"
    combatant: CombatantId
    save: Label
    natural: D20
    total: Int
    dc: Int | None = None
    against: Label | Position | None = None
    outcome: Literal["success", "failure"] | None = None


class CheckRolled(Fact):
    """A combatant rolled a check (stabilize, heal, constitution …); `natural` may be a d%."""

    type: Literal["CheckRolled"] = "CheckRolled"
    combatant: CombatantId
    check: Label
    natural: Annotated[int, Strict(), Field(ge=1, le=100)]
    total: Int
    target: CombatantId | None = None
    against: Label | None = None
    dc: Int | None = None
    outcome: Literal["success", "failure"] | None = None


class ResolveSpent(Fact):
    """A combatant spent Resolve Points (Starfinder)."""

    type: Literal["ResolveSpent"] = "ResolveSpent"
    combatant: CombatantId
    amount: Annotated[int, Strict(), Field(ge=1), WITHIN]
    purpose: Label | None = None


class ConvictionSpent(Fact):
    """A hero spent a Conviction point (True20), for the purpose named."""

    type: Literal["ConvictionSpent"] = "ConvictionSpent"
    combatant: CombatantId
    purpose: Label | None = None


class ActionPointSpent(Fact):
    """A combatant spent an action point for an extra action (Orcus)."""

    type: Literal["ActionPointSpent"] = "ActionPointSpent"
    combatant: CombatantId


class RestTaken(Fact):
    """The party rested (short or long, as the system names them)."""

    type: Literal["RestTaken"] = "RestTaken"
    kind: Label
    combatants: list[CombatantId] | None = None


class NoteAdded(Fact):
    """The GM wrote a note into the log."""

    type: Literal["NoteAdded"] = "NoteAdded"
    text: Annotated[str, StringConstraints(max_length=4000), NUL_FREE]


class EncounterFiled(Fact):
    """The GM filed the encounter under a campaign and a session of it, replacing what it was
    filed under before (neither given: taken out of any campaign)."""

    type: Literal["EncounterFiled"] = "EncounterFiled"
    campaign: Slug | None = None
    session: Session | None = None

    _in_a_campaign = field_validator("session")(in_a_campaign)


class StandingRulingSet(Fact):
    """The GM's standing ruling on players' proposals: with `accept_routine`, a player's
    initiative and their own saving throws are accepted as proposed without asking; without it,
    every proposal waits for the GM."""

    type: Literal["StandingRulingSet"] = "StandingRulingSet"
    accept_routine: Flag = False


class TurnTimerSet(Fact):
    """The GM set a turn timer of `seconds` each turn, shown on the players' phones (0: off);
    a reminder for the table, read by no rule."""

    type: Literal["TurnTimerSet"] = "TurnTimerSet"
    seconds: Annotated[int, Strict(), Field(ge=0, le=3600)] = 0


class CombatEnded(Fact):
    """The fight ended."""

    type: Literal["CombatEnded"] = "CombatEnded"


class EventRevoked(Fact):
    """Undo: the log behaves as if the event at `target` never happened."""

    type: Literal["EventRevoked"] = "EventRevoked"
    target: Position
    reason: Label | None = None


class EventRestored(Fact):
    """Redo: a revoked event takes effect again."""

    type: Literal["EventRestored"] = "EventRestored"
    target: Position
    reason: Label | None = None  # why the GM restored it (docs/contract-extensions.md)


# What a player may propose for their own character (issue 26): the rolls and choices the table
# leaves to a player — initiative, an attack and its damage, a save or a check the rules prompt
# for, a resource spent, ending, delaying or readying a turn — each as the GM would record it.
ProposedFact: TypeAlias = Annotated[
    InitiativeRolled
    | AttackMade
    | DamageDealt
    | SavingThrowRolled
    | CheckRolled
    | ResolveSpent
    | ConvictionSpent
    | ActionPointSpent
    | TurnEnded
    | Delayed
    | DelayEnded
    | ActionReadied
    | ReadiedActionTaken,
    Field(discriminator="type"),
]
PROPOSED_MOST = 24  # facts in one proposal: a full attack of 8 blows, each with two damage types


class ActionProposed(Fact):
    """A player proposed facts for their own character; nothing changes at the table until the
    GM accepts them (`by`: `player:<character>`, stamped by the service)."""

    type: Literal["ActionProposed"] = "ActionProposed"
    combatant: CombatantId
    facts: Annotated[list[ProposedFact], Field(min_length=1, max_length=PROPOSED_MOST)]
    note: Label | None = None  # the player's word to the GM ("flanking with Kyra")

    def to_json_dict(self) -> dict[str, Any]:
        """As Fact.to_json_dict, with each proposed fact's wire type kept."""
        return {**super().to_json_dict(), "facts": [f.to_json_dict() for f in self.facts]}


class ProposalAccepted(Fact):
    """The GM accepted the proposal at line `proposal` (`edited`: after changing it); the facts
    it became are the lines of this action after this one."""

    type: Literal["ProposalAccepted"] = "ProposalAccepted"
    proposal: Position
    edited: Flag = False
    standing: Flag = False  # accepted by the GM's standing ruling (StandingRulingSet), unasked


class ProposalDeclined(Fact):
    """The GM declined the proposal at line `proposal`, saying why for its player alone."""

    type: Literal["ProposalDeclined"] = "ProposalDeclined"
    proposal: Position
    reason: Label | None = None


TableFact: TypeAlias = Annotated[
    CombatantJoined
    | CombatantRevealed
    | CombatantLeft
    | SurpriseDetermined
    | InitiativeRolled
    | InitiativeTieBroken
    | CombatStarted
    | TurnEnded
    | Delayed
    | DelayEnded
    | ActionReadied
    | ReadiedActionTaken
    | AttackMade
    | DamageDealt
    | HealingApplied
    | TemporaryHitPointsGained
    | TemporaryHitPointsLost
    | ConditionApplied
    | ConditionRemoved
    | SavingThrowRolled
    | CheckRolled
    | ResolveSpent
    | ConvictionSpent
    | ActionPointSpent
    | RestTaken
    | NoteAdded
    | EncounterFiled
    | StandingRulingSet
    | TurnTimerSet
    | CombatEnded,
    Field(discriminator="type"),
]


class EventAmended(Fact):
    """A past ruling corrected: `replacement` takes effect at the `target` position instead."""

    type: Literal["EventAmended"] = "EventAmended"
    target: Position
    replacement: TableFact
    reason: Label | None = None

    def to_json_dict(self) -> dict[str, Any]:
        """As Fact.to_json_dict, with the replacement's wire type kept."""
        return {**super().to_json_dict(), "replacement": self.replacement.to_json_dict()}


Event: TypeAlias = Annotated[
    EncounterCreated
    | TableFact
    | ActionProposed
    | ProposalAccepted
    | ProposalDeclined
    | EventRevoked
    | EventRestored
    | EventAmended,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event, config=ConfigDict(defer_build=True))
EVENT_TYPES: dict[str, type[Fact]] = {
    cls.model_fields["type"].default: cls
    for cls in (
        EncounterCreated, CombatantJoined, CombatantRevealed, CombatantLeft, SurpriseDetermined,
        InitiativeRolled,
        InitiativeTieBroken, CombatStarted, TurnEnded, Delayed, DelayEnded, ActionReadied,
        ReadiedActionTaken, AttackMade, DamageDealt, HealingApplied, TemporaryHitPointsGained,
        TemporaryHitPointsLost,
        ConditionApplied, ConditionRemoved, SavingThrowRolled, CheckRolled, ResolveSpent,
        ConvictionSpent, ActionPointSpent, RestTaken, NoteAdded, EncounterFiled, StandingRulingSet,
        TurnTimerSet, CombatEnded,
        ActionProposed, ProposalAccepted, ProposalDeclined, EventRevoked, EventRestored,
        EventAmended,
    )
}  # fmt: skip


def built() -> None:
    """Every fact type's validator and serializer built now, and the union's: before a caller
    keeps one (`cls.__pydantic_validator__`) or threads may first use them at once."""
    for cls in EVENT_TYPES.values():
        cls.model_rebuild()
    EVENT_ADAPTER.rebuild()


def combatants_named(event: Fact) -> list[str]:
    """Every combatant id a fact refers to, so the log can check that each one has joined."""
    match event:
        case CombatantJoined():
            return []
        case AttackMade(attacker=a, target=t):
            return [a, t]
        case SurpriseDetermined(aware=ids) | InitiativeTieBroken(order=ids):
            return list(ids)
        case RestTaken(combatants=ids):
            return list(ids or [])
        case ReadiedActionTaken(combatant=c, before=b):
            return [c] + ([b] if b else [])
        case CheckRolled(combatant=c, target=t):
            return [c] + ([t] if t else [])
        case ConditionApplied(target=t, duration=d):  # no attribute it lacks is asked (a miss
            return [t, d.of] if isinstance(d, TurnDuration) else [t]  # costs pydantic ~5 µs)
        case EventAmended(replacement=r):
            return combatants_named(r)
        case ActionProposed(combatant=c, facts=facts):
            return [c, *(n for f in facts for n in combatants_named(f) if n != c)]
    named = [getattr(event, f, None) for f in ("combatant", "target")]
    return [n for n in named if isinstance(n, str)]
