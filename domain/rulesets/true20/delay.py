"""True20 delaying limits (seed 001 L182-186): a delayer who lets the round run out forfeits it.

The body sees its own turn begin (turn_started) and end (turn_ended); `Delayed` passes the turn
without ending it, so a turn still open when a round begins belongs to a delayer who never
stepped back in: the count went below every combatant, past −10 − its initiative bonus
(L184), and it forfeited that round's actions. Counts are not visible to the rules, so this
holds while no one's count is below that limit (a d20 roll plus a modifier of −11 or less).
"""

from __future__ import annotations

from typing import Any

from domain.rulesets.true20.track import Track

DELAY_FLOOR = -10  # 001 "Delaying Limits" L184: the lowest is −10 minus your initiative bonus
DEAFENED = 4  # 001 "Deafened" L360: −4 on initiative checks
OPEN = Track._fields.index("turn_open")
assert Track._fields[OPEN:] == ("turn_open", "forfeited"), "`_turn` sets the last two fields"


def bonus(stats: Any, looks: frozenset[str]) -> int:
    """The initiative bonus the limit subtracts; deafened takes 4 off it (L360)."""
    value: int = stats.initiative_modifier - (DEAFENED if "deafened" in looks else 0)
    return value


def turn_begins(track: Track) -> Track:
    """Its turn begins (a delayer who steps in on a later round acts again)."""
    return _turn(track, True)


def turn_ends(track: Track) -> Track:
    return _turn(track, False)


def _turn(track: Track, open_: bool) -> Track:
    """`track._replace(turn_open=open_, forfeited=None)`, built from the fields before them:
    every turn starts and ends here, and `_replace`'s keyword handling was most of its cost."""
    if track.turn_open is open_ and track.forfeited is None:
        return track
    return Track._make((*track[:OPEN], open_, None))


def round_begins(track: Track, stats: Any, new_round: int) -> Track:
    """A turn still open at the top of a round: the delayer forfeited the round just gone."""
    if not track.turn_open:
        return track
    return track._replace(forfeited=(new_round - 1, bonus(stats, track.seen)))


def warning(track: Track, name: str) -> str | None:
    """What the GM should know about a forfeited round (001 L184)."""
    if track.forfeited is None:
        return None
    gone, by = track.forfeited
    when = "the surprise round" if gone == 0 else f"round {gone}"
    return (
        f"{name} waited past its delaying limit, count {DELAY_FLOOR - by} (-10 minus "
        f"initiative bonus {by:+d}), and forfeited its actions in {when}; still delaying"
    )
