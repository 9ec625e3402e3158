"""The live feeds: a new line is rendered once per view and handed alike to every watcher."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import orjson
import pytest

from api.http.feeds import Batch, Feeds
from api.service.doors import Doors
from api.service.encounters import Encounters
from api.service.hub import Hub
from api.service.tables import Tables
from api.service.tokens import Tokens
from api.store import EncounterStore
from domain.events import CombatantJoined, NoteAdded
from tests.store_helpers import TEST_SECRET, new_encounter

AT = datetime(2026, 5, 1, 19, 0, tzinfo=UTC)
SPY = CombatantJoined(
    combatant="spy", name="Spy", side="foes", hidden=True,
    stats={"max_hp": 6, "initiative_modifier": 0, "defenses": {"ac": 12}},
)  # fmt: skip


class Reads:
    """The real service, counting how often a view of the log is read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count, real = 0, Encounters.read

        def counted(service: Encounters, encounter_id: UUID, view: Callable[[Any], Any]) -> Any:
            self.count += 1
            return real(service, encounter_id, view)

        monkeypatch.setattr(Encounters, "read", counted)


async def watching(
    service: Encounters, fight: UUID, callers: list[str], append: list[Any]
) -> list[Batch]:
    """Watchers join their feeds at the log's end; one append; the batch each is handed."""
    hub = Hub(asyncio.get_running_loop())
    service.listeners.append(hub.appended)
    tokens = Tokens(TEST_SECRET, service.store.access)
    feeds = Feeds(hub, service, Doors(tokens, Tables(service, None), service))
    joined = [feeds.join(fight, caller) for caller in callers]
    for feed, _ in joined:
        feed.started_at(service.history(fight).version)
    await asyncio.to_thread(service.append, fight, append)
    batches = [await asyncio.wait_for(queue.get(), 5) for _, queue in joined]
    for feed, queue in joined:
        feeds.leave(feed, queue)
    assert fight not in hub.queues  # no feed listens once its last watcher has gone
    return batches


def positions_and_facts(batch: Batch) -> list[tuple[int, Any]]:
    """Each line's position and fact, read back from the SSE message it is sent as."""
    assert batch is not None
    found = []
    for line in batch:
        fields = dict(row.split(": ", 1) for row in line.chunk.decode().splitlines() if row)
        assert (fields["id"], fields["event"]) == (str(line.position), "line")
        found.append((line.position, orjson.loads(fields["data"]).get("fact")))
    return found


def test_ten_players_watching_one_fight_share_one_rendering_of_each_new_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = Encounters(EncounterStore("memory:"), clock=lambda: AT)
    fight = new_encounter(service.store)
    reads = Reads(monkeypatch)
    batches = asyncio.run(watching(service, fight, ["player"] * 10, [NoteAdded(text="ambush!")]))
    assert reads.count == 1
    assert all(batch is batches[0] for batch in batches)
    assert positions_and_facts(batches[0]) == [
        (2, {"type": "NoteAdded", "text": "ambush!", "at": "2026-05-01T19:00:00Z"})
    ]


def test_the_gm_and_the_players_each_get_their_own_view_of_a_hidden_spy_joining(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = Encounters(EncounterStore("memory:"), clock=lambda: AT)
    fight = new_encounter(service.store)
    reads = Reads(monkeypatch)
    callers = ["gm", "player", "gm", "player"]
    gm, player, gm_again, player_again = asyncio.run(watching(service, fight, callers, [SPY]))
    assert reads.count == 2  # one per view
    assert gm is gm_again and player is player_again
    assert [(p, fact["combatant"]) for p, fact in positions_and_facts(gm)] == [(2, "spy")]
    assert positions_and_facts(player) == [(2, None)]  # a placeholder: no gap, no spy
