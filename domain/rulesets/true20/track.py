"""True20's Toughness damage track (seed 001 L322-344): tallies, boxes, escalation, overflow."""

from __future__ import annotations

from typing import NamedTuple

from domain.events import DamageDealt
from domain.rulesets.true20.options import Options

DIFFICULTY_BASE = 15  # 001 "Toughness save" L322: Difficulty 15 + the attack's damage bonus
TIER_STEP = 5  # 001 "Non-lethal/Lethal Damage" L326, L328: fails by 5, 10, 15 or more
IMPOSSIBLE_NATURAL = 20  # 001 "Impossible Toughness Saves" L335: a natural 20 is only bruised/hurt
SHAKEN = 2  # 001 "Wounded" L341, "Shaken" L382: −2 on checks (and, A12, saves)

NONLETHAL_ROW = ("dazed", "staggered", "unconscious")  # 001 Damage Track L330-334, 3 boxes
LETHAL_ROW = ("wounded", "disabled", "dying", "dead")  # 001 Damage Track L330-334, 4 boxes
BOXES = NONLETHAL_ROW + LETHAL_ROW
SLOT = {box: n for n, box in enumerate(BOXES)}  # a box's place in `marks`, looked up, not searched
DEAD = SLOT["dead"]
COLLATERAL = {"wounded": "dazed", "disabled": "staggered", "dying": "unconscious"}  # 001 L329
STACKING = ("dazed", "wounded")  # A8: the marks the alternative reading lets stack


class Track(NamedTuple):
    """One combatant's damage track plus the round-scoped bookkeeping its procedures need.

    `marks` holds a count per box of BOXES (0 or 1, except A8's stacking marks). `stun` and
    `lost` are windows: 2 = through the victim's next turn, 1 = until the current turn ends.
    `seen` is what the conditions in force imply, refreshed on every call that sees them, so
    `vitals` (which sees only the body) shows the penalty a hit would apply.
    """

    bruised: int = 0
    hurt: int = 0
    marks: tuple[int, ...] = (0,) * len(BOXES)
    stable: bool = False
    stun: int = 0
    lost: int = 0
    lost_defense: bool = False
    dying_due: bool = False
    dying_saves: int = 0
    collapse_due: bool = False
    bruise_clock: int = 0
    hurt_clock: int = 0
    dazed_age: int = 0
    unsaved: int | None = None
    fatigue: tuple[tuple[int, str], ...] = ()
    charged: frozenset[int] = frozenset()
    conviction: bool = False
    seen: frozenset[str] = frozenset()  # the conditions in force when the rules last looked
    turn_open: bool = False  # its turn began and has not ended: it is delaying (001 L182)
    forfeited: tuple[int, int] | None = None  # (round, initiative bonus): past its limit (L184)

    def has(self, box: str) -> bool:
        return self.marks[SLOT[box]] > 0

    def count(self, box: str) -> int:
        return self.marks[SLOT[box]]

    @property
    def dead(self) -> bool:
        return self.marks[DEAD] > 0


def mark(track: Track, box: str, add: int = 1) -> Track:
    """Check (or, with a negative `add`, clear) one box."""
    index = SLOT[box]
    marks = list(track.marks)
    marks[index] = max(0, marks[index] + add)
    return track._replace(marks=tuple(marks))


def penalty(track: Track, nonlethal: bool, options: Options, shaken: bool) -> int:
    """001 L326, L328, L329 (digest §4.8, A9): the Toughness save penalty against this kind."""
    hurt = track.hurt if not nonlethal or options.hurt_penalty == "all_saves" else 0
    wounded = track.count("wounded")
    extra = SHAKEN if shaken and options.shaken_affects_toughness else 0
    if not nonlethal:
        return hurt + wounded + extra
    return max(track.bruised, hurt) + track.count("dazed") + wounded + extra


def tier(margin: int) -> int:
    """0 for a margin of 1-4, 1 for 5-9, 2 for 10-14, 3 for 15 or more."""
    return min(3, margin // TIER_STEP)


def first_free(track: Track, row: tuple[str, ...], options: Options) -> str | None:
    """The first box of `row` a result lands on (A8: stacking marks never escalate)."""
    if options.stacking_marks and row[0] in STACKING:
        return row[0]
    return next((box for box in row if not track.has(box)), None)


def escalate(track: Track, box: str, options: Options) -> tuple[Track, str | None]:
    """001 L326, L328: a checked box passes the result up; past unconscious, into the lethal row."""
    row = NONLETHAL_ROW if box in NONLETHAL_ROW else LETHAL_ROW
    landed = first_free(track, row[row.index(box) :], options)
    if landed is None and row is NONLETHAL_ROW:
        landed = first_free(track, LETHAL_ROW, options)  # 001 L326: "first available lethal box"
    return (track, None) if landed is None else (mark(track, landed), landed)


def toughness_total(fact: DamageDealt, pen: int, toughness: int | None) -> int | None:
    """001 L322-328, CONTRACT §1: natural + bonus (the save's, else the stats' Toughness) − the
    track's penalty now; the announced total only when neither bonus is known."""
    save = fact.save
    if save is None:
        return None
    bonus = toughness if save.bonus is None else save.bonus
    return save.total if bonus is None else save.natural + bonus - pen


def hit(
    track: Track, fact: DamageDealt, options: Options, shaken: bool, toughness: int | None = None
) -> tuple[Track, list[str]]:
    """One damaging hit: the Toughness save against 15 + bonus, and the marks its failure makes.

    `toughness` is the target's Toughness save bonus from its stats, used when the save gives
    none. Returns the track and the boxes newly checked by this hit (for the lost-action windows).
    """
    pen = penalty(track, fact.nonlethal, options, shaken)
    total = toughness_total(fact, pen, toughness)
    difficulty = DIFFICULTY_BASE + fact.amount
    if total is None or total >= difficulty:
        return track, []
    step = tier(difficulty - total)
    assert fact.save is not None
    if fact.save.natural == IMPOSSIBLE_NATURAL and options.impossible_save_nat20:
        step = 0  # 001 L335: failing on a natural 20 means the save was impossible
    before = track
    track = _tally(track, fact.nonlethal, step, options)
    if fact.nonlethal:
        track = _nonlethal(track, before, step, options)
    elif step > 0:
        track, landed = escalate(track, LETHAL_ROW[step - 1], options)
        if landed in COLLATERAL:
            track = _collateral(track, COLLATERAL[landed], options)
    if options.staggered_any_damage_ko and before.has("staggered") and not track.has("unconscious"):
        track = mark(track, "unconscious")  # 001 "Staggered" L386: any further damage
    return track, [b for b, now, was in zip(BOXES, track.marks, before.marks, strict=True)
                   if now > was]  # fmt: skip


def _tally(track: Track, nonlethal: bool, step: int, options: Options) -> Track:
    if step > 0 and not options.hurt_on_every_failure:
        return track
    if nonlethal:
        return track._replace(bruised=track.bruised + 1)
    track = track._replace(hurt=track.hurt + 1, bruised=track.bruised + 1)  # 001 L329
    if options.collateral_escalates and track.has("unconscious"):
        track, _ = escalate(track, "wounded", options)  # A10 option: the bruise overflows
    return track


def _nonlethal(track: Track, before: Track, step: int, options: Options) -> Track:
    if before.has("unconscious"):
        return escalate(track, "wounded", options)[0]  # 001 L326: overflow into the lethal row
    if step == 0:
        return track
    return escalate(track, NONLETHAL_ROW[step - 1], options)[0]


def _collateral(track: Track, box: str, options: Options) -> Track:
    """001 L329: lethal damage also checks the matching non-lethal box (A10: idempotent)."""
    if not track.has(box) or (options.stacking_marks and box in STACKING):
        return mark(track, box)
    return escalate(track, box, options)[0] if options.collateral_escalates else track
