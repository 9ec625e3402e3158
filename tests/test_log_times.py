"""Times from outside are ISO 8601 with their UTC offset, and a session's day is YYYY-MM-DD,
checked at the edge (a file, an import, a request); a log stored before that still reads."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.events import EVENT_ADAPTER, Fact
from domain.jsonl import read_jsonl
from tests.builders import amended, fact, jsonl, one, rejection
from tests.store_helpers import OpenStore, new_log
from tests.test_api import PARTY, open_table, operator, url
from tests.test_api_errors import problem

ZONE = (
    "must be an ISO 8601 date and time with its UTC offset ('Z' or '+hh:mm'), such as "
    "'2026-11-20T19:30:00Z'"
)
DAY = "must be a date as YYYY-MM-DD, such as '2026-11-20'"
NOT_A_TIME = [1234567890, 1234567890.5, "1234567890", "2026-01-01", "2026-01-01T19:30:00",
              "2026-01-01 19:30:00Z", True]  # fmt: skip
NOT_A_DAY = [1767225600, 0, "2026-01-01T00:00:00Z", "20260101"]


def note(**fields: Any) -> dict[str, Any]:
    return fact("NoteAdded", text="the bridge creaks", **fields)


def filed(day: Any) -> dict[str, Any]:
    return fact("EncounterFiled", campaign="crypt", session={"id": "friday", "date": day})


@pytest.mark.parametrize("at", NOT_A_TIME, ids=repr)
def test_an_imported_time_without_its_zone_or_as_a_number_is_refused_naming_at(at: Any) -> None:
    error = rejection(*one(), note(at=at))
    assert (error.position, error.field, error.reason) == (3, "at", ZONE)


def test_a_replacement_s_time_is_held_to_the_same_form() -> None:
    error = rejection(*one(), note(), amended(3, note(at=1234567890)))
    assert (error.position, error.field, error.reason) == (4, "replacement.at", ZONE)


@pytest.mark.parametrize("day", NOT_A_DAY, ids=repr)
def test_a_session_s_day_other_than_a_plain_date_is_refused_naming_it(day: Any) -> None:
    error = rejection(*one(), filed(day))
    assert (error.position, error.field, error.reason) == (3, "session.date", DAY)


def test_times_with_their_offset_and_a_plain_day_are_read_as_written() -> None:
    lines = [*one(), note(at="2026-11-20T19:30:00Z"), note(at="2026-11-20T14:30:00.25-05:00"),
             note(at="2026-11-20T20:30+01:00"), filed("2026-11-20")]  # fmt: skip
    events = read_jsonl(jsonl(*lines))
    east, west = timezone(timedelta(hours=1)), timezone(timedelta(hours=-5))
    assert [e.at for e in events[2:5]] == [
        datetime(2026, 11, 20, 19, 30, tzinfo=UTC),
        datetime(2026, 11, 20, 14, 30, 0, 250000, tzinfo=west),
        datetime(2026, 11, 20, 20, 30, tzinfo=east),
    ]
    assert events[5].session is not None and events[5].session.date == date(2026, 11, 20)  # type: ignore[attr-defined]


def test_an_import_with_a_time_as_a_number_is_a_422_naming_the_line_s_at(
    client: TestClient,
) -> None:
    body = jsonl(*one(), note(at=1234567890))
    reply = client.post("/encounters/import", content=body, headers=operator(client))
    detail = f"line 3: {ZONE}"
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid log", detail, "line 3.at", ZONE),
    )  # fmt: skip


def test_filing_under_a_session_dated_by_a_number_is_a_422_naming_its_date(
    client: TestClient,
) -> None:
    opened = open_table(client, PARTY)
    reply = client.post(url(opened, "facts"), json={"facts": [filed(0)]}, headers=opened["gm"])
    assert (reply.status_code, reply.json()) == (
        422, problem(422, "Invalid fact", DAY, "facts[0].session.date"),
    )  # fmt: skip


def test_a_log_stored_with_times_without_a_zone_still_reads(open_store: OpenStore) -> None:
    """An import before times were checked kept `"at": "2026-01-01"` as 2026-01-01T00:00:00 and a
    session dated `0` as 1970-01-01: the store reads them back as it wrote them."""
    lines = [*one(), note(at="2026-01-01"), note(at="2026-11-24T19:00:30"), filed(0)]
    events: list[Fact] = [EVENT_ADAPTER.validate_python(line) for line in lines]
    encounter = new_log(open_store(), events)
    stored = list(open_store().facts(encounter))
    assert stored == events
    assert [f.at for f in stored[2:4]] == [datetime(2026, 1, 1), datetime(2026, 11, 24, 19, 0, 30)]
    assert stored[4].to_json_dict()["session"] == {"id": "friday", "date": "1970-01-01"}
