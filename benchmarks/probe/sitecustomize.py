"""The service benchmark's probe in `combatlog serve` (on its PYTHONPATH, benchmarks/service.py):
at SIGUSR1 the server writes its group commits' counts (commits made, writes they held) as JSON to
the file COMBATLOG_BENCH_PROBE names, so the benchmark reads writes per commit for each phase."""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any


def _counted(*_: Any) -> None:
    module = sys.modules.get("api.service.commits")
    lanes = {}
    if module is not None:
        for thing in gc.get_objects():
            if type(thing) is module.GroupCommit:
                lanes[thing.name] = [thing.commits, thing.committed_writes]
    target = Path(os.environ["COMBATLOG_BENCH_PROBE"])
    target.with_suffix(".tmp").write_text(json.dumps(lanes))
    target.with_suffix(".tmp").replace(target)


if os.environ.get("COMBATLOG_BENCH_PROBE"):
    signal.signal(signal.SIGUSR1, _counted)
