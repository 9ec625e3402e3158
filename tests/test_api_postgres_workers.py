"""Two `combatlog serve` workers on one PostgreSQL, as a host runs them: ten GMs' clients racing
on one fight (issue 23 §2); a player token rotated through one while the other streams (§3)."""

from __future__ import annotations

import threading
import time
from collections import Counter

import httpx
import pytest

from tests.server_helpers import EventStream, Server, open_encounter
from tests.test_service_processes import two_workers  # noqa: F401  (the fixture)
from tests.test_store_postgres import postgres_url  # noqa: F401  (the fixture)

pytestmark = pytest.mark.postgres
WRITERS, SECONDS = 10, 8.0


@pytest.mark.slow  # two servers to start, then 8 s of racing
def test_ten_blind_writers_on_one_fight_through_two_workers_are_all_written_and_never_refused(
    two_workers: tuple[Server, Server],  # noqa: F811
) -> None:
    """No expected_version: nothing the client sent can be stale, so no 409, whoever wins."""
    with httpx.Client(base_url=two_workers[0].url, timeout=30.0) as client:
        fight = open_encounter(client, [], two_workers[0].operator)
    answers: Counter[int] = Counter()
    written: list[str] = []
    stop = time.monotonic() + SECONDS

    def write(n: int) -> None:
        path = f"/encounters/{fight['id']}/facts"
        with httpx.Client(base_url=two_workers[n % 2].url, timeout=30.0) as client:
            while time.monotonic() < stop:
                note = {"type": "NoteAdded", "text": f"gm{n}-{answers.total()}"}
                reply = client.post(path, json={"facts": [note]}, headers=fight["gm"])
                answers[reply.status_code] += 1
                if reply.status_code == 201:
                    written.append(note["text"])

    writers = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    assert answers == {201: len(written)}
    with httpx.Client(base_url=two_workers[1].url, timeout=30.0) as client:
        log = client.get(f"/encounters/{fight['id']}/log", headers=fight["gm"]).json()
    assert sorted(line["fact"]["text"] for line in log[1:]) == sorted(written)


@pytest.mark.slow  # two servers to start
def test_a_stream_on_one_worker_gets_no_line_written_after_its_token_is_rotated_through_the_other(
    two_workers: tuple[Server, Server],  # noqa: F811
) -> None:
    """The other worker hears of the line through the notification log, not of the rotation:
    it reads the rotations with the lines it is about to send."""
    one, other = (httpx.Client(base_url=w.url, timeout=10.0) for w in two_workers)
    with one, other:
        fight = open_encounter(one, [], two_workers[0].operator)
        path, note = f"/encounters/{fight['id']}", {"type": "NoteAdded", "text": "a shout"}
        with EventStream(other, f"{path}/stream", fight["player"]) as stream:
            assert stream.next().id == 1
            one.post(f"{path}/facts", json={"facts": [note]}, headers=fight["gm"])
            assert stream.next().id == 2
            time.sleep(0.2)
            rotation = {"rotate": "player"}
            assert one.post(f"{path}/tokens", json=rotation, headers=fight["gm"]).is_success
            one.post(f"{path}/facts", json={"facts": [note]}, headers=fight["gm"])
            with pytest.raises(EOFError):
                stream.next()
