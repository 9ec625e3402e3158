"""A table where players propose (issue 26): every write decided as the service decides it
(domain/decide.py), each fact stamped `by` as the service stamps it, the history kept."""

from __future__ import annotations

from typing import Any

from domain.commands import Accept, AppendFacts, Command, Decline, Propose, Redo, Undo
from domain.decide import decide
from domain.events import EVENT_ADAPTER, ActionProposed
from domain.integrity import LogIntegrity
from projections.history import History
from projections.proposals import nameable, players_in_fight, proposal_at

GOBLIN_STATS = {"max_hp": 9, "initiative_modifier": 1,
                "defenses": {"ac": 15, "touch": 12, "flat_footed": 14}}  # fmt: skip
SETUP: list[dict[str, Any]] = [
    {"type": "EncounterCreated", "name": "The goblin bridge", "ruleset": "dnd35"},
    {"type": "CombatantJoined", "combatant": "lidda", "name": "Lidda", "side": "party",
     "kind": "pc", "stats": {"max_hp": 14, "initiative_modifier": 3}},
    {"type": "CombatantJoined", "combatant": "kyra", "name": "Kyra", "side": "party",
     "stats": {"max_hp": 12, "initiative_modifier": 1}},
    {"type": "CombatantJoined", "combatant": "goblin-2", "name": "Goblin 2", "side": "foes",
     "stats": GOBLIN_STATS},
    {"type": "CombatantJoined", "combatant": "ogre", "name": "Ogre", "side": "foes",
     "hidden": True, "stats": {"max_hp": 30}},
]  # fmt: skip


def fact(raw: dict[str, Any]) -> Any:
    """A fact from its JSON, as a client sends it (of whichever type it says)."""
    return EVENT_ADAPTER.validate_python(raw)


class Table:
    """One encounter's log, written only through `decide` as the service writes it."""

    def __init__(self, setup: list[dict[str, Any]] = SETUP) -> None:
        self.log = LogIntegrity()
        self.events: list[Any] = []  # Event, each read by the attributes its type has
        self.write(None, AppendFacts((fact(setup[0]),)))
        for raw in setup[1:]:
            self.gm(raw)

    @property
    def history(self) -> History:
        return History(self.events)

    def write(self, by: str | None, command: Command) -> list[int]:
        """The lines `command` records, each stamped `by` where it has none."""
        facts = decide(self.log, command)
        first = self.log.version + 1
        for one in facts:
            stamped = one if one.by is not None or by is None else one.model_copy(update={"by": by})
            self.log.append(stamped)
            self.events.append(stamped)
        return list(range(first, first + len(facts)))

    def gm(self, *raws: dict[str, Any]) -> list[int]:
        """The GM records facts (several: one action)."""
        return self.write("gm", AppendFacts(tuple(fact(raw) for raw in raws)))

    def propose(self, combatant: str, *raws: dict[str, Any], note: str | None = None) -> int:
        """The player holding `combatant` proposes facts for it; the line it is on."""
        proposal = ActionProposed.model_validate(
            {"combatant": combatant, "facts": list(raws), **({"note": note} if note else {})}
        )
        history = self.history
        viewer = frozenset({combatant})
        command = Propose(proposal, nameable(history, viewer), players_in_fight(history))
        (line,) = self.write(f"player:{combatant}", command)
        return line

    def accept(self, line: int, *edited: dict[str, Any]) -> list[int]:
        """The GM accepts the proposal at `line`, as proposed or as `edited`."""
        proposed = proposal_at(self.history, line)
        assert proposed is not None
        facts = tuple(fact(raw) for raw in edited) if edited else None
        return self.write("gm", Accept(line, proposed, facts))

    def decline(self, line: int, reason: str | None = None) -> int:
        (declined,) = self.write("gm", Decline(line, reason))
        return declined

    def undo(self, **how: Any) -> list[int]:
        return self.write("gm", Undo(**how))

    def redo(self, **how: Any) -> list[int]:
        return self.write("gm", Redo(**how))


def attack(attacker: str, target: str, natural: int, total: int, **more: Any) -> dict[str, Any]:
    return {"type": "AttackMade", "attacker": attacker, "target": target, "natural": natural,
            "total": total, **more}  # fmt: skip


def damage(target: str, amount: int, **more: Any) -> dict[str, Any]:
    return {"type": "DamageDealt", "target": target, "amount": amount, **more}


def initiative(combatant: str, natural: int, modifier: int) -> dict[str, Any]:
    return {"type": "InitiativeRolled", "combatant": combatant, "natural": natural,
            "modifier": modifier}  # fmt: skip


def save(combatant: str, natural: int, total: int, **more: Any) -> dict[str, Any]:
    return {"type": "SavingThrowRolled", "combatant": combatant, "save": "reflex",
            "natural": natural, "total": total, **more}  # fmt: skip


def turn_ended(combatant: str) -> dict[str, Any]:
    return {"type": "TurnEnded", "combatant": combatant}
