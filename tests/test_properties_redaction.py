"""Property (issue 11): whatever the GM hides, reveals, undoes, redoes or amends, no player
output — the state after every line in both timelines, the log, the export, the stream, the
session recap (issue 16) as JSON and as Markdown — holds a hidden combatant's id or name, a
foe's hit points, damage amounts, stats or initiative roll, the envelope's key and author, a
correction's reason, or the id of a branch's parent; and no line players read points at a line
they cannot see (issue 23)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.http.feeds import lines_after
from domain.corrections import CORRECTION_NAMES, is_correction
from domain.events import CombatantJoined, Event, EventAmended, Fact
from domain.integrity import LogError
from projections import redaction
from projections.branch import forked
from projections.history import History
from projections.player import player_jsonl, player_lines, player_log, player_state
from projections.recap import recap, recap_json
from projections.recap_markdown import recap_markdown
from tests.redaction_strategies import PARENT, secret_logs
from tests.strategies import FAST

VITALS = ("amount", "value", "stats")
FOE_INITIATIVE = ("natural", "modifier")  # the join's hidden initiative_modifier, and what gives it


def stamped(events: list[Event]) -> list[Event]:
    """The log as the service records it: each line with its author and request key, and each
    correction with the GM's reason."""
    envelope = {"by": "gmXby", "key": "keyXq", "fingerprint": "fpXq"}
    return [
        e.model_copy(
            update={
                **envelope,
                "key": f"keyXq{n}",
                **({"reason": "rsnXq"} if is_correction(e) else {}),
            }
        )
        for n, e in enumerate(events)
    ]


def join_versions(events: list[Event]) -> list[CombatantJoined]:
    """Every version of every join ever written: the lines and the amendments' replacements."""
    facts: list[Fact] = [e.replacement if isinstance(e, EventAmended) else e for e in events]
    return [f for f in facts if isinstance(f, CombatantJoined)]


def secrets(events: list[Event], history: History) -> set[str]:
    """Ids (and all their names) hidden in some version and not shown by the table now."""
    now = history.table().members
    hidden = {j.combatant for j in join_versions(events) if j.hidden}
    ids = {c for c in hidden if c not in now or now[c].hidden}
    return ids | {j.name for j in join_versions(events) if j.combatant in ids}


def foes(events: list[Event]) -> set[str]:
    """Combatants on a side with no player character in some version (only the party has PCs)."""
    return {j.combatant for j in join_versions(events) if j.side != "party"}


def player_outputs(history: History) -> dict[str, Any]:
    states = [
        player_state(history, at, timeline)
        for at in range(1, history.version + 1)
        for timeline in ("then", "corrected")
    ]
    stream = [orjson.loads(m["data"]) for m in lines_after(history, sent=0, caller="player")]
    export = [orjson.loads(line) for line in player_jsonl(history).splitlines()]
    told = recap([("fuzz", list(history.events))], player=True)
    return {"states": states, "log": player_lines(history), "export": export, "stream": stream,
            "recap": recap_json(told), "recap_markdown": recap_markdown(told)}  # fmt: skip


def facts_in(outputs: dict[str, Any]) -> list[dict[str, Any]]:
    """Every fact a player reads in the log, export and stream, amendments' replacements too."""
    lines = [line.get("fact") for line in outputs["log"] + outputs["stream"]] + outputs["export"]
    facts = [f for f in lines if f]
    return facts + [f["replacement"] for f in facts if "replacement" in f]


def pointed_at(fact: dict[str, Any]) -> set[int]:
    """The lines a fact points at: the attack a damage is linked to, the line a save is against,
    the line a correction corrects."""
    pointers = [fact.get("attack"), fact.get("against")]
    if fact.get("type") in CORRECTION_NAMES:
        pointers.append(fact.get("target"))
    return {p for p in pointers if isinstance(p, int) and not isinstance(p, bool)}


def check_nothing_leaks(events: list[Event]) -> None:
    events = stamped(events)
    history = History(events)
    outputs = player_outputs(history)
    text = orjson.dumps(outputs).decode()
    assert not [word for word in secrets(events, history) if word in text]
    assert "gmXby" not in text and "keyXq" not in text and "fpXq" not in text
    assert "rsnXq" not in text  # a correction's reason is the GM's
    assert str(PARENT) not in text  # a branch's parent is the GM's to know
    foe = foes(events)
    for state in outputs["states"]:
        for combatant, shown in state["combatants"].items():
            if combatant in foe:
                assert list(shown["vitals"]) == ["descriptor"]
                assert not [c for c in shown["conditions"] if "value" in c]
    hit = outputs["recap"]["fights"][0]["biggest_hit"]
    assert hit is None or hit["target"] not in foe  # a foe's damage is not shown to players
    unseen = {position for position, line in player_log(history) if line is None}
    for fact in facts_in(outputs):
        if foe.intersection((fact.get("target"), fact.get("combatant"))):
            assert not set(VITALS).intersection(fact), fact
            assert not isinstance(fact.get("save"), dict), fact
        if fact.get("type") == "InitiativeRolled" and fact["combatant"] in foe:
            assert not set(FOE_INITIATIVE).intersection(fact), fact
        assert not unseen.intersection(pointed_at(fact)), fact
    for ruling in outputs["recap"]["fights"][0]["rulings"]:  # the recap's corrected rulings
        assert not unseen.intersection((ruling["line"], ruling["target"])), ruling


@FAST
@given(secret_logs())
def test_no_player_output_shows_a_hidden_combatant_or_a_foes_numbers(events: list[Event]) -> None:
    check_nothing_leaks(events)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(secret_logs(steps=60))
def test_no_player_output_leaks_in_long_logs_either(events: list[Event]) -> None:
    check_nothing_leaks(events)


@FAST
@given(secret_logs())
def test_a_history_resumed_from_stored_tables_keeps_the_same_secrets(events: list[Event]) -> None:
    whole = History(events, every=4)
    corrections = list(zip(whole.correction_at, whole.correction_target, strict=True))
    resumed = History.resume(list(events), dict(whole.checkpoints), corrections, every=4)
    assert resumed.cast() == whole.cast()
    assert resumed.withdrawn() == whole.withdrawn()


@FAST
@given(secret_logs(), st.data())
def test_a_branch_as_corrected_shows_players_none_of_its_parents_secrets(
    events: list[Event], data: st.DataObject
) -> None:
    parent = History(events)
    at = data.draw(st.integers(1, len(events)))
    try:
        branch = History(stamped(forked(events, PARENT, at, "corrected")))
    except LogError as refused:  # a later correction names someone who joins after line `at`
        assert refused.field == "timeline"
        return
    text = orjson.dumps(player_outputs(branch)).decode()
    assert not [word for word in secrets(events, parent) if word in text]
    assert str(PARENT) not in text


# --- actions (issue 25): the lines one write recorded, each naming the first ------------------


def in_writes(events: list[Event], data: st.DataObject) -> list[Event]:
    """The log cut into writes at random: each run of two or more lines after line 1 is one
    action, each of its lines naming the first."""
    begins = data.draw(st.lists(st.booleans(), min_size=len(events), max_size=len(events)))
    firsts = [p for p in range(2, len(events) + 1) if p == 2 or begins[p - 1]]
    stamped = list(events)
    for first, end in zip(firsts, [*firsts[1:], len(events) + 1], strict=True):
        if end - first > 1:
            for p in range(first, end):
                stamped[p - 1] = events[p - 1].model_copy(update={"action": first})
    return stamped


def check_actions_tie_only_lines_players_see(events: list[Event], resumed_after: int) -> None:
    history = History(events)
    seen = dict(redaction.player_log(history.events, history.cast(), set()))  # none withdrawn

    def action(p: int) -> Any:
        line = seen[p]
        return None if line is None else line["fact"].get("action")

    for p, line in seen.items():
        if line is None or action(p) is None:
            continue
        span = range(action(p), p + 1)
        assert all(seen[q] is not None for q in span)  # no hidden line begins or breaks it
        assert len({events[q - 1].action for q in span} - {None}) == 1  # one action of the GM's
        assert all(action(q) == action(p) for q in span)
    counts = Counter(action(p) for p in seen if action(p) is not None)
    assert all(n >= 2 for n in counts.values())  # a line alone names no action
    for p in range(3, len(events) + 1):  # a tie is cut only where a line is kept from players
        tied = events[p - 1].action is not None and events[p - 1].action == events[p - 2].action
        if tied and seen[p] is not None and seen[p - 1] is not None:
            assert action(p) == action(p - 1) is not None
    # withdrawing lines re-points no action whose lines players see alike either way (a
    # correction of a line kept from them is kept too, unless that line is withdrawn, a marker)
    full = dict(redaction.player_log(history.events, history.cast(), history.withdrawn()))

    def alike(p: int) -> bool:
        mine = events[p - 1].action
        lines = [q for q in range(2, len(events) + 1) if mine and events[q - 1].action == mine]
        return all((seen[q] is None) == (full[q] is None) for q in lines or [p])

    shown = [line for line in player_lines(history) if "fact" in line and alike(line["position"])]
    assert [line["fact"].get("action") for line in shown] == [
        action(line["position"]) for line in shown
    ]
    streamed = [orjson.loads(m["data"]) for m in lines_after(history, resumed_after, "player")]
    assert [(m["position"], (m["fact"] or {}).get("action")) for m in streamed
            if "fact" in m and alike(m["position"])] == [
        (p, action(p)) for p, _ in redaction.player_log(history.events, history.cast(),
                                                         history.withdrawn(), resumed_after)
        if p not in history.withdrawn() and alike(p)
    ]  # fmt: skip


@FAST
@given(secret_logs(), st.data())
def test_players_read_an_action_only_among_the_lines_they_see(
    events: list[Event], data: st.DataObject
) -> None:
    written = in_writes(events, data)
    check_nothing_leaks(written)
    check_actions_tie_only_lines_players_see(stamped(written), data.draw(st.integers(0, 8)))
