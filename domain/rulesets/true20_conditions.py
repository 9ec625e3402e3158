"""True20 named conditions (seed 001 L354-389): what they imply and what they do to Defense."""

from __future__ import annotations

from domain.events import AttackMade
from domain.rulesets.base import Ctx, Effect, Outcome
from domain.rulesets.true20_care import COLLAPSED, FATIGUE_LEVELS, fatigue_level
from domain.rulesets.true20_options import Options
from domain.rulesets.true20_track import LETHAL_ROW, NONLETHAL_ROW, Track

HELPLESS_ADJACENT = 9  # 001 "Regular Attack" L256: −9 Defense against adjacent attackers
HELPLESS_RANGED = 5  # 001 "Regular Attack" L256: −5 Defense against ranged attacks
HELPLESS_DEFENSE = 5  # 001 "Helpless" L372, "Paralyzed" L379: Defense 5 (A18 option)
DEFENSE_PENALTY = {"stunned": 2, "blinded": 2, "entangled": 2, "pinned": 4, "slowed": 1,
                   "surprised": 2}  # fmt: skip  # 001 Combat Modifiers Table L302-317, L384
NO_DODGE = ("stunned", "blinded", "pinned", "helpless", "paralyzed", "flat_footed",
            "surprised")  # fmt: skip  # 001 Combat Modifiers Table "Dodge Bonus? No"
MAKES_HELPLESS = ("unconscious", "paralyzed", "dying")  # 001 "Helpless" L372, "Dying" L363
SEVERITY = ("dead", "dying", "unconscious", "disabled", "staggered", "wounded", "dazed", "hurt",
            "bruised")  # fmt: skip


def named(conditions: tuple[Effect, ...]) -> list[str]:
    """The lower-case names of the conditions in force, one per application."""
    return [c.name.lower() for c in conditions]


def shaken(track: Track, conditions: tuple[Effect, ...]) -> bool:
    """001 "Wounded" L341: wounded characters are shaken; or a shaken condition (L382)."""
    return track.has("wounded") or "shaken" in named(conditions)


def statuses(track: Track, ctx: Ctx, flat_footed: bool) -> tuple[str, ...]:
    """The boxes, worst first, then the tallies, then what they and the conditions imply."""
    if track.dead:
        return ("dead",)
    options: Options = ctx.options
    found = [b for b in (*reversed(LETHAL_ROW), *reversed(NONLETHAL_ROW)) if track.has(b)]
    found += [t for t in ("hurt", "bruised") if getattr(track, t) > 0]
    if track.stable and (track.has("unconscious") or track.has("disabled")):
        found.append("stable")
    applied = named(ctx.conditions)
    level = fatigue_level(track, ctx.conditions, options)
    found += [FATIGUE_LEVELS[min(level, COLLAPSED - 1) - 1]] if 0 < level < COLLAPSED else []
    found += ["unconscious"] if level >= COLLAPSED else []
    found += [c for c in applied if c in ("dying", "unconscious", "stunned", "paralyzed")]
    entangled_twice = applied.count("entangled") > 1  # 001 "Entangled" L365
    if entangled_twice or "helpless" in applied or any(c in MAKES_HELPLESS for c in found):
        found.append("helpless")  # 001 "Helpless" L372
    found += ["shaken"] if track.has("wounded") else []  # 001 "Wounded" L341
    found += ["stunned"] if track.stun else []  # 001 "Wounded" L341: stunned for one round
    found += ["lost_action"] if track.lost else []  # 001 "Dazed"/"Staggered" L338-339
    found = list(dict.fromkeys(found)) or ["healthy"]
    return (*found, "flat_footed") if flat_footed else tuple(found)


def descriptor(track: Track) -> str:
    """What players may see of a foe: the worst mark it bears, no numbers."""
    if track.dead:
        return "dead"
    for word in SEVERITY:
        if word in ("hurt", "bruised") and getattr(track, word) > 0:
            return word
        if word not in ("hurt", "bruised") and track.has(word):
            return word
    return "healthy"


def attack_outcome(attack: AttackMade, track: Track, ctx: Ctx, flat_footed: bool) -> Outcome | None:
    """001 L98, L106, L119: natural 1 misses, 20 hits, else total ≥ Defense; confirmed 20s crit."""
    if attack.outcome is not None:
        return attack.outcome
    if attack.natural == 1:
        return "miss"
    defense = _defense(attack, track, ctx, flat_footed)
    if defense is None:
        return "hit" if attack.natural == 20 else None
    if attack.natural != 20 and attack.total < defense[0]:
        return "miss" if attack.total < defense[1] else None
    if attack.natural != 20 or attack.confirm_natural is None:
        return "hit"
    confirmed = attack.confirm_natural == 20 or (attack.confirm_total or 0) >= defense[0]
    return "critical" if confirmed else "hit"


def _defense(
    attack: AttackMade, track: Track, ctx: Ctx, flat_footed: bool
) -> tuple[int, int] | None:
    """The Defense that surely holds and the one below which it surely fails (equal unless A18)."""
    base = ctx.stats.defenses.get(attack.defense or "defense")
    if base is None:
        return None
    options: Options = ctx.options
    states = set(statuses(track, ctx, flat_footed)) | set(named(ctx.conditions))
    if track.lost and track.lost_defense:
        states.add("stunned")  # 001 "Staggered" L339: no dodge, −2 Defense while the round is lost
    if "helpless" in states and options.helpless_defense == "glossary":
        return HELPLESS_DEFENSE, HELPLESS_DEFENSE
    loses_dodge = bool(states & set(NO_DODGE)) or (
        "entangled" in states and options.entangled_loses_dodge
    )
    parry_lost = "helpless" in states or (flat_footed and options.flat_footed_loses_parry)
    value = base - (ctx.stats.dodge if loses_dodge else 0) - (ctx.stats.parry if parry_lost else 0)
    value -= sum(DEFENSE_PENALTY.get(s, 0) for s in states)
    if "helpless" in states:
        return value - HELPLESS_RANGED, value - HELPLESS_ADJACENT  # A18: melee or ranged unknown
    return value, value
