"""Healing records who healed (issue 25): `HealingApplied.source`, a combatant or a label, named
in the recap ("Kyra heals Valeros 8") and kept from players when the healer is hidden."""

from __future__ import annotations

from typing import Any

from projections.history import History
from projections.player import player_lines
from projections.recap import Rise, fight_recap, recap
from projections.recap_markdown import recap_markdown
from tests.builders import fact, healing, log
from tests.recap_fixtures import ambush_lines

CURE = "cure light wounds"


def ambush_healed_by(source: str) -> list[dict[str, Any]]:
    """The goblin ambush with no heal check before Kyra's cure (line 25 is a note), and line 26's
    healing naming its healer."""
    lines = ambush_lines()
    lines[24] = fact("NoteAdded", text="Kyra kneels by Valeros")
    lines[25] = healing("valeros", 8, kind=CURE, source=source)
    return lines


def test_the_recap_names_the_healer_the_gm_recorded() -> None:
    fight = fight_recap("ambush", log(ambush_healed_by("kyra")))
    assert fight.rises == [Rise("valeros", "Valeros", 2, 26, "up", "kyra", "Kyra", CURE)]
    told = recap_markdown(recap([("ambush", log(ambush_healed_by("kyra")))]))
    assert f"Kyra's {CURE} got Valeros up in round 2" in told


def test_a_healer_that_is_no_combatant_is_told_by_its_label() -> None:
    fight = fight_recap("ambush", log(ambush_healed_by("potion of healing")))
    assert fight.rises == [Rise("valeros", "Valeros", 2, 26, "up", None, None, "potion of healing")]


def test_an_amended_healing_is_told_as_who_heals_whom_and_how_much() -> None:
    lines = [*ambush_healed_by("kyra")[:-1],
             fact("EventAmended", target=26, replacement=healing("valeros", 8, source="kyra")),
             fact("CombatEnded")]  # fmt: skip
    (ruling,) = [r for r in fight_recap("ambush", log(lines)).rulings if r.target == 26]
    assert (ruling.was, ruling.now) == (f"Kyra heals Valeros 8 ({CURE})", "Kyra heals Valeros 8")


def test_players_are_not_shown_a_healing_by_a_hidden_healer() -> None:
    lines = [*ambush_lines()[:-1], healing("goblin-2", 3, source="sniper"), fact("CombatEnded")]
    history = History(log(lines))
    assert [line["position"] for line in player_lines(history)][-2:] == [32, 34]  # not 33
    assert "sniper" not in str(recap([("ambush", list(history.events))], player=True))
