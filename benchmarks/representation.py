"""How a replayed line is best held: the candidates side by side on one 100k-line log, each in the
same run as the bare JSON decode it is measured against (docs/benchmarks.md, issue 28).

Run: `.venv/bin/python benchmarks/representation.py [--events N] [--rounds R]`. Each candidate
reads the same bytes; the rounds take the candidates in turn (so the machine's load falls on all
alike) and each figure is the best CPU time of its rounds.

- bare orjson decode: every line to a dict, nothing checked (the baseline);
- pydantic, a model per line (as the release reads): decode, then each line's edge validator;
- pydantic-core, the whole log in one call: one JSON array validated as `list[Event]`;
- msgspec twins (domain/lean.py): each line decoded and validated into its Struct in one C pass
  (a type with no twin by its model);
- and whole reads as `combatlog replay` makes them, the log's integrity check included: the
  model path (`read_log`) and the lean one (`read_log_lean`), then each folded to its table.
"""

from __future__ import annotations

import argparse
import gc
import io
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import orjson
from pydantic import TypeAdapter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.synthetic import CROWD, fight
from domain.bounds import edge_validator
from domain.events import Event
from domain.jsonl import EDGE_VALIDATORS, read_log, read_log_lean, write_jsonl
from domain.lean import LEAN_DECODER
from projections.render import state_json
from projections.table import table_at

BATCH = edge_validator(TypeAdapter(list[Event]).core_schema)


def bare(lines: list[bytes]) -> list[Any]:
    loads = orjson.loads
    return [loads(line) for line in lines]


def per_line_models(lines: list[bytes]) -> list[Any]:
    validators, loads = EDGE_VALIDATORS, orjson.loads
    return [validators[(obj := loads(line))["type"]].validate_python(obj) for line in lines]


def one_call(lines: list[bytes]) -> list[Any]:
    return list(BATCH.validate_json(b"[" + b",".join(lines) + b"]"))


def twins(lines: list[bytes]) -> list[Any]:
    decode, validators, loads = LEAN_DECODER.decode, EDGE_VALIDATORS, orjson.loads
    out: list[Any] = []
    for line in lines:
        try:
            out.append(decode(line))
        except (msgspec.DecodeError, ValueError):  # no twin: its model
            out.append(validators[(obj := loads(line))["type"]].validate_python(obj))
    return out


def cpu(action: Callable[[], Any]) -> float:
    gc.collect()
    gc.disable()  # as `combatlog replay` reads and folds (api.compute.collector)
    try:
        start = time.process_time()
        action()
        return time.process_time() - start
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    data = write_jsonl(fight(args.events, fighters=CROWD))
    lines = data.splitlines()
    models, lean = read_log(io.BytesIO(data)), read_log_lean(io.BytesIO(data))
    assert state_json(table_at(models), len(models)) == state_json(table_at(lean), len(lean))
    candidates: dict[str, Callable[[], Any]] = {
        "bare orjson decode (baseline)": lambda: bare(lines),
        "pydantic, a model per line (the release's read)": lambda: per_line_models(lines),
        "pydantic-core, the whole log in one call": lambda: one_call(lines),
        "msgspec twins, a Struct per line (domain/lean.py)": lambda: twins(lines),
        "whole read, models: read_log (integrity included)": lambda: read_log(io.BytesIO(data)),
        "whole read, lean: read_log_lean (integrity included)": lambda: read_log_lean(
            io.BytesIO(data)
        ),
        "fold of the models into the table state": lambda: state_json(table_at(models), 1),
        "fold of the lean facts into the table state": lambda: state_json(table_at(lean), 1),
    }
    best = dict.fromkeys(candidates, float("inf"))
    for _ in range(args.rounds):  # in turns: the machine's load falls on each alike
        for name, action in candidates.items():
            best[name] = min(best[name], cpu(action))
    baseline = best["bare orjson decode (baseline)"]
    print(f"{args.events:,} lines ({len(data) / 1e6:.1f} MB), CPU time, best of {args.rounds}")
    print(f"  {'candidate':<56} {'ms':>7} {'facts/s':>11} {'x decode':>9}")
    for name, seconds in best.items():
        rate = args.events / seconds
        print(f"  {name:<56} {1000 * seconds:>7.1f} {rate:>11,.0f} {seconds / baseline:>9.2f}")
    models_read = best["whole read, models: read_log (integrity included)"]
    lean_read = best["whole read, lean: read_log_lean (integrity included)"]
    print(f"  the lean read takes x{lean_read / models_read:.2f} the model read's CPU time")


if __name__ == "__main__":
    main()
