"""Foundry VTT's combat document (the Combat entity: `round`, `turn`, `combatants`; each
Combatant: `_id`, `actorId`, `tokenId`, `name`, `initiative`, `hidden`, `defeated`) with its actors
(D35E, pf1, sfrpg, read as the library import reads them), as the seats of a fight in progress
(api/library/importers/fight.py makes the facts). A combat export does not hold its actors, so the
file is `{"combat": {…}, "actors": [{…}, …]}` (or the combat document with an `actors` list)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from api.library.importers import foundry
from api.library.importers.foundry import dig, number, obj, seq
from api.library.importers.report import SHAPE_ERRORS, ImportProblem, Reading, Seat, misshapen

Readers = Mapping[str, Callable[[dict[str, Any], str, Reading], None]]

READ = {"_id", "actorId", "name", "initiative", "hidden", "defeated"}  # a Combatant's fields read
COMBAT_READ = {"_id", "name", "round", "turn", "combatants", "actors"}


def is_combat(data: Any) -> bool:
    """Whether the JSON is a Foundry combat: a `combatants` list (alone or under `combat`)."""
    combat = data.get("combat", data) if isinstance(data, dict) else None
    return isinstance(combat, dict) and isinstance(combat.get("combatants"), list)


def seats(
    data: dict[str, Any], ruleset: str, readers: Readers
) -> tuple[str, list[Seat], Any, str | None]:
    """The fight's name, each combatant's seat, the round it was at and whose turn it was (its
    actors read by `readers`, the library import's)."""
    combat = obj(data.get("combat", data))
    actors = {
        str(a.get("_id")): a
        for a in seq(data.get("actors", combat.get("actors")))
        if isinstance(a, dict)
    }
    found = []
    for n, combatant in enumerate(combat["combatants"]):
        where = f"combatants[{n}]"
        if not isinstance(combatant, dict):
            raise ImportProblem(where, "each combatant is an object")
        actor = actors.get(str(combatant.get("actorId")))
        if actor is None:
            reason = f"{combatant.get('actorId')}: no actor of that _id among the file's actors"
            raise ImportProblem(f"{where}.actorId", reason)
        try:
            reading = foundry.read_actor(actor, readers)
        except ImportProblem as exc:
            raise ImportProblem(f"actors.{actor.get('_id')}.{exc.field}", exc.reason) from None
        except SHAPE_ERRORS as exc:
            raise misshapen(f"actors.{actor.get('_id')}", actor, "Foundry VTT", exc) from None
        if reading.ruleset != ruleset:
            raise ImportProblem(
                "ruleset", f"{reading.name}: a Foundry actor of this system fills "
                f"{reading.ruleset}, not {ruleset}",
            )  # fmt: skip
        found.append(seat(where, combatant, actor, reading))
    return (
        str(combat.get("name") or "Foundry VTT combat")[:200],
        found,
        combat.get("round"),
        active_of(combat),
    )


def seat(where: str, combatant: dict[str, Any], actor: dict[str, Any], reading: Reading) -> Seat:
    """One combatant: its token's name, initiative, hidden and defeated, and from its actor the
    hit points (and Stamina) it had lost and its temporary hit points."""
    key, system = foundry.body(actor)
    attributes = obj(system.get("attributes"))
    lost, spent = 0, []  # Stamina lost first, then hit points (below 0: D35E keeps the dying)
    for part in ("sp", "hp"):
        value = number(dig(attributes, f"{part}.value"))
        most = number(dig(attributes, f"{part}.max"))
        if value is not None and most is not None and value < most:
            lost += most - (max(value, 0) if part == "sp" else value)
            spent.append(f"{part}.value")
    temporary = number(dig(attributes, "hp.temp")) or 0
    initiative = combatant.get("initiative")
    whole = math.floor(initiative) if isinstance(initiative, (int, float)) else None
    if isinstance(initiative, float) and not initiative.is_integer():
        reading.mark(f"{where}.initiative", f"{initiative}: the tie-breaking fraction dropped")
    label = str(combatant.get("name") or reading.name).strip() or reading.name
    for other in sorted(set(combatant) - READ):
        reading.drop(f"{where}.{other}", f"{other}: not tracked")
    return Seat(
        where, str(combatant.get("_id")), reading, label,
        hidden=combatant.get("hidden") is True, initiative=whole, lost=lost,
        temporary=max(temporary, 0), defeated=combatant.get("defeated") is True,
        sources={"label": f"{where}.name", "initiative": f"{where}.initiative",
                 "lost": f"actors.{actor.get('_id')}.{key}.attributes.{'/'.join(spent)}",
                 "temporary": f"actors.{actor.get('_id')}.{key}.attributes.hp.temp",
                 "defeated": f"{where}.defeated"},
    )  # fmt: skip


def active_of(combat: dict[str, Any]) -> str | None:
    """The `_id` of the combatant whose turn it was: `turn` indexes the combatants in Foundry's
    turn order (initiative highest first, none last; then name; then id)."""
    turn = combat.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool):
        return None
    listed = [c for c in combat["combatants"] if isinstance(c, dict)]

    def order(c: dict[str, Any]) -> tuple[float, str, str]:
        initiative = c.get("initiative")
        first = -float(initiative) if isinstance(initiative, (int, float)) else math.inf
        return first, str(c.get("name") or ""), str(c.get("_id"))

    ordered = sorted(listed, key=order)
    return str(ordered[turn].get("_id")) if 0 <= turn < len(ordered) else None
