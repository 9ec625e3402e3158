"""True20 named conditions (seed 001 L354-389): what they imply and what they cost on checks.

A condition is named by its label, lower case, with `_` and `-` read as spaces ("total_defense"
is "total defense"); debilitated names its ability ("debilitated strength", "debilitated: con").

Derived from the log (here and in defense.py):
- Statuses implied: dying ⇒ unconscious ⇒ helpless; paralyzed ⇒ helpless; entangled twice ⇒
  helpless (L365); debilitated Str ⇒ prone + helpless, Dex ⇒ paralyzed, Con ⇒ dying (with its
  dying check), Int/Wis/Cha ⇒ unconscious (L361); frightened and unable to flee as far as the
  log shows (grappled, pinned, stunned, a lost round, helpless) ⇒ shaken (L370).
- Checks the rules recompute (dying, recovery): shaken −2 and sickened −2, both when both
  (L354: all effects apply). Toughness saves: shaken −2 only under A12's option.
- Defense (defense.py): cover +4, improved cover +8, total cover (no attack), total defense
  +4 while a dodge or parry bonus is kept, charging −2, prone −4 melee / +4 ranged, kneeling or
  sitting −2 / +2, blinded, entangled, stunned, surprised −2, pinned −4, slowed −1, helpless
  (A18), paralyzed Defense 5 (the most severe, L354); dodge lost when blinded, pinned, stunned,
  helpless, flat-footed, surprised, moving all out, aiming, entangled (A29); grappling loses it
  against some attackers only; invisible or concealed: a hit still faces the miss chance.
- Deafened: 4 off the initiative bonus in the delaying limit (delay.py), the one place the
  rules read an initiative bonus.

Table-side only (the log does not say, or the total is the table's as announced):
- Everything on the attacker's roll: prone −4 melee, shaken, sickened, entangled, dazzled,
  slowed −1, invisible +2, charging +2, aim; the Defense of a defender unaware of an invisible
  attacker (the defender's conditions do not say who attacks); the miss-chance roll itself.
- Saves and checks recorded as totals: shaken on Fortitude/Reflex/Will, cover's +2 and slowed's
  −1 on Reflex, fascinated's −4 on reaction checks, blinded's −4 on Str/Dex skills, deafened on
  the initiative roll (InitiativeRolled carries the table's modifier).
- Actions, movement and senses: blinded, deafened (Notice), nauseated, slowed, staggered,
  disabled, stunned, fascinated, panicked, grappled, paralyzed (mental actions only), frightened
  fleeing, half speed, standing up; incorporeal; ability damage and when it debilitates; how
  long charging (to the charger's next turn, L176) and total defense (1 round, L219) last: the
  ConditionApplied duration the GM gives.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from domain.rulesets.base import Effect
from domain.rulesets.true20.care import COLLAPSED, FATIGUE_LEVELS, fatigue_level
from domain.rulesets.true20.options import Ctx, Options
from domain.rulesets.true20.track import LETHAL_ROW, NONLETHAL_ROW, SHAKEN, Track

SICKENED = 2  # 001 "Sickened" L383: −2 on attack rolls and checks
DEBILITATED = {"str": ("prone", "helpless"), "dex": ("paralyzed",), "con": ("dying",),
               "int": ("unconscious",), "wis": ("unconscious",),
               "cha": ("unconscious",)}  # fmt: skip  # 001 "Debilitated" L361
ECHOED = ("dying", "unconscious", "stunned", "paralyzed")  # applied, and statuses too
MAKES_HELPLESS = ("unconscious", "paralyzed", "dying")  # 001 "Helpless" L372, "Dying" L363
HOLDS_IN_PLACE = ("grappled", "pinned", "stunned", "lost action")  # cannot flee (001 L370)
SEVERITY = ("dead", "dying", "unconscious", "disabled", "staggered", "wounded", "dazed", "hurt",
            "bruised")  # fmt: skip


def key(name: str) -> str:
    """A condition or status name as the rules compare it."""
    return name.lower().replace("_", " ").replace("-", " ").strip()


def named(conditions: Iterable[Effect]) -> list[str]:
    """The names of the conditions in force, one per application."""
    return [key(c.name) for c in conditions]


def debilitated(names: Iterable[str]) -> list[str]:
    """001 "Debilitated" L361: Str ⇒ prone and helpless; Dex ⇒ paralyzed; Con ⇒ dying;
    Int, Wis or Cha ⇒ unconscious. Without an ability named, no implication."""
    found: list[str] = []
    for name in names:
        if name.startswith("debilitated"):
            ability = name.removeprefix("debilitated").strip(" :()")[:3]
            found += DEBILITATED.get(ability, ())
    return found


def seen(track: Track, conditions: tuple[Effect, ...], options: Options) -> frozenset[str]:
    """What the conditions in force imply for the body: their names and what those bring."""
    names = named(conditions)
    found = {*names, *debilitated(names)}
    if names.count("entangled") > 1:
        found.add("helpless")  # 001 "Entangled" L365: entangled again becomes helpless
    if fatigue_level(track, conditions, options) >= COLLAPSED:
        found.add("unconscious")  # 001 "Exhausted" L352
    if "dying" in found:
        found.add("unconscious")  # 001 "Dying" L363: a dying character is unconscious
    return frozenset(found)


def helpless(track: Track, looks: Collection[str]) -> bool:
    """001 "Helpless" L372: sleeping, bound, paralyzed or unconscious (dying is unconscious)."""
    return ("helpless" in looks or any(c in looks for c in MAKES_HELPLESS)
            or track.has("unconscious") or track.has("dying"))  # fmt: skip


def cornered(track: Track, looks: Collection[str]) -> bool:
    """Unable to flee, as far as the log shows: held, stunned, a lost round, or helpless."""
    held = any(c in looks for c in HOLDS_IN_PLACE) or track.stun > 0 or track.lost > 0
    return held or helpless(track, looks)


def shaken(track: Track, looks: Collection[str]) -> bool:
    """001 L341 wounded; L382 a shaken condition; L370 frightened and unable to flee."""
    if track.has("wounded") or "shaken" in looks:
        return True
    return "frightened" in looks and cornered(track, looks)


def check_penalty(track: Track, looks: Collection[str]) -> int:
    """001 L341, L382, L383: shaken −2 and sickened −2 on checks; all effects apply (L354)."""
    return (SHAKEN if shaken(track, looks) else 0) + (SICKENED if "sickened" in looks else 0)


def dying(track: Track, looks: Collection[str]) -> bool:
    """The dying box, or a dying condition (001 L361: debilitated Constitution is dying)."""
    return track.has("dying") or "dying" in looks


def statuses(track: Track, ctx: Ctx, flat_footed: bool) -> tuple[str, ...]:
    """The boxes, worst first, then the tallies, then what they and the conditions imply."""
    if track.dead:
        return ("dead",)
    options: Options = ctx.options
    looks = seen(track, ctx.conditions, options)
    found = [b for b in (*reversed(LETHAL_ROW), *reversed(NONLETHAL_ROW)) if track.has(b)]
    found += [t for t in ("hurt", "bruised") if getattr(track, t) > 0]
    if track.stable and (track.has("unconscious") or track.has("disabled")):
        found.append("stable")
    applied = named(ctx.conditions)
    level = fatigue_level(track, ctx.conditions, options)
    found += [FATIGUE_LEVELS[min(level, COLLAPSED - 1) - 1]] if 0 < level < COLLAPSED else []
    found += ["unconscious"] if level >= COLLAPSED else []
    found += [c for c in applied if c in ECHOED] + debilitated(applied)
    found += ["unconscious"] if "dying" in found else []  # 001 "Dying" L363
    found += ["helpless"] if helpless(track, looks) else []  # 001 "Helpless" L372
    if track.has("wounded") or ("frightened" in looks and cornered(track, looks)):
        found.append("shaken")  # 001 "Wounded" L341, "Frightened" L370
    found += ["stunned"] if track.stun else []  # 001 "Wounded" L341: stunned for one round
    found += ["lost_action"] if track.lost else []  # 001 "Dazed"/"Staggered" L338-339
    found = list(dict.fromkeys(found)) or ["healthy"]
    return (*found, "flat_footed") if flat_footed else tuple(found)


def descriptor(track: Track) -> str:
    """What players may see of a foe: its worst mark (or dying condition …), no numbers."""
    if track.dead:
        return "dead"
    for word in SEVERITY:
        if word in ("hurt", "bruised") and getattr(track, word) > 0:
            return word
        if word not in ("hurt", "bruised") and (track.has(word) or word in track.seen):
            return word
    return "healthy"
