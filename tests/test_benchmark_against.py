"""`--against REV`: a benchmark's figures beside another revision's, line by line (issue 28)."""

from __future__ import annotations

from benchmarks._against import _without, figures

REPORT = """combatlog analytics benchmark — 40 encounters, 20,000 events
Catch-up from zero (notification log -> read model)
  ingest 20,000 events                                     26,766.1 events/s  MISSED
    wall time                                                   0.7 s
  state at position 50,000 of 100,000 (median of 20)            0.1 ms        target <= 10 ms
  every encounter                                              12.9 ms        target <= 100 ms
  every encounter                                              13.4 ms        target <= 100 ms
"""


def test_each_figure_line_is_read_by_its_label_unit_and_place() -> None:
    assert figures(REPORT) == {
        ("ingest 20,000 events", 1): (26766.1, "events/s"),
        ("wall time", 1): (0.7, "s"),
        ("state at position 50,000 of 100,000 (median of 20)", 1): (0.1, "ms"),
        ("every encounter", 1): (12.9, "ms"),
        ("every encounter", 2): (13.4, "ms"),  # a label printed again is its own figure
    }


def test_the_other_revision_runs_with_every_option_but_against_itself() -> None:
    argv = ["--events", "200", "--against", "main", "--turns=2", "--postgres"]
    assert _without(argv, {"--against": 1, "--turns": 1}) == ["--events", "200", "--postgres"]
