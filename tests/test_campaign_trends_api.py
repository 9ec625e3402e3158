"""A campaign's trend and rows over HTTP: the operator's token only, the campaign named or a
422 naming it, branches only when asked for."""

from __future__ import annotations

import io
from typing import Any

import pyarrow.csv
import pyarrow.parquet
import pytest
from fastapi.testclient import TestClient

from tests.builders import jsonl
from tests.test_api import operator
from tests.test_campaign_trends import (
    ABSENT,
    AMBUSH,
    DEN,
    ELSEWHERE,
    KYRA_FRIDAY,
    KYRA_SATURDAY,
    OGRE,
    VALEROS_FRIDAY,
    VALEROS_FRIDAY_BRANCHES,
    what_if,
)


@pytest.fixture
def opened(client: TestClient) -> dict[str, dict[str, Any]]:
    """The three crypt fights, Elsewhere and the ogre fight's what-if branch, imported."""
    found: dict[str, dict[str, Any]] = {}
    for name, lines in (("ambush", AMBUSH), ("ogre", OGRE), ("den", DEN), ("other", ELSEWHERE)):
        found[name] = _imported(client, lines)
    found["branch"] = _imported(client, what_if(found["ogre"]["id"]))
    return found


def _imported(client: TestClient, lines: list[dict[str, Any]]) -> dict[str, Any]:
    reply = client.post("/encounters/import", content=jsonl(*lines), headers=operator(client))
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def test_the_trend_of_a_campaign_per_pc_and_session(
    client: TestClient, opened: dict[str, Any]
) -> None:
    reply = client.get("/stats/trends?campaign=crypt", headers=operator(client))
    assert reply.status_code == 200
    found = reply.json()
    assert [(s["id"], s["date"], s["title"]) for s in found["sessions"]] == [
        ("fri", "2026-11-20", "Into the Warrens"), ("sat", "2026-11-21", None)
    ]  # fmt: skip
    assert found["party"] == [
        {"combatant": "kyra", "name": "Kyra", "sessions": [KYRA_FRIDAY, KYRA_SATURDAY]},
        {"combatant": "valeros", "name": "Valeros",
         "sessions": [VALEROS_FRIDAY, {"session": "sat", **ABSENT}]},
    ]  # fmt: skip
    assert [(f["foe_type"], f["combatants"]) for f in found["foe_types"]] == [
        ("Goblin", 4), ("Ogre", 1)
    ]  # fmt: skip


def test_the_trend_counts_a_branch_only_when_asked_for(
    client: TestClient, opened: dict[str, Any]
) -> None:
    path = "/stats/trends?campaign=crypt&branches=true"
    valeros = client.get(path, headers=operator(client)).json()["party"][1]
    assert valeros["sessions"][0] == VALEROS_FRIDAY_BRANCHES


def test_the_trend_names_the_campaign_it_needs(client: TestClient) -> None:
    for path in ("/stats/trends", "/stats/trends?campaign=", "/stats/trends?campaign=a%20b"):
        bad = client.get(path, headers=operator(client))
        assert bad.status_code == 422, path
        assert [e["field"] for e in bad.json()["errors"]] == ["campaign"]
    bad = client.get("/stats/trends?campaign=crypt&branches=maybe", headers=operator(client))
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "branches"


@pytest.mark.parametrize(
    "path", ["/stats/trends?campaign=crypt", "/stats/rows.csv?campaign=crypt",
             "/stats/rows.parquet?campaign=crypt", "/stats?campaign=crypt"],
)  # fmt: skip
def test_campaign_figures_are_for_the_operator_alone(
    client: TestClient, opened: dict[str, Any], path: str
) -> None:
    ambush = opened["ambush"]
    assert client.get(path).status_code == 401
    for token in (ambush["gm_token"], ambush["player_token"]):
        refused = client.get(path, headers={"Authorization": f"Bearer {token}"})
        assert refused.status_code == 403 and "Kyra" not in refused.text


def test_the_campaigns_rows_as_csv_and_parquet(client: TestClient, opened: dict[str, Any]) -> None:
    csv = client.get("/stats/rows.csv?campaign=crypt", headers=operator(client))
    table = pyarrow.csv.read_csv(io.BytesIO(csv.content))
    crypt = {opened[name]["id"] for name in ("ambush", "ogre", "den")}
    assert set(table["encounter_id"].to_pylist()) == crypt and table.num_rows == 4 + 2 + 3
    assert set(table["campaign"].to_pylist()) == {"crypt"}
    path = "/stats/rows.parquet?campaign=crypt&session=sat&branches=true"
    parquet = client.get(path, headers=operator(client))
    saturday = pyarrow.parquet.read_table(io.BytesIO(parquet.content)).to_pylist()
    assert [(r["combatant"], r["session_id"], r["damage_dealt"]) for r in saturday] == [
        ("goblin-3", "sat", 0), ("goblin-4", "sat", 4), ("kyra", "sat", 10)
    ]  # fmt: skip
    branches = client.get("/stats/rows.csv?campaign=crypt&branches=true", headers=operator(client))
    assert pyarrow.csv.read_csv(io.BytesIO(branches.content)).num_rows == 4 + 2 + 3 + 2


def test_the_report_across_encounters_narrows_to_a_session(
    client: TestClient, opened: dict[str, Any]
) -> None:
    friday = client.get("/stats?campaign=crypt&session=fri", headers=operator(client)).json()
    assert [e["name"] for e in friday["encounters"]] == ["Goblin ambush", "Ogre"]
    everything = client.get("/stats", headers=operator(client)).json()["encounters"]
    assert "Ogre (what if)" not in [e["name"] for e in everything]
    bad = client.get("/stats?session=no%20such", headers=operator(client))
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "session"


def test_the_trend_is_in_the_openapi_document(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    route = paths["/stats/trends"]["get"]
    assert {p["name"] for p in route["parameters"]} >= {"campaign", "branches"}
    assert "examples" in str(client.get("/openapi.json").json()["components"]["schemas"]["Trend"])
    for path in ("/stats", "/stats/rows.csv", "/stats/rows.parquet"):
        names = {p["name"] for p in paths[path]["get"]["parameters"]}
        assert names >= {"campaign", "session", "branches"}, path
