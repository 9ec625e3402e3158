"""The campaign page's trend: a chart per figure with a line per PC over the sessions, the foes
by type, the campaign's rows downloaded as CSV and Parquet; on a laptop and a 390 px phone."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import httpx
import pyarrow.csv
import pyarrow.parquet
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, axe_violations, operator_token
from tests.builders import jsonl
from tests.server_helpers import Server
from tests.test_campaign_trends import AMBUSH, DEN, OGRE, what_if

CHARTS = ["damage_dealt", "damage_taken", "hit_rate", "knocked_out", "healing_received"]


@pytest.fixture(scope="module")
def crypt(server: Server) -> dict[str, str]:
    """The crypt's two sessions (three fights) and the ogre fight's what-if branch."""
    ids = {}
    for name, lines in (("ambush", AMBUSH), ("ogre", OGRE), ("den", DEN)):
        ids[name] = _imported(server, lines)
    ids["branch"] = _imported(server, what_if(ids["ogre"]))
    return ids


def _imported(server: Server, lines: list[dict[str, Any]]) -> str:
    reply = httpx.post(f"{server.url}/encounters/import", content=jsonl(*lines),
                       headers=server.operator)  # fmt: skip
    assert reply.status_code == 201, reply.text
    return str(reply.json()["id"])


def opened(page: Any, server: Server) -> Any:
    page.goto(f"{server.url}/#c=crypt&operator={operator_token(server)}")
    section = page.locator("section.trends")
    expect(section.locator("figure.trend svg.lines")).to_have_count(len(CHARTS))
    return section


def chart(section: Any, metric: str) -> Any:
    return section.locator(f"figure.trend[data-metric={metric}] svg")


def test_the_party_across_sessions_as_charts_and_foe_types(
    page: Any, server: Server, crypt: dict[str, str]
) -> None:
    section = opened(page, server)
    expect(section.locator("h2")).to_have_text("The party across sessions")
    expect(section.locator("figure.trend figcaption")).to_have_text(
        ["Damage dealt", "Damage taken", "Hit rate", "Knock-outs suffered", "Healing received"]
    )
    dealt = chart(section, "damage_dealt")
    expect(dealt.locator("path[data-series]")).to_have_count(2)  # Kyra, Valeros
    expect(dealt.locator("text.legend")).to_have_text(["Kyra", "Valeros"])
    dates = dealt.locator("text.tick", has_text="Nov")  # the x labels: the sessions' dates
    expect(dates).to_have_count(2)
    expect(dates.first).to_contain_text("20")
    expect(dates.last).to_contain_text("21")
    # Kyra fought both sessions; Valeros only Friday: one dot, no line to a zero on Saturday.
    expect(dealt.locator("circle[data-series=Kyra]")).to_have_count(2)
    expect(dealt.locator("circle[data-series=Valeros]")).to_have_count(1)
    expect(dealt.locator("circle[data-series=Valeros] title")).to_contain_text("Valeros")
    expect(dealt.locator("circle[data-series=Valeros] title")).to_contain_text(": 13")
    kyra_rate = chart(section, "hit_rate").locator("circle[data-series=Kyra] title")
    expect(kyra_rate).to_have_count(2)
    expect(kyra_rate.last).to_contain_text(": 100%")
    knocked = chart(section, "knocked_out").locator("circle[data-series=Kyra] title")
    expect(knocked.first).to_contain_text(": 1")
    foes = section.locator("table.foe-types tbody tr")
    expect(foes).to_have_count(2)
    expect(foes.first.locator("th")).to_have_text("Goblin")
    expect(foes.first.locator("td").nth(1)).to_have_text("18")  # dealt by the four goblins
    section.locator("#trend-branches").check()  # the branch's ogre dealt 25 more
    expect(foes.first.locator("th")).to_have_text("Ogre")
    valeros_taken = chart(section, "damage_taken").locator("circle[data-series=Valeros] title")
    expect(valeros_taken).to_contain_text(": 37")  # 12 + the branch's 25
    assert axe_violations(page) == []


def test_the_campaigns_rows_download_as_csv_and_parquet(
    page: Any, server: Server, crypt: dict[str, str], tmp_path: Path
) -> None:
    section = opened(page, server)
    with page.expect_download() as done:
        section.locator("#download-csv").click()
    saved = tmp_path / done.value.suggested_filename
    done.value.save_as(saved)
    assert saved.name == "combatlog-crypt.csv"
    table = pyarrow.csv.read_csv(saved)
    assert table.num_rows == 4 + 2 + 3  # the crypt's fighters, no branch
    assert set(table["campaign"].to_pylist()) == {"crypt"}
    with page.expect_download() as done:
        section.locator("#download-parquet").click()
    parquet = pyarrow.parquet.read_table(io.BytesIO(Path(done.value.path()).read_bytes()))
    assert done.value.suggested_filename == "combatlog-crypt.parquet"
    assert sorted(set(parquet["encounter_id"].to_pylist())) == sorted(
        crypt[name] for name in ("ambush", "ogre", "den")
    )
    expect(section.locator("[data-error=trends]")).to_have_count(0)


def test_the_trend_reads_in_one_column_on_a_phone(
    phone: Any, server: Server, crypt: dict[str, str]
) -> None:
    section = opened(phone, server)
    boxes = [f.bounding_box() for f in section.locator("figure.trend").all()]
    assert len({round(box["x"]) for box in boxes}) == 1  # one column
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] for box in boxes)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing runs off the side
    tick = chart(section, "damage_dealt").locator("text.tick").first.bounding_box()
    assert tick["height"] >= 10  # the labels stay legible at the phone's scale
    expect(section.locator("table.foe-types")).to_be_visible()
