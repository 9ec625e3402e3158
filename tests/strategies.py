"""Hypothesis strategies: valid logs of every ruleset, built line by line under the log's rules."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from domain.events import (
    ActionReadied,
    AttackMade,
    CheckRolled,
    CombatantJoined,
    CombatantLeft,
    CombatEnded,
    CombatStarted,
    ConditionApplied,
    ConditionRemoved,
    ConvictionSpent,
    DamageDealt,
    Delayed,
    DelayEnded,
    EncounterCreated,
    Event,
    EventAmended,
    EventRestored,
    EventRevoked,
    HealingApplied,
    InitiativeRolled,
    InitiativeTieBroken,
    NoteAdded,
    ReadiedActionTaken,
    ResolveSpent,
    RestTaken,
    RoundsDuration,
    SaveEndsDuration,
    SavingThrowRolled,
    SurpriseDetermined,
    TableFact,
    TemporaryHitPointsGained,
    TemporaryHitPointsLost,
    TurnDuration,
    TurnEnded,
)
from domain.integrity import LogError, LogIntegrity
from domain.rulesets import SYSTEMS as REGISTERED
from projections.table import table_at

FAST = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
FIGHTERS = ["valeros", "kyra", "ezren", "goblin-1", "goblin-2", "bugbear"]
CONDITIONS = ["shaken", "bless", "prone", "held", "on fire", "marked", "weakened"]
DAMAGE_TYPES = [None, "piercing", "slashing", "bludgeoning", "fire", "cold", "electricity", "E",
                "sonic", "acid", "force"]  # fmt: skip
ENERGY = ["acid", "cold", "electricity", "fire", "sonic"]
TAGS = ["magic", "cold iron", "lawful", "all"]
OVERCOME_BY = [None, "magic", "cold iron", "lawful or magic", "lawful and magic", "—"]

# the rulesets the properties run over: every registered one (a new one needs its options here)
SYSTEMS = list(REGISTERED)
COMMON = {
    "duration_key": st.sampled_from(["count", "slot"]),
    "flat_footed_until": st.sampled_from(["first_regular_turn", "first_action"]),
}
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        **COMMON,
        "massive_damage_counts_nonlethal": st.booleans(),
        "massive_damage_before_temp_hp": st.booleans(),
        "nonlethal_at_zero": st.sampled_from(["only_when_nonlethal", "literal"]),
        "nonlethal_includes_temp_hp": st.booleans(),
        "temp_hp_model": st.sampled_from(["pool", "noted_total"]),
        "monster_death": st.sampled_from(["as_characters", "at_zero"]),
    },
)


STARFINDER_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        **COMMON,
        "first_drop_costs_resolve": st.booleans(),
        "damage_while_stable_costs_resolve": st.booleans(),
        "first_big_hit_costs_two": st.booleans(),
        "grace_protects_from_damage": st.booleans(),
        "massive_at_zero_counts": st.sampled_from(["hit_points", "raw"]),
        "nonlethal_massive_damage": st.booleans(),
        "nonlethal_at_zero_hp": st.sampled_from(["no_effect", "stabilizes"]),
        "monster_death": st.sampled_from(["at_zero", "three_rounds"]),
    },
)
ORCUS_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        **COMMON,
        "death_save_timing": st.sampled_from(["start", "end"]),
        "min_damage": st.sampled_from([0, 1]),
        "staggered_value": st.sampled_from(["round_down", "exact"]),
        "unconscious_helpless": st.booleans(),
        "persistent_stacking": st.sampled_from(["each", "highest_per_type"]),
        "two_types": st.sampled_from(["all_types", "any_type"]),
        "start_of_turn_order": st.sampled_from(["regeneration_first", "persistent_first"]),
        "stable_when_damaged": st.sampled_from(["stays_stable", "dying_again"]),
        "knockout_hp": st.sampled_from(["keep", "zero"]),
        "death_save_twenty": st.sampled_from(["total", "natural"]),
        "natural_saves": st.sampled_from(["automatic", "total_only"]),
        "no_negative_hp": st.booleans(),
        "monsters_die_at_zero": st.booleans(),
        "temp_hp_choice": st.sampled_from(["higher", "newest"]),
        "rank_hp": st.sampled_from(["as_given", "multiply"]),
        "combat_advantage": st.sampled_from(["derived", "in_total"]),
        "attack_penalties": st.sampled_from(["derived", "in_total"]),
        "surprised_first_turn": st.sampled_from(["none", "one_standard"]),
        "weakened_damage": st.sampled_from(["derived", "in_amount"]),
    },
)


OPTIONS_OF = {"dnd35": OPTIONS, "d20modern": OPTIONS,
              "true20": st.fixed_dictionaries({}, optional=COMMON),
              "orcus": ORCUS_OPTIONS, "starfinder": STARFINDER_OPTIONS}  # fmt: skip


class Builder:
    """A log under construction: every line is checked by the log's own integrity rules."""

    def __init__(self, draw: Any, refs: bool, corrections: bool, ruleset: str = "dnd35") -> None:
        self.draw, self.refs, self.corrections = draw, refs, corrections
        self.ruleset = ruleset
        self.integrity = LogIntegrity()
        self.events: list[Event] = []

    def add(self, event: Any) -> bool:
        """Append `event` if the log takes it (a wrong guess is simply not written)."""
        try:
            self.integrity.check(event)
        except LogError:
            return False
        self.integrity.record(event)
        self.events.append(event)
        return True

    @property
    def ids(self) -> list[str]:
        return list(self.integrity.joined_at)

    def pick(self, values: list[Any]) -> Any:
        return self.draw(st.sampled_from(values))

    def number(self, low: int, high: int) -> int:
        value: int = self.draw(st.integers(low, high))
        return value

    def positions_of(self, kind: type) -> list[int]:
        return [n for n, e in enumerate(self.events, start=1) if isinstance(e, kind)]


def stats_for(b: Builder) -> dict[str, Any]:
    """Random stats as the encounter's ruleset names them (CONTRACT §1)."""
    ac = b.number(10, 22)
    if b.ruleset == "true20":
        return {"initiative_modifier": b.number(-2, 5), "dexterity": b.number(-1, 4),
                "constitution": b.number(-1, 3), "toughness": b.number(0, 6),
                "defenses": {"defense": ac}}  # fmt: skip
    if b.ruleset == "starfinder":
        return {"max_hp": b.number(1, 60), "max_stamina": b.number(0, 30),
                "max_resolve": b.number(0, 8), "initiative_modifier": b.number(-2, 5),
                "dexterity": b.number(-1, 5), "defenses": {"eac": ac, "kac": ac + 2},
                **resistances(b)}  # fmt: skip
    stats: dict[str, Any] = {"max_hp": b.number(1, 60), "initiative_modifier": b.number(-2, 5)}
    if b.ruleset == "orcus":
        level = b.number(1, 30)
        stats |= {
            "level": level,
            "role": b.pick(["standard", "mook", "elite", "boss"]),
            "defenses": {"ac": ac, "fortitude": ac - 2, "reflex": ac - 3, "will": ac - 1},
            "resist": {b.pick(["fire", "cold", "all"]): b.number(0, 10)},
            "vulnerable": {b.pick(["radiant", "fire"]): b.number(0, 10)},
            "regeneration": b.number(0, 3),
            "death_saves": b.pick([None, True, False]),
        }
        if b.draw(st.booleans()):
            stats["recoveries"] = b.number(0, 3)
        return stats
    armor = "defense" if b.ruleset == "d20modern" else "ac"
    if b.ruleset == "d20modern":
        stats["constitution"] = b.number(3, 18)
    if b.draw(st.booleans()):
        stats["defenses"] = {armor: ac, "touch": ac - 4, "flat_footed": ac - 2}
    return stats


def resistances(b: Builder) -> dict[str, Any]:
    """Starfinder damage reduction and energy resistance, sometimes (002 L1183-1207)."""
    found: dict[str, Any] = {}
    if b.draw(st.booleans()):
        amount, overcome_by = b.number(0, 10), b.pick(OVERCOME_BY)
        printed = f"{amount}/{overcome_by or '—'}"  # as a stat block prints it
        found["dr"] = b.pick([{"amount": amount, "overcome_by": overcome_by}, printed])
    if b.draw(st.booleans()):
        found["resist"] = {b.pick(ENERGY): b.number(0, 15)}
    return found


def damage(b: Builder, who: str, amount: int, **fields: Any) -> DamageDealt:
    """A hit of some damage type, with what it overcomes; True20's carries the target's
    Toughness save as rolled."""
    fields.setdefault("damage_type", b.pick(DAMAGE_TYPES))
    if b.draw(st.booleans()):
        fields.setdefault("overcomes", b.draw(st.lists(st.sampled_from(TAGS), max_size=2)))
    if b.ruleset == "true20":
        natural = b.number(1, 20)
        fields["save"] = {"natural": natural, "total": natural + 3, "bonus": 3}
        amount = min(amount, 12)
    return DamageDealt(target=who, amount=amount, **fields)


def joined(b: Builder, combatant: str) -> CombatantJoined:
    stats = stats_for(b)
    side = b.pick(["party", "foes"])
    return CombatantJoined(combatant=combatant, name=combatant.title(), side=side, stats=stats)


def duration(b: Builder) -> Any:
    match b.number(0, 4):
        case 0:
            return None
        case 1 | 2:
            return RoundsDuration(rounds=b.number(1, 3))
        case 3:
            until = b.pick(["end_of_turn", "start_of_turn"])
            return TurnDuration(until=until, of=b.pick(b.ids), next=b.draw(st.booleans()))
    return SaveEndsDuration(save_ends=True)


def simple_fact(b: Builder) -> TableFact:
    """A fact with no position in it, on someone who joined: also used as a replacement."""
    who = b.pick(b.ids)
    match b.number(0, 12):
        case 0 | 1 | 2:
            return damage(b, who, b.number(0, 60), nonlethal=b.number(0, 4) == 0)
        case 3:
            return HealingApplied(target=who, amount=b.number(0, 20),
                                  kind=b.pick([None, "magical", "natural"]))  # fmt: skip
        case 4:
            return TemporaryHitPointsGained(target=who, amount=b.number(1, 12))
        case 5:
            return ConditionApplied(target=who, condition=b.pick(CONDITIONS), duration=duration(b),
                                    source=b.pick([None, *b.ids]),
                                    beneficial=b.pick([None, True]))  # fmt: skip
        case 6:
            natural = b.number(1, 20)
            return SavingThrowRolled(
                combatant=who, save=b.pick(["fortitude", "will", "reflex"]), natural=natural,
                total=natural + b.number(-2, 8), dc=b.pick([None, 15]),
                against=b.pick([None, "massive_damage", *CONDITIONS]),
            )  # fmt: skip
        case 7:
            natural = b.number(1, 100)
            check = b.pick(["stabilize", "heal", "recovery"])
            return CheckRolled(combatant=who, check=check, natural=natural, total=natural,
                               target=b.pick([None, *b.ids]))  # fmt: skip
        case 8:
            return NoteAdded(text=b.pick(["", "the floor gives way", "été 🎲"]))
        case 9 | 10:
            return system_fact(b, who)
        case 11:
            return ruled_attack(b, who)
    return TurnEnded(combatant=who)


def system_fact(b: Builder, who: str) -> TableFact:
    """Facts some systems give rules to (any ruleset must take them): Starfinder's Resolve,
    True20's Conviction, rests, death saves, persistent damage, Constitution checks."""
    natural = b.number(1, 20)
    match b.number(0, 5):
        case 0:
            purpose = b.pick([None, "stabilize", "stay_in_the_fight", "stamina"])
            return ResolveSpent(combatant=who, amount=b.number(1, 3), purpose=purpose)
        case 1:
            purpose = b.pick([None, "fatigue", "recovery", "erase"])
            return ConvictionSpent(combatant=who, purpose=purpose)
        case 2:
            chosen = b.pick([None, [who]])
            return RestTaken(kind=b.pick(["short", "long"]), combatants=chosen)
        case 3:
            return SavingThrowRolled(combatant=who, save="death", natural=natural,
                                     total=natural + b.number(-1, 5))  # fmt: skip
        case 4:
            return ConditionApplied(
                target=who, condition=b.pick(["ongoing damage", "on fire"]),
                value=b.number(1, 10), damage_type=b.pick([None, "fire", "acid"]),
                duration=b.pick([None, SaveEndsDuration(save_ends=True)]),
            )  # fmt: skip
    check = b.pick(["constitution", "medicine", "toughness"])
    return CheckRolled(combatant=who, check=check, natural=natural, total=natural + b.number(0, 6),
                       dc=b.pick([None, 10, 15]), target=b.pick([None, *b.ids]))  # fmt: skip


def after_the_fight(b: Builder) -> TableFact:
    """What the rules do after CombatEnded (CONTRACT §1): checks (002 L631's hourly Constitution
    check, a medic's), saves, healing, rests, conditions, Resolve or Conviction, leaving."""
    who = b.pick(b.ids)
    natural = b.number(1, 20)
    match b.number(0, 6):
        case 0:
            return CheckRolled(combatant=who, check=b.pick(["constitution", "medicine"]),
                               natural=natural, total=natural + b.number(0, 8),
                               target=b.pick([None, *b.ids]))  # fmt: skip
        case 1:
            return HealingApplied(target=who, amount=b.number(0, 20),
                                  kind=b.pick([None, "magical", "stamina"]))  # fmt: skip
        case 2:
            return ConditionApplied(target=who, condition=b.pick(CONDITIONS), duration=duration(b))
        case 3:
            gone: TableFact = b.pick([
                ConditionRemoved(target=who, condition=b.pick(CONDITIONS)),
                TemporaryHitPointsLost(target=who), CombatantLeft(combatant=who),
                NoteAdded(text="an hour passes"),
            ])  # fmt: skip
            return gone
    return system_fact(b, who)


def ruled_attack(b: Builder, who: str) -> AttackMade:
    """An attack against a named defense, sometimes with the GM's ruling, a threat range or a
    confirmation."""
    natural = b.number(1, 20)
    confirm = b.number(1, 20) if natural >= 19 and b.draw(st.booleans()) else None
    return AttackMade(
        attacker=who, target=b.pick(b.ids), natural=natural, total=natural + b.number(-2, 12),
        defense=b.pick([None, "ac", "touch", "flat_footed", "eac", "kac", "fortitude", "will"]),
        outcome=b.pick([None, None, "hit", "miss", "critical"]),
        confirm_natural=confirm, confirm_total=None if confirm is None else confirm + 5,
        threat=b.pick([None, None, 19, 18]), multiplier=b.pick([None, None, 3]),
    )  # fmt: skip


def whose_turn(b: Builder) -> str:
    turn = table_at(b.events).turn
    return turn if turn is not None and b.number(0, 5) > 0 else b.pick(b.ids)


def step(b: Builder) -> None:
    """One random line: mostly turns and blows, sometimes order changes and corrections."""
    kind = b.number(0, 19)
    who = b.pick(b.ids)
    if kind <= 5:
        b.add(TurnEnded(combatant=whose_turn(b)))
    elif kind <= 9:
        b.add(simple_fact(b))
    elif kind == 10:
        natural = b.number(1, 20)
        total = natural + b.number(-2, 10)
        if b.add(AttackMade(attacker=who, target=b.pick(b.ids), natural=natural, total=total)):
            attack = len(b.events) if b.refs else None
            b.add(damage(b, b.pick(b.ids), b.number(1, 12), attack=attack))
    elif kind == 11:
        b.add(b.pick([Delayed, ActionReadied])(combatant=whose_turn(b)))
    elif kind == 12:
        b.add(DelayEnded(combatant=who))
    elif kind == 13:
        b.add(ReadiedActionTaken(combatant=who, before=b.pick([None, *b.ids])))
    elif kind == 14:
        gone = [
            TemporaryHitPointsLost(target=who),
            ConditionRemoved(target=who, condition="shaken"),
        ]
        b.add(b.pick(gone))
    elif kind == 15:
        late = f"late-{len(b.events)}"
        if b.add(joined(b, late)) and b.draw(st.booleans()):
            b.add(InitiativeRolled(combatant=late, natural=b.number(1, 20), modifier=1))
    elif kind == 16:
        b.add(b.pick([CombatantLeft(combatant=who)] * 3 + [CombatEnded()]))
    elif kind == 17 and b.refs:
        b.add(SavingThrowRolled(combatant=who, save="fortitude", natural=b.number(1, 20),
                                total=b.number(0, 30),
                                against=b.pick(b.positions_of(DamageDealt) or [1])))  # fmt: skip
    elif b.corrections:
        correction(b)


def correction(b: Builder, among: list[int] | None = None) -> None:
    """A revocation, restoration or amendment the log's integrity rules allow (or nothing), of
    one of the lines `among` when some are given."""
    target = b.pick(among) if among else b.number(2, len(b.events))
    revoked = sorted(b.integrity.revoked.intersection(among or b.integrity.revoked))
    match b.number(0, 2):
        case 0:
            b.add(EventRevoked(target=target))
        case 1:
            b.add(EventRestored(target=b.pick(revoked or [target])))
        case _:
            b.add(EventAmended(target=target, replacement=simple_fact(b)))


def ended_too_soon(b: Builder, end: int) -> None:
    """The end is undone, the fight goes on a little, and the end is restored: what the fight
    logged meanwhile lies after the end again (the table leaves the round structure alone)."""
    b.add(EventRevoked(target=end))
    for _ in range(b.number(1, 4)):
        step(b)
    b.add(EventRestored(target=end))


@st.composite
def logs(draw: Any, refs: bool = True, corrections: bool = True, steps: int = 30) -> list[Event]:
    """A valid log of a random ruleset: encounter, 2-6 combatants, initiative, a start, a fight."""
    ruleset = draw(st.sampled_from(SYSTEMS))
    b = Builder(draw, refs, corrections, ruleset)
    b.add(EncounterCreated(name="Fuzzed fight", ruleset=ruleset, options=draw(OPTIONS_OF[ruleset])))
    for combatant in FIGHTERS[: b.number(2, 6)]:
        b.add(joined(b, combatant))
    if draw(st.booleans()):
        b.add(SurpriseDetermined(aware=draw(st.lists(st.sampled_from(b.ids), unique=True))))
    for combatant in b.ids:
        if b.number(0, 9):
            b.add(InitiativeRolled(combatant=combatant, natural=b.number(1, 20),
                                   modifier=b.number(-1, 3)))  # fmt: skip
    if draw(st.booleans()):
        b.add(InitiativeTieBroken(order=draw(st.permutations(b.ids))[:2]))
    b.add(CombatStarted())
    for _ in range(b.number(0, steps)):
        step(b)
    if b.number(0, 2) == 0:  # the fight ends, and the hours after it are logged
        if b.add(CombatEnded()) and b.corrections and b.number(0, 3) == 0:
            ended_too_soon(b, len(b.events))
        for _ in range(b.number(1, 6)):
            b.add(after_the_fight(b))
            if b.corrections and b.number(0, 3) == 0:
                correction(b)
    return b.events
