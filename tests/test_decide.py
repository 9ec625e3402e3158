"""Commands on a log: given the lines so far, when the GM asks, then the facts (or the field)."""

from __future__ import annotations

import pytest

from domain.commands import Amend, AppendFacts, Command, Create, Import, Redo, Undo, named
from domain.decide import decide
from domain.events import (
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

CREATED = EncounterCreated(name="Goblin ambush", ruleset="dnd35")
JOIN = CombatantJoined(combatant="goblin", name="Goblin", side="foes", stats={"max_hp": 6})
HIT, HARDER = DamageDealt(target="goblin", amount=3), DamageDealt(target="goblin", amount=5)


def given(*lines: Fact) -> LogIntegrity:
    log = LogIntegrity()
    for line in (CREATED, *lines):
        log.append(line)
    return log


@pytest.mark.parametrize(
    ("lines", "command", "facts"),
    [
        pytest.param((JOIN,), AppendFacts((HIT, HARDER)),
                     [f.model_copy(update={"action": 3}) for f in (HIT, HARDER)],
                     id="facts-as-given-one-action-naming-its-first-line"),
        pytest.param((JOIN, HIT), Undo(), [EventRevoked(target=3)], id="undo-the-latest-fact"),
        pytest.param((JOIN, HIT, EventRevoked(target=3)), Undo(), [EventRevoked(target=2)],
                     id="undo-passes-over-a-revoked-line-and-the-revocation"),
        pytest.param((JOIN, HIT, EventAmended(target=3, replacement=HARDER)), Undo(),
                     [EventRevoked(target=4)], id="undo-takes-back-the-latest-amendment"),
        pytest.param((JOIN, HIT), Undo(2, "it was a kobold"),
                     [EventRevoked(target=2, reason="it was a kobold")], id="undo-at-a-position"),
        pytest.param((JOIN, HIT, HARDER, EventRevoked(target=4), EventRevoked(target=3)), Redo(),
                     [EventRestored(target=3)], id="redo-the-line-most-recently-revoked"),
        pytest.param((JOIN, HIT, HARDER, EventRevoked(target=3), EventRevoked(target=4),
                      EventRestored(target=4)), Redo(), [EventRestored(target=3)],
                     id="redo-passes-over-a-line-already-restored"),
        pytest.param((JOIN, HIT, EventRevoked(target=3), EventRestored(target=3),
                      EventRevoked(target=2), EventRevoked(target=3)), Redo(),
                     [EventRestored(target=3)], id="redo-goes-by-the-latest-revocation"),
        pytest.param((JOIN, HIT), Amend(3, HARDER, "forgot the sneak attack"),
                     [EventAmended(target=3, replacement=HARDER, reason="forgot the sneak attack")],
                     id="amend-names-its-replacement"),
    ],
)  # fmt: skip
def test_a_command_on_the_log_as_it_stands_records_these_facts(
    lines: tuple[Fact, ...], command: Command, facts: list[Fact]
) -> None:
    assert decide(given(*lines), command) == facts


@pytest.mark.parametrize(
    ("lines", "command", "reason"),
    [
        pytest.param((), Undo(), "there is nothing to undo", id="undo-on-a-new-log"),
        pytest.param((NoteAdded(text="a"), EventRevoked(target=2)), Undo(),
                     "there is nothing to undo", id="undo-when-everything-is-revoked"),
        pytest.param((JOIN, HIT), Redo(), "there is nothing to redo", id="redo-with-none-revoked"),
        pytest.param((JOIN, EventRevoked(target=2), EventRestored(target=2)), Redo(),
                     "there is nothing to redo", id="redo-when-all-are-restored"),
    ],
)  # fmt: skip
def test_a_command_with_nothing_to_act_on_is_refused_naming_the_position(
    lines: tuple[Fact, ...], command: Command, reason: str
) -> None:
    with pytest.raises(LogError) as refused:
        decide(given(*lines), command)
    assert (refused.value.position, refused.value.field, refused.value.reason) == (
        len(lines) + 2, "position", reason,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("command", "field"),
    [
        pytest.param(AppendFacts((HIT, DamageDealt(target="kobold", amount=1))),
                     "facts[1].target", id="the-second-fact-appended"),
        pytest.param(Undo(9), "position", id="an-undo-beyond-the-log"),
        pytest.param(Amend(2, DamageDealt(target="kobold", amount=1)),
                     "replacement.target", id="an-amendment-naming-a-stranger"),
        pytest.param(Import((HIT, EventRevoked(target=9))), "target",
                     id="an-imported-line-by-its-own-field"),
    ],
)  # fmt: skip
def test_a_fact_the_log_refuses_is_named_as_the_gm_asked_for_it(
    command: Command, field: str
) -> None:
    log = given(JOIN)
    refused: LogError | None = None
    for index, fact in enumerate(decide(log, command)):
        try:
            log.append(fact)
        except LogError as exc:
            refused = named(command, exc, index)
            break
    assert refused is not None and refused.field == field


def test_a_new_encounter_records_its_encounter_created_and_an_import_its_whole_log() -> None:
    new = LogIntegrity()
    assert decide(new, Create(CREATED)) == [CREATED]
    assert decide(new, Import((CREATED, JOIN, HIT))) == [CREATED, JOIN, HIT]


def test_an_empty_import_is_refused_naming_its_first_line() -> None:
    with pytest.raises(LogError) as refused:
        decide(LogIntegrity(), Import(()))
    assert (refused.value.position, refused.value.field) == (1, "type")
