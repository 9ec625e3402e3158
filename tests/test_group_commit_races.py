"""Writes that lose races to another worker: tried again in the group commit's next commit until
they land or their time is up, never holding the other writes back (issue 23 §2)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest

from api.service import commits as commits_module
from api.service.commits import GroupCommit
from api.service.encounters import Append, Encounters
from api.service.errors import LostRace
from api.store import EncounterStore
from domain.commands import AppendFacts
from domain.events import NoteAdded
from tests.store_helpers import OpenStore, appended, new_encounter


def overtaken(
    first: EncounterStore,
    second: EncounterStore,
    contended: UUID,
    times: int,
    monkeypatch: pytest.MonkeyPatch,
    pause: float = 0.0,
) -> None:
    """Each of `second`'s next `times` reads of `contended` is overtaken by a write through
    `first` (another worker), `pause` seconds after the read; other encounters read as ever."""
    get, left = second.application.repository.get, [times]

    def read_then_lose_the_race(encounter_id: UUID, *args: Any, **kwargs: Any) -> Any:
        encounter = get(encounter_id, *args, **kwargs)
        if encounter_id == contended and left[0] > 0:
            left[0] -= 1
            time.sleep(pause)
            appended(first, contended, [NoteAdded(text=f"first {encounter.version}")])
        return encounter

    monkeypatch.setattr(second.application.repository, "get", read_then_lose_the_race)


@dataclass(frozen=True)
class Race:
    """Two workers' stores on one SQLite file (`first` overtakes), and `second`'s group commit."""

    first: EncounterStore
    second: EncounterStore
    commits: GroupCommit


@pytest.fixture
def race(open_store: OpenStore) -> Iterator[Race]:
    first, second = open_store(), open_store()
    committer = GroupCommit(Encounters(second))
    yield Race(first, second, committer)
    committer.stop()


def note(encounter_id: UUID, text: str, **how: Any) -> Append:
    return Append(encounter_id, AppendFacts((NoteAdded(text=text),)), **how)


def test_a_blind_append_overtaken_thirty_times_is_still_written_after_the_others_lines(
    race: Race, monkeypatch: pytest.MonkeyPatch
) -> None:
    """More races lost than the 20 tries a commit once spun through before answering 409."""
    first, second, commits = race.first, race.second, race.commits
    fight = new_encounter(first)
    overtaken(first, second, fight, 30, monkeypatch)
    done = commits.submit(note(fight, "second")).result(timeout=10)
    assert (done.first, done.version) == (32, 32)
    assert texts(first, fight) == [*(f"first {n}" for n in range(1, 31)), "second"]


def test_a_write_to_another_fight_is_answered_while_a_contended_one_is_still_being_tried(
    race: Race, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lost write waits for the next commit; the committer is not held on it, and a write
    its conflict undid (its expected_version still standing) is saved, not refused."""
    first, second, commits = race.first, race.second, race.commits
    contended, quiet = new_encounter(first), new_encounter(first)
    overtaken(first, second, contended, 30, monkeypatch, pause=0.02)
    racing = commits.submit(note(contended, "contended"))
    calm = commits.submit(note(quiet, "quiet", expected_version=1))
    done = calm.result(timeout=5)
    assert not racing.done()
    assert (done.first, done.version, texts(first, quiet)) == (2, 2, ["quiet"])
    assert racing.result(timeout=10).version == 32


def texts(store: EncounterStore, encounter_id: UUID) -> list[str]:
    """The notes of the log after line 1."""
    return [getattr(fact, "text", "") for fact in store.facts(encounter_id)[1:]]


def test_a_write_that_loses_every_race_until_its_time_is_up_is_a_lost_race_and_not_written(
    race: Race, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second, commits = race.first, race.second, race.commits
    fight = new_encounter(first)
    monkeypatch.setattr(commits_module, "RETRY_FOR", 0.3)
    overtaken(first, second, fight, 10**6, monkeypatch, pause=0.01)
    started = time.monotonic()
    with pytest.raises(LostRace):
        commits.submit(note(fight, "never")).result(timeout=10)
    assert 0.3 <= time.monotonic() - started < 2.0
    assert "never" not in texts(first, fight)
