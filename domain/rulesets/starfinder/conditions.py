"""Starfinder conditions as far as seed 002 defines them (digest §12), statuses and attacks."""

from __future__ import annotations

from typing import NamedTuple

from domain.events import AttackMade
from domain.rulesets.base import Outcome
from domain.rulesets.starfinder.options import Ctx
from domain.rulesets.starfinder.track import Track


class Named(NamedTuple):
    """What the text gives a condition: an AC change (both EAC and KAC) and what it implies."""

    ac: int = 0
    implies: tuple[str, ...] = ()


# Every condition the text names (002; the Conditions chapter itself is a GAP). Only the numbers
# below come from the text; the others are tracked and timed with no mechanics.
CONDITIONS: dict[str, Named] = {
    "flat_footed": Named(ac=-2),  # 002 "Who Is Surprised?" L41: −2 to AC
    "pinned": Named(implies=("grappled",)),  # 002 "Grapple" L373-389: pinned carries grappled
    "grappled": Named(),  # 002 "Grapple": "further penalties" are not given
    "unconscious": Named(implies=("helpless",)),  # CONTRACT §2: unconscious ⇒ helpless
    "helpless": Named(),  # 002 "Coup de Grace" L491: may receive a coup de grace
    "prone": Named(),  # 002 "Prone" L800: ±4 AC by melee/ranged, which AttackMade does not say
    "cover": Named(ac=4),  # 002 "Cover" L764: +4 AC
    "partial_cover": Named(ac=2),  # 002 "Partial Cover" L780: +2 AC
    "improved_cover": Named(ac=8),  # 002 "Improved Cover" L784: +8 AC
    "total_defense": Named(ac=4),  # 002 "Total Defense" L419: +4 AC to the start of next turn
    "fighting_defensively": Named(ac=2),  # 002 "Fight Defensively" L411: +2 AC
    "charging": Named(ac=-2),  # 002 "Charge" L483: −2 AC until the start of the next turn
    "off_kilter": Named(),  # 002 "Prone"/"Trip": named only
    "off_target": Named(),  # 002 "Dirty Trick", "Powered Armor": named only
    "blinded": Named(),  # 002 "Dirty Trick", "Withdraw": no numbers here
    "deafened": Named(),  # 002 "Dirty Trick", "Blindsense": no numbers here
    "entangled": Named(),  # 002 "Dirty Trick", "Squeezing": no numbers here
    "shaken": Named(),  # 002 "Dirty Trick": named only
    "sickened": Named(),  # 002 "Dirty Trick": named only
    "fatigued": Named(),  # 002 "Hustle", "Forced March": named only
    "paralyzed": Named(),  # 002 "Initiative" L27: cannot act, keeps its count
    "encumbered": Named(),  # 002 "Modes of Movement": named only
    "overburdened": Named(),  # 002 "Modes of Movement": named only
}
FLAT_FOOTED = CONDITIONS["flat_footed"].ac
CRIT_NATURAL = 20  # 002 "Critical Hits" L343-347: only a natural 20, and total ≥ the AC
MISS_NATURAL = 1  # 002 "Automatic Misses and Hits" L73-75
MANEUVER = 8  # 002 "Combat Maneuver" L357-363: melee attack vs KAC + 8
DEFENSES = {"eac": "eac", "kac": "kac", "maneuver": "kac", "combat_maneuver": "kac"}


def key(name: str) -> str:
    """A condition's name as the registry spells it."""
    return name.strip().lower().replace(" ", "_").replace("-", "_")


def applied(ctx: Ctx) -> list[str]:
    return [key(c.name) for c in ctx.conditions]


def surprised(body: Track, ctx: Ctx) -> bool:
    """Flat-footed from surprise (L41) while the fight runs and the creature lives."""
    return body.surprised and not body.dead and ctx.phase in ("surprise", "combat")


def statuses(body: Track, ctx: Ctx) -> tuple[str, ...]:
    """The damage track's state, then what it and the conditions imply."""
    if body.dead:
        return ("dead",)
    found: list[str] = []
    if body.down:
        word = "dying" if not body.stable else "unconscious" if body.mortal else "stable"
        found += [word, "unconscious", "helpless"]
    if surprised(body, ctx):
        found.append("flat_footed")
    names = applied(ctx)
    for name in names:
        found += [i for i in CONDITIONS.get(name, Named()).implies if i not in names]
    return tuple(dict.fromkeys(found)) or ("healthy",)


def armor_class(defenses: dict[str, int], defense: str, body: Track, ctx: Ctx) -> int | None:
    """EAC or KAC (+8 for a combat maneuver), with the AC changes of the conditions in force."""
    base = defenses.get(DEFENSES.get(defense, defense))
    if base is None:
        return None
    changes = sum(CONDITIONS.get(name, Named()).ac for name in set(applied(ctx)))
    if surprised(body, ctx) and "flat_footed" not in applied(ctx):
        changes += FLAT_FOOTED
    return base + changes + (MANEUVER if defense in ("maneuver", "combat_maneuver") else 0)


def attack_outcome(attack: AttackMade, body: Track, ctx: Ctx) -> Outcome | None:
    """002 L59-75, L343-347: hit on total ≥ AC; natural 1 misses; natural 20 hits, and is a
    critical only if the total also reaches the AC. No confirmation roll. Unknown AC: the GM."""
    if attack.outcome is not None:
        return attack.outcome
    if attack.natural == MISS_NATURAL:
        return "miss"
    armor = None
    if attack.defense is not None:
        armor = armor_class(ctx.stats.defenses, key(attack.defense), body, ctx)
    if armor is None:
        return "hit" if attack.natural == CRIT_NATURAL else None
    if attack.total < armor:
        return "hit" if attack.natural == CRIT_NATURAL else "miss"
    return "critical" if attack.natural == CRIT_NATURAL else "hit"


def descriptor(body: Track, ctx: Ctx) -> str:
    """What players may see of a foe: no numbers."""
    found = statuses(body, ctx)
    for word in ("dead", "dying", "stable", "unconscious"):
        if word in found:
            return word
    if body.hp >= body.max_hp:
        return "healthy" if body.stamina >= body.max_stamina else "hurt"
    return "bloodied" if body.hp * 2 <= body.max_hp else "hurt"


def warnings(body: Track, name: str, cost: int) -> tuple[str, ...]:
    """What the rules call for that the log does not hold yet, and spends they did not take."""
    found: list[str] = []
    if body.note is not None:
        line, purpose, why = body.note
        found.append(f"line {line}: {name} {why}; ResolveSpent ({purpose}) not applied")
    if body.dying and not body.mortal and body.grace_round is not None:
        found.append(f"{name} has 0 RP: dead at the end of its turn in round "
                     f"{body.grace_round + 1} unless healed or stabilized")  # fmt: skip
    elif body.dying and not body.mortal:
        can = "can" if body.resolve >= cost else "cannot"
        found.append(f"{name} is dying ({body.resolve} RP) and {can} spend {cost} RP to "
                     "stabilize on its turn")  # fmt: skip
    return tuple(found)
