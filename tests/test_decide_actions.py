"""One GM action, one undo (issue 25): what one write recorded is undone and redone together,
while a single line can still be undone from its own menu; old logs undo a line at a time."""

from __future__ import annotations

import pytest

from domain.actions import action_at
from domain.commands import AppendFacts, Command, Redo, Undo, named
from domain.decide import decide
from domain.events import (
    AttackMade,
    CombatantJoined,
    DamageDealt,
    EncounterCreated,
    EventAmended,
    EventRestored,
    EventRevoked,
    Fact,
    NoteAdded,
)
from domain.integrity import LogError, LogIntegrity
from domain.jsonl import check_log

CREATED = EncounterCreated(name="Goblin ambush", ruleset="dnd35")
VALEROS = CombatantJoined(combatant="valeros", name="Valeros", side="party", stats={"max_hp": 12})
GOBLIN = CombatantJoined(combatant="goblin", name="Goblin", side="foes", stats={"max_hp": 6})
SETUP = (VALEROS, GOBLIN)  # lines 2 and 3
SWING = AttackMade(attacker="valeros", target="goblin", natural=17, total=21)
CUT = DamageDealt(target="goblin", amount=5, attack=4)
SHOVE = NoteAdded(text="the goblin is pushed into the brazier")


def together(first: int, *facts: Fact) -> list[Fact]:
    """Facts as one write records them from line `first` on: each naming the action's first line."""
    return [fact.model_copy(update={"action": first}) for fact in facts]


def revoked(first: int, *targets: int) -> list[Fact]:
    """The revocations one undo of several lines records from line `first` on."""
    return together(first, *(EventRevoked(target=t) for t in targets))


def restored(first: int, *targets: int) -> list[Fact]:
    return together(first, *(EventRestored(target=t) for t in targets))


ATTACK = together(4, SWING, CUT)  # lines 4-5: "Record attack and damage", one write
THREE = together(4, SWING, CUT, SHOVE)  # lines 4-6


def log_of(*lines: Fact) -> LogIntegrity:
    log = LogIntegrity()
    for line in (CREATED, *SETUP, *lines):
        log.append(line)
    return log


def recorded(lines: tuple[Fact, ...], command: Command) -> list[Fact]:
    """What the command decides on the log, checked as the log takes it (it must)."""
    log = log_of(*lines)
    facts = decide(log, command)
    for fact in facts:
        log.append(fact)
    return facts


@pytest.mark.parametrize(
    ("lines", "command", "facts"),
    [
        pytest.param((), AppendFacts((SWING, CUT)), ATTACK,
                     id="an-attack-and-its-damage-written-together-are-one-action"),
        pytest.param((), AppendFacts((SWING,)), [SWING], id="a-fact-written-alone-names-no-action"),
        pytest.param(tuple(ATTACK), Undo(), revoked(6, 4, 5),
                     id="undo-takes-back-the-attack-and-its-damage"),
        pytest.param((*ATTACK, *revoked(6, 4, 5)), Redo(), restored(8, 4, 5),
                     id="redo-restores-both"),
        pytest.param((*THREE, EventRevoked(target=5)), Undo(), revoked(8, 4, 6),
                     id="undo-takes-back-what-is-still-in-force-of-an-action-a-line-was-undone-of"),
        pytest.param((SWING, CUT), Undo(), [EventRevoked(target=5)],
                     id="an-old-log-without-actions-undoes-one-line"),
        pytest.param((SWING, CUT, EventRevoked(target=5)), Undo(), [EventRevoked(target=4)],
                     id="an-old-log-undoes-the-line-before-next"),
        pytest.param((SWING, CUT, EventRevoked(target=5), EventRevoked(target=4)), Redo(),
                     [EventRestored(target=4)], id="an-old-log-redoes-one-line"),
        pytest.param(tuple(ATTACK), Undo(5), [EventRevoked(target=5)],
                     id="a-single-line-is-undone-from-its-own-menu"),
        pytest.param((*ATTACK, SHOVE), Undo(action=4), revoked(7, 4, 5),
                     id="undo-of-an-earlier-action-by-its-first-line"),
        pytest.param((*ATTACK, SHOVE), Undo(action=6), [EventRevoked(target=6)],
                     id="a-line-on-its-own-is-an-action-of-one"),
        pytest.param((*ATTACK, *revoked(6, 4, 5), *together(8, SHOVE, SHOVE)), Redo(action=4),
                     restored(10, 4, 5), id="redo-of-an-earlier-action-by-its-first-line"),
        pytest.param((*ATTACK, *revoked(6, 4, 5), EventRestored(target=5)), Redo(),
                     [EventRestored(target=4)], id="redo-restores-what-that-undo-took-back-still"),
        pytest.param((*ATTACK, *revoked(6, 4, 5), EventRevoked(target=3)), Redo(),
                     [EventRestored(target=3)], id="redo-restores-the-latest-undo-first"),
        pytest.param((*ATTACK, *revoked(6, 4, 5), *restored(8, 4, 5)), Undo(), revoked(10, 4, 5),
                     id="an-action-redone-is-undone-whole-again"),
        pytest.param((*ATTACK, EventAmended(target=5, replacement=CUT.model_copy(
                      update={"amount": 8})), EventAmended(target=4, replacement=SWING)),
                     Undo(), [EventRevoked(target=7)], id="an-amendment-is-an-action-of-its-own"),
    ],
)  # fmt: skip
def test_undo_and_redo_take_back_and_restore_what_one_write_recorded(
    lines: tuple[Fact, ...], command: Command, facts: list[Fact]
) -> None:
    assert recorded(lines, command) == facts


def test_the_attack_and_its_damage_amended_together_are_undone_together() -> None:
    harder = CUT.model_copy(update={"amount": 9})
    amended = together(
        6, EventAmended(target=4, replacement=SWING), EventAmended(target=5, replacement=harder)
    )
    assert recorded((*ATTACK, *amended), Undo()) == revoked(8, 6, 7)


@pytest.mark.parametrize(
    ("lines", "command", "reason"),
    [
        pytest.param(tuple(ATTACK), Undo(action=5), "line 5 is one of the action beginning at "
                     "line 4", id="undo-in-the-middle-of-an-action"),
        pytest.param(tuple(ATTACK), Redo(action=5), "line 5 is one of the action beginning at "
                     "line 4", id="redo-in-the-middle-of-an-action"),
        pytest.param((*ATTACK, *revoked(6, 4, 5)), Undo(action=4),
                     "nothing of the action at line 4 is in force to undo", id="undone-already"),
        pytest.param(tuple(ATTACK), Redo(action=4), "no line of the action at line 4 is revoked",
                     id="nothing-to-redo-there"),
        pytest.param(tuple(ATTACK), Undo(action=9), "line 9 is no line of the log after line 1",
                     id="beyond-the-log"),
        pytest.param(tuple(ATTACK), Undo(action=1), "line 1 is no line of the log after line 1",
                     id="the-encounter-itself"),
        pytest.param(tuple(ATTACK), Undo(4, action=4), "give `position` (that line alone) or "
                     "`action` (its lines together), not both", id="a-line-and-an-action"),
    ],
)  # fmt: skip
def test_an_action_that_does_not_begin_there_is_refused_naming_action(
    lines: tuple[Fact, ...], command: Command, reason: str
) -> None:
    with pytest.raises(LogError) as refused:
        decide(log_of(*lines), command)
    assert (refused.value.field, refused.value.reason) == ("action", reason)


@pytest.mark.parametrize(
    ("lines", "field"),
    [
        pytest.param(together(5, SWING, CUT), "action", id="an-action-naming-a-later-line"),
        pytest.param([*together(4, SWING), CUT.model_copy(update={"action": 3})], "action",
                     id="an-action-naming-a-line-before-its-run"),
        pytest.param([*together(4, SWING), SHOVE, *together(4, CUT)], "action",
                     id="an-action-broken-by-a-line-of-another"),
        pytest.param([SWING, CUT.model_copy(update={"action": 4})], "action",
                     id="a-line-going-on-with-an-action-its-first-line-did-not-begin"),
        pytest.param([SWING, EventAmended(target=4, replacement=SWING.model_copy(
                      update={"action": 4}))], "replacement.action",
                     id="a-replacement-naming-an-action"),
    ],
)  # fmt: skip
def test_an_imported_action_must_be_one_run_of_lines_naming_its_first(
    lines: list[Fact], field: str
) -> None:
    with pytest.raises(LogError) as refused:
        log_of(*lines)
    with pytest.raises(LogError) as read:  # a whole log read at once (an import, a replay)
        check_log([CREATED, *SETUP, *lines])
    assert (refused.value.field, read.value.field) == (field, field)
    assert (read.value.position, read.value.reason) == (refused.value.position,
                                                        refused.value.reason)  # fmt: skip


def test_the_first_line_of_a_log_is_no_part_of_an_action() -> None:
    with pytest.raises(LogError) as refused:
        LogIntegrity().append(CREATED.model_copy(update={"action": 1}))
    assert (refused.value.position, refused.value.field) == (1, "action")


def test_an_imported_action_of_one_line_is_taken_as_a_line_alone() -> None:
    log = log_of(*together(4, SWING))
    assert (log.actions, action_at(log.actions, 4)) == ({4: 4}, (4, 4))


def test_a_refused_fact_of_an_action_is_named_as_the_gm_sent_it() -> None:
    command = AppendFacts((SWING, DamageDealt(target="kobold", amount=1)))
    log = log_of()
    facts = decide(log, command)
    log.append(facts[0])
    with pytest.raises(LogError) as refused:
        log.append(facts[1])
    assert named(command, refused.value, 1).field == "facts[1].target"
