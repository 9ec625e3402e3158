"""True20 after the hit (seed 001 L343-353): dying, stabilizing, recovery, fading and fatigue."""

from __future__ import annotations

from collections.abc import Iterable

from domain.events import CheckRolled, SavingThrowRolled
from domain.rulesets.base import Effect
from domain.rulesets.true20.options import Ctx, Options
from domain.rulesets.true20.track import Track, mark

DYING_DIFFICULTY = 10  # 001 "Dying" L343: a Constitution check (Difficulty 10) each round
STABLE_MARGIN = 10  # 001 "Dying" L343: "succeeds by 10 or more (Difficulty 20)" → stable
HEAL_DIFFICULTY = 15  # 001 "Dying" L364: another can stabilize with a Heal check (Difficulty 15)
RECOVERY_DIFFICULTY = 10  # 001 "Recovery" L345: a Constitution check (Difficulty 10)
CONVICTION_ROLL = 10  # 001 "Recovery" L347: "Conviction always grants you a roll of 10"
ROUNDS_PER_MINUTE = 10  # 001 "(The round)" L148: a round is about 6 seconds
BRUISE_FADE = ROUNDS_PER_MINUTE  # 001 "Recovery" L348: bruised and dazed fade one per minute
HURT_FADE = 60 * ROUNDS_PER_MINUTE  # 001 "Recovery" L348: hurt fades one per hour
REST_ROUNDS = {"minute": BRUISE_FADE, "hour": HURT_FADE, "day": 24 * HURT_FADE,
               "long": 10 * HURT_FADE}  # fmt: skip  # 001 "Recovery" L353: ten hours clear fatigue
RECOVERABLE = ("unconscious", "staggered", "dazed", "wounded", "disabled")  # 001 L346
FATIGUE_LEVELS = ("winded", "fatigued", "exhausted")  # 001 "Fatigue" L349-352, in order
FATIGUE_RESULTS = (*FATIGUE_LEVELS, "fatigue")  # condition labels that are a fatigue result
COLLAPSED = len(FATIGUE_LEVELS) + 1  # 001 "Exhausted" L352: one more result → unconscious
EFFORT = ("extra effort", "extra_effort")  # condition labels declaring extra effort (001 L55)
Fatigue = tuple[tuple[int, str], ...]  # (position, what changed), as Track.fatigue keeps them
STRENUOUS = (
    "strenuous", "strenuous action", "standard action",  # the GM's ruling (001 L342, L362)
    "moving all out", "charging",  # 001 "Disabled" L362: moving all out, attacking
    "total defense", "concentrating",  # standard actions (001 L180, L219), so L342's trigger
)  # fmt: skip


def becomes_dying(track: Track, options: Options) -> Track:
    """The dying box is newly checked: no longer stable; the first check is due (A17)."""
    due = options.dying_procedure == "hourly_fort"  # 001 L363: "immediately make a Fortitude save"
    return track._replace(stable=False, dying_due=due, dying_saves=0)


def stabilize(track: Track) -> Track:
    """001 L343, L385: no longer dying, still unconscious and disabled."""
    if not track.has("dying"):
        return track
    track = mark(track, "dying", -track.count("dying"))._replace(stable=True, dying_due=False)
    for box in ("disabled", "unconscious"):
        track = track if track.has(box) else mark(track, box)
    return track


def check_total(fact: CheckRolled, constitution: int | None, penalty: int) -> int:
    """A Constitution check recomputed: natural + Con − what conditions cost on checks (shaken
    L341/L382, sickened L383)."""
    if constitution is None:
        return fact.total
    return fact.natural + constitution - penalty


def dying_check(track: Track, fact: CheckRolled, total: int) -> Track:
    """001 "Dying" L343: failure kills, success lives a round, success by 10 stabilizes."""
    difficulty = fact.dc or DYING_DIFFICULTY
    passed = total >= difficulty if fact.outcome is None else fact.outcome == "success"
    if not passed:
        return mark(track, "dead")._replace(dying_due=False)
    if total >= difficulty + STABLE_MARGIN:
        return stabilize(track._replace(dying_due=False))  # a dying condition stays in force
    return track._replace(dying_due=False)


def dying_save(track: Track, fact: SavingThrowRolled) -> Track:
    """A17 option, 001 L363-364: Fortitude 10, +1 per hour; by 10 or a natural 20 stabilizes."""
    difficulty = fact.dc or DYING_DIFFICULTY + track.dying_saves
    passed = fact.total >= difficulty if fact.outcome is None else fact.outcome == "success"
    if not passed:
        return mark(track, "dead")._replace(dying_due=False)
    if fact.natural == 20 or fact.total >= difficulty + STABLE_MARGIN:
        return stabilize(track._replace(dying_due=False))
    return track._replace(dying_due=False, dying_saves=track.dying_saves + 1)


def heal_check(track: Track, fact: CheckRolled) -> Track:
    """001 "Dying" L364: another character's Heal check (Difficulty 15) stabilizes."""
    difficulty = fact.dc or HEAL_DIFFICULTY
    passed = fact.total >= difficulty if fact.outcome is None else fact.outcome == "success"
    return stabilize(track) if passed else track


def recovery(track: Track, fact: CheckRolled, total: int, position: int, options: Options) -> Track:
    """001 "Recovery" L345-347: Con 10 erases the condition it is for (A24: one per check)."""
    if track.conviction:
        track = track._replace(conviction=False)
        if options.conviction_recovery == "automatic":
            total = RECOVERY_DIFFICULTY  # A25: the roll of 10 ensures success
        else:
            total += CONVICTION_ROLL - fact.natural
    passed = total >= (fact.dc or RECOVERY_DIFFICULTY)
    passed = passed if fact.outcome is None else fact.outcome == "success"
    against = fact.against or next((b for b in RECOVERABLE if track.has(b)), "fatigue")
    if not passed:
        return track
    if against in FATIGUE_RESULTS:
        return with_fatigue(track, position, "recover")
    if against == "unconscious":
        track = with_fatigue(track, position, "wake")
    if against in RECOVERABLE and track.has(against):
        track = mark(track, against, -1)
    if not (track.has("unconscious") or track.has("disabled")):
        track = track._replace(stable=False)
    return track


def with_fatigue(track: Track, position: int, kind: str) -> Track:
    """Remember a fatigue change the body itself saw (effort, recovery, rest, Conviction)."""
    return track._replace(fatigue=(*track.fatigue, (position, kind)))


def fatigue_results(conditions: Iterable[Effect]) -> Fatigue:
    """The fatigue results applied as conditions, as (position, result)."""
    return tuple((c.position, c.name.lower()) for c in conditions
                 if c.name.lower() in FATIGUE_RESULTS)  # fmt: skip


def fatigue_level(track: Track, conditions: tuple[Effect, ...], options: Options) -> int:
    """001 "Fatigue" L349-353: each result one level on (A21, A22); 4 is unconscious."""
    return level(fatigue_results(conditions), track.fatigue, options)


def level(applied: Fatigue, own: Fatigue, options: Options) -> int:
    """The fatigue level from the results applied and the changes the body saw, in log order."""
    if not applied and not own:
        return 0  # most bodies, most lines: no fatigue at all
    found = 0
    for _, kind in sorted((*applied, *own)):
        found = _fatigue_step(found, kind, options)
    return found


def _fatigue_step(level: int, kind: str, options: Options) -> int:
    if kind == "effort":
        kind = "winded" if options.extra_effort_fatigue == "winded" else "fatigued"
    if kind in FATIGUE_RESULTS:
        named = FATIGUE_LEVELS.index(kind) + 1 if kind in FATIGUE_LEVELS else 0
        least = 0 if options.become_fatigued == "one_level" else named
        return min(COLLAPSED, max(least, level + 1))
    if kind in ("recover", "shake"):
        return max(0, level - 1)
    if kind == "wake":
        return min(level, COLLAPSED - 1)
    return 0 if kind == "rested" else level


def elapse(track: Track, rounds: int, options: Options) -> Track:
    """001 "Recovery" L348: bruised and dazed fade one per minute, hurt one per hour (A23)."""
    if not (track.hurt or track.hurt_clock or track.bruised or track.bruise_clock
            or track.count("dazed") or track.dazed_age):  # fmt: skip
        return track  # nothing to fade: every tally and clock is already 0
    hurt, hurt_clock = _fade(track.hurt, track.hurt_clock, rounds, HURT_FADE)
    track = track._replace(hurt=hurt, hurt_clock=hurt_clock)
    dazed = track.count("dazed")
    if options.fading == "one_in_total":
        left, clock = _fade(dazed + track.bruised, track.bruise_clock, rounds, BRUISE_FADE)
        gone = dazed + track.bruised - left
        track = mark(track, "dazed", -min(dazed, gone))
        return track._replace(bruised=track.bruised - max(0, gone - dazed), bruise_clock=clock)
    bruised, clock = _fade(track.bruised, track.bruise_clock, rounds, BRUISE_FADE)
    still, age = _fade(dazed, track.dazed_age, rounds, BRUISE_FADE)
    track = mark(track, "dazed", still - dazed)
    return track._replace(bruised=bruised, bruise_clock=clock, dazed_age=age)


def _fade(count: int, clock: int, rounds: int, period: int) -> tuple[int, int]:
    if count == 0:
        return 0, 0
    clock += rounds
    count -= min(count, clock // period)
    return count, (clock % period if count else 0)


def uncharged(track: Track, positions: tuple[int, ...]) -> list[int]:
    """Of the positions of conditions declaring an exertion, those not yet charged for."""
    return [p for p in positions if p not in track.charged] if positions else []


def conviction(track: Track, purpose: str | None, position: int) -> Track:
    """001 L56, L347-348: a Conviction point shakes off fatigue, ensures a recovery check, or
    erases all bruised, dazed and hurt."""
    purpose = (purpose or "").lower()
    if purpose == "fatigue":
        return with_fatigue(track, position, "shake")  # 001 L56
    if purpose == "recovery":
        return track._replace(conviction=True)  # 001 L347
    if purpose == "erase":
        track = mark(track, "dazed", -track.count("dazed"))  # 001 L348
        return track._replace(bruised=0, hurt=0, bruise_clock=0, hurt_clock=0)
    return track


def round_begins(track: Track, ctx: Ctx, declared: tuple[int, ...]) -> Track:
    """001 L56, L342-343 (A6): extra-effort fatigue falls due, the disabled collapse, and the
    dying check is called for (the dying box, or a dying condition: debilitated Con, L361).
    `declared`: the positions of the extra-effort conditions in force."""
    options: Options = ctx.options
    efforts = uncharged(track, declared)
    if efforts:
        for position in efforts:
            track = with_fatigue(track, position, "effort")
        track = track._replace(charged=track.charged | set(efforts))
    if track.collapse_due:
        track = becomes_dying(mark(track._replace(collapse_due=False), "dying"), options)
    dying = track.has("dying") or "dying" in track.seen
    if dying and options.dying_procedure == "per_round_con":
        track = track._replace(dying_due=True)
    return track


def exert(track: Track, ctx: Ctx, strenuous: tuple[int, ...]) -> Track:
    """001 "Disabled" L342, L362 (A16): a strenuous action recorded as a condition (charging,
    moving all out …) has resolved by the time its turn ends. `strenuous`: the positions of
    the strenuous conditions in force."""
    if not uncharged(track, strenuous):
        return track
    return collapse(spent(track, strenuous), ctx.options)


def spent(track: Track, strenuous: tuple[int, ...]) -> Track:
    """The strenuous actions in force so far were taken before the track was disabled."""
    return track._replace(charged=track.charged | set(uncharged(track, strenuous)))


def collapse(track: Track, options: Options) -> Track:
    """001 "Disabled" L342 (A16): the disabled who take a standard or strenuous action fall
    unconscious as it resolves and begin dying the following round (option: dying at once)."""
    disabled = track.has("disabled") or "disabled" in track.seen
    if not disabled or track.has("dying") or track.dead:
        return track
    track = track if track.has("unconscious") else mark(track, "unconscious")
    if options.disabled_dying_timing == "immediate":
        return becomes_dying(mark(track, "dying"), options)
    return track._replace(collapse_due=True)
