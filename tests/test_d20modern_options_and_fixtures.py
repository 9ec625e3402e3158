"""d20 Modern's house rules (digest §9) and the recorded fights in replay_fixtures/d20modern."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from domain.jsonl import read_jsonl
from domain.rulesets import ruleset_for
from domain.rulesets.d20modern import ruleset as d20modern
from domain.rulesets.dnd35 import ruleset as dnd35

FIXTURES = Path(__file__).resolve().parents[1] / "replay_fixtures" / "d20modern"

DEFAULTS = [
    pytest.param("flat_footed_until", "first_action",
                 id="003 L3-4, digest M1: flat-footed until the combatant first acts"),
    pytest.param("touch_includes_natural_armor", False,
                 id="digest M3: natural armor is left out of the touch Defense"),
    pytest.param("flat_footed_keeps_dex_penalty", True,
                 id="digest M4: flat-footed loses only a Dex bonus"),
    pytest.param("massive_damage_result", "dying",
                 id="digest G3 and §11 (MSRD): a failed massive damage save drops HP to -1"),
    pytest.param("temp_hp_model", "pool", id="digest G3: the 3.5 track's defaults apply"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "default"), DEFAULTS)
def test_each_house_rule_defaults_to_the_digests_reading(name: str, default: Any) -> None:
    options = ruleset_for("d20modern").options_model()

    assert getattr(options, name) == default


def test_each_d20_modern_house_rule_names_the_ambiguity_it_settles() -> None:
    own = set(d20modern.Options.model_fields) - set(dnd35.Options.model_fields)
    fields = d20modern.Options.model_fields

    assert own
    for name in [*sorted(own), "flat_footed_until"]:
        assert re.search(r"\b[MG]\d\b", fields[name].description or ""), name


def test_the_ruleset_is_registered_and_leaves_ties_to_the_gm() -> None:
    rules = ruleset_for("d20modern")

    assert rules.name == "d20modern"
    assert rules.tie_breaker(rules.stats_model.model_validate({"max_hp": 5}), 4) is None


# --- the recorded fights -------------------------------------------------------------------------


def fights() -> list[Path]:
    return sorted(FIXTURES.glob("*.jsonl"))


def goldens() -> list[dict[str, Any]]:
    """Every state the goldens pin: the final one and those at their positions."""
    states: list[dict[str, Any]] = []
    for log in fights():
        golden = json.loads(log.with_name(f"{log.stem}.expected.json").read_text())
        states += [golden["final"], *golden["at"].values()]
    return states


def test_there_are_at_least_four_whole_d20_modern_fights() -> None:
    logs = [read_jsonl(path.read_bytes()) for path in fights()]

    assert len(logs) >= 4
    assert all(getattr(log[0], "ruleset", None) == "d20modern" for log in logs)
    assert all(log[-1].type == "CombatEnded" for log in logs)


@pytest.mark.parametrize(
    "kind", ["EventRevoked", "EventAmended", "InitiativeTieBroken", "SurpriseDetermined"]
)
def test_the_fights_include_every_required_kind_of_fact(kind: str) -> None:
    assert any(e.type == kind for path in fights() for e in read_jsonl(path.read_bytes()))


def test_the_goldens_show_a_pending_tie_and_a_massive_damage_save() -> None:
    states = goldens()

    assert any(state["initiative_ties"] for state in states)
    assert any("massive damage" in w for state in states for w in state["warnings"])
