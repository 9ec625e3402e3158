"""The one interface every rules system implements; projections ask it and never branch on names.

How each system fits it (checked against the five digests in shared/rules/):
- dnd35 / d20modern: `Body` is the hit point track (hp, temp pool, nonlethal total, stable, …);
  `take` applies damage, healing, the stabilization and Heal checks and the massive damage save;
  `tie_breaker` is the initiative modifier (3.5) or None (d20 Modern prints no tie rule, so ties
  wait for the GM's InitiativeTieBroken); massive damage is 50 (3.5) or the Con score (Modern).
- true20: `Body` is the Toughness damage track, no hit points: `take(DamageDealt)` reads the
  recorded save (`save.natural`, `save.bonus`) and recomputes the total with the track's current
  penalty; `round_started` runs the dying check (digest A6, round_hooks=True); `tie_breaker` is
  Dexterity; `vitals` are the tallies and penalties, the boxes come back as statuses.
- starfinder: `Body` is Stamina → HP → Resolve; `turn_ended` takes the dying creature's Resolve
  at the end of its own turn; `take(ResolveSpent)` stabilizes or keeps it in the fight; damage
  while dying reads `ctx.round` for "the first HP damage this round".
- orcus: `Body` is HP with the staggered value and death-save failures; `turn_started` reads
  `ctx.conditions` for persistent damage (each condition's `value` and `damage_type`); "save
  ends" saves are SavingThrowRolled facts the projection hands to `save_succeeds` (10+).
Timing shared by all (N-round durations, turn-bound and save-ends conditions, delay and ready)
lives in projections/clock.py; only what differs per system is asked of the ruleset: its
optional `traits(options)` (a `Traits`, read once per table by `traits_of`) names where its
procedure departs from the shared one (Orcus: delay within the round, surprised turns, Miss:
damage, marks, weakened), and whether its turn rules read the body alone (3.5, d20 Modern), so
the fold builds no Ctx for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, NamedTuple, Protocol

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import TypeVar  # with PEP 696 defaults (Python 3.13's typing)

from domain.events import AttackMade, CheckRolled, DamageDealt, Fact, SavingThrowRolled
from domain.rulesets.attacks import Critical, DamageRoll
from domain.rulesets.terms import AttackTerms, Catalog, Prompt

Body = TypeVar("Body")
OptionsT = TypeVar("OptionsT", default=Any)  # a ruleset's options model (CommonOptions's kin)
StatsT = TypeVar("StatsT", default=Any)  # a ruleset's stats model
Outcome = Literal["hit", "miss", "critical"]


class CommonOptions(BaseModel):
    """House-rule choices every ruleset offers: when N-round effects end at a tied count."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    duration_key: Literal["count", "slot"] = Field(
        "count",
        description="An N-round effect ends just before the first combatant at its starting count "
        "(count, the text's literal reading) or just before the turn it began on (slot).",
    )
    flat_footed_until: Literal["first_regular_turn", "first_action"] = Field(
        "first_regular_turn",
        description="Flat-footed lasts until the combatant's first regular turn, or until it first "
        "acts (a surprise-round turn counts).",
    )


@dataclass(frozen=True, slots=True)
class Effect:
    """A condition in force as the rules see it."""

    name: str
    source: str | None
    value: int | None
    damage_type: str | None
    position: int


class Ctx(NamedTuple, Generic[OptionsT, StatsT]):
    """What a ruleset may read besides a combatant's own body: the moment and its surroundings.

    A NamedTuple rather than a frozen dataclass: one is built for every fact a fold applies.
    `Ctx[Options, Stats]` types the encounter's options and the combatant's stats as a ruleset's
    own models (a bare `Ctx` leaves them Any).
    """

    options: OptionsT
    stats: StatsT
    kind: str
    position: int
    round: int
    phase: str
    own_turn: bool
    regular_turns: int
    acted: bool
    conditions: tuple[Effect, ...] = ()
    surprised: bool = False  # in the surprise round and not among those the GM ruled aware


class Traits(NamedTuple):
    """Where a system's table procedure departs from the shared one; every default is the shared
    rule (D&D 3.5's), so a ruleset declares only what differs (`Ruleset.traits`, optional)."""

    delay_within_round: bool = False  # a delay not taken by the round's end is wasted
    delay_ends_boons: bool = False  # beneficial effects ending at the delayer's turn end go now
    delay_defers_start: bool = False  # a delay declared as the turn starts takes back its start
    surprised_take_turn: bool = False  # the surprised take their turn in the surprise round
    surprised_no_actions: bool = False  # … but may take no actions in it
    miss_damage_applies: bool = False  # damage citing a missed attack is the power's Miss: damage
    attacking_strains: bool = False  # an attack changes the attacker's own track (`take`)
    attacker_modifies: bool = False  # the attacker's own state changes its attack's total, so
    # `attack_outcome` is given the attacker's body and Ctx (else None: no Ctx built for it)
    exclusive: frozenset[str] = frozenset()  # conditions a new instance replaces (one marker)
    end_with_source: frozenset[str] = frozenset()  # end when their source falls or dies
    dealt: Callable[[DamageDealt, Any, Ctx], DamageDealt] | None = None  # the attacker's own
    # state changes its damage (given the attacker's body and Ctx), before the target's rules
    # A system's `turn_started` / `turn_ended` where they read the body alone, never the Ctx:
    # the fold calls these instead and builds no Ctx for them (the two a turn were a quarter of
    # its cost in D&D 3.5). None: the fold asks the ruleset's method, with the Ctx.
    body_turn_started: Callable[[Any], Any] | None = None
    body_turn_ended: Callable[[Any], Any] | None = None


SHARED_TRAITS = Traits()


def traits_of(rules: Ruleset[Any], options: CommonOptions) -> Traits:
    """The traits a ruleset declares under these options (`traits(options)`), else the shared."""
    declared = getattr(rules, "traits", None)
    found: Traits = declared(options) if callable(declared) else SHARED_TRAITS
    return found


class Ruleset(Protocol[Body, OptionsT, StatsT]):
    """A rules system: pure functions over its own damage-track type `Body`, reading its own
    options and stats models (`Ruleset[Body, Options, Stats]`; unnamed, they are Any)."""

    @property
    def name(self) -> str:
        """The system id (`dnd35` …)."""

    @property
    def round_hooks(self) -> bool:
        """False when round_started never changes a body, so folds may skip it."""

    @property
    def places_by_count(self) -> bool:
        """True where the order follows the counts as they come up (True20 L141, L208-209): a
        readied action taken with no `before` moves the readier to the count of the turn in
        progress, and a newcomer placed between the turn just ended and the one begun after it
        acts now. False: the contract's defaults (no move; the newcomer waits for next round)."""

    @property
    def options_model(self) -> type[OptionsT]:
        """The house rules the GM may choose when creating an encounter."""

    @property
    def stats_model(self) -> type[StatsT]:
        """The combatant stats this system reads."""

    @property
    def attack_model(self) -> type[BaseModel]:
        """One attack of a stat block (`stats.attacks`), as this system's seed defines it."""

    def new_body(self, ctx: Ctx[OptionsT, StatsT]) -> Body:
        """The damage track of a combatant who just joined, unhurt."""

    def take(self, body: Body, fact: Fact, ctx: Ctx[OptionsT, StatsT]) -> Body:
        """A fact aimed at this combatant (damage, healing, saves, checks, resolve, rest), or
        an attack it makes where `Traits.attacking_strains` says so (True20: attacking is
        strenuous for the disabled)."""

    def turn_started(self, body: Body, ctx: Ctx[OptionsT, StatsT]) -> Body:
        """What the rules do as this combatant's turn begins."""

    def turn_ended(self, body: Body, ctx: Ctx[OptionsT, StatsT]) -> Body:
        """What the rules do as this combatant's turn ends."""

    def round_started(self, body: Body, ctx: Ctx[OptionsT, StatsT]) -> Body:
        """What the rules do at the top of each round."""

    def statuses(self, body: Body, ctx: Ctx[OptionsT, StatsT]) -> tuple[str, ...]:
        """Statuses the rules derive, implications included (dying ⇒ unconscious ⇒ helpless)."""

    def vitals(self, body: Body, ctx: Ctx[OptionsT, StatsT]) -> dict[str, int]:
        """The system's own damage track as the table state shows it, now (`ctx`: the options
        and the conditions in force, which a track's shown penalties may depend on)."""

    def track_value(self, body: Body, ctx: Ctx[OptionsT, StatsT]) -> int:
        """The one number a chart of the damage track over time follows: hit points where the
        system has them (True20, which has none: the lethal Toughness save penalty)."""

    def descriptor(self, body: Body, ctx: Ctx[OptionsT, StatsT]) -> str:
        """A word for players who may not see numbers: healthy, hurt, badly hurt (Orcus:
        staggered), dying, dead …, only words the system's own text uses or plain table words."""

    def warnings(self, body: Body, name: str) -> tuple[str, ...]:
        """Rolls the rules call for that the log does not hold yet."""

    def takes_turn(self, body: Body) -> bool:
        """Whether the turn comes to this combatant (the dead keep no turn)."""

    def tie_breaker(self, stats: StatsT, modifier: int) -> int | None:
        """Sort key among equal initiative results, or None where only the GM settles ties."""

    def attack_outcome(
        self,
        attack: AttackMade,
        body: Body,
        ctx: Ctx[OptionsT, StatsT],
        attacker: tuple[Body, Ctx[OptionsT, StatsT]] | None = None,
    ) -> Outcome | None:
        """hit / miss / critical from the roll and the target's defenses; None if unknown.
        `attacker` (its body and Ctx, when it is at the table and `Traits.attacker_modifies`)
        lets a system derive the attacker's own condition modifiers (Orcus: prone, rattled,
        restrained)."""

    def critical(self, attack: AttackMade, outcome: str | None) -> Critical:
        """Whether the attack line (its outcome derived or ruled) threatens a critical hit and
        where its confirmation roll stands (awaited, confirmed, failed; None if none is asked)."""

    def critical_damage(self, attack: Any, confirmed: bool) -> tuple[DamageRoll, ...]:
        """The rolls for a hit of `attack` (an `attack_model`), a confirmed critical's as the
        system deals it (multiplied, maximized, or a higher damage bonus), their sum the amount."""

    def save_succeeds(self, save: SavingThrowRolled, options: OptionsT) -> bool | None:
        """Whether a save succeeds against its DC (None when the log cannot tell), under the
        encounter's options (Orcus A3 makes natural 1/20 on saves a house rule)."""

    @property
    def catalog(self) -> Catalog:
        """Labels and the names the GM page offers: conditions, defenses, saves, resources."""

    def prompts(
        self, body: Body, ctx: Ctx[OptionsT, StatsT], combatant: str, name: str
    ) -> tuple[Prompt, ...]:
        """The warnings that call for a roll or a choice, as facts for the GM to complete."""

    def attack_terms(
        self,
        attack: AttackMade,
        body: Body,
        ctx: Ctx[OptionsT, StatsT],
        attacker: tuple[Body, Ctx[OptionsT, StatsT]] | None = None,
    ) -> AttackTerms:
        """The defense an attack was measured against, its value then, and the total used."""


def damage_stopped(rules: Ruleset[Any], body: Any, fact: DamageDealt, ctx: Ctx) -> int:
    """How much of `fact` the target's damage reduction and resistances stop, from its body
    before the fact: a ruleset that has them offers `damage_stopped(body, fact, ctx)`; the rest
    stop nothing. (An optional method, so systems without resistances need not change.)"""
    method = getattr(rules, "damage_stopped", None)
    return 0 if method is None else int(method(body, fact, ctx))


def check_succeeds(rules: Ruleset[Any], fact: CheckRolled) -> bool | None:
    """Whether a check succeeds as the rules read it: a ruleset whose checks are not all
    against a DC offers `check_succeeds(fact)` (3.5's d% to stabilize); otherwise, and where it
    says None, the GM's ruling, else the total against its DC (None without one)."""
    method = getattr(rules, "check_succeeds", None)
    found: bool | None = None if method is None else method(fact)
    if found is not None or fact.outcome is not None:
        return found if found is not None else fact.outcome == "success"
    return None if fact.dc is None else fact.total >= fact.dc


def ruling(outcome: str | None, natural: int, total: int, dc: int | None) -> bool | None:
    """A d20 roll against a DC: the GM's recorded outcome, else natural 20/1, else the total."""
    if outcome is not None:
        return outcome == "success"
    if natural == 20:
        return True
    if natural == 1:
        return False
    return None if dc is None else total >= dc
