"""Where an undo's time goes (issue 28): revoke line 10 of a 10k-line log, the table after it.

Run: `.venv/bin/python benchmarks/undo_parts.py [--rounds 9]`. CPU in this process, the parts
taken in turns, best and median of the rounds: the whole undo as `benchmarks/replay.py` times
it (a fresh history each round); the corrected lines listed (`corrected_log`); the fold of the
lines in force in one `fold_into` call; the same loop with every step a no-op (what the loop
itself costs); and the fold's steps by kind, each step timed alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._processes import spent as cpu
from benchmarks.synthetic import fight
from domain.events import EventRevoked
from projections import table as folding
from projections.effective import corrected_log
from projections.history import History


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    facts = fight(10_000)
    entries = [(p, e) for p, e in enumerate(facts, 1) if p != 10]
    history = History(facts)
    steps = dict(folding.STEPS)

    def undo() -> float:
        fresh = History(facts)
        return cpu(lambda: (fresh.append(EventRevoked(target=10)), fresh.state()))

    def loop_alone() -> None:
        folding.STEPS.update(dict.fromkeys(steps, _nothing))
        try:
            folding.fold(entries)
        finally:
            folding.STEPS.update(steps)

    parts: dict[str, Callable[[], float]] = {
        "the undo, whole": undo,
        "  the corrected lines listed": lambda: cpu(
            lambda: corrected_log(history.events, 1, 10_000, history.corrections, [])
        ),
        "  the fold of the lines in force": lambda: cpu(lambda: folding.fold(entries)),
        "    the fold's loop alone (every step a no-op)": lambda: cpu(loop_alone),
    }
    times: dict[str, list[float]] = {label: [] for label in parts}
    for _ in range(args.rounds):
        for label, part in parts.items():
            times[label].append(part())
    print(f"Undo: revoke line 10 of a 10k-line log; CPU, {args.rounds} rounds in turns")
    for label, taken in times.items():
        print(f"  {label:<48} best {1000 * min(taken):6.2f} ms, "
              f"median {1000 * statistics.median(taken):6.2f}")  # fmt: skip
    spent = timed_steps(entries, steps)
    print("  the fold's steps by kind (each step timed alone, the timer's cost included):")
    for kind, (calls, seconds) in sorted(spent.items(), key=lambda kv: -kv[1][1]):
        print(f"    {kind.__name__:<46} {calls:>6,} lines {1000 * seconds:6.2f} ms "
              f"({1e6 * seconds / calls:.2f} µs a line)")  # fmt: skip


def timed_steps(entries: list[Any], steps: dict[type, Any]) -> dict[type, tuple[int, float]]:
    """The fold with each step timed (a perf_counter pair around it), best of 3 by kind."""
    best: dict[type, tuple[int, float]] = {}
    for _ in range(3):
        spent: dict[type, list[float]] = {}

        def timing(kind: type, step: Any, spent: dict[type, list[float]] = spent) -> Any:
            def run(table: Any, fact: Any) -> None:
                start = time.perf_counter()
                step(table, fact)
                spent.setdefault(kind, []).append(time.perf_counter() - start)

            return run

        folding.STEPS.update({k: timing(k, v) for k, v in steps.items()})
        try:
            folding.fold(entries)
        finally:
            folding.STEPS.update(steps)
        for kind, times in spent.items():
            if kind not in best or sum(times) < best[kind][1]:
                best[kind] = (len(times), sum(times))
    return best


def _nothing(table: Any, fact: Any) -> None:
    return None


if __name__ == "__main__":
    main()
