"""D35E and pf1 actors (the D35E system's template.json; pf1's 3.5-compatible fields) into 3.5
stats: hit points, initiative, AC/touch/flat-footed, Constitution, and each attack item (or
weapon) as a stored attack, its bonus made the way the sheet makes it."""

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

# 000 "Size Modifiers" (Table: Size Modifiers): the attack roll's size modifier
SIZE_ATTACK = {
    "fine": 8,
    "dim": 4,
    "tiny": 2,
    "sm": 1,
    "med": 0,
    "lg": -1,
    "huge": -2,
    "grg": -4,
    "col": -8,
}
DEFENSES = {"normal": "ac", "touch": "touch", "flatFooted": "flat_footed"}
SIZE_ROLL = re.compile(r"sizeRoll\(\s*(\d+)\s*,\s*(\d+)[^)]*\)")
READ_ATTRIBUTES = {
    "hp",
    "init",
    "ac",
    "savingThrows",
    "sr",
    "bab",
    "attack",
    "acNotes",
    "saveNotes",
    "srNotes",
}
READ_SYSTEM = {"attributes", "abilities", "traits", "details"}


def read(actor: dict[str, Any], key: str, reading: Reading) -> None:
    """The actor's stats, then its attacks, then what was not read."""
    data = body(actor)[1]
    attributes = obj(data.get("attributes"))
    keep_number(reading, data, key, "attributes.hp.max", "max_hp")
    hit_points_now(reading, key, obj(attributes.get("hp")))
    keep_number(reading, data, key, "attributes.init.total", "initiative_modifier")
    for part, to in DEFENSES.items():
        keep_number(reading, data, key, f"attributes.ac.{part}.total", f"defenses.{to}")
    constitution = "total" if number(dig(data, "abilities.con.total")) is not None else "value"
    if number(dig(data, f"abilities.con.{constitution}")):
        keep_number(reading, data, key, f"abilities.con.{constitution}", "constitution")
    else:  # 000 "Nonabilities": undead and constructs have no Constitution score (D35E: 0)
        reading.note(f"{key}.abilities.con", "Con —")
    defenses_as_notes(reading, key, data)
    for path in ("attributes.bab.total", "traits.size", "attributes.attack"):
        if dig(data, path) not in (None, ""):
            reading.mark(f"{key}.{path}", f"{dig(data, path)}: read into the attacks' bonuses")
    attacks(reading, actor, data)
    scores_and_rest(reading, key, data, {"cr"}, {"dr", "eres", "cres", "di", "dv", "ci", "size"})
    rest_of(reading, f"{key}.attributes", attributes, READ_ATTRIBUTES)
    rest_of(reading, key, data, READ_SYSTEM)


def hit_points_now(reading: Reading, key: str, hp: dict[str, Any]) -> None:
    """Damage and temporary hit points at export: the fight's state, as a note."""
    now, most = number(hp.get("value")), number(hp.get("max"))
    if now is not None and now != most:
        reading.note(f"{key}.attributes.hp.value", f"HP {now}/{most} when exported")
    for part in ("temp", "nonlethal"):
        if number(hp.get(part)):
            reading.note(f"{key}.attributes.hp.{part}", f"HP {part} {hp[part]} when exported")


def defenses_as_notes(reading: Reading, key: str, data: dict[str, Any]) -> None:
    """Saves, spell resistance, DR and energy resistance: 3.5's stats hold none of them."""
    saves = [
        (s, number(dig(data, f"attributes.savingThrows.{s}.total")))
        for s in ("fort", "ref", "will")
    ]
    if any(v is not None for _, v in saves):
        words = ", ".join(f"{s.title()} {v:+d}" for s, v in saves if v is not None)
        reading.note(f"{key}.attributes.savingThrows", f"Saves: {words}")
    spell_resistance = number(dig(data, "attributes.sr.total"))
    if spell_resistance:
        reading.note(f"{key}.attributes.sr.total", f"SR {spell_resistance}")
    traits = obj(data.get("traits"))
    for part, label in (("dr", "DR"), ("eres", "Resist"), ("cres", "Resist (condition)")):
        if traits.get(part):
            reading.note(f"{key}.traits.{part}", f"{label} {traits[part]}")
    immunities(reading, key, traits)
    cr = dig(data, "details.cr")
    if cr not in (None, "", 0):
        reading.note(f"{key}.details.cr", f"CR {cr}")


def attacks(reading: Reading, actor: dict[str, Any], data: dict[str, Any]) -> None:
    """Attack items as attacks; weapons without an attack item of their name as attacks too."""
    items = [(n, i) for n, i in enumerate(seq(actor.get("items"))) if isinstance(i, dict)]
    named = {i.get("name") for _, i in items if i.get("type") == "attack"}
    left = []
    for n, item in items:
        if item.get("type") == "attack" or (
            item.get("type") == "weapon" and item.get("name") not in named
        ):
            made = attack_of(data, item)
            if isinstance(made, str):
                reading.drop(f"items[{n}]", f"{item.get('name')}: {made}")
            else:
                add_attack(reading, f"items[{n}]", made)
        elif item.get("type") == "weapon":
            reading.drop(f"items[{n}]", f"weapon {item.get('name')}: its attack item is read")
        else:
            left.append((n, item))
    items_left(reading, left)


def attack_of(data: dict[str, Any], item: dict[str, Any]) -> dict[str, Any] | str:
    """An attack item (or weapon) as the sheet rolls it, or why it cannot be."""
    item_data = body(item)[1] if isinstance(item.get("system", item.get("data")), dict) else {}
    action = item_data["actions"][0] if item_data.get("actions") else item_data
    weapon = item.get("type") == "weapon"
    ability = (obj(action.get("ability"))) if not weapon else {}
    kind = action.get("actionType") or (
        "rwak" if item_data.get("weaponSubtype") == "ranged" else "mwak"
    )
    attack_ability = ability.get("attack") or ("dex" if kind == "rwak" else "str")
    item_bonus = number(action.get("attackBonus") or 0)
    if item_bonus is None:
        return f"attack bonus formula {action.get('attackBonus')!r}: not evaluated"
    enhancement = number(item_data.get("enh")) or 0
    bonus = (number(dig(data, "attributes.bab.total")) or 0) + modifier(data, attack_ability)
    bonus += item_bonus + enhancement + SIZE_ATTACK.get(str(dig(data, "traits.size")), 0)
    bonus += number(dig(data, "attributes.attack.general")) or 0
    bonus += number(dig(data, f"attributes.attack.{'ranged' if kind == 'rwak' else 'melee'}")) or 0
    parts = damage_parts(action, item_data, weapon)
    if not parts:
        return "no damage formula"
    damage_ability = ability.get("damage") if not weapon else ("str" if kind == "mwak" else None)
    times = ability.get("damageMult", 1) if not weapon else 1
    times = times if isinstance(times, int | float) and not isinstance(times, bool) else 1
    added = int(modifier(data, damage_ability) * times) + enhancement  # 000: ×1.5, rounded down
    damage = dice(parts[0][0], data, added)
    if damage is None:
        return f"damage formula {parts[0][0]!r}: not dice notation"
    critical = item_data.get("weaponData", {}) if weapon else ability
    extra = [
        {"damage": d, **({"damage_type": t} if t else {})}
        for f, t in parts[1:]
        if (d := dice(f, data, 0))
    ]
    found: dict[str, Any] = {
        "name": item.get("name"),
        "bonuses": iteratives(bonus, action),
        "damage": damage,
        "damage_type": parts[0][1] or None,
        "threat": number(critical.get("critRange")),
        "multiplier": number(critical.get("critMult")),
        "range": "ranged" if kind in ("rwak", "rsak") else "melee",
        "extra_damage": extra,
    }
    if SIZE_ROLL.search(parts[0][0]):  # the sheet scales it by size; the import reads Medium's
        found["unread"] = f"damage {parts[0][0]} read as {damage}"
    return found


def modifier(data: dict[str, Any], ability: Any) -> int:
    """An ability's modifier on the sheet (0 for none)."""
    if not ability:
        return 0
    stated = number(dig(data, f"abilities.{ability}.mod"))
    if stated is not None:
        return stated
    score = number(dig(data, f"abilities.{ability}.total")) or number(
        dig(data, f"abilities.{ability}.value")
    )
    return (score - 10) // 2 if score is not None else 0


def damage_parts(
    action: dict[str, Any], item_data: dict[str, Any], weapon: bool
) -> list[tuple[str, str]]:
    """The damage formulas and types: [[formula, type]] (D35E), [{formula, type: {values}}]
    (pf1), or a weapon's weaponData.damageRoll."""
    if weapon:
        roll = dig(item_data, "weaponData.damageRoll")
        return [(str(roll), str(dig(item_data, "weaponData.damageType") or ""))] if roll else []
    found = []
    for part in seq(dig(action, "damage.parts")):
        if isinstance(part, list) and part:
            found.append((str(part[0]), str(part[1]) if len(part) > 1 and part[1] else ""))
        elif isinstance(part, dict):
            kind = part.get("type")
            values = kind.get("values", []) if isinstance(kind, dict) else [kind] if kind else []
            found.append((str(part.get("formula", "")), " & ".join(str(v) for v in values)))
    return found


def dice(formula: str, data: dict[str, Any], added: int) -> str | None:
    """A formula as dice notation: `sizeRoll(1, 8, @size)` read as 1d8 (Medium's), ability
    references replaced by their modifiers, `added` appended; None if it is not dice then."""
    text = SIZE_ROLL.sub(lambda m: f"{m.group(1)}d{m.group(2)}", formula)
    text = re.sub(r"@abilities\.(\w+)\.mod", lambda m: str(modifier(data, m.group(1))), text)
    text = re.sub(r"\s+", "", text).replace("+-", "-")
    if added:
        text = f"{text}{added:+d}"
    return text if re.fullmatch(NOTATION, text) else None


def iteratives(bonus: int, action: dict[str, Any]) -> list[int]:
    """The bonus, then each extra attack of `attackParts` ([formula, label]) at its offset."""
    bonuses = [bonus]
    for part in seq(action.get("attackParts")):
        offset = number(part[0] if isinstance(part, list) and part else part)
        if offset is not None:
            bonuses.append(bonus + offset)
    return bonuses
