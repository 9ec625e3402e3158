"""Starfinder damage (seed 002 "Taking Damage"): temporary HP, then Stamina, then Hit Points."""

from __future__ import annotations

from typing import NamedTuple

from domain.events import DamageDealt
from domain.rulesets.starfinder import resist
from domain.rulesets.starfinder.options import Ctx, Options, Stats

NO_RP_LEFT = "no Resolve Points left"  # 002 "Dead" L593: would lose RP with none → dead
MASSIVE = "massive damage"  # 002 "Massive Damage" L581-585
MONSTER = "0 HP (monster)"  # 002 "Monster and NPC Death" L601-603
GRACE_RAN_OUT = "0-RP grace round ran out"  # 002 "Dead" L595: 1 round to be healed or stabilized
MONSTER_ROUNDS = 3  # 002 "Monster and NPC Death" L603: "dies in 3 rounds" (GM option)


class Track(NamedTuple):
    """One creature's Stamina, Hit Points and Resolve, and the facts the dying rules remember.

    An immutable NamedTuple: `_replace` is several times cheaper than dataclasses.replace.
    """

    hp: int
    max_hp: int
    stamina: int
    max_stamina: int
    resolve: int
    max_resolve: int
    mortal: bool  # 002 L601: dies at 0 HP (monsters and NPCs without the dying rules)
    temp_hp: int = 0
    stable: bool = False  # at 0 HP: stable (or a monster knocked out), else dying
    killed_by: str | None = None
    hit_round: int | None = None  # round of the last HP damage taken while dying (L640)
    spared_turn: bool = False  # dropped during its own turn: no RP lost as it ends (L589)
    grace_round: int | None = None  # dropped at 0 RP in this round (L595, P4)
    stabilized_round: int | None = None  # round RP were spent to stabilize (L627)
    dropped_round: int | None = None  # a monster's 3-round clock (option monster_death)
    tended: bool = False  # a medic's DC 15 Medicine check before the Con check (L633)
    surprised: bool = False  # flat-footed from surprise until it has acted (L41)
    note: tuple[int, str, str] | None = None  # (line, purpose, why) of a refused RP spend
    used: resist.Used = resist.NOTHING_USED  # DR and resistance used of the latest attack
    stopped: int = 0  # what DR and resistance stopped of the latest damage taken (L1187, L1203)

    @property
    def dead(self) -> bool:
        return self.killed_by is not None

    @property
    def down(self) -> bool:
        """At 0 HP and alive: dying, stable or (a monster) knocked out."""
        return self.hp == 0 and not self.dead

    @property
    def dying(self) -> bool:
        return self.down and not self.stable


def stopped(body: Track, fact: DamageDealt, ctx: Ctx) -> tuple[int, resist.Used]:
    """What the target's DR or energy resistance stops of this damage (002 L1183-1207)."""
    stats: Stats = ctx.stats
    if stats.dr is None and not stats.resist:
        return 0, body.used
    return resist.stopped(stats.dr, stats.resist, body.used, fact)


def take_damage(body: Track, fact: DamageDealt, ctx: Ctx) -> Track:
    """002 L567: DR and resistance first (digest 7, order of modifiers), then temporary HP, SP,
    HP; what reaches HP runs the rules below. Damage they stop entirely is no damage taken."""
    if body.dead:
        return body
    blocked, used = stopped(body, fact, ctx)
    body = body._replace(used=used, stopped=blocked)
    amount = fact.amount - blocked
    if amount == 0:
        return body
    temp = min(body.temp_hp, amount)
    stamina = min(body.stamina, amount - temp)
    to_hp = amount - temp - stamina
    body = body._replace(temp_hp=body.temp_hp - temp, stamina=body.stamina - stamina)
    if body.hp > 0:
        return _drop(body, to_hp, not fact.nonlethal, ctx)
    return _at_zero(body, to_hp, fact.amount, not fact.nonlethal, ctx)


def _drop(body: Track, to_hp: int, lethal: bool, ctx: Ctx) -> Track:
    """002 L575-585, L682: HP never go below 0; the overflow past 0 may be massive damage."""
    options: Options = ctx.options
    if to_hp < body.hp:
        return body._replace(hp=body.hp - to_hp)
    overflow, body = to_hp - body.hp, body._replace(hp=0, hit_round=None)
    if overflow >= body.max_hp and (lethal or options.nonlethal_massive_damage):
        return body._replace(killed_by=MASSIVE)  # P16: nonlethal only by option
    if not lethal:
        return body._replace(stable=True)  # 002 L682: exactly 0 HP, unconscious and stable
    if body.mortal:
        if options.monster_death == "three_rounds":
            return body._replace(stable=False, dropped_round=ctx.round)
        return body._replace(killed_by=MONSTER)
    grace = ctx.round if body.resolve == 0 else None
    body = body._replace(stable=False, spared_turn=ctx.own_turn, grace_round=grace)
    if options.first_drop_costs_resolve and grace is None:  # P1 option
        return lose_resolve(body._replace(hit_round=ctx.round), 1, ctx)
    return body


def _at_zero(body: Track, to_hp: int, amount: int, lethal: bool, ctx: Ctx) -> Track:
    """002 L640-644: damage while dying or stable; monsters at 0 HP die of any more harm."""
    options: Options = ctx.options
    if not lethal:
        if to_hp and options.nonlethal_at_zero_hp == "stabilizes" and not body.mortal:
            return settle(body)  # P17, the literal reading
        return body  # P17 default: no effect on HP, RP or dying
    if body.mortal:
        return body._replace(killed_by=MONSTER) if to_hp else body
    counted = to_hp if options.massive_at_zero_counts == "hit_points" else amount
    if counted >= body.max_hp:
        return body._replace(killed_by=MASSIVE)  # P5
    if body.stable:
        body = body._replace(stable=False, hit_round=None)  # L644: once again dying
        if not options.damage_while_stable_costs_resolve:
            return body  # P2 default: no RP from the instance that ended stability
    return _hurt_while_dying(body, to_hp, ctx) if to_hp else body


def _hurt_while_dying(body: Track, to_hp: int, ctx: Ctx) -> Track:
    """002 L642: 1 RP for the first HP damage each round; 1 more for a later single source of
    more than half (and less than all) max HP."""
    options: Options = ctx.options
    first = body.hit_round != ctx.round
    big = to_hp * 2 > body.max_hp
    loss = 1 if first else 0
    if big and (not first or options.first_big_hit_costs_two):  # P3
        loss += 1
    body = body._replace(hit_round=ctx.round)
    if body.grace_round is not None and options.grace_protects_from_damage:  # P4 option
        return body
    return lose_resolve(body, loss, ctx) if loss else body


def lose_resolve(body: Track, loss: int, ctx: Ctx) -> Track:
    """002 L593: a creature at 0 HP, not stable, that must lose RP it does not have dies."""
    if loss > body.resolve:
        return body._replace(resolve=0, killed_by=NO_RP_LEFT)
    return body._replace(resolve=body.resolve - loss)


def settle(body: Track) -> Track:
    """Stable at 0 HP: no more RP lost, the 0-RP grace and the monster clock stop (L605)."""
    return body._replace(stable=True, grace_round=None, dropped_round=None, spared_turn=False)


def wake(body: Track, hp: int) -> Track:
    """Conscious again, as if never reduced to 0 HP (L613)."""
    return body._replace(
        hp=min(body.max_hp, hp), stable=False, grace_round=None, dropped_round=None,
        spared_turn=False, hit_round=None, tended=False,
    )  # fmt: skip


def end_of_turn(body: Track, ctx: Ctx) -> Track:
    """002 L589: a dying creature loses 1 RP as its own turn ends, not on the turn it dropped;
    L595: with the 0-RP grace, it dies at the end of its turn in the next round instead."""
    if not body.dying or body.mortal:
        return body
    if body.grace_round is not None:
        return body._replace(killed_by=GRACE_RAN_OUT) if ctx.round > body.grace_round else body
    if body.spared_turn:
        return body._replace(spared_turn=False)
    return lose_resolve(body, 1, ctx)


def start_of_turn(body: Track, ctx: Ctx) -> Track:
    """The GM's optional monster rule: dead 3 rounds after dropping, unless healed (L603)."""
    due = body.dropped_round
    if body.dying and body.mortal and due is not None and ctx.round >= due + MONSTER_ROUNDS:
        return body._replace(killed_by=MONSTER)
    return body
