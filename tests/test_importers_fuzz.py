"""No file, however broken — Foundry actors and Improved Initiative stat blocks with their fields
of the wrong shape, truncated, or mutated from the fixtures — raises anything but the import's own
error naming where (the route's 422), never a 500."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from api.library.importers import ImportProblem, read_file
from tests.import_helpers import FIXTURES

KEYS = ["name", "type", "system", "data", "items", "attributes", "hp", "max", "value", "ac",
        "normal", "total", "eac", "kac", "sp", "rp", "init", "abilities", "con", "mod", "traits",
        "dr", "damageReduction", "actionType", "attackBonus", "damage", "parts", "formula",
        "types", "ability", "critRange", "critMult", "attackParts", "actions", "_stats",
        "systemId", "Name", "HP", "AC", "Value", "Notes", "Actions", "Content", "Abilities",
        "Saves", "Combatants", "StatBlock", "Player", "Creatures.x", "weaponData",
        "critical", "range", "units", "actionTarget", "details", "level", "Challenge",
        "DamageResistances"]  # fmt: skip
LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 2_000_000), st.floats(allow_nan=True),
    st.sampled_from(["", "D35E", "sfrpg", "pf1", "npc", "character", "npc2", "1d8+3", "mwak",
                     "rwak", "kac", "sizeRoll(1, 8, @size)", "@abilities.str.mod", "Level 3",
                     "DR 5/magic", "fire 5", "Claw +4 melee (1d4+2)", "EAC 3; KAC 4"]),
    st.text(max_size=20),
)  # fmt: skip
TREES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=6)
    ),
    max_leaves=40,
)
FIXTURE_TEXTS = [p.read_text() for p in sorted(FIXTURES.glob("*.json"))]


def mutated(tree: Any, draw: st.DrawFn, depth: int = 0) -> Any:
    """The tree with some values replaced by others of any shape."""
    if isinstance(tree, dict):
        return {k: (draw(TREES) if draw(st.integers(0, 9)) == 0 else mutated(v, draw, depth + 1))
                for k, v in tree.items()}  # fmt: skip
    if isinstance(tree, list):
        return [mutated(v, draw, depth + 1) for v in tree]
    return tree


@settings(max_examples=300, deadline=None)
@given(TREES, st.sampled_from([None, "dnd35", "starfinder", "d20modern"]))
def test_any_json_raises_nothing_but_the_imports_error(tree: Any, ruleset: str | None) -> None:
    with contextlib.suppress(ImportProblem):
        read_file(json.dumps(tree), ruleset)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_a_fixture_with_fields_of_the_wrong_shape_or_cut_short_raises_only_the_imports_error(
    data: st.DataObject,
) -> None:
    text = data.draw(st.sampled_from(FIXTURE_TEXTS))
    if data.draw(st.booleans()):
        text = text[: data.draw(st.integers(0, len(text)))]
    else:
        text = json.dumps(mutated(json.loads(text), data.draw))
    with contextlib.suppress(ImportProblem):
        read_file(text)


def test_a_misshapen_field_is_the_imports_error_naming_the_creature_and_where() -> None:
    actor = json.loads((FIXTURES / "foundry_d35e_npcs.json").read_text())[0]
    actor["data"]["attributes"]["hp"] = {"max": 29, "value": [1, 2]}  # not a number
    actor["items"] = [{"name": {"odd": 1}, "type": "attack", "data": {"attackParts": 5}}]
    try:
        read_file(json.dumps([actor]))
    except ImportProblem as exc:
        assert exc.field == "[0]" and exc.reason.startswith("Ogre: a field is not as Foundry VTT")
    else:
        raise AssertionError("a misshapen actor was kept")


def test_an_import_read_in_a_worker_process_comes_back_whole_and_so_does_its_error() -> None:
    import asyncio

    from api.compute import offload
    from api.library.importers import report_of

    async def read(text: str) -> Any:
        return await offload.off_loop(report_of, text, None)

    before = offload.mode()
    offload.use("process")
    try:
        report = asyncio.run(read((FIXTURES / "srd_dnd35.txt").read_text()))
        assert [c["creature"]["id"] for c in report["creatures"]] == [
            "goblin",
            "bugbear",
            "gargoyle",
        ]
        try:
            asyncio.run(read(json.dumps({"Name": "Orc", "HP": {"Value": 0}})))
        except ImportProblem as exc:
            assert (exc.field, exc.reason.split(":")[0]) == ("stats.max_hp", "Orc")
        else:
            raise AssertionError("kept a creature without hit points")
    finally:
        offload.use(before)
