"""sfrpg actors (the Starfinder system's template.json: attributes.hp/sp/rp, eac, kac, init) into
Starfinder stats, each weapon item an attack against its `actionTarget` (EAC or KAC)."""

from __future__ import annotations

import re
from typing import Any

from api.library.importers.foundry import (
    body,
    dig,
    immunities,
    items_left,
    keep_number,
    number,
    obj,
    rest_of,
    scores_and_rest,
    seq,
)
from api.library.importers.report import Reading
from api.library.importers.shapes import add_attack
from domain.rulesets.attacks import NOTATION

KEPT = {
    "hp.max": "max_hp",
    "sp.max": "max_stamina",
    "rp.max": "max_resolve",
    "eac.value": "defenses.eac",
    "kac.value": "defenses.kac",
    "init.total": "initiative_modifier",
}
READ_ATTRIBUTES = {
    "hp",
    "sp",
    "rp",
    "eac",
    "kac",
    "init",
    "fort",
    "reflex",
    "will",
    "bab",
    "baseAttackBonus",
}
READ_SYSTEM = {"attributes", "abilities", "traits", "details"}
ATTACKS = ("weapon",)  # items that are attacks; a feat with an attack roll stays a note


def read(actor: dict[str, Any], key: str, reading: Reading) -> None:
    """The actor's stats, then its weapons as attacks, then what was not read."""
    data = body(actor)[1]
    attributes = obj(data.get("attributes"))
    for path, to in KEPT.items():
        keep_number(reading, data, key, f"attributes.{path}", to)
    keep_number(reading, data, key, "abilities.dex.mod", "dexterity")
    if actor.get("type") == "character":
        keep_number(reading, data, key, "details.level.value", "level")
    now(reading, key, attributes)
    if actor.get("type") in ("character", "drone") and dig(attributes, "baseAttackBonus.value"):
        bab = dig(attributes, "baseAttackBonus.value")
        reading.mark(f"{key}.attributes.baseAttackBonus", f"{bab}: read into the attacks' bonuses")
    defenses(reading, key, data)
    weapons(reading, actor, data)
    read_details = {"cr", "level"} if actor.get("type") == "character" else {"cr"}
    scores_and_rest(
        reading, key, data, read_details, {"damageReduction", "dr", "di", "dv", "ci", "sr"}
    )
    rest_of(reading, f"{key}.attributes", attributes, READ_ATTRIBUTES)
    rest_of(reading, key, data, READ_SYSTEM)


def now(reading: Reading, key: str, attributes: dict[str, Any]) -> None:
    """Stamina, hit points and resolve spent at export: the fight's state, as a note."""
    spent = []
    for part in ("sp", "hp", "rp"):
        value, most = (
            number(dig(attributes, f"{part}.value")),
            number(dig(attributes, f"{part}.max")),
        )
        if value is not None and most and value != most:
            spent.append(f"{part.upper()} {value}/{most}")
    if spent:
        reading.note(f"{key}.attributes", f"When exported: {', '.join(spent)}")


def defenses(reading: Reading, key: str, data: dict[str, Any]) -> None:
    """DR into the stats; saves, spell resistance, immunities and the rest as notes."""
    saves = [
        (label, number(dig(data, f"attributes.{s}.bonus")))
        for s, label in (("fort", "Fort"), ("reflex", "Ref"), ("will", "Will"))
    ]
    if any(v is not None for _, v in saves):
        reading.note(
            f"{key}.attributes.fort/reflex/will",
            "Saves: " + ", ".join(f"{s} {v:+d}" for s, v in saves if v is not None),
        )
    traits = obj(data.get("traits"))
    reduction = obj(traits.get("damageReduction"))
    amount = number(reduction.get("value"))
    if amount:
        overcome = str(reduction.get("negatedBy") or "—")
        reading.keep(f"{key}.traits.damageReduction", "dr", f"{amount}/{overcome}")
    resistances(reading, key, traits.get("dr"))
    immunities(reading, key, traits)
    if number(traits.get("sr")):
        reading.note(f"{key}.traits.sr", f"SR {traits['sr']}")
    if dig(data, "details.cr") not in (None, "", 0):
        reading.note(f"{key}.details.cr", f"CR {dig(data, 'details.cr')}")


def resistances(reading: Reading, key: str, listed: Any) -> None:
    """Energy resistance (`traits.dr`): {type: n} entries into the stats, text as a note."""
    listed = listed if isinstance(listed, dict) else {}
    for entry in seq(listed.get("value")):
        pairs = entry.items() if isinstance(entry, dict) else []
        for energy, amount in pairs:
            if energy in ("acid", "cold", "electricity", "fire", "sonic") and number(amount):
                reading.keep(f"{key}.traits.dr", f"resist.{energy}", number(amount))
            else:
                reading.note(f"{key}.traits.dr", f"Resist {energy} {amount}")
    if listed.get("custom"):
        reading.note(f"{key}.traits.dr.custom", f"Resist {listed['custom']}")


def weapons(reading: Reading, actor: dict[str, Any], data: dict[str, Any]) -> None:
    """Each weapon item an attack; every other item named in the report."""
    left = []
    for n, item in enumerate(seq(actor.get("items"))):
        if not isinstance(item, dict):
            continue
        if item.get("type") not in ATTACKS:
            left.append((n, item))
            continue
        made = weapon(actor, data, item)
        if isinstance(made, str):
            reading.drop(f"items[{n}]", f"{item.get('name')}: {made}")
        else:
            add_attack(reading, f"items[{n}]", made)
    items_left(reading, left)


def weapon(
    actor: dict[str, Any], data: dict[str, Any], item: dict[str, Any]
) -> dict[str, Any] | str:
    """A weapon as its line reads: an NPC's `attackBonus` is the whole bonus; a character's adds
    the base attack bonus and the ability's modifier (the sheet's sum)."""
    item_data = body(item)[1] if isinstance(item.get("system", item.get("data")), dict) else {}
    kind = item_data.get("actionType") or "mwak"
    bonus = number(item_data.get("attackBonus") or 0)
    if bonus is None:
        return f"attack bonus {item_data.get('attackBonus')!r}: not a number"
    if actor.get("type") in ("character", "drone"):
        ability = item_data.get("ability") or ("dex" if kind == "rwak" else "str")
        bonus += (
            number(dig(data, "attributes.baseAttackBonus.value"))
            or number(dig(data, "attributes.bab"))
            or 0
        )
        bonus += number(dig(data, f"abilities.{ability}.mod")) or 0
    parts = [p for p in seq(dig(item_data, "damage.parts")) if isinstance(p, dict | list)]
    if not parts:
        return "no damage"
    formula, types, operator = part_of(parts[0])
    damage = re.sub(r"\s+", "", formula).replace("+-", "-")
    if not re.fullmatch(NOTATION, damage):
        return f"damage {formula!r}: not dice notation"
    found: dict[str, Any] = {
        "name": item.get("name"),
        "bonuses": [bonus],
        "damage": damage,
        "damage_type": f" {operator or '&'} ".join(types) if types else None,
        "range": "melee" if kind == "mwak" else range_words(item_data),
        "critical": critical_words(item_data),
    }
    if item_data.get("actionTarget") in ("eac", "kac"):
        found["defense"] = item_data["actionTarget"]
    return found


def part_of(part: Any) -> tuple[str, list[str], str]:
    """A damage part: {formula, types: {fire: true}, operator} or [formula, type]."""
    if isinstance(part, list):
        return str(part[0]), [str(part[1])] if len(part) > 1 and part[1] else [], ""
    types = [t for t, on in (obj(part.get("types"))).items() if on]
    return str(part.get("formula", "")), types, str(part.get("operator") or "")


def range_words(item_data: dict[str, Any]) -> str:
    """A ranged weapon's range increment: `30 ft`."""
    value, units = dig(item_data, "range.value"), dig(item_data, "range.units")
    return f"{value} {units}" if value else "ranged"


def critical_words(item_data: dict[str, Any]) -> str | None:
    """The critical hit effect: `Burn 1d4`."""
    effect = str(dig(item_data, "critical.effect") or "")
    formulas = [
        part_of(p)[0] for p in seq(dig(item_data, "critical.parts")) if isinstance(p, dict | list)
    ]
    words = " ".join(w for w in [effect, *formulas] if w)
    return words or None
