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

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import NamedTuple

from domain.rulesets.base import Effect
from domain.rulesets.true20.care import (
    COLLAPSED,
    EFFORT,
    FATIGUE_LEVELS,
    STRENUOUS,
    fatigue_results,
    level,
)
from domain.rulesets.true20.options import Ctx, Options
from domain.rulesets.true20.track import LETHAL_ROW, NONLETHAL_ROW, SHAKEN, SLOT, Track

SICKENED = 2  # 001 "Sickened" L383: −2 on attack rolls and checks
DEBILITATED = {"str": ("prone", "helpless"), "dex": ("paralyzed",), "con": ("dying",),
               "int": ("unconscious",), "wis": ("unconscious",),
               "cha": ("unconscious",)}  # fmt: skip  # 001 "Debilitated" L361
ECHOED = ("dying", "unconscious", "stunned", "paralyzed")  # applied, and statuses too
MAKES_HELPLESS = ("unconscious", "paralyzed", "dying")  # 001 "Helpless" L372, "Dying" L363
HOLDS_IN_PLACE = ("grappled", "pinned", "stunned", "lost action")  # cannot flee (001 L370)
SEVERITY = ("dead", "dying", "unconscious", "disabled", "staggered", "wounded", "dazed", "hurt",
            "bruised")  # fmt: skip
LOWER_ROWS = (*reversed(LETHAL_ROW), *reversed(NONLETHAL_ROW))  # the boxes, worst first
KEPT = 512  # conditions tuples whose reading is kept (a fold's members' own, many times over)


@lru_cache(maxsize=1024)
def key(name: str) -> str:
    """A condition or status name as the rules compare it."""
    return name.lower().replace("_", " ").replace("-", " ").strip()


class Said(NamedTuple):
    """What a member's conditions in force say by themselves, whatever its track: read once for
    each tuple of conditions (a member's conditions change far less often than a line comes)."""

    names: tuple[str, ...]  # one per application, as the rules compare names
    applied: frozenset[str]
    implied: frozenset[str]  # the names and what they bring (`seen`, fatigue aside)
    echoed: tuple[str, ...]  # the statuses the names echo, in order (`statuses`)
    fatigue: tuple[tuple[int, str], ...]  # the fatigue results applied (care.level)
    efforts: tuple[int, ...]  # positions of the extra-effort declarations (001 L55)
    strenuous: tuple[int, ...]  # positions of the strenuous actions (001 L342, L362)


NOTHING = Said((), frozenset(), frozenset(), (), (), (), ())
_read: dict[int, tuple[tuple[Effect, ...], Said]] = {}


def said(conditions: tuple[Effect, ...]) -> Said:
    """What `conditions` say, read once per tuple: a tuple of frozen conditions never changes,
    so the reading kept for it (found by identity, the tuple itself kept alongside so its id is
    never reused meanwhile) is the reading it would get again."""
    if not conditions:
        return NOTHING
    if type(conditions) is not tuple:
        return _said(conditions)  # a list may change: read it afresh
    kept = _read.get(id(conditions))
    if kept is not None and kept[0] is conditions:
        return kept[1]
    found = _said(conditions)
    if len(_read) >= KEPT:
        _read.clear()
    _read[id(conditions)] = (conditions, found)
    return found


def _said(conditions: Iterable[Effect]) -> Said:
    conditions = tuple(conditions)
    names = tuple(named(conditions))
    found = {*names, *debilitated(names)}
    if names.count("entangled") > 1:
        found.add("helpless")  # 001 "Entangled" L365: entangled again becomes helpless
    if "dying" in found:
        found.add("unconscious")  # 001 "Dying" L363: a dying character is unconscious
    positions = [c.position for c in conditions]
    return Said(
        names=names,
        applied=frozenset(names),
        implied=frozenset(found),
        echoed=(*(c for c in names if c in ECHOED), *debilitated(names)),
        fatigue=fatigue_results(conditions),
        efforts=tuple(p for n, p in zip(names, positions, strict=True) if n in EFFORT),
        strenuous=tuple(p for n, p in zip(names, positions, strict=True) if n in STRENUOUS),
    )


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
    return looks(track, said(conditions), options)


def looks(track: Track, words: Said, options: Options) -> frozenset[str]:
    """`seen`, from what the conditions say."""
    if not (words.fatigue or track.fatigue):
        return words.implied  # no fatigue at all (most bodies, most lines)
    return _looks(words, level(words.fatigue, track.fatigue, options))


def _looks(words: Said, fatigue: int) -> frozenset[str]:
    if fatigue >= COLLAPSED and "unconscious" not in words.implied:
        return words.implied | {"unconscious"}  # 001 "Exhausted" L352
    return words.implied


def helpless(track: Track, looks: AbstractSet[str]) -> bool:
    """001 "Helpless" L372: sleeping, bound, paralyzed or unconscious (dying is unconscious)."""
    return ("helpless" in looks or not looks.isdisjoint(MAKES_HELPLESS)
            or track.has("unconscious") or track.has("dying"))  # fmt: skip


def cornered(track: Track, looks: AbstractSet[str]) -> bool:
    """Unable to flee, as far as the log shows: held, stunned, a lost round, or helpless."""
    held = not looks.isdisjoint(HOLDS_IN_PLACE) or track.stun > 0 or track.lost > 0
    return held or helpless(track, looks)


def shaken(track: Track, looks: AbstractSet[str]) -> bool:
    """001 L341 wounded; L382 a shaken condition; L370 frightened and unable to flee."""
    if track.has("wounded") or "shaken" in looks:
        return True
    return "frightened" in looks and cornered(track, looks)


def check_penalty(track: Track, looks: AbstractSet[str]) -> int:
    """001 L341, L382, L383: shaken −2 and sickened −2 on checks; all effects apply (L354)."""
    return (SHAKEN if shaken(track, looks) else 0) + (SICKENED if "sickened" in looks else 0)


def dying(track: Track, looks: AbstractSet[str]) -> bool:
    """The dying box, or a dying condition (001 L361: debilitated Constitution is dying)."""
    return track.has("dying") or "dying" in looks


def statuses(track: Track, ctx: Ctx, flat_footed: bool) -> tuple[str, ...]:
    """The boxes, worst first, then the tallies, then what they and the conditions imply."""
    if track.dead:
        return ("dead",)
    return statuses_of(track, said(ctx.conditions), ctx.options, flat_footed)


def statuses_of(track: Track, words: Said, options: Options, flat_footed: bool) -> tuple[str, ...]:
    """`statuses` of a living track, from what its conditions say."""
    tired = level(words.fatigue, track.fatigue, options)
    looks = _looks(words, tired)
    marks = track.marks
    found = [b for b in LOWER_ROWS if marks[SLOT[b]]] if any(marks) else []
    found += ["hurt"] if track.hurt > 0 else []
    found += ["bruised"] if track.bruised > 0 else []
    if track.stable and (track.has("unconscious") or track.has("disabled")):
        found.append("stable")
    found += [FATIGUE_LEVELS[min(tired, COLLAPSED - 1) - 1]] if 0 < tired < COLLAPSED else []
    found += ["unconscious"] if tired >= COLLAPSED else []
    found += words.echoed
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
