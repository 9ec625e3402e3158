"""What the players asked for beside what the GM ruled, for a fight's recap (issue 26): each
proposal in words with what became of it. The GM's recap holds every proposal; a player's holds
their own alone, read through the player view (`player_proposals`: the one redaction
projection), so another player's proposals, or one naming someone hidden, never reach it; the
shared player view's holds none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.events import ActionProposed
from projections.history import History
from projections.player import player_state
from projections.proposal_words import Name, names_in, proposal_words
from projections.proposals import player_proposals, proposals
from projections.redaction import Viewer


@dataclass(frozen=True, slots=True)
class Asked:
    """A player's proposal at line `line` in words (`asked`) and its `state` (pending, stale,
    accepted, edited, declined, withdrawn), with a decline's `reason`."""

    line: int
    combatant: str
    asked: str
    state: str
    reason: str | None = None


def asked_and_ruled(history: History, player: bool, viewer: Viewer) -> list[Asked]:
    """The fight's proposals as this reader may read them, in the order made."""
    if not player:
        name = names_in(history.state())
        return [
            Asked(p.line, p.proposed.combatant, said(p.proposed, p.line, name), p.state, p.reason)
            for p in proposals(history)
        ]
    if not viewer:
        return []
    name = names_in(player_state(history, None, "then", viewer))
    found = []
    for told in player_proposals(history, viewer):
        raw: dict[str, Any] = {"combatant": told["combatant"], "facts": told["facts"]}
        if told["note"]:
            raw["note"] = told["note"]
        asked = ActionProposed.model_validate(raw)
        words = said(asked, told["line"], name)
        found.append(Asked(told["line"], told["combatant"], words, told["state"], told["reason"]))
    return found


def said(proposal: ActionProposed, line: int, name: Name) -> str:
    """The proposal in words, as the GM's queue words it, without the rules' preview."""
    return proposal_words(proposal, line + 1, name, {}, {})
