"""An undone action leaves no hit (issue 25): after "Record attack and damage" (one write) and one
Undo, the fight's figures and its recap are those of the fight without either line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain.commands import AppendFacts, Command, Import, Redo, Undo
from domain.decide import decide
from domain.events import EVENT_ADAPTER, Fact
from domain.integrity import LogIntegrity
from projections.analytics import Figures, figures
from projections.recap import FightRecap, fight_recap, recap
from projections.recap_markdown import recap_markdown
from tests.builders import attack, damage, log
from tests.test_analytics_figures import FIGHT

BEFORE = log(FIGHT[:12])  # round 2 begins at line 12: the goblin at 2 HP, Valeros at -3
CRIT = attack("valeros", "goblin", 20, 22, outcome="critical")  # line 13
CLEAVE = damage("goblin", 9, attack=13, damage_type="slashing")  # line 14: the goblin drops


def played(*commands: Command) -> list[Fact]:
    """The log the commands record, each decided on the log as it stands (as the service does)."""
    integrity, events = LogIntegrity(), []
    for command in commands:
        for fact in decide(integrity, command):
            integrity.append(fact)
            events.append(fact)
    return events


def attack_and_damage() -> AppendFacts:
    return AppendFacts(tuple(EVENT_ADAPTER.validate_python(line) for line in (CRIT, CLEAVE)))


def counted(events: Sequence[Fact]) -> Figures:
    """The figures, but for the count of lines seen (the undo's lines are lines too)."""
    return replace(figures(events), events=0)


def told(events: Sequence[Fact]) -> FightRecap:
    """The recap, but for its rulings (the undo is a ruling of its own)."""
    return replace(fight_recap("fight", events), rulings=[])


def test_one_undo_after_attack_and_damage_leaves_no_hit_in_the_figures() -> None:
    undone = played(Import(tuple(BEFORE)), attack_and_damage(), Undo())
    assert [(f.type_name, f.action) for f in undone[12:]] == [
        ("AttackMade", 13), ("DamageDealt", 13), ("EventRevoked", 15), ("EventRevoked", 15),
    ]  # fmt: skip
    assert counted(undone) == counted(BEFORE)
    valeros = figures(undone).fighters["valeros"]
    assert (valeros.attacks, valeros.hits, valeros.natural_20s, valeros.damage_dealt) == (
        1, 1, 0, 4,
    )  # fmt: skip


def test_one_undo_after_attack_and_damage_leaves_no_hit_in_the_recap() -> None:
    undone = played(Import(tuple(BEFORE)), attack_and_damage(), Undo())
    assert told(undone) == told(BEFORE)
    fight = fight_recap("fight", undone)
    assert fight.biggest_hit is not None and (fight.biggest_hit.line, fight.biggest_hit.amount) == (
        8, 4,
    )  # fmt: skip
    assert [(r.kind, r.target) for r in fight.rulings] == [("undo", 13), ("undo", 14)]
    assert "Natural 20s" not in recap_markdown(recap([("fight", undone)]))


def test_one_redo_brings_the_hit_back_into_the_figures_and_the_recap() -> None:
    redone = played(Import(tuple(BEFORE)), attack_and_damage(), Undo(), Redo())
    done = played(Import(tuple(BEFORE)), attack_and_damage())
    assert counted(redone) == counted(done)
    assert told(redone) == told(done)
    assert figures(redone).fighters["valeros"].natural_20s == 1
