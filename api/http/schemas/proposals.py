"""Players' proposals (issue 26): a player character's link, a proposal, the GM's ruling on it,
and the queue and the player's own list as they are read."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from pydantic import BaseModel, Field, StrictInt, StringConstraints

from api.http.schemas.encounters import Body, example
from domain.events import CombatantId, Label

MOST_FACTS = 8  # what one player's proposal may hold here (the log's own bound is 24)
ATTACK = {"type": "AttackMade", "attacker": "lidda", "target": "goblin-2", "roll": "1d20+6",
          "weapon": "short sword"}  # fmt: skip
DAMAGE = {"type": "DamageDealt", "target": "goblin-2", "amount": 7, "damage_type": "piercing"}
INITIATIVE = {"type": "InitiativeRolled", "combatant": "lidda", "natural": 14, "modifier": 3}


class CharacterLink(BaseModel):
    """A player character's token: its player's link to the fight (the player view, their own
    card, proposals for that character)."""

    model_config = example({"combatant": "lidda", "name": "Lidda", "token": "pc_3f9a…_6c69646461"})

    combatant: str
    name: str
    token: str


class NewProposal(Body):
    """What a player proposes for their own character: facts as the GM would record them (a
    fact may give `roll`, dice notation, for the service to roll), and a word to the GM."""

    model_config = example(
        {"facts": [INITIATIVE]},
        {"facts": [ATTACK, DAMAGE], "note": "flanking with Kyra"},
        extra="forbid",
    )

    combatant: CombatantId | None = Field(
        None, description="The character proposed for (default: the one the token holds)."
    )
    facts: list[dict[str, Any]] = Field(
        min_length=1, max_length=MOST_FACTS,
        description="InitiativeRolled, AttackMade, DamageDealt, SavingThrowRolled, CheckRolled, "
        "a resource spent, TurnEnded, Delayed, DelayEnded, ActionReadied, ReadiedActionTaken: "
        "each for the proposer; `roll` such as '1d20+6' fills the dice.",
    )  # fmt: skip
    note: Label | None = None


class Acceptance(Body):
    """Accept a proposal as proposed (no `facts`) or as the GM's ruling (`facts`, edited)."""

    model_config = example({}, {"facts": [{**DAMAGE, "amount": 5}]}, extra="forbid")

    facts: list[dict[str, Any]] | None = Field(
        None, min_length=1, max_length=MOST_FACTS * 3,
        description="The facts the proposal becomes, when the GM changed them.",
    )  # fmt: skip
    expected_version: StrictInt | None = Field(
        None, ge=1, lt=2**63, description="Refuse (409) if the log moved on."
    )


class Declining(Body):
    """Decline a proposal, saying why (for its player alone) if the GM will."""

    model_config = example({}, {"reason": "you have already moved this round"}, extra="forbid")

    reason: Label | None = None
    expected_version: StrictInt | None = Field(
        None, ge=1, lt=2**63, description="Refuse (409) if the log moved on."
    )


class Proposed(BaseModel):
    """A proposal as its reader may see it: the GM's queue adds `by`, `words` and `derived`."""

    model_config = example(
        {"line": 14, "combatant": "lidda", "note": None, "state": "pending", "ruling": None,
         "lines": [], "reason": None, "stale": [], "facts": [INITIATIVE],
         "by": "player:lidda", "words": "Lidda proposes: initiative 14 (+3 = 17)",
         "derived": [None]}
    )  # fmt: skip

    line: int
    combatant: str
    note: str | None = None
    state: str
    ruling: int | None = None
    lines: list[int] = []
    reason: str | None = None
    stale: list[str] = []
    facts: list[dict[str, Any]]
    by: str | None = None
    words: str | None = None
    derived: list[dict[str, Any] | None] | None = None


PlayerName = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]+$"
    ),
]


class Claimable(BaseModel):
    """A player character the shared player link offers: in the fight, shown in the player
    view, held by no approved claim."""

    model_config = example({"combatant": "lidda", "name": "Lidda"})

    combatant: str
    name: str


class NewClaim(Body):
    """A player's claim of a player character through the shared player link, with the name
    the GM knows them by."""

    model_config = example({"combatant": "lidda", "player": "Sam"}, extra="forbid")

    combatant: CombatantId
    player: PlayerName = Field(description="The player's name, for the GM (1–40 characters).")


class ClaimState(BaseModel):
    """A claim as it stands: `pending`, `approved`, `declined`, `released` (approved, then the
    GM replaced the character's token) or `lapsed` (waiting when the GM replaced the shared
    player token it was made with). `token`: the character's token, for the requester
    holding the claim's ticket while approved; `ticket` only in the reply that made it."""

    model_config = example(
        {"claim": "9c1e5a0b7d3f2a61", "combatant": "lidda", "name": "Lidda", "player": "Sam",
         "state": "pending", "made": 1796212800.0, "ticket": "claim_5e0c…"},
        {"claim": "9c1e5a0b7d3f2a61", "combatant": "lidda", "name": "Lidda", "player": "Sam",
         "state": "approved", "made": 1796212800.0, "token": "pc_3f9a…_6c69646461"},
    )  # fmt: skip

    claim: str
    combatant: str
    name: str
    player: str
    state: str
    made: float
    token: str | None = None
    ticket: str | None = None


class SharedLink(BaseModel):
    """The encounter's shared player token: the link the GM hands the whole table."""

    model_config = example({"id": "0d9c6b5e-1f0e-4b8a-9a51-3c1f2b7d9e10", "token": "player_5b2c…"})

    id: UUID
    token: str
