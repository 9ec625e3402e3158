"""An encounter is filed under a campaign and a session at creation or later, by a fact: undoing
the filing files it as it was before."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from pydantic import ValidationError

from domain.events import (
    EVENT_ADAPTER,
    EncounterCreated,
    EncounterFiled,
    EventAmended,
    EventRevoked,
    NoteAdded,
    Session,
)
from domain.jsonl import read_jsonl, write_jsonl
from projections.analytics import figures
from projections.filing import filed_under, is_branch
from projections.recap import recap

FRIDAY = Session(id="2026-11-20", date=date(2026, 11, 20), title="Into the Warrens")
SATURDAY = Session(id="2026-11-21", date=date(2026, 11, 21))


def test_an_encounter_created_in_a_session_is_filed_under_it() -> None:
    log = [EncounterCreated(name="Ambush", ruleset="dnd35", campaign="crypt", session=FRIDAY)]
    assert filed_under(log).campaign == "crypt"
    assert filed_under(log).session == FRIDAY


def test_a_later_filing_replaces_the_first_and_undoing_it_restores_it() -> None:
    log = [
        EncounterCreated(name="Ambush", ruleset="dnd35", campaign="crypt", session=FRIDAY),
        NoteAdded(text="wrong night"),
        EncounterFiled(campaign="crypt", session=SATURDAY),
    ]
    assert filed_under(log).session == SATURDAY
    assert filed_under(log, upto=2).session == FRIDAY  # as it stood then
    undone = [*log, EventRevoked(target=3, reason="it was Friday after all")]
    assert filed_under(undone).session == FRIDAY


def test_an_amended_filing_counts_as_amended() -> None:
    log = [
        EncounterCreated(name="Ambush", ruleset="dnd35"),
        EncounterFiled(campaign="crypt", session=FRIDAY),
        EventAmended(target=2, replacement=EncounterFiled(campaign="tomb", session=FRIDAY)),
    ]
    assert filed_under(log).campaign == "tomb"


def test_a_filing_naming_neither_takes_the_encounter_out_of_its_campaign() -> None:
    log = [
        EncounterCreated(name="Ambush", ruleset="dnd35", campaign="crypt", session=FRIDAY),
        EncounterFiled(),
    ]
    assert filed_under(log).campaign is None
    assert filed_under(log).session is None


@pytest.mark.parametrize("kind", ["EncounterCreated", "EncounterFiled"])
def test_a_session_without_its_campaign_is_refused_naming_session(kind: str) -> None:
    raw = {
        "type": kind,
        "name": "Ambush",
        "ruleset": "dnd35",
        "session": {"id": "s1", "date": "2026-11-20"},
    }
    if kind == "EncounterFiled":
        del raw["name"], raw["ruleset"]
    with pytest.raises(ValidationError) as caught:
        EVENT_ADAPTER.validate_python(raw)
    assert caught.value.errors()[0]["loc"][-1] == "session"


def test_the_filing_round_trips_through_json_lines() -> None:
    log = [
        EncounterCreated(name="Ambush", ruleset="dnd35", campaign="crypt", session=FRIDAY),
        EncounterFiled(campaign="crypt", session=SATURDAY),
    ]
    again = read_jsonl(write_jsonl(log))
    assert again == log
    assert filed_under(again).session == SATURDAY


def test_a_branch_is_known_by_its_first_line() -> None:
    plain = [EncounterCreated(name="Ambush", ruleset="dnd35")]
    branch = [
        EncounterCreated.model_validate(
            {"name": "Ambush (what if)", "ruleset": "dnd35",
             "branch_of": {"encounter": "6f9c2b7e-0000-4000-8000-000000000001", "position": 3}}
        )
    ]  # fmt: skip
    assert not is_branch(plain)
    assert is_branch(branch)


def test_filing_days_later_never_stretches_the_fights_real_time() -> None:
    """A GM files Friday's fight on Monday: its real time is still the half hour it took."""
    log = [
        EncounterCreated(name="Ambush", ruleset="dnd35", at=datetime(2026, 11, 20, 19, tzinfo=UTC)),
        NoteAdded(text="the last blow", at=datetime(2026, 11, 20, 19, 30, tzinfo=UTC)),
        EncounterFiled(campaign="crypt", session=FRIDAY, at=datetime(2026, 11, 23, 9, tzinfo=UTC)),
    ]
    assert figures(log).seconds == 1800
    assert recap([("ambush", log)], FRIDAY).fights[0].seconds == 1800
