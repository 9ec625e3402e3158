"""Request and response bodies of the HTTP API."""

from __future__ import annotations

from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from domain.events import Session, Slug
from domain.rulesets import System

FACT_EXAMPLE: dict[str, Any] = {
    "type": "DamageDealt",
    "target": "goblin-2",
    "amount": 7,
    "attack": 12,
}
ROLL_EXAMPLE: dict[str, Any] = {
    "type": "AttackMade",
    "attacker": "valeros",
    "target": "goblin-2",
    "roll": "1d20+5",
}


JSONL_EXAMPLE = (
    '{"type":"EncounterCreated","name":"Goblin ambush","ruleset":"dnd35"}\n'
    '{"type":"CombatantJoined","combatant":"goblin-2","name":"Goblin","side":"foes",'
    '"stats":{"max_hp":6,"defenses":{"ac":15}}}\n'
)
STATE_EXAMPLE: dict[str, Any] = {
    "ruleset": "dnd35", "version": 14, "phase": "combat", "round": 2, "turn": "goblin-2",
    "order": ["valeros", "goblin-2"], "initiative_ties": [], "warnings": [],
    "combatants": {
        "goblin-2": {
            "name": "Goblin", "side": "foes", "kind": "npc", "initiative": 12,
            "vitals": {"hp": -1, "max_hp": 6, "nonlethal": 0, "temp_hp": 0},
            "statuses": ["dying"], "conditions": [
                {"name": "shaken", "source": "valeros", "remaining_rounds": 1}
            ],
        }
    },
}  # fmt: skip
JSONL_CONTENT = {"application/x-ndjson": {"schema": {"type": "string"}, "example": JSONL_EXAMPLE}}
JSONL_RESPONSE = {"description": "The log, one fact a line (CONTRACT §1)", "content": JSONL_CONTENT}
JSONL_BODY = {
    "required": True,
    "description": "A whole log as JSON Lines; line 1 is EncounterCreated",
    "content": JSONL_CONTENT,
}
ID_EXAMPLE = "3f2b8c1e-6a4d-4e8f-9b2a-7c1d5e9f0a42"
INT64 = range(-(2**63), 2**63)  # what the stored JSON (orjson) and the SQL read models hold


def beyond_64_bits(value: Any, path: str) -> str | None:
    """The path (`facts[0].modifier`) of the first integer in a fact's JSON that 64 bits cannot
    hold, or None when every one fits (walked without recursion: no depth exhausts the stack)."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        at, item = stack.pop()
        if isinstance(item, int) and item not in INT64:
            return at
        if isinstance(item, dict):
            stack.extend(reversed([(f"{at}.{key}", member) for key, member in item.items()]))
        elif isinstance(item, list):
            stack.extend(reversed([(f"{at}[{n}]", member) for n, member in enumerate(item)]))
    return None


def example(*cases: dict[str, Any], extra: Literal["forbid"] | None = None) -> ConfigDict:
    """Model-level examples shown in the OpenAPI document (`extra="forbid"` for a body)."""
    return ConfigDict(extra=extra, json_schema_extra={"examples": list(cases)})


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewEncounter(Body):
    """An encounter to open: its name, rules system and house rules, and the campaign and
    session it is filed under."""

    model_config = example(
        {"name": "Goblin ambush", "ruleset": "dnd35"},
        {"name": "Troll bridge", "ruleset": "orcus", "options": {"natural_saves": "total_only"}},
        {
            "name": "Ogre",
            "ruleset": "dnd35",
            "campaign": "crypt",
            "session": {"id": "2026-11-20", "date": "2026-11-20", "title": "Into the Warrens"},
        },
        extra="forbid",
    )

    name: str = Field(min_length=1, max_length=200, examples=["Goblin ambush"])
    ruleset: System = "dnd35"
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"temp_hp_model": "pool"}])
    campaign: Slug | None = Field(None, description="The campaign it is fought in.")
    session: Session | None = Field(
        None, description="The session of that campaign (give `campaign` with it)."
    )


class Opened(BaseModel):
    """A new encounter and its two tokens (shown once; keep them)."""

    model_config = example(
        {"id": ID_EXAMPLE, "version": 1, "gm_token": "gm_5e0c…", "player_token": "player_91ab…"}
    )

    id: UUID
    version: int
    gm_token: str
    player_token: str


class Summary(BaseModel):
    """One encounter in the list."""

    model_config = example(
        {"id": ID_EXAMPLE, "name": "Goblin ambush", "ruleset": "dnd35", "version": 42}
    )

    id: UUID
    name: str
    ruleset: str
    version: int


class NewFacts(Body):
    """Facts to append, all or none. A fact may give `roll` (dice notation) instead of its dice."""

    model_config = example(
        {"facts": [FACT_EXAMPLE], "expected_version": 12}, {"facts": [ROLL_EXAMPLE]}, extra="forbid"
    )

    facts: list[dict[str, Any]] = Field(
        min_length=1, max_length=500, examples=[[FACT_EXAMPLE], [ROLL_EXAMPLE]],
        description="Events of CONTRACT §1 (each with its `type`); `roll` such as '1d20+5' fills "
        "natural/total (attacks, saves, checks), natural/modifier (initiative) or amount.",
    )  # fmt: skip
    expected_version: StrictInt | None = Field(
        None, ge=1, lt=2**63, description="Refuse (409) if the log moved on."
    )


class Undo(Body):
    """Undo: a line alone (`position`), an action by its first line (`action`), or neither for
    the latest action in force; why, if the GM says."""

    model_config = example(
        {}, {"position": 12, "reason": "wrong target", "expected_version": 40}, {"action": 11},
        extra="forbid",
    )  # fmt: skip

    position: StrictInt | None = Field(None, ge=2, lt=2**63)  # a JSON integer, as in facts
    reason: str | None = Field(None, min_length=1, max_length=200)
    expected_version: StrictInt | None = Field(None, ge=1, lt=2**63)
    action: StrictInt | None = Field(
        None, ge=2, lt=2**63,
        description="The first line of an action (the lines one write recorded, each naming it "
        "as `action`): all of its lines together. A line on its own is an action of one.",
    )  # fmt: skip


class Redo(Undo):
    """Redo: a line alone (`position`), an action's revoked lines by its first line (`action`),
    or neither for every line the latest undo in force took back; why, if the GM says."""

    model_config = example(
        {}, {"position": 12, "reason": "it did hit", "expected_version": 41}, extra="forbid"
    )


class Amendment(Body):
    """A corrected ruling for a past position."""

    model_config = example(
        {"position": 13, "replacement": FACT_EXAMPLE, "reason": "it was 7"}, extra="forbid"
    )

    position: StrictInt = Field(ge=2, lt=2**63)
    replacement: dict[str, Any] = Field(examples=[FACT_EXAMPLE])
    reason: str | None = Field(None, min_length=1, max_length=200)
    expected_version: StrictInt | None = Field(None, ge=1, lt=2**63)


class Appended(BaseModel):
    """The lines written: first..version."""

    model_config = example({"first": 43, "version": 44})

    first: int
    version: int


class LogLine(BaseModel):
    """One line of the log with what became of it."""

    model_config = example(
        {"position": 13, "fact": {**FACT_EXAMPLE, "at": "2026-11-24T19:02:11Z", "by": "gm"},
         "revoked": False, "amended_by": 20}
    )  # fmt: skip

    position: int
    fact: dict[str, Any]
    revoked: bool
    amended_by: int | None = None
    derived: dict[str, Any] | None = Field(
        None,
        description="What the line in force did, as the rules read it: AttackMade {outcome, "
        "threat, confirmation (awaited, confirmed or failed, where the system rolls one), "
        "defense, defense_value, total_used}; DamageDealt {applied, amount_applied, stopped}; "
        "saves and checks {outcome, and for a check what a failure cost: lost}. Absent for "
        "other lines and revoked ones.",
    )
    action_lines: list[int] | None = Field(
        None,
        description="Every line of the action this line is one of (its fact's `action` names "
        "the first), in order, itself included; absent for a line on its own.",
    )


class Preview(Body):
    """Facts to try without storing them: the answer is the table and the lines as if appended."""

    model_config = example({"facts": [ROLL_EXAMPLE]}, extra="forbid")

    facts: list[dict[str, Any]] = Field(
        min_length=1, max_length=500, examples=[[ROLL_EXAMPLE]],
        description="As for POST /facts: events of CONTRACT §1, a `roll` rolled by the service.",
    )  # fmt: skip


class Previewed(BaseModel):
    """The table state after the previewed facts, and their lines with their dice filled in."""

    model_config = example(
        {"state": STATE_EXAMPLE, "lines": [{"position": 15, "revoked": False, "fact": {
            "type": "AttackMade", "attacker": "valeros", "target": "goblin-2", "natural": 19,
            "total": 24},
            "derived": {"outcome": "hit", "threat": False, "defense": "ac",
                        "defense_value": 15, "total_used": 24}}]}
    )  # fmt: skip

    state: dict[str, Any]
    lines: list[LogLine]


class WithdrawnLine(BaseModel):
    """What a player sees of a line revoked or replaced: where it was, and that it is withdrawn."""

    model_config = example({"position": 13, "withdrawn": True})

    position: int
    withdrawn: Literal[True]


LOG_EXAMPLE = [
    {"position": 12, "withdrawn": True},  # a player's view of a line revoked or replaced
    {"position": 13, "fact": {**FACT_EXAMPLE, "at": "2026-11-24T19:02:11Z", "by": "gm"},
     "revoked": False, "amended_by": None},
]  # fmt: skip


class Rotation(Body):
    """Which of the encounter's tokens to replace: the old one is refused from then on."""

    model_config = example({"rotate": "player"}, extra="forbid")

    rotate: Literal["player", "gm"]


class Tokens(BaseModel):
    """An encounter's current tokens."""

    model_config = example(
        {"id": ID_EXAMPLE, "gm_token": "gm_5e0c…", "player_token": "player_77d0…"}
    )

    id: UUID
    gm_token: str
    player_token: str
