"""Analytics tell a player's own rolls from the GM's (issue 26): of each combatant's attacks and
saves, those its player entered — a proposal's facts the GM accepted as proposed."""

from __future__ import annotations

from domain.commands import Amend
from projections.analytics import Fighter, figures
from tests.proposal_helpers import Table, attack, damage, fact, save

SWING = attack("lidda", "goblin-2", 17, 23)


def tally(table: Table, combatant: str) -> tuple[int, int, int, int]:
    """(attacks, of them the player's, saves, of them the player's)."""
    found: Fighter = figures(table.events).fighters[combatant]
    return found.attacks, found.attacks_by_player, found.saves, found.saves_by_player


def test_attacks_and_saves_a_player_proposed_are_counted_as_theirs() -> None:
    table = Table()
    table.accept(table.propose("lidda", SWING, damage("goblin-2", 7)))
    table.accept(table.propose("kyra", save("kyra", 14, 16)))
    table.gm(attack("lidda", "goblin-2", 5, 11), save("kyra", 3, 5))  # the GM typed these in
    assert (tally(table, "lidda"), tally(table, "kyra")) == ((2, 1, 0, 0), (0, 0, 2, 1))


def test_what_the_gm_changed_while_accepting_is_the_gms() -> None:
    table = Table()
    line = table.propose("lidda", SWING, save("lidda", 8, 12))
    table.accept(line, attack("lidda", "goblin-2", 17, 21), save("lidda", 8, 12))
    assert tally(table, "lidda") == (1, 0, 1, 1)


def test_a_declined_pending_or_undone_proposal_counts_for_no_one() -> None:
    table = Table()
    table.decline(table.propose("lidda", SWING), "not yet")
    table.propose("lidda", SWING)
    table.accept(table.propose("kyra", save("kyra", 14, 16)))
    table.undo()
    assert (tally(table, "lidda"), tally(table, "kyra")) == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_an_accepted_line_the_gm_amends_later_becomes_the_gms() -> None:
    table = Table()
    lines = table.accept(table.propose("lidda", SWING))
    table.write("gm", Amend(lines[1], fact(attack("lidda", "goblin-2", 17, 20))))
    assert tally(table, "lidda") == (1, 0, 0, 0)
