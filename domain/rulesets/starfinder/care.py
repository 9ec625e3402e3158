"""Starfinder healing, Resolve spending, first aid, long-term stability and rest (seed 002)."""

from __future__ import annotations

from domain.events import CheckRolled, HealingApplied, ResolveSpent, RestTaken
from domain.rulesets.starfinder.options import Ctx
from domain.rulesets.starfinder.track import Track, settle, wake

FIRST_AID_DC = 15  # 002 "First Aid" L609-611: DC 15 Medicine check stabilizes
WAKE_AT = 20  # 002 "Long-Term Stability" L629-631: Con check 20+ → 1 HP, conscious
DIE_BELOW = 10  # 002 L631: 9 or lower → dies
TENDED_FLOOR = 10  # 002 L633: tended, a result below 10 counts as 10
STABILIZE_MIN, STABILIZE_MAX = 1, 3  # 002 "Stabilize" L621-623: ¼ max RP, min 1, max 3
STAY_COST = 1  # 002 "Stay in the Fight" L625-627: 1 RP → 1 HP
STAMINA_KINDS = ("stamina", "stamina_points", "sp")  # HealingApplied kind that restores SP
FIRST_AID = ("medicine", "first_aid", "stabilize")
CONSTITUTION = ("constitution", "con", "recovery")
LONG_RESTS = ("long", "night", "full_night", "8_hours")  # 002 L652-656: 8 hours of rest


def stabilize_cost(max_resolve: int) -> int:
    """002 L623: one-quarter of maximum RP, at least 1 and at most 3."""
    return min(STABILIZE_MAX, max(STABILIZE_MIN, max_resolve // 4))


def heal(body: Track, fact: HealingApplied) -> Track:
    """002 L662: healing restores HP only (kind `stamina`: SP); any healing stabilizes (L613:
    the stabilize spell heals 0) and healing to 1 HP or more wakes a creature at 0 HP; never
    above the maximum (L666)."""
    if body.dead:
        return body
    if fact.amount == 0:
        return settle(body) if body.dying else body  # L613: the stabilize spell
    if _word(fact.kind) in STAMINA_KINDS:
        return body._replace(stamina=min(body.max_stamina, body.stamina + fact.amount))
    if body.down:
        return wake(body, fact.amount)
    return body._replace(hp=min(body.max_hp, body.hp + fact.amount))


def first_aid(body: Track, fact: CheckRolled) -> Track:
    """002 L609: a DC 15 Medicine check stabilizes a dying creature; on a stable one, it is the
    medic's hourly check that helps the next Constitution check (L633)."""
    if not body.down or body.mortal:
        return body
    success = _rolled(fact.outcome, fact.total >= (fact.dc or FIRST_AID_DC))
    if not success:
        return body
    return settle(body) if body.dying else body._replace(tended=True)


def constitution(body: Track, fact: CheckRolled) -> Track:
    """002 L629-635: the hourly Con check of a creature stable without RP to stay in the fight."""
    if not (body.down and body.stable) or body.mortal:
        return body
    total = max(fact.total, TENDED_FLOOR) if body.tended else fact.total
    if total >= WAKE_AT:
        return wake(body, 1)
    if total < DIE_BELOW:
        return body._replace(killed_by="failed Constitution check")
    return body._replace(tended=False)


def spend(body: Track, fact: ResolveSpent, ctx: Ctx) -> Track:
    """002 "Using Resolve Points" L617-627 and L650: stabilize, stay in the fight, regain SP.

    Without a purpose: stabilize when dying, stay in the fight when stable, else a plain spend.
    """
    if body.dead:
        return body
    purpose = _word(fact.purpose) or ("stabilize" if body.dying else "")
    purpose = purpose or ("stay_in_the_fight" if body.down else "")
    if purpose in ("stabilize", "stabilise"):
        return _stabilize(body, fact, ctx)
    if purpose in ("stay_in_the_fight", "stay_in_fight", "stay"):
        return _stay(body, fact, ctx)
    if fact.amount > body.resolve:
        return _refuse(body, fact, ctx, f"has {body.resolve} RP, not {fact.amount}")
    body = body._replace(resolve=body.resolve - fact.amount, note=None)
    if purpose in STAMINA_KINDS or purpose in ("regain_stamina", "recover_stamina"):
        return body._replace(stamina=body.max_stamina)  # L650: 1 RP + 10 minutes → all SP
    return body


def _stabilize(body: Track, fact: ResolveSpent, ctx: Ctx) -> Track:
    cost = stabilize_cost(body.max_resolve)
    if not body.dying:
        return _refuse(body, fact, ctx, "is not dying")
    if _out_of_turn(ctx):
        return _refuse(body, fact, ctx, "can stabilize only on its own turn (L623)")
    if body.resolve < cost:
        return _refuse(body, fact, ctx, f"has {body.resolve} RP; stabilizing costs {cost} (L623)")
    spent = body._replace(resolve=body.resolve - cost, stabilized_round=ctx.round, note=None)
    return settle(spent)


def _stay(body: Track, fact: ResolveSpent, ctx: Ctx) -> Track:
    if not (body.down and body.stable) or body.mortal:
        return _refuse(body, fact, ctx, "is not stable at 0 HP (L627)")
    if _out_of_turn(ctx):
        return _refuse(body, fact, ctx, "can stay in the fight only on its turn (L625)")
    if body.stabilized_round == ctx.round and ctx.phase != "ended":  # no rounds after the fight
        return _refuse(body, fact, ctx, "already spent RP to stabilize this round (L627)")
    if body.resolve < STAY_COST:
        return _refuse(body, fact, ctx, "has no RP left (L625)")
    return wake(body._replace(resolve=body.resolve - STAY_COST, note=None), 1)


def _out_of_turn(ctx: Ctx) -> bool:
    return ctx.phase in ("surprise", "combat") and not ctx.own_turn


def _refuse(body: Track, fact: ResolveSpent, ctx: Ctx, why: str) -> Track:
    """The spend stays in the log as recorded; the rules do not take it, and the GM is told."""
    return body._replace(note=(ctx.position, fact.purpose or "spend", why))


def rest(body: Track, fact: RestTaken, level: int | None) -> Track:
    """002 L650-656: a full night's rest restores all SP and 1 HP per level; a stable creature
    wakes with 1 HP per level after 8 hours (L631). The RP a rest restores is a GAP."""
    if body.dead or _word(fact.kind) not in LONG_RESTS:
        return body
    body = body._replace(stamina=body.max_stamina)
    gained = max(1, level or 1)
    if body.down and body.stable:
        return wake(body, gained)
    return body if body.down else body._replace(hp=min(body.max_hp, body.hp + gained))


def _word(text: str | None) -> str:
    return "" if text is None else text.strip().lower().replace(" ", "_").replace("-", "_")


def _rolled(outcome: str | None, derived: bool) -> bool:
    return derived if outcome is None else outcome == "success"
