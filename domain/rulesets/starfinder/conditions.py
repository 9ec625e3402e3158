"""Starfinder conditions as far as seed 002 defines them (digest §12), statuses and attacks."""

from __future__ import annotations

from typing import NamedTuple

from domain.events import AttackMade
from domain.rulesets.base import Outcome
from domain.rulesets.starfinder.options import Ctx
from domain.rulesets.starfinder.track import Track
from domain.rulesets.terms import BADLY_HURT


class Named(NamedTuple):
    """What the text gives a condition: an AC change (both EAC and KAC), what it implies, and
    its description for the GM page (with where the text says so)."""

    ac: int = 0
    implies: tuple[str, ...] = ()
    text: str = ""


# Every condition the text names (002; the Conditions chapter itself is a GAP). Only the numbers
# below come from the text; the others are tracked and timed with no mechanics.
CONDITIONS: dict[str, Named] = {
    "flat_footed": Named(-2, text='−2 to AC ("Who Is Surprised?" L41).'),
    "pinned": Named(
        implies=("grappled",),
        text='As grappled, and no action moving its limbs but escaping ("Grapple" L375).',
    ),
    "grappled": Named(text='Cannot leave its space; "further penalties" not given (L375).'),
    "unconscious": Named(implies=("helpless",), text="Helpless (CONTRACT §2; L577-579)."),
    "helpless": Named(text='May receive a coup de grace ("Coup de Grace" L491-493).'),
    "prone": Named(
        text='±4 AC against ranged/melee attacks, −4 on melee attacks ("Prone" L800): '
        "the log does not say which, so no number is applied."
    ),
    "cover": Named(4, text='+4 AC ("Cover" L764).'),
    "partial_cover": Named(2, text='+2 AC ("Partial Cover" L780).'),
    "improved_cover": Named(8, text='+8 AC ("Improved Cover" L784).'),
    "total_defense": Named(4, text="+4 AC until the start of its next turn (L419)."),
    "fighting_defensively": Named(2, text='+2 AC, −4 on attacks ("Fight Defensively" L411).'),
    "charging": Named(-2, text='−2 AC until the start of its next turn ("Charge" L483).'),
    "off_kilter": Named(text="Knocked down or tripped in zero gravity; no mechanics here (L802)."),
    "off_target": Named(text="From a dirty trick or powered armor; no mechanics here (L367)."),
    "blinded": Named(text="Cannot withdraw without another precise sense; no numbers here (L367)."),
    "deafened": Named(text="Blindsense relying on sound stops working; no numbers here (L367)."),
    "entangled": Named(text="From a dirty trick or squeezing; no mechanics here (L367, L936)."),
    "shaken": Named(text="From a dirty trick; no mechanics here (L367)."),
    "sickened": Named(text="From a dirty trick; no mechanics here (L367)."),
    "fatigued": Named(text="From hustling or a forced march; no mechanics here (L983, L1005)."),
    "paralyzed": Named(text='Cannot act but keeps its initiative count ("Initiative" L27).'),
    "encumbered": Named(text='Named only ("Modes of Movement").'),
    "overburdened": Named(text='Named only ("Modes of Movement").'),
    "invisible": Named(
        text="Unseen by observers relying on sight: total concealment, and they "
        "are flat-footed against its attacks (L1219-1223); senses decide, so the "
        "GM rules."
    ),
    "incorporeal": Named(
        text="Immune to critical hits, so a natural 20 that reaches its AC is "
        "an ordinary hit; half damage from energy and magic (L1211)."
    ),
}
NO_CRITICALS = ("incorporeal",)  # 002 "Incorporeal" L1211: "immune to critical hits"
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
    immune = any(name in NO_CRITICALS for name in applied(ctx))
    return "critical" if attack.natural == CRIT_NATURAL and not immune else "hit"


def descriptor(body: Track, ctx: Ctx) -> str:
    """What players may see of a foe: no numbers."""
    found = statuses(body, ctx)
    for word in ("dead", "dying", "stable", "unconscious"):
        if word in found:
            return word
    if body.hp >= body.max_hp:
        return "healthy" if body.stamina >= body.max_stamina else "hurt"
    return BADLY_HURT if body.hp * 2 <= body.max_hp else "hurt"  # 002 defines no "bloodied"


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
