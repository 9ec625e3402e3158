"""The recorded round of issue 26 (replay_fixtures/dnd35/players-propose.jsonl): two players
propose their initiative, one attack is accepted as proposed, one damage edited then accepted,
one save declined with a reason, and one acceptance undone and given again; the replay shows
what each player asked for beside what the GM ruled."""

from __future__ import annotations

from pathlib import Path

from domain.commands import Accept, Decline, Undo
from domain.decide import decide
from domain.events import ActionProposed, Fact
from domain.jsonl import check_log, read_jsonl
from projections.analytics import figures
from projections.history import History
from projections.proposals import proposals
from tests.proposal_helpers import attack, damage, fact

FIGHT = read_jsonl(
    (
        Path(__file__).resolve().parents[1] / "replay_fixtures/dnd35/players-propose.jsonl"
    ).read_bytes()
)


NET = "the net is a touch attack, no save: and it missed you anyway"


def without_time(facts: list[Fact]) -> list[Fact]:
    return [f.model_copy(update={"at": None}) for f in facts]


def decided(upto: int, command: Accept | Decline | Undo, by: str = "gm") -> list[Fact]:
    """What the service records after line `upto` for `command` (its author stamped)."""
    facts = decide(check_log(FIGHT[:upto]), command)
    return without_time([f if f.by else f.model_copy(update={"by": by}) for f in facts])


def proposal(line: int) -> ActionProposed:
    found = FIGHT[line - 1]
    assert isinstance(found, ActionProposed)
    return found


def test_the_fixtures_rulings_are_what_the_service_records_for_each_tap() -> None:
    assert decided(9, Accept(6, proposal(6))) == without_time(FIGHT[9:11])
    assert decided(15, Accept(15, proposal(15))) == without_time(FIGHT[15:18])
    mace = attack("kyra", "goblin-2", 12, 14, weapon="light mace")
    edited = (fact(mace), fact(damage("goblin-2", 6, damage_type="bludgeoning", attack=25)))
    assert decided(23, Accept(23, proposal(23), edited)) == without_time(FIGHT[23:26])
    assert decided(29, Decline(29, NET)) == without_time(FIGHT[29:30])
    assert decided(34, Undo(reason="accepted too soon: Lidda was still moving")) == without_time(
        FIGHT[34:37]
    )  # fmt: skip


def test_the_replay_shows_what_each_player_asked_for_beside_what_the_gm_ruled() -> None:
    found = [(p.line, p.proposed.combatant, p.state, p.ruling, p.lines, p.reason)
             for p in proposals(History(FIGHT))]  # fmt: skip
    assert found == [
        (6, "lidda", "accepted", 10, (11,), None),
        (7, "kyra", "accepted", 12, (13,), None),
        (15, "lidda", "accepted", 16, (17, 18), None),
        (23, "kyra", "edited", 24, (25, 26), None),
        (29, "lidda", "declined", 30, (), NET),
        (31, "lidda", "accepted", 38, (39, 40), None),
    ]  # fmt: skip


def test_the_figures_count_every_attack_of_the_round_as_its_players() -> None:
    fighters = figures(FIGHT).fighters
    counted = {c: (f.attacks, f.attacks_by_player, f.hits) for c, f in fighters.items()}
    assert counted == {"lidda": (2, 2, 2), "kyra": (1, 1, 1), "goblin-1": (1, 0, 1),
                       "goblin-2": (0, 0, 0)}  # fmt: skip
