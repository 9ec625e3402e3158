"""Prototype, not product code (issue 28): the analytics tally folded in fewer, larger steps.

Run: `.venv/bin/python benchmarks/tally_runs.py [--encounters 40] [--events 500]`. Tallies the
analytics benchmark's logs (the five rulesets in turn, `benchmarks/synthetic.py`, stamped as
`benchmarks/analytics.py` stamps them) four ways, CPU in this process, best of `--rounds`
taken in turns, and checks that every way gives the same figures as today's:

- today: `Tally.add` a line at a time (each line its own `fold_into` call);
- runs: a run of lines whose tally needs only the table as the run ends (attacks: their outcome
  stays in `table.attacks` for the newest 256 lines; the lines no tally reads: notes, proposals
  declined, standing rulings, the turn timer) folded in one `fold_into` call, then tallied; every
  other line as today;
- one pass: the fold's step and the tally's work for each line in one loop (no `fold_into` call
  a line), the work and its order as today;
- the ceiling: the fold alone, the whole log in one `fold_into` call, no tally at all — what the
  catch-up's fold would cost if the tally's own work a line were free.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._processes import spent as cpu
from benchmarks.analytics import stamped
from benchmarks.synthetic import RULESETS, fight
from domain.after_the_fight import applies_after_the_fight
from domain.events import (
    AttackMade,
    DamageDealt,
    Fact,
    NoteAdded,
    ProposalAccepted,
    ProposalDeclined,
    StandingRulingSet,
    TurnTimerSet,
)
from domain.lean import kinds_with_twins
from domain.proposals import PLAYER
from projections.analytics import (
    Tally,
    aware,
    before_damage,
    count_attack,
    count_by_player,
    count_conditions_in_force,
    count_line,
    seconds_between,
)
from projections.effective import effective_log
from projections.table import STEPS, fold, fold_into
from projections.view import note

QUIET = kinds_with_twins({NoteAdded, ProposalDeclined, StandingRulingSet, TurnTimerSet})
DEFERRED = kinds_with_twins({AttackMade}) | QUIET
RUN_MOST = 256  # the newest ATTACKS_KEPT // 2 outcomes are always kept


def today(log: Sequence[Fact]) -> Tally:
    tally = Tally(log[0])
    tally.saw(log[1:])
    for position, fact in effective_log(log)[1:]:
        tally.add(position, fact)
    return tally


def runs(log: Sequence[Fact]) -> Tally:
    """Runs of attacks and quiet lines folded in one call, then tallied from the table."""
    tally = Tally(log[0])
    tally.saw(log[1:])
    entries = effective_log(log)[1:]
    table, found, i, n = tally.table, tally.found, 0, len(entries)
    while i < n:
        j = i
        while j < n and j - i < RUN_MOST and type(entries[j][1]) in DEFERRED:
            j += 1
        if j == i:
            tally.add(*entries[i])
            i += 1
            continue
        run = entries[i:j]
        turn, round_ = table.turn, table.round
        fold_into(table, run)
        assert (table.turn, table.round) == (turn, round_), "a deferred line moved the turn"
        for position, fact in run:
            if type(fact) not in QUIET:
                count_attack(found, table, position, fact)  # type: ignore[arg-type]
                if fact.action in tally.accepted and by_player(fact):
                    count_by_player(found, fact)
        i = j
    return tally


def one_pass(log: Sequence[Fact]) -> Tally:
    """The fold's step and the tally's work a line in one loop (today's work, in its order)."""
    tally = Tally(log[0])
    tally.saw(log[1:])
    table, found, steps = tally.table, tally.found, STEPS
    for position, fact in effective_log(log)[1:]:
        before = before_damage(table, fact) if type(fact) is DamageDealt else None
        table.position = position
        table.prior_start, table.just_started = table.just_started, None
        if table.phase == "ended" and not applies_after_the_fight(fact):
            note(table, f"the combat has ended; {fact.type_name} not applied")
        else:
            steps[type(fact)](table, fact)
        count_line(found, table, position, fact, before)
        if type(fact) is ProposalAccepted:
            tally.accepted.add(position)
        elif fact.action in tally.accepted and by_player(fact):
            count_by_player(found, fact)
        turn, began = table.turn, tally.turn_began
        if turn is not None and (began is None or began[1] != turn or began[0] != table.round):
            at = aware(fact.at)
            if began is not None and began[2] is not None and at is not None:
                found.turns.append((began[0], began[1], seconds_between(began[2], at), position))
            tally.turn_began = (table.round, turn, at)
        if table.round and (tally.round_began is None or tally.round_began[0] != table.round):
            at = aware(fact.at)
            was = tally.round_began
            if was is not None and was[1] is not None and at is not None:
                found.round_seconds[was[0]] = seconds_between(was[1], at)
            tally.round_began = (table.round, at)
            count_conditions_in_force(found, table)
    return tally


def by_player(fact: Fact) -> bool:
    return fact.by is None or fact.by.startswith(PLAYER)


def ceiling(log: Sequence[Fact]) -> Any:
    return fold(effective_log(log))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--encounters", type=int, default=40)
    parser.add_argument("--events", type=int, default=500, help="lines in each encounter")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    logs = [
        stamped(fight(args.events, seed=n, ruleset=RULESETS[n % 5]), n)
        for n in range(args.encounters)
    ]
    lines = sum(map(len, logs))
    ways = {"today (a fold_into call a line)": today, "runs folded in one call": runs,
            "one pass (no fold_into call a line)": one_pass,
            "ceiling: the fold alone, no tally": ceiling}  # fmt: skip
    for way in (runs, one_pass):
        for log in logs:
            assert way(log).figures() == today(log).figures(), (way.__name__, log[0])
    print(f"The tallies of {len(logs)} encounters, {lines:,} lines (five rulesets); the same "
          "figures every way; CPU, best and median of the rounds, in turns")  # fmt: skip
    times: dict[str, list[float]] = {label: [] for label in ways}
    for _ in range(args.rounds):
        for label, way in ways.items():
            times[label].append(cpu(lambda w=way: [w(log) for log in logs]))
    base = sorted(times["today (a fold_into call a line)"])[args.rounds // 2]
    for label, taken in times.items():
        median = sorted(taken)[args.rounds // 2]
        print(f"  {label:<40} {1e6 * min(taken) / lines:6.2f} µs a line (median "
              f"{1e6 * median / lines:5.2f}, x{median / base:.2f} today's)")  # fmt: skip
    print("By ruleset, CPU µs a line, best of the rounds: today's tally | the fold alone")
    for ruleset in RULESETS:
        own = [log for log in logs if log[0].ruleset == ruleset]
        count = sum(map(len, own))
        tally = min(cpu(lambda o=own: [today(log) for log in o]) for _ in range(args.rounds))
        alone = min(cpu(lambda o=own: [ceiling(log) for log in o]) for _ in range(args.rounds))
        print(f"  {ruleset:<12} {1e6 * tally / count:6.2f} | {1e6 * alone / count:5.2f}")


if __name__ == "__main__":
    main()
