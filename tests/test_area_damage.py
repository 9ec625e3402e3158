"""An area's damage to the targets it spares, in every system, each case citing its seed: what a
target that saves (Orcus: that the attack roll misses) takes of the damage rolled once for all."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets import SYSTEMS, ruleset_for

# (system, rolled, sparing, what a spared target takes)
SPARED: list[Any] = [
    pytest.param("starfinder", 28, "half", 14, id="002 L195-197: Half deals half the damage"),
    pytest.param("starfinder", 7, "half", 3, id="002 L243: half of 7 is 3, rounded down"),
    pytest.param("starfinder", 31, "none", 0, id="002 L187-189: Negates, no impact on a success"),
    pytest.param("d20modern", 21, "half", 10,
                 id="003 L161: a Reflex save to take only half damage (rounded down: gap G5)"),
    pytest.param("d20modern", 21, "none", 0, id="003 L161: or none, as the effect says"),
    pytest.param("dnd35", 35, "half", 17,
                 id="000 L188-191: Reflex saves dodge area attacks; half, rounded down"),
    pytest.param("dnd35", 35, "none", 0, id="000 L188-191: an effect a success negates"),
    pytest.param("dnd35", 1, "half", 0, id="half of 1 rounds down to nothing"),
    pytest.param("true20", 6, "none", 0, id="001 L409: a Reflex save avoids the harm"),
    pytest.param("orcus", 17, "half", 8,
                 id="004 L940, L981, L104: a miss deals the power's half damage, rounded down"),
    pytest.param("orcus", 17, "none", 0, id="004 L981: a power with no Miss: damage"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "rolled", "spared", "taken"), SPARED)
def test_what_a_spared_target_takes_of_an_area(
    system: str, rolled: int, spared: str, taken: int
) -> None:
    area = ruleset_for(system).catalog.area
    assert area is not None
    assert area.amount(rolled, spared) == taken  # type: ignore[arg-type]


# (system, spared by, the sparings its seed names)
HOW: list[Any] = [
    pytest.param("dnd35", "save", ("half", "none"), id="000 L188-191: a save"),
    pytest.param("d20modern", "save", ("half", "none"), id="003 L161: a Reflex save"),
    pytest.param("starfinder", "save", ("half", "none"), id="002 L187-197: Negates, Half"),
    pytest.param("true20", "save", ("none",), id="001 L409: avoids; no save for half printed"),
    pytest.param("orcus", "attack", ("half", "none"), id="004 L940: an attack roll per target"),
]  # fmt: skip


@pytest.mark.parametrize(("system", "by", "spared"), HOW)
def test_each_system_says_how_an_area_spares_a_target(
    system: str, by: str, spared: tuple[str, ...]
) -> None:
    area = ruleset_for(system).catalog.area
    assert area is not None
    assert (area.by, area.spared) == (by, spared)
    assert "L" in area.rule  # the rule in words cites its seed's lines


def test_a_sparing_the_seed_does_not_name_is_refused() -> None:
    area = ruleset_for("true20").catalog.area
    assert area is not None
    with pytest.raises(ValueError, match="'half' is not a sparing these rules name"):
        area.amount(10, "half")


def test_the_page_reads_each_systems_area_rule(client: Any) -> None:
    rulesets = client.get("/rulesets").json()
    for system in SYSTEMS:
        area = rulesets[system]["area"]
        assert area["by"] in ("save", "attack") and area["spared"] and area["rule"]
    assert rulesets["orcus"]["area"]["by"] == "attack"


def test_the_area_damage_route_answers_what_a_spared_target_takes(client: Any) -> None:
    answer = client.post("/rulesets/starfinder/area-damage", json={"amount": 7, "spared": "half"})
    assert answer.status_code == 200
    assert answer.json()["amount"] == 3 and "L243" in answer.json()["rule"]
    none = client.post("/rulesets/orcus/area-damage", json={"amount": 12, "spared": "none"})
    assert (none.json()["amount"], none.json()["by"]) == (0, "attack")


@pytest.mark.parametrize(
    ("system", "body", "field", "words"),
    [
        ("true20", {"amount": 10, "spared": "half"}, "spared", "these rules spare a target none"),
        ("dnd35", {"amount": -1}, "amount", "greater than or equal to 0"),
        ("dnd35", {"amount": 5, "spared": "most"}, "spared", "'half' or 'none'"),
        ("dnd35", {"amount": 5, "extra": 1}, "extra", "Extra inputs"),
    ],
)
def test_a_wrong_area_damage_ask_names_its_field(
    client: Any, system: str, body: dict[str, Any], field: str, words: str
) -> None:
    answer = client.post(f"/rulesets/{system}/area-damage", json=body)
    assert answer.status_code == 422
    assert field in str(answer.json()) and words in str(answer.json())
