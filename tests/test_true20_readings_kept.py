"""True20 reads a member's conditions once per tuple (issue 28): the reading kept is the reading
the rules would make afresh, what conditions imply is what the seed says, and a fold that
reads less still shows the table the same statuses."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from domain.events import NoteAdded
from domain.rulesets.base import Ctx, Effect
from domain.rulesets.true20 import care, conditions
from domain.rulesets.true20.options import Options, Stats
from domain.rulesets.true20.ruleset import RULESET
from domain.rulesets.true20.track import BOXES, Track
from tests.builders import condition
from tests.strategies import FAST
from tests.test_true20_procedures import ROUND, fight, statuses
from tests.test_true20_track import V

NAMES = ["shaken", "fatigued", "Fatigued", "exhausted", "winded", "fatigue", "extra effort",
         "charging", "total_defense", "entangled", "debilitated con", "debilitated: str",
         "debilitated wis", "frightened", "grappled", "dying", "unconscious", "paralyzed",
         "sickened", "stunned", "moving-all-out", "strenuous", "standard action"]  # fmt: skip
OWN = ["effort", "recover", "shake", "wake", "rested"]
NOTHING = NoteAdded(text="")  # a fact no rule takes: the body only looks at its conditions


def effects(names: list[str]) -> tuple[Effect, ...]:
    return tuple(Effect(name, None, None, None, n) for n, name in enumerate(names, start=2))


def seen_from_scratch(fatigue: tuple[tuple[int, str], ...], applied: tuple[Effect, ...],
                      options: Options) -> frozenset[str]:  # fmt: skip
    """001 L352, L361, L363, L365, as the rules read them before readings were kept."""
    names = [conditions.key(c.name) for c in applied]
    found = {*names, *conditions.debilitated(names)}
    if names.count("entangled") > 1:
        found.add("helpless")
    if care.fatigue_level(Track(fatigue=fatigue), applied, options) >= care.COLLAPSED:
        found.add("unconscious")
    if "dying" in found:
        found.add("unconscious")
    return frozenset(found)


tracks = st.builds(
    Track,
    marks=st.lists(st.integers(0, 1), min_size=len(BOXES), max_size=len(BOXES)).map(tuple),
    stun=st.integers(0, 2),
    lost=st.integers(0, 2),
    stable=st.booleans(),
    hurt=st.integers(0, 2),
    fatigue=st.lists(st.tuples(st.integers(1, 30), st.sampled_from(OWN)), max_size=4).map(tuple),
)
options = st.builds(
    Options,
    become_fatigued=st.sampled_from(["at_least", "one_level"]),
    extra_effort_fatigue=st.sampled_from(["fatigued", "winded"]),
)


@FAST
@given(tracks, st.lists(st.sampled_from(NAMES), max_size=6), options)
def test_what_conditions_imply_is_the_same_read_once_or_afresh(
    track: Track, names: list[str], chosen: Options
) -> None:
    applied = effects(names)
    expected = seen_from_scratch(track.fatigue, applied, chosen)
    assert conditions.seen(track, applied, chosen) == expected
    assert conditions.seen(track, applied, chosen) == expected  # the kept reading, again
    assert conditions.seen(track, tuple(applied), chosen) == expected


def test_the_same_tuple_of_conditions_is_read_once_and_an_equal_one_reads_the_same() -> None:
    applied = effects(["extra effort", "charging", "debilitated con", "fatigued"])
    kept = conditions.said(applied)
    assert conditions.said(applied) is kept
    again = conditions.said(tuple(replace(c) for c in applied))
    assert again == kept
    assert kept.efforts == (2,) and kept.strenuous == (3,)
    assert kept.fatigue == ((5, "fatigued"),)
    assert kept.implied == {"extra effort", "charging", "debilitated con", "dying", "unconscious",
                            "fatigued"}  # fmt: skip


def test_a_list_of_conditions_is_read_afresh_each_time() -> None:
    applied = list(effects(["shaken"]))
    assert conditions.said(applied).implied == {"shaken"}  # type: ignore[arg-type]
    applied.append(Effect("dying", None, None, None, 9))
    assert conditions.said(applied).implied == {"shaken", "dying", "unconscious"}  # type: ignore[arg-type]


def test_a_fatigue_result_falling_due_is_seen_at_once_though_the_conditions_are_the_same() -> None:
    # 001 L56, L352 (A6): extra effort's fatigue comes at the top of the round; a fourth result
    # is unconscious, which what players see of the body (its descriptor) shows at once
    applied = effects(["exhausted", "extra effort"])
    ctx = Ctx(Options(), Stats(), "npc", 20, 2, "combat", False, 1, True, applied)
    body = RULESET.round_started(RULESET.take(Track(), NOTHING, ctx), ctx)
    assert body.fatigue == ((3, "effort"),)
    assert "unconscious" in body.seen
    assert RULESET.descriptor(body, ctx) == "unconscious"
    assert RULESET.round_started(body, ctx) == body  # charged for once, and seen already


def test_a_fold_that_reads_less_shows_the_same_statuses() -> None:
    # 001 Exhausted L352: one more fatigue result falls unconscious (and is helpless, L372)
    lines = [condition(V, "exhausted"), condition(V, "extra effort")]
    assert statuses(fight(*lines)) == ["exhausted"]
    assert statuses(fight(*lines, *ROUND)) == ["unconscious", "helpless"]
