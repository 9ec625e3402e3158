"""The session recap (projections/recap.py), hand-counted over two fights of one session: the
line numbers in the comments are tests/recap_fixtures.py's."""

from __future__ import annotations

from typing import Any

import orjson
from hypothesis import given

from domain.events import Event
from projections.effective import effective_log
from projections.recap import Drop, Hit, Naturals, Rise, Standing, recap, recap_json
from projections.recap_markdown import recap_markdown
from projections.recap_rulings import Ruling
from projections.table import table_at
from tests.builders import fact, log
from tests.recap_fixtures import (
    AMEND_REASON,
    SESSION,
    UNDO_REASON,
    ambush,
    ambush_lines,
    crypt,
    timed,
)  # fmt: skip
from tests.strategies import FAST, logs


def ambush_with(line: int, instead: dict[str, Any]) -> list[Event]:
    """The ambush with one line written otherwise (a note keeps every later line in place)."""
    lines = ambush_lines()
    lines[line - 1] = instead
    return log(timed(lines, 19))


def test_the_recap_counts_drops_rescues_kills_and_the_biggest_hit_as_the_table_folded_them() -> (
    None
):
    fight = recap([("a", ambush())], SESSION).fights[0]
    assert fight.name == "Goblin ambush"
    assert fight.rounds == 3  # lines 22-23 and 27-29 each close a round; combat ends in round 3
    assert fight.seconds == 32 * 60  # line 1 at 19:00, line 33 at 19:32
    # line 21: the sniper's 5 piercing (attack at line 20) takes Valeros from 3 to -2
    down = Drop("valeros", "Valeros", 1, 21, "sniper", "Sniper", None, False)
    # line 31: Valeros's 14 (attack at line 30) takes Goblin 2 from 4 to -10: dead in 3.5
    dead = Drop("goblin-2", "Goblin 2", 3, 31, "valeros", "Valeros", None, True)
    assert fight.drops == [down, dead]
    assert fight.kills == [dead]
    assert fight.rises == [
        # line 25: Kyra's heal check for Valeros (DC 15, total 17) stabilises him on her turn
        Rise("valeros", "Valeros", 2, 25, "stable", "kyra", "Kyra", "heal check"),
        # line 26: 8 healing takes him from -2 to 6, on the turn she rolled that check
        Rise("valeros", "Valeros", 2, 26, "up", "kyra", "Kyra", "cure light wounds"),
    ]
    # line 14's 18 is revoked (line 15): the biggest left is line 31's 14
    assert fight.biggest_hit == Hit(
        "valeros", "Valeros", "goblin-2", "Goblin 2", 14, "slashing", 3, 31
    )
    # line 11: Goblin 2's natural 20; line 17's natural 1 is amended to a 20 (line 32)
    assert fight.naturals == [
        Naturals("goblin-2", "Goblin 2", 1, 0),
        Naturals("valeros", "Valeros", 1, 0),
    ]
    # Goblin 2 is dead; the sniper was never hurt
    assert fight.standing == [Standing("party", ["Valeros", "Kyra"]), Standing("foes", ["Sniper"])]


def test_the_recap_tells_each_correction_in_force_with_what_it_changed_and_why() -> None:
    fight = recap([("a", ambush())], SESSION).fights[0]
    assert fight.rulings == [
        # line 15 undoes line 14: Kyra's 30 hit points come back (30 - 18 = 12 before it)
        Ruling("undo", 15, 14, 1, "18 slashing damage to Kyra", None, ["Kyra: hp 12 → 30"],
               UNDO_REASON),
        # line 32 amends line 17; an attack roll changes nothing the table state shows
        Ruling("amend", 32, 17, 3, "Valeros attacks Goblin 2: natural 1, total 5",
               "Valeros attacks Goblin 2: natural 20, total 24 (hit)", [], AMEND_REASON),
    ]  # fmt: skip


def test_a_revoked_hit_is_no_longer_the_biggest_hit() -> None:
    kept = ambush_with(15, fact("NoteAdded", text="no undo"))
    fight = recap([("a", kept)], SESSION).fights[0]
    assert fight.biggest_hit == Hit("goblin-2", "Goblin 2", "kyra", "Kyra", 18, "slashing", 1, 14)
    assert fight.rulings[0].kind == "amend"  # the undo is gone from the rulings too


def test_the_amended_roll_changes_the_natural_20_count() -> None:
    unamended = ambush_with(32, fact("NoteAdded", text="no amendment"))
    fight = recap([("a", unamended)], SESSION).fights[0]
    assert fight.naturals == [
        Naturals("goblin-2", "Goblin 2", 1, 0),
        Naturals("valeros", "Valeros", 0, 1),
    ]


def test_an_undone_undo_is_no_correction_in_force_but_its_redo_is() -> None:
    lines = [*ambush_lines(), fact("EventRestored", target=14)]  # line 34
    fight = recap([("a", log(timed(lines, 19)))], SESSION).fights[0]
    assert [(r.kind, r.line, r.target) for r in fight.rulings] == [
        ("amend", 32, 17),
        ("redo", 34, 14),
    ]
    assert fight.biggest_hit is not None and fight.biggest_hit.amount == 18  # line 14 is back


def test_the_session_totals_add_up_the_fights_in_the_order_given() -> None:
    found = recap([("a", ambush()), ("b", crypt())], SESSION, "crypt")
    assert [f.name for f in found.fights] == ["Goblin ambush", "Crypt door"]
    # rounds 3 + 2; 32 + 10 minutes; drops: Valeros, Goblin 2, Skeleton; one kill (Goblin 2)
    totals = found.totals
    assert (totals.fights, totals.rounds, totals.seconds, totals.drops, totals.kills) == (
        2, 5, 42 * 60, 3, 1,
    )  # fmt: skip


def test_the_player_recap_hides_the_hidden_sniper_the_reasons_and_a_foes_damage() -> None:
    found = recap([("a", ambush()), ("b", crypt())], SESSION, "crypt", player=True)
    text = orjson.dumps(recap_json(found)).decode() + recap_markdown(found)
    assert "sniper" not in text.lower()
    assert UNDO_REASON not in text and AMEND_REASON not in text
    fight = found.fights[0]
    # line 21: players see Valeros go down, but not whose attack (line 20 names the sniper)
    assert fight.drops[0] == Drop("valeros", "Valeros", 1, 21, None, None, "piercing damage", False)
    # line 31's 14 is a foe's damage: players see 9 on Valeros (line 12) as the biggest
    assert fight.biggest_hit == Hit(
        "goblin-2", "Goblin 2", "valeros", "Valeros", 9, "slashing", 1, 12
    )
    # players read the fight as corrected: no correction of the log is theirs to read
    assert fight.rulings == []
    assert "Line " not in recap_markdown(found)
    assert recap([("a", ambush())], SESSION).fights[0].rulings  # the GM's recap lists them
    assert fight.standing[1] == Standing("foes", [])
    assert found.fights[1].biggest_hit is None  # the skeleton's 7 is a foe's damage


def test_a_revealed_combatant_is_named_from_its_reveal_on() -> None:
    lines = ambush_lines()
    lines.insert(19, fact("CombatantRevealed", combatant="sniper"))  # before its attack (now 21)
    for line in lines[20:]:
        for key in ("attack", "target"):
            if isinstance(line.get(key), int) and line[key] >= 20:
                line[key] += 1
    fight = recap([("a", log(timed(lines, 19)))], SESSION, player=True).fights[0]
    assert fight.drops[0].dealer_name == "Sniper"
    assert fight.standing[1] == Standing("foes", ["Sniper"])


def test_the_markdown_reads_as_the_table_would_say_it() -> None:
    found = recap([("a", ambush()), ("b", crypt())], SESSION, "crypt")
    assert recap_markdown(found).splitlines() == [
        "## 2026-11-20 — Into the Warrens",
        "",
        "*crypt* · 2 fights · 5 rounds · 42 min · 3 drops · 1 kill",
        "",
        "### Goblin ambush",
        "3 rounds · 32 min",
        "",
        "- Sniper dropped Valeros in round 1; Kyra's heal check stabilised Valeros in round 2;"
        " Kyra's cure light wounds got Valeros up in round 2",
        "- Valeros killed Goblin 2 in round 3",
        "- Biggest hit: Valeros on Goblin 2, 14 slashing (round 3)",
        "- Natural 20s: Goblin 2 1, Valeros 1",
        f"- Line 14 undone (was: 18 slashing damage to Kyra): Kyra: hp 12 → 30 — “{UNDO_REASON}”",
        "- Line 17 amended (was: Valeros attacks Goblin 2: natural 1, total 5) → Valeros attacks"
        f" Goblin 2: natural 20, total 24 (hit) — “{AMEND_REASON}”",
        "- Left standing: party: Valeros, Kyra; foes: Sniper",
        "",
        "### Crypt door",
        "2 rounds · 10 min",
        "",
        "- Valeros dropped Skeleton in round 1",
        "- Biggest hit: Valeros on Skeleton, 7 bludgeoning (round 1)",
        "- Natural 20s: Valeros 1",
        "- Left standing: party: Valeros; foes: nobody",
    ]


def test_names_from_the_log_cannot_format_the_chat() -> None:
    lines = ambush_lines()
    lines[1] = {**lines[1], "name": "*Val* [x](http://e.vil)\nsecond"}
    text = recap_markdown(recap([("a", log(timed(lines, 19)))], SESSION))
    assert r"\*Val\* \[x\](http://e.vil) second dropped" not in text  # the sniper dropped him
    assert r"dropped \*Val\* \[x\](http://e.vil) second in round 1" in text


def test_a_fight_in_no_session_is_headed_by_its_name() -> None:
    text = recap_markdown(recap([("b", crypt())]))
    assert text.startswith("## Crypt door\n\n1 fight · 2 rounds · 10 min · 1 drop · 0 kills\n")


@FAST
@given(logs())
def test_a_recap_of_any_log_tells_only_lines_in_force_in_order_and_never_raises(
    events: list[Event],
) -> None:
    in_force = {position for position, _ in effective_log(events)}
    for player in (False, True):
        found = recap([("fuzz", events)], player=player)
        fight = found.fights[0]
        assert recap_markdown(found).count("\n### ") == 1
        told = [d.line for d in fight.drops] + [r.line for r in fight.rises]
        assert set(told) <= in_force  # a revoked line drops no one
        assert [d.line for d in fight.drops] == sorted(d.line for d in fight.drops)
        assert fight.rounds == table_at(events).round
