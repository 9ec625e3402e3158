"""Each fact type's wire name and the fields naming combatants, looked up once per type."""

from __future__ import annotations

from domain.events import (
    EVENT_TYPES,
    ActionProposed,
    CombatantJoined,
    CombatEnded,
    ConditionApplied,
    EncounterCreated,
    EventAmended,
    EventRestored,
    EventRevoked,
    Fact,
    InitiativeTieBroken,
    ProposalAccepted,
    ProposalDeclined,
    RestTaken,
    SurpriseDetermined,
    combatants_named,
)
from domain.lean import kinds_with_twins, with_twins

# every lookup by exact type here also keys each type's lean twin (domain/lean.py) alike
TYPE_NAMES: dict[type[Fact], str] = with_twins({cls: name for name, cls in EVENT_TYPES.items()})

# The types `combatants_named` reads lists or nested values of; every other type names
# combatants in fields of their own, read by name in the order `combatants_named` gives them.
_SHAPED = (SurpriseDetermined, InitiativeTieBroken, RestTaken, ConditionApplied, EventAmended,
           CombatantJoined, ActionProposed)  # fmt: skip
# A player's proposal and the GM's rulings on it: checked, and remembered, as proposals are
# (domain/proposal_log.py), never along the quick path of plain lines.
PROPOSAL_TYPES = kinds_with_twins({ActionProposed, ProposalAccepted, ProposalDeclined})
NAMING_FIELDS: dict[type[Fact], tuple[str, ...]] = with_twins({
    cls: tuple(f for f in ("combatant", "attacker", "target", "before") if f in cls.model_fields)
    for cls in EVENT_TYPES.values()
    if cls not in _SHAPED
})  # fmt: skip

# Facts that are neither the first line nor a correction: integrity checks only who they name.
PLAIN_NAMING: dict[type[Fact], tuple[str, ...]] = with_twins({
    cls: fields
    for cls, fields in NAMING_FIELDS.items()
    if cls in EVENT_TYPES.values()
    and cls not in (EncounterCreated, EventRevoked, EventRestored)
    and cls not in PROPOSAL_TYPES
})  # fmt: skip

# Facts whose recording changes nothing but the list of types (no join, end or correction).
QUIET = kinds_with_twins(set(EVENT_TYPES.values()) - PROPOSAL_TYPES - {
    EncounterCreated, CombatantJoined, CombatEnded, EventRevoked, EventRestored, EventAmended,
})  # fmt: skip


def kind_of(event: Fact) -> str:
    """The wire name of the fact's type."""
    return TYPE_NAMES.get(type(event)) or event.type_name


def named_in(event: Fact) -> list[str]:
    """`combatants_named(event)`, reading only the fields the fact's type has."""
    fields = NAMING_FIELDS.get(type(event))
    if fields is None:
        return combatants_named(event)
    return [n for f in fields if isinstance(n := getattr(event, f), str)]
