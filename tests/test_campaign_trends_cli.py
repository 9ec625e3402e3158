"""`combatlog stats --campaign` and `combatlog analytics export --campaign` as a GM types them."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import orjson
import pyarrow.csv
import pyarrow.parquet
import pytest
from typer.testing import CliRunner

from api.cli.main import app as cli
from tests.builders import jsonl
from tests.test_campaign_trends import (
    AMBUSH,
    DEN,
    ELSEWHERE,
    KYRA_FRIDAY,
    OGRE,
    VALEROS_FRIDAY,
    VALEROS_FRIDAY_BRANCHES,
    what_if,
)

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A SQLite store with the crypt's three fights, Elsewhere and the ogre fight's branch."""
    url = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    files = []
    for name, lines in (("ambush", AMBUSH), ("ogre", OGRE), ("den", DEN), ("other", ELSEWHERE)):
        files.append(tmp_path / f"{name}.jsonl")
        files[-1].write_bytes(jsonl(*lines))
    done = runner.invoke(cli, ["import", *map(str, files), "--db", url])
    assert done.exit_code == 0, done.output
    ogre = done.stdout.split()[1]
    branch = tmp_path / "branch.jsonl"
    branch.write_bytes(jsonl(*what_if(ogre)))
    assert runner.invoke(cli, ["import", str(branch), "--db", url]).exit_code == 0
    return url


def stats(db: str, *options: str) -> Any:
    done = runner.invoke(cli, ["stats", *options, "--db", db])
    assert done.exit_code == 0, done.output
    return done


def test_the_trend_as_a_table_per_pc_with_a_session_a_row(db: str) -> None:
    shown = stats(db, "--campaign", "crypt").stdout
    assert "Campaign crypt: 2 session(s), party of 2" in shown
    kyra, valeros = shown.index("Kyra"), shown.index("Valeros")
    assert kyra < valeros < shown.index("Foes by type")
    valeros_rows = shown[valeros : shown.index("Foes by type")].splitlines()
    friday = next(line for line in valeros_rows if "2026-11-20" in line).split()
    # fights, dealt, taken, hits/attacks, hit %, down, healed (VALEROS_FRIDAY)
    assert friday[1:8] == ["2", "13", "12", "2/3", "67%", "0", "0"]
    saturday = next(line for line in valeros_rows if "2026-11-21" in line).split()
    assert saturday[1] == "absent" and saturday[2:] == ["-"] * 6 + ["sat"]
    goblins = next(line for line in shown.splitlines() if line.strip().startswith("Goblin "))
    assert goblins.split()[1:5] == ["4", "2", "18", "15"]  # foes, fights, dealt, taken


def test_the_trend_as_json_and_csv(db: str) -> None:
    found = orjson.loads(stats(db, "--campaign", "crypt", "--json").stdout)
    assert found["party"][0]["sessions"][0] == KYRA_FRIDAY
    assert found["party"][1]["sessions"][0] == VALEROS_FRIDAY
    branches = orjson.loads(stats(db, "--campaign", "crypt", "--branches", "--json").stdout)
    assert branches["party"][1]["sessions"][0] == VALEROS_FRIDAY_BRANCHES
    rows = list(csv.DictReader(io.StringIO(stats(db, "--campaign", "crypt", "--csv").stdout)))
    assert [(r["name"], r["session_date"], r["fights"], r["damage_taken"]) for r in rows] == [
        ("Kyra", "2026-11-20", "1", "14"), ("Kyra", "2026-11-21", "1", "4"),
        ("Valeros", "2026-11-20", "2", "12"), ("Valeros", "2026-11-21", "0", ""),
    ]  # fmt: skip


def test_a_session_of_the_campaign_gets_the_usual_report(db: str) -> None:
    found = orjson.loads(stats(db, "--campaign", "crypt", "--session", "sat", "--json").stdout)
    assert [e["name"] for e in found["encounters"]] == ["Goblin den"]
    kyra = next(c for c in found["combatants"] if c["combatant"] == "kyra")
    assert kyra["damage_dealt"]["total"] == 10


def test_a_campaign_with_nothing_filed_is_an_error(db: str) -> None:
    done = runner.invoke(cli, ["stats", "--campaign", "nowhere", "--db", db])
    assert done.exit_code == 1 and "no session of campaign nowhere" in done.stderr


def test_the_campaigns_rows_exported(db: str, tmp_path: Path) -> None:
    to_csv, to_parquet = tmp_path / "crypt.csv", tmp_path / "crypt.parquet"
    done = runner.invoke(
        cli, ["analytics", "export", "--csv", str(to_csv), "--parquet", str(to_parquet),
              "--campaign", "crypt", "--db", db],
    )  # fmt: skip
    assert done.exit_code == 0 and "9 rows written" in done.stdout  # 4 + 2 + 3 fighters
    for table in (pyarrow.csv.read_csv(to_csv), pyarrow.parquet.read_table(to_parquet)):
        assert set(table["campaign"].to_pylist()) == {"crypt"}
        assert set(table["encounter_name"].to_pylist()) == {"Goblin ambush", "Ogre", "Goblin den"}
    friday = runner.invoke(
        cli, ["analytics", "export", "--csv", str(to_csv), "--campaign", "crypt", "--session",
              "fri", "--branches", "--db", db],
    )  # fmt: skip
    assert "8 rows written" in friday.stdout  # the ambush's 4, the ogre fight's 2, its branch's 2
