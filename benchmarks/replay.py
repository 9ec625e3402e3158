"""Replay benchmark: library replay vs our table rebuild, state at any position, undo recompute.

Run: `make bench` (or `.venv/bin/python benchmarks/replay.py [--events N] [--encounters M]`).
Everything is measured in the same run, on a fresh SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import orjson
from eventsourcing.application import Repository

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.compute.collector import collector_paused
from api.service.encounters import rebuilt
from api.store import EncounterStore
from api.store.batch import Append
from benchmarks import _against
from benchmarks._processes import spent as cpu
from benchmarks.synthetic import CROWD, fight
from domain.commands import AppendFacts, Create, Import
from domain.events import EventRevoked, NoteAdded
from domain.jsonl import check_log, read_jsonl, read_log_lean, write_jsonl
from projections.history import History
from projections.render import state_json
from projections.table import table_at

BATCH = 1000
ROOT = Path(__file__).resolve().parents[1]


def timed(action: Callable[[], Any], repeat: int = 1) -> tuple[float, Any]:
    """The best wall time of `repeat` runs of `action`, and its last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    return best, result


def report(label: str, value: float, unit: str, target: str = "") -> None:
    print(f"  {label:<58} {value:>12,.1f} {unit:<9} {target}")


def written(store: EncounterStore, append: Append) -> UUID:
    """The encounter `append` wrote to, through the store's one write path (a batch of one)."""
    outcome = store.commit([append])[0]
    if isinstance(outcome, Exception):
        raise outcome
    return append.encounter_id


def build_long(store: EncounterStore, events: int) -> Any:
    """One encounter of `events` lines, appended in batches as a service would."""
    log = fight(events)
    encounter = written(store, Append(uuid4(), Create(log[0])))  # type: ignore[arg-type]
    for start in range(1, len(log), BATCH):
        written(store, Append(encounter, AppendFacts(tuple(log[start : start + BATCH]))))
    return encounter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--encounters", type=int, default=1000)
    parser.add_argument("--per-encounter", type=int, default=100)
    parser.add_argument("--file-only", action="store_true", help="Only `combatlog replay`.")
    parser.add_argument("--before", help="Another `combatlog` (a previous main's) to run in turns.")
    _against.add_options(parser)
    args = parser.parse_args()
    if args.against:
        return _against.run_against(__file__, args.against, args.turns)
    folder = Path(tempfile.mkdtemp(prefix="combatlog-bench-"))
    print(f"combatlog replay benchmark — files in {folder}")
    replay_file(folder, args.events, args.before)
    if args.file_only:
        return
    store = EncounterStore(f"sqlite:///{folder / 'bench.sqlite'}", secret=os.urandom(32))
    n = args.events

    seconds, long_id = timed(lambda: build_long(store, n))
    report(f"write {n:,} events in batches of {BATCH}", n / seconds, "events/s")
    many = [fight(args.per_encounter, seed=i) for i in range(args.encounters)]
    imports = [Append(uuid4(), Import(tuple(log))) for log in many]
    seconds, ids = timed(lambda: [written(store, append) for append in imports])
    total = args.encounters * args.per_encounter
    report(
        f"import {args.encounters:,} encounters x {args.per_encounter} events",
        total / seconds,
        "events/s",
    )

    print("Replay of the long encounter")
    plain = Repository(event_store=store.application.events)  # the library's, no snapshots
    library, _ = timed(lambda: plain.get(long_id), repeat=2)
    report("library default repository.get (every event, no snapshot)", n / library, "events/s")

    def from_snapshot() -> Any:
        store.evict(long_id)  # not the library's aggregate cache: its snapshot, then the rest
        return store.application.repository.get(long_id)

    snap, _ = timed(from_snapshot, repeat=2)
    report("library repository.get with its snapshots", n / snap, "events/s")
    read, facts = timed(lambda: store.facts(long_id), repeat=2)
    report("read and decode the facts (store.facts)", n / read, "events/s")
    fold_s, _ = timed(lambda: state_json(table_at(facts), n), repeat=2)
    report("fold them into the table state", n / fold_s, "events/s")
    cold, _ = timed(lambda: rebuilt(store, long_id, stored=False), repeat=2)
    report("table rebuild folding every line (no stored table)", n / cold, "events/s",
           f"target >= 10x library (x{library / cold:.1f})")  # fmt: skip
    rebuild, history = timed(lambda: rebuilt(store, long_id), repeat=2)
    report("table rebuild from the store (stored table + the lines after)", n / rebuild,
           "events/s", f"x{library / rebuild:.1f} library")  # fmt: skip
    library_cpu, cold_cpu = (  # CPU time, taken in turns: other processes' load changes less
        min(cpu(lambda: plain.get(long_id)) for _ in range(2)),
        min(cpu(lambda: rebuilt(store, long_id, stored=False)) for _ in range(2)),
    )
    report("the same rebuild folding every line, in CPU time", n / cold_cpu, "events/s",
           f"x{library_cpu / cold_cpu:.1f} the library's CPU time")  # fmt: skip

    print("State at a position and undo")
    mid = n // 2
    first, _ = timed(lambda: history.state(mid))
    report(f"state at position {mid:,}, first look after the rebuild", 1000 * first, "ms",
           "target <= 10 ms")  # fmt: skip
    latencies = [timed(lambda: history.state(mid))[0] for _ in range(20)]
    report(
        f"state at position {mid:,} of {n:,} (median of 20)",
        1000 * statistics.median(latencies),
        "ms",
        "target <= 10 ms",
    )
    undos = sorted(_undo(History(facts[:10_000])) for _ in range(5))  # a fresh log each time
    report("undo: revoke line 10 of a 10k log, recompute (best of 5)", 1000 * undos[0][0], "ms",
           f"target <= 25 ms (CPU {1000 * min(c for _, c in undos):.1f} ms; "
           f"median {1000 * undos[2][0]:.1f} ms)")  # fmt: skip
    noted = [*facts[:9], NoteAdded(text="a note"), *facts[9 : 10_000 - 1]]  # no effect on the table
    undos = sorted(_undo(History(noted)) for _ in range(5))
    report("undo: revoke a note at line 10 instead (best of 5)", 1000 * undos[0][0], "ms",
           "stops at the first checkpoint after it")  # fmt: skip

    print("Many small encounters")
    seconds, _ = timed(lambda: [rebuilt(store, i).state() for i in ids])
    report(
        f"rebuild {args.encounters:,} encounters x {args.per_encounter} events",
        total / seconds,
        "events/s",
    )
    report("  per encounter", 1000 * seconds / len(ids), "ms")
    store.close()


def replay_file(folder: Path, events: int, before: str | None = None) -> None:
    """`combatlog replay --json` of a long log file as a whole process, beside the bare decode
    (and `before`, another `combatlog`, run in turns with it)."""
    path = folder / "long.jsonl"
    path.write_bytes(write_jsonl(fight(events, fighters=CROWD)))
    print(f"Replay of a {events:,}-line D&D 3.5 log file ({len(CROWD)} combatants)")
    decode, _ = timed(lambda: [orjson.loads(line) for line in path.read_bytes().splitlines()], 3)
    report("bare orjson decode of the file", events / decode, "facts/s")
    command = [str(Path(sys.executable).with_name("combatlog")), "replay", str(path), "--json"]
    whole, _ = timed(lambda: subprocess.run(command, check=True, capture_output=True), 3)
    report("combatlog replay --json, whole process", events / whole, "facts/s",
           f"target >= 150,000 and within 3.5x decode (x{whole / decode:.1f})")  # fmt: skip
    decode_cpu = min(cpu(lambda: [orjson.loads(line) for line in path.read_bytes().splitlines()])
                     for _ in range(3))  # fmt: skip
    compiled = _compiled(folder)

    def run(env: dict[str, str] | None = None) -> None:
        subprocess.run(command, check=True, capture_output=True, env=env)

    turns = [(child_cpu(run), child_cpu(lambda: run(compiled))) for _ in range(3)]  # in turns
    whole_cpu, compiled_cpu = (min(pair[i] for pair in turns) for i in (0, 1))
    report("the same in CPU time (user + system, best of 3)", events / whole_cpu, "facts/s",
           f"x{whole_cpu / decode_cpu:.1f} the decode's ({1000 * decode_cpu:.0f} ms)")  # fmt: skip
    report("  from bytecode compiled ahead (as an installed copy)", events / compiled_cpu,
           "facts/s", f"x{compiled_cpu / decode_cpu:.1f} the decode's")  # fmt: skip
    if before is not None:
        previous = [before, *command[1:]]
        pairs = [(child_cpu(run), child_cpu(lambda: subprocess.run(previous, check=True,
                                                                   capture_output=True)))
                 for _ in range(5)]  # fmt: skip
        ratio, now_cpu, then_cpu = (statistics.median(now / then for now, then in pairs),
                                     statistics.median(now for now, _ in pairs),
                                     statistics.median(then for _, then in pairs))  # fmt: skip
        report("  in turns with the previous main's (median of 5 pairs, CPU)", events / now_cpu,
               "facts/s", f"x{ratio:.2f} its CPU ({events / then_cpu:,.0f} facts/s)")  # fmt: skip
    print("  where the CPU time goes (each the best of 3):")
    for part, seconds in _parts(path, events, decode_cpu, compiled):
        report(f"  {part}", 1000 * seconds, "ms", f"{seconds / whole_cpu:.0%} of the whole")


def _compiled(folder: Path) -> dict[str, str]:
    """An environment whose Python imports the project from a copy compiled ahead, as an
    installed copy is (pip compiles at install): where PYTHONDONTWRITEBYTECODE is set, as in this
    repository's sessions, every start compiled its modules from source again (~50 ms CPU)."""
    copy = folder / "compiled"
    for name in ("api", "domain", "projections"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(copy)], check=True)
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(copy),
                                                       os.environ.get("PYTHONPATH")]))}  # fmt: skip


def _parts(
    path: Path, events: int, decode: float, compiled: dict[str, str]
) -> list[tuple[str, float]]:
    """The command's parts in CPU time, each taken alone (best of 3), beside the bare decode.
    No freeing of the lines (~50-65 ms) nor Python's teardown: the console script ends its
    process once the state is out (api.cli.process.leave)."""
    leaving = "import os; os._exit(0)"  # as the command leaves: no teardown (~35 ms of imports)
    starting = [sys.executable, "-c", f"import api.cli.main; {leaving}"]
    bare = [sys.executable, "-c", leaving]
    python = min(child_cpu(lambda: subprocess.run(bare, check=True)) for _ in range(3))
    start = min(child_cpu(lambda: subprocess.run(starting, check=True)) for _ in range(3))
    ahead = min(child_cpu(lambda: subprocess.run(starting, check=True, env=compiled))
                for _ in range(3))  # fmt: skip
    log = read_jsonl(path.read_bytes())

    def lean_read() -> list[Any]:
        with path.open("rb") as stream:
            return read_log_lean(stream)

    lean = lean_read()
    with collector_paused():  # as the command reads and folds
        models, read, checks, fold, lean_fold = ([], [], [], [], [])
        for _ in range(3):  # in turns, each part's best: the machine's load falls on all alike
            models.append(cpu(lambda: read_jsonl(path.read_bytes())))
            read.append(cpu(lean_read))
            checks.append(cpu(lambda: check_log(lean)))
            fold.append(cpu(lambda: state_json(table_at(log), events)))
            lean_fold.append(cpu(lambda: state_json(table_at(lean), events)))
    return [("starting Python (no imports)", python),
            ("importing the CLI", start - python),
            ("  of which compiling the project's modules (no bytecode)", start - ahead),
            ("reading, checking and validating the lines (lean facts)", min(read)),
            ("  of which the bare JSON decode (the same run's)", decode),
            ("  of which the log's integrity (check_log)", min(checks)),
            ("  the same read into a pydantic model a line (before)", min(models)),
            ("folding the lean facts into the table (and its JSON state)", min(lean_fold)),
            ("  the same fold of the pydantic models (before)", min(fold))]  # fmt: skip


def child_cpu(action: Callable[[], Any]) -> float:
    """The CPU seconds (user and system) the child processes `action` waits for spend."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    action()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _undo(history: History) -> tuple[float, float]:
    """Seconds, in wall and CPU time, to revoke line 10 and have the table state after it."""
    start, used = time.perf_counter(), time.process_time()
    history.append(EventRevoked(target=10))
    history.state()
    return time.perf_counter() - start, time.process_time() - used


if __name__ == "__main__":
    main()
