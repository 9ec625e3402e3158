"""Players' proposals benchmark (issue 26): `combatlog serve` with ten players' streams and the
GM's open on one encounter; the latency from a player's proposal to the GM's stream showing it,
from the GM's acceptance to the proposer's stream showing it, and, in the same run, from a plain
append to a player's stream. Each is timed from just before the request is sent to the moment its
line arrives whole on the stream (p50 and p99); the requests go one at a time, paced so that no
player passes the service's limit of proposals a minute (api/http/proposing.py): the figures are
latency, not throughput.

    python benchmarks/proposals.py [--rounds 100] [--players 10]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.http.proposing import MOST_A_MINUTE
from benchmarks._service_common import OPERATORS, percentile, report, server

TARGET_MS = 100.0  # the p99 target for both of a proposal's trips
PACE = 0.02  # s between one timed request's line arriving and the next request


def party(players: int) -> list[dict[str, Any]]:
    pcs = [
        {"type": "CombatantJoined", "combatant": f"pc{n}", "name": f"Hero {n}", "side": "party",
         "kind": "pc", "stats": {"max_hp": 20, "initiative_modifier": 1}}
        for n in range(players)
    ]  # fmt: skip
    goblin = {"type": "CombatantJoined", "combatant": "goblin", "name": "Goblin", "side": "foes",
              "stats": {"max_hp": 10**6, "defenses": {"ac": 15}}}  # fmt: skip
    return [*pcs, goblin]


class Stream:
    """One reader's live stream: when each line arrived whole (perf_counter), by position."""

    def __init__(self, http: httpx.AsyncClient, path: str, token: str) -> None:
        self.arrived: dict[int, float] = {}
        self.task = asyncio.create_task(self.read(http, path, token))

    async def read(self, http: httpx.AsyncClient, path: str, token: str) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        async with http.stream("GET", path, headers=headers) as reply:
            position = None
            async for line in reply.aiter_lines():
                if line.startswith("id:"):
                    position = int(line[3:])
                elif not line and position is not None:
                    self.arrived[position] = time.perf_counter()

    async def line(self, position: int, limit: float = 10.0) -> float:
        end = time.perf_counter() + limit
        while position not in self.arrived:
            if time.perf_counter() > end:
                raise TimeoutError(f"line {position} never arrived")
            await asyncio.sleep(0.0005)
        return self.arrived[position]


async def measured(base: str, rounds: int, players: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"propose": [], "accept": [], "append": []}
    limits = httpx.Limits(max_connections=players + 8)
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=30, limits=limits) as http:
        made = await http.post("/encounters", json={"name": "Proposals", "ruleset": "dnd35"},
                               headers=OPERATORS[base])  # fmt: skip
        opened = made.raise_for_status().json()
        where = f"/encounters/{opened['id']}"
        gm = {"Authorization": f"Bearer {opened['gm_token']}"}
        (
            await http.post(f"{where}/facts", json={"facts": party(players)}, headers=gm)
        ).raise_for_status()
        links = (await http.get(f"{where}/characters", headers=gm)).raise_for_status().json()
        gm_stream = Stream(http, f"{where}/stream", opened["gm_token"])
        streams = {
            link["combatant"]: Stream(http, f"{where}/stream", link["token"]) for link in links
        }
        await gm_stream.line(1 + len(party(players)))
        for stream in streams.values():
            await stream.line(1 + len(party(players)))
        period = 60 / (MOST_A_MINUTE * players) * 1.1  # each player within the service's limit
        begun = time.perf_counter()
        for k in range(rounds):
            await asyncio.sleep(max(0.0, begun + k * period - time.perf_counter()))
            link = links[k % players]
            who, token = link["combatant"], {"Authorization": f"Bearer {link['token']}"}
            check = {"type": "CheckRolled", "combatant": who, "check": "perception",
                     "natural": 1 + k % 20, "total": 3 + k % 20}  # fmt: skip
            start = time.perf_counter()
            asked = await http.post(f"{where}/proposals", json={"facts": [check]}, headers=token)
            line = asked.raise_for_status().json()["first"]
            found["propose"].append(await gm_stream.line(line) - start)
            await asyncio.sleep(PACE)
            start = time.perf_counter()
            ruled = await http.post(f"{where}/proposals/{line}/accept", json={}, headers=gm)
            ruling = ruled.raise_for_status().json()["first"]
            found["accept"].append(await streams[who].line(ruling) - start)
            await asyncio.sleep(PACE)
            start = time.perf_counter()
            note = {"facts": [{"type": "NoteAdded", "text": f"round {k}"}]}
            appended = await http.post(f"{where}/facts", json=note, headers=gm)
            position = appended.raise_for_status().json()["first"]
            found["append"].append(await streams[who].line(position) - start)
            await asyncio.sleep(PACE)
        for stream in [gm_stream, *streams.values()]:
            stream.task.cancel()
        await asyncio.gather(*(s.task for s in [gm_stream, *streams.values()]),
                             return_exceptions=True)  # fmt: skip
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="proposals (each accepted)")
    parser.add_argument("--players", type=int, default=10, help="players' streams open")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'proposals.sqlite'}"
        with server(Path(folder), url, {}) as (base, _):
            print(
                f"Proposals: {args.players} players' streams and the GM's on one encounter, "
                f"{args.rounds} proposals, each accepted, and as many plain appends (SQLite)"
            )
            found = asyncio.run(measured(base, args.rounds, args.players))
    for label, key, target in (
        ("propose -> GM's stream", "propose", True),
        ("accept -> proposer's stream", "accept", True),
        ("plain append -> player's stream (same run)", "append", False),
    ):
        report(f"{label} p50", percentile(found[key], 50), "ms")
        p99 = percentile(found[key], 99)
        goal = f"target <= {TARGET_MS:g} ms" if target else ""
        report(f"{label} p99", p99, "ms", goal, p99 <= TARGET_MS if target else None)


if __name__ == "__main__":
    main()
