"""Property (issue 26): whatever two players propose and the GM accepts, edits, declines,
undoes or redoes (sets the standing ruling and the turn timer among it), no player output — the
state after every line in both timelines, the log, the export, the stream, the recap, their
proposals, the characters the shared link offers to claim — holds another player's proposal or
the GM's ruling on it, a hidden combatant, or who wrote a line; a proposal changes no table
until it is accepted; and an acceptance undone is as if it never happened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import orjson
from hypothesis import assume, given
from hypothesis import strategies as st

from domain.commands import Accept, Undo
from domain.events import ActionProposed, ProposalAccepted, ProposalDeclined
from projections.analytics import Figures, figures
from projections.derived import derived_lines
from projections.effective import effective_log
from projections.history import History
from projections.player import player_jsonl, player_lines, player_log, player_state
from projections.proposals import OPEN, claimable, player_proposals, proposals
from projections.recap import recap, recap_json
from projections.recap_markdown import recap_markdown
from projections.redaction import EVERYONE, Viewer
from projections.render import state_json
from tests.proposal_strategies import Play, never, played_logs, propose
from tests.strategies import FAST
from tests.test_properties_redaction import secrets

RULED = (ActionProposed, ProposalAccepted, ProposalDeclined)


def outputs(history: History, viewer: Viewer, after: int) -> dict[str, Any]:
    """Everything a player holding `viewer` is handed."""
    told = recap([("fuzz", list(history.events))], player=True, viewer=viewer)
    return {
        "states": [player_state(history, at, timeline, viewer)
                   for at in range(1, history.version + 1) for timeline in ("then", "corrected")],
        "log": player_lines(history, viewer), "export": player_jsonl(history, viewer).decode(),
        "stream": player_log(history, after, viewer), "recap": recap_json(told),
        "recap_markdown": recap_markdown(told), "proposals": player_proposals(history, viewer),
    }  # fmt: skip


def check_no_one_reads_another_players_proposals(p: Play, after: int) -> None:
    history = History(p.b.events)
    hidden = secrets(p.b.events, history)
    for viewer in (*p.holds, EVERYONE):
        shown = outputs(history, viewer, after)
        text = orjson.dumps(shown).decode()
        assert not [w for w, owner in p.words.items() if owner not in viewer and w in text]
        assert not [word for word in hidden if word in text]
        assert "player:" not in text and '"by"' not in text  # who wrote a line is the GM's
        for line in shown["log"]:
            fact = line.get("fact") or {}
            if fact.get("type") in ("ProposalAccepted", "ProposalDeclined"):
                fact = (history.events[fact["proposal"] - 1]).to_json_dict()
            assert fact.get("type") != "ActionProposed" or fact["combatant"] in viewer, line
        mine = {q["line"] for q in shown["proposals"]}
        ever_hidden = set(history.cast().shown_from)  # hidden in some version of some join
        for proposal in proposals(history):  # a player's own, unless it names someone hidden
            owned = proposal.proposed.combatant in viewer
            named = {proposal.proposed.combatant}
            named |= {n for f in proposal.proposed.facts for n in f.model_dump().values()}
            if owned and not ever_hidden.intersection(named):
                assert proposal.line in mine, proposal
                assert proposal.proposed.note in text


@FAST
@given(played_logs(), st.integers(0, 12))
def test_no_player_reads_another_players_proposals_or_the_gms_rulings_on_them(
    p: Play, after: int
) -> None:
    check_no_one_reads_another_players_proposals(p, after)


@FAST
@given(played_logs())
def test_the_shared_link_offers_only_player_characters_the_player_view_shows(p: Play) -> None:
    """What a player opening the shared link may claim names no one the player view hides:
    each is a player character the player view shows, under the name it shows."""
    history = History(p.b.events)
    shown = player_state(history, None, "then", EVERYONE)["combatants"]
    offered = claimable(history)
    told = orjson.dumps(offered).decode()
    assert not [word for word in secrets(p.b.events, history) if word in told]
    for combatant, name in offered:
        assert combatant in shown and shown[combatant]["name"] == name
        assert history.table().members[combatant].kind == "pc"


def without_figures_by_player(found: Figures) -> Figures:
    fighters = {c: replace(f, attacks_by_player=0, saves_by_player=0)
                for c, f in found.fighters.items()}  # fmt: skip
    return replace(found, fighters=fighters)


def tables(events: list[Any]) -> list[dict[str, Any]]:
    """The state after every line (as written then), and the log's derived lines."""
    history = History(events)
    states = [history.state(at) for at in range(1, len(events) + 1)]
    corrected = [state_json(history.corrected_table(at), at) for at in range(1, len(events) + 1)]
    return [*states, *corrected, derived_lines(effective_log(events))[1]]


@FAST
@given(played_logs())
def test_a_proposal_or_a_ruling_changes_no_table_and_no_figure(p: Play) -> None:
    events = p.b.events
    lines = {n for n, e in enumerate(events, 1) if isinstance(e, RULED)}
    assert tables(events) == tables(never(events, lines))
    by_player = without_figures_by_player(figures(events))
    assert by_player == without_figures_by_player(figures(never(events, lines)))


@FAST
@given(played_logs(steps=12), st.booleans())
def test_an_acceptance_undone_is_as_if_it_never_happened(p: Play, edited: bool) -> None:
    history = History(p.b.events)
    open_ = [q for q in proposals(history) if q.state in OPEN] or [None]
    if open_[-1] is None:
        propose(p, [{"type": "CheckRolled", "combatant": "x", "check": "heal", "natural": 9,
                     "total": 12}])  # fmt: skip
    open_ = [q for q in proposals(History(p.b.events)) if q.state in OPEN]
    assume(open_)
    chosen = open_[-1]
    before = len(p.b.events)
    facts = None
    if edited:
        facts = tuple(f.model_copy(update={"natural": 1}) if hasattr(f, "natural") else f
                      for f in chosen.proposed.facts)  # fmt: skip
    accepted = p.write("gm", Accept(chosen.line, chosen.proposed, facts))
    assume(accepted)
    undone = p.write("gm", Undo(action=accepted[0]))
    assert len(undone) == len(accepted)
    events = p.b.events
    gone = never(events, set(range(before + 1, len(events) + 1)))
    assert History(events).state() == History(gone).state()
    assert [(q.line, q.state, q.stale) for q in proposals(History(events))] == [
        (q.line, q.state, q.stale) for q in proposals(History(gone))
    ]
    for viewer in p.holds:
        assert player_state(History(events), None, "then", viewer) == player_state(
            History(gone), None, "then", viewer
        )
