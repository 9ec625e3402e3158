"""The heavy-request phase of benchmarks/service.py: appenders' latency with and without one
client sending the heaviest dice batch and the heaviest import the budgets allow, in turn."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson

from api.compute.dice import DICE_PER_REQUEST, DICE_PER_SELECTING_ROLL, SELECTORS_PER_ROLL
from api.http.facts import IMPORT_LINES
from benchmarks._service_common import open_encounters, percentile, report, server
from benchmarks._service_load import JOINS

SELECTING = "".join(f"kh{DICE_PER_SELECTING_ROLL - n}" for n in range(1, SELECTORS_PER_ROLL + 1))
ROLL = f"{DICE_PER_SELECTING_ROLL}d20{SELECTING}"  # 20d20kh19kh18kh17: the costliest roll
DICE_BATCH = [{"type": "AttackMade", "attacker": "valeros", "target": "goblin", "roll": ROLL}] * (
    DICE_PER_REQUEST // DICE_PER_SELECTING_ROLL
)  # 50 of them: the whole dice budget


def heaviest_import() -> bytes:
    """IMPORT_LINES lines (attacks and damage), under the 1 MB body limit."""
    lines: list[dict[str, Any]] = [
        {"type": "EncounterCreated", "name": "heavy", "ruleset": "dnd35"}
    ]
    lines += JOINS
    for n in range(IMPORT_LINES - len(lines)):
        if n % 2:
            lines.append({"type": "DamageDealt", "target": "goblin", "amount": 1 + n % 7})
        else:
            lines.append({"type": "AttackMade", "attacker": "valeros", "target": "goblin",
                          "natural": 1 + n % 20, "total": 5 + n % 20})  # fmt: skip
    body = b"".join(orjson.dumps(line) + b"\n" for line in lines)
    assert len(body) <= 1_000_000, len(body)
    return body


@dataclass
class Heavy:
    """What the heavy client did: latencies (s) of each kind of request, and refusals."""

    dice: list[float] = field(default_factory=list)
    imports: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def heavy_client(base: str, encounter: tuple[str, str, str], until: float, operator: str) -> Heavy:
    """Send the heaviest dice batch and the heaviest import in turn until `until`."""
    done, body = Heavy(), heaviest_import()
    encounter_id, gm, _ = encounter
    with httpx.Client(base_url=base, trust_env=False, timeout=120) as http:
        while time.perf_counter() < until:
            start = time.perf_counter()
            reply = http.post(f"/encounters/{encounter_id}/facts", json={"facts": DICE_BATCH},
                              headers={"Authorization": f"Bearer {gm}"})  # fmt: skip
            _note(done, done.dice, "dice", reply, start)
            start = time.perf_counter()
            reply = http.post("/encounters/import", content=body,
                              headers={"Authorization": f"Bearer {operator}"})  # fmt: skip
            _note(done, done.imports, "import", reply, start)
    return done


def warm_up(base: str, encounter: tuple[str, str, str]) -> None:
    """Rolls until the workers have started (they import for a second or two), then a pause."""
    encounter_id, gm, _ = encounter
    roll = {"type": "AttackMade", "attacker": "valeros", "target": "goblin", "roll": "1d20"}
    with httpx.Client(base_url=base, trust_env=False, timeout=60) as http:
        for _ in range(8):
            http.post(f"/encounters/{encounter_id}/facts", json={"facts": [roll]},
                      headers={"Authorization": f"Bearer {gm}"}).raise_for_status()  # fmt: skip
    time.sleep(2)


def _note(done: Heavy, kept: list[float], kind: str, reply: httpx.Response, start: float) -> None:
    if reply.status_code == 201:
        kept.append(time.perf_counter() - start)
    else:
        done.errors.append(f"{kind} HTTP {reply.status_code}")


def phase(pool: Any, url: str, env: dict[str, str], args: Any) -> None:
    """For each way of taking work off the event loop: the appenders alone (quiet), then beside
    the heavy client; their p99 side by side, in the same run."""
    count, each = args.heavy_appenders, args.heavy_rate
    print(
        f"Heavy requests: {count} clients appending at {each:g}/s each, alone and then beside "
        f"one client sending {len(DICE_BATCH)} x {ROLL} ({DICE_PER_REQUEST} dice) and a "
        f"{IMPORT_LINES:,}-line import in turn, {args.heavy_seconds:g} s each in "
        f"{args.heavy_rounds} rounds"
    )
    for mode in args.offload.split(","):
        quiet, loaded, heavy = measured_mode(pool, url, {**env, "COMBATLOG_OFFLOAD": mode}, args)
        quiet_p99, loaded_p99 = percentile(quiet.latencies, 99), percentile(loaded.latencies, 99)
        label = f"{mode}: appenders' p99"
        report(f"{label} quiet | beside the heavy client", quiet_p99, "ms",
               f"| {loaded_p99:,.1f} ms (x{loaded_p99 / quiet_p99:.1f})")  # fmt: skip
        report(f"{mode}: appenders' p50 quiet | beside", percentile(quiet.latencies, 50), "ms",
               f"| {percentile(loaded.latencies, 50):,.1f} ms")  # fmt: skip
        done = len(quiet.latencies), len(loaded.latencies)
        errors = sum(quiet.errors.values()) + sum(loaded.errors.values()) + len(heavy.errors)
        report(f"{mode}: appends done quiet | beside", done[0], "cmd",
               f"| {done[1]:,} cmd; errors: {errors}", errors == 0)  # fmt: skip
        report(f"{mode}: heavy dice batches (p50)", len(heavy.dice), "requests",
               f"p50 {percentile(heavy.dice, 50):,.0f} ms")  # fmt: skip
        report(f"{mode}: heavy imports (p50)", len(heavy.imports), "requests",
               f"p50 {percentile(heavy.imports, 50):,.0f} ms")  # fmt: skip


def measured_mode(pool: Any, url: str, env: dict[str, str], args: Any) -> tuple[Any, Any, Heavy]:
    """One server with `env`: the appenders alone, then with the heavy client alongside, in
    turn for `--heavy-rounds` rounds (so the machine's other load falls on both alike)."""
    import tempfile
    from pathlib import Path

    from api.config.secret import load_secret
    from api.service.tokens import analytics_token
    from benchmarks._service_load import Run, appenders

    folder = Path(tempfile.mkdtemp(prefix="combatlog-heavy-"))
    db = url if url.startswith("postgres") else f"sqlite:///{folder}/heavy.sqlite"
    quiet, loaded, heavy = Run(), Run(), Heavy()
    with server(folder, db, env) as (base, _):
        operator = analytics_token(load_secret(folder))
        seconds, each = args.heavy_seconds / args.heavy_rounds, args.heavy_rate
        warm_up(base, open_encounters(base, 1, "warm-up")[0])
        target = open_encounters(base, 1, "heavy")[0]
        for _ in range(args.heavy_rounds):
            load = open_encounters(base, args.heavy_appenders, "quiet")
            _merge(quiet, pool.apply(appenders, (base, load, seconds, each)))
            load = open_encounters(base, args.heavy_appenders, "loaded")
            running = pool.apply_async(appenders, (base, load, seconds, each))
            done = heavy_client(base, target, time.perf_counter() + seconds, operator)
            _merge(loaded, running.get())
            heavy.dice += done.dice
            heavy.imports += done.imports
            heavy.errors += done.errors
    return quiet, loaded, heavy


def _merge(into: Any, run: Any) -> None:
    into.latencies += run.latencies
    into.errors.update(run.errors)
