"""Where the Orcus table procedure departs from the shared one (seed 004), as ruleset Traits."""

from __future__ import annotations

from functools import cache

from domain.events import DamageDealt
from domain.rulesets.base import Traits
from domain.rulesets.orcus import conditions
from domain.rulesets.orcus.options import Ctx, Options
from domain.rulesets.orcus.track import Vitality

MARKS = frozenset({"marked"})  # 004 Marked L1515-1516: one marker at a time, gone when it falls
NOT_HALVED = ("persistent",)  # 004 Weakened L1559: "except persistent damage"


@cache
def traits(options: Options) -> Traits:
    """004 Delay L1376-1381 (a delayed turn is taken within the round or wasted, "normally", so
    its start comes when it is taken (A7 a), and beneficial effects ending at the delayer's turn
    end go at once), Surprise L1067 (the surprised take
    their first turn, with no actions unless `surprised_first_turn`), Power Effects L979-982
    and Mooks L1589 (damage citing a miss is the power's Miss: damage), Marked L1515-1516,
    Weakened L1559 (unless `weakened_damage` is `in_amount`)."""
    return Traits(
        delay_within_round=True,
        delay_ends_boons=True,
        delay_defers_start=True,
        surprised_take_turn=True,
        surprised_no_actions=options.surprised_first_turn == "none",
        miss_damage_applies=True,
        attacker_modifies=options.attack_penalties == "derived",  # L1514, L1529-1536
        exclusive=MARKS,
        end_with_source=MARKS,
        dealt=weakened if options.weakened_damage == "derived" else None,
    )


def weakened(fact: DamageDealt, attacker: Vitality, ctx: Ctx) -> DamageDealt:
    """004 Weakened L1559: a weakened attacker's damage is halved, rounded down (Core Mechanic
    › Rounding), before the target's resistances (A12); persistent damage is not."""
    if not ctx.conditions or (fact.source or "").lower() in NOT_HALVED:
        return fact  # with none applied, only being down brings conditions, never weakened
    names = [c.name for c in ctx.conditions]
    in_force = conditions.in_force(names, attacker.down, ctx.options.unconscious_helpless)
    if "weakened" not in in_force:
        return fact
    return fact.model_copy(update={"amount": fact.amount // 2})
