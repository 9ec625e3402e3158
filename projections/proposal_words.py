"""A player's proposal in the GM's words, with the ruleset's previewed outcome: "Lidda
proposes: attack Goblin 2 with short sword, d20 17 (+6 = 23) → hits AC 15, 7 piercing"."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.events import (
    ActionPointSpent,
    ActionProposed,
    ActionReadied,
    AttackMade,
    CheckRolled,
    ConvictionSpent,
    DamageDealt,
    Delayed,
    DelayEnded,
    Fact,
    InitiativeRolled,
    ReadiedActionTaken,
    ResolveSpent,
    SavingThrowRolled,
    TurnEnded,
)
from projections.derived import Derived

HITS = {"hit": "hits", "miss": "misses", "critical": "critically hits"}
Name = Callable[[str], str]


def proposal_words(
    proposal: ActionProposed,
    first: int,
    name: Name,
    derived: Mapping[int, Derived],
    defenses: Mapping[str, str],
) -> str:
    """The proposal in words; its facts read as lines first, first+1 … (as its acceptance
    writes them), `derived` what the rules make of each (an outcome, when there is one),
    `name` a combatant's name, `defenses` each defense's title."""
    parts: list[str] = []
    facts = proposal.facts
    for index, fact in enumerate(facts):
        said = _fact_words(fact, index, first, name, derived.get(first + index) or {})
        if isinstance(fact, DamageDealt) and fact.attack in range(first, first + index) and parts:
            parts[-1] += f", {said}"  # an attack's damage goes with the attack
        else:
            parts.append(_measured(said, fact, derived.get(first + index) or {}, defenses))
    note = f' ("{proposal.note}")' if proposal.note else ""
    return f"{name(proposal.combatant)} proposes: {'; '.join(parts)}{note}"


def _fact_words(fact: Fact, index: int, first: int, name: Name, derived: Derived) -> str:
    match fact:
        case AttackMade():
            weapon = f" with {fact.weapon}" if fact.weapon else ""
            return f"attack {name(fact.target)}{weapon}, {_roll(fact.natural, fact.total)}"
        case DamageDealt():
            return _damage(fact, first, index, name, derived)
        case InitiativeRolled():
            return f"initiative {_roll(fact.natural, fact.natural + fact.modifier)}"
        case SavingThrowRolled():
            return f"{fact.save} save {_roll(fact.natural, fact.total)}{_dc(fact.dc)}"
        case CheckRolled():
            die = "d%" if fact.natural > 20 or fact.check == "stabilize" else "d20"
            rolled = _roll(fact.natural, fact.total, die) + _for(fact.target, fact.combatant, name)
            return f"{fact.check} check {rolled}{_dc(fact.dc)}"
    return _choice(fact, name)


def _choice(fact: Fact, name: Name) -> str:
    """A proposal with no roll: a resource spent, or what the player does with the turn."""
    match fact:
        case ResolveSpent():
            return f"spend {fact.amount} Resolve{_purpose(fact.purpose)}"
        case ConvictionSpent():
            return f"spend a Conviction point{_purpose(fact.purpose)}"
        case ActionPointSpent():
            return "spend an action point"
        case TurnEnded():
            return "end the turn"
        case Delayed():
            return "delay"
        case DelayEnded():
            return "act now, ending the delay"
        case ActionReadied():
            return "ready an action" + (f" ({fact.trigger})" if fact.trigger else "")
        case ReadiedActionTaken():
            return "take the readied action" + (
                f" before {name(fact.before)}" if fact.before else ""
            )
    return fact.type_name


def _measured(said: str, fact: Fact, derived: Derived, defenses: Mapping[str, str]) -> str:
    """The words with the rules' outcome: an attack against its defense, a save's or check's
    success."""
    outcome = derived.get("outcome")
    if isinstance(fact, AttackMade) and outcome in HITS:
        value = derived.get("defense_value")
        title = defenses.get(str(derived.get("defense")), str(derived.get("defense") or ""))
        against = f" {title} {value}" if value is not None else ""
        return f"{said} → {HITS[outcome]}{against}"
    if outcome in ("success", "failure"):
        return f"{said} → {outcome}"
    return said


def _damage(fact: DamageDealt, first: int, index: int, name: Name, derived: Derived) -> str:
    amount = " ".join(str(w) for w in (fact.amount, fact.damage_type) if w is not None)
    amount += " nonlethal" if fact.nonlethal else ""
    linked = fact.attack in range(first, first + index)
    said = amount if linked else f"{amount} damage to {name(fact.target)}"
    return said if derived.get("applied", True) else f"{said} (not applied: the attack misses)"


def _roll(natural: int, total: int, die: str = "d20") -> str:
    return f"{die} {natural} ({total - natural:+d} = {total})"


def _dc(dc: int | None) -> str:
    return "" if dc is None else f" vs DC {dc}"


def _for(target: str | None, roller: str, name: Name) -> str:
    return "" if target is None or target == roller else f" for {name(target)}"


def _purpose(purpose: str | None) -> str:
    return f" ({purpose.replace('_', ' ')})" if purpose else ""


def names_in(state: Mapping[str, Any]) -> Name:
    """A combatant's name as the state gives it (its id when the state does not hold it)."""
    combatants = state.get("combatants", {})
    return lambda combatant: str(combatants.get(combatant, {}).get("name", combatant))
