"""`derived` on log lines as a fold: what the GM's log says each line did is the same whether it
is kept up to date line by line or folded afresh, and never raises on a recorded fight."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.http.routes.preview import previewed
from domain.jsonl import read_jsonl
from projections.derived import Derivations, derived_lines
from projections.effective import effective_log
from projections.history import History
from tests.builders import damage, log
from tests.test_starfinder_builders import party
from tests.test_starfinder_resistances import ROBOT, robot

FIXTURES = sorted(Path(__file__).resolve().parents[1].glob("replay_fixtures/*/*.jsonl"))


@pytest.mark.parametrize("log", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_what_each_line_did_is_the_same_kept_up_to_date_or_folded_afresh(log: Path) -> None:
    events = read_jsonl(log.read_bytes())
    kept = Derivations()
    for upto in range(1, len(events) + 1):
        assert kept.of(events[:upto]) == derived_lines(effective_log(events[:upto]))[1], upto


@pytest.mark.parametrize("log", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_recorded_attack_says_its_outcome_and_every_damage_whether_it_applied(
    log: Path,
) -> None:
    events = read_jsonl(log.read_bytes())
    derived = derived_lines(effective_log(events))[1]
    for position, fact in effective_log(events):
        if fact.type_name == "AttackMade":
            assert "outcome" in derived[position] and "threat" in derived[position]
        if fact.type_name == "DamageDealt":
            assert isinstance(derived[position]["applied"], bool)


@pytest.mark.parametrize("log", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_preview_of_the_rest_of_a_fight_is_the_table_the_appended_rest_makes(log: Path) -> None:
    """Split each recorded fight at a third and at two thirds (corrections among the rest, or
    not): the preview's state and derived lines are those the stored whole log gives."""
    events = read_jsonl(log.read_bytes())
    whole = History(events)
    derived = derived_lines(effective_log(events))[1]
    for split in (len(events) // 3, 2 * len(events) // 3):
        rest = events[split:]
        shown = previewed(History(events[:split]), rest)
        assert shown.state == whole.gm_state()
        assert [line.derived for line in shown.lines] == [
            derived.get(position) for position in range(split + 1, len(events) + 1)
        ]


def test_the_log_says_what_starfinder_damage_reduction_and_resistance_stopped() -> None:
    """002 L1187 and L1203: what the robot's DR 5 and fire resistance 10 stop is the line's
    `stopped`, beside what reached its hit points."""
    hits = damage(ROBOT, 8, damage_type="piercing"), damage(ROBOT, 12, damage_type="fire")
    events = log(party(), robot(), *hits)
    derived = derived_lines(effective_log(events))[1]
    piercing, fire = derived[len(events) - 1], derived[len(events)]
    assert piercing == {"applied": True, "amount_applied": 3, "stopped": 5}
    assert fire == {"applied": True, "amount_applied": 2, "stopped": 10}
