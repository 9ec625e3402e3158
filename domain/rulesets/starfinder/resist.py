"""Starfinder damage reduction and energy resistance (seed 002 L1183-1191, L1201-1207)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from domain.events import DamageDealt

Energy = Literal["acid", "cold", "electricity", "fire", "sonic"]  # 002 L1203: the energy types
KINETIC = "kinetic"  # 002 L1185: "kinetic damage—any bludgeoning, piercing, or slashing damage"
# How the log may name a damage type: the word, or the abbreviation of a weapon's stat line.
DAMAGE_KINDS = {
    "bludgeoning": KINETIC, "piercing": KINETIC, "slashing": KINETIC, "kinetic": KINETIC,
    "b": KINETIC, "p": KINETIC, "s": KINETIC,
    "acid": "acid", "cold": "cold", "electricity": "electricity", "fire": "fire",
    "sonic": "sonic", "a": "acid", "c": "cold", "e": "electricity", "f": "fire", "so": "sonic",
}  # fmt: skip
DASHES = ("", "-", "—", "–")  # 002 L1187: "DR 5/—" is overcome only by an attack's own ability
OVERCOMES_ANY = "all"  # the tag of an attack with "its own ability to overcome DR" (L1187)


def tag(text: str) -> str:
    """A material, alignment or property as the rules compare it: `Cold-Iron` = `cold iron`."""
    return re.sub(r"[\s_-]+", " ", text.lower()).strip()


class DamageReduction(BaseModel):
    """DR amount/overcome_by as a stat block prints it: `{"amount": 5, "overcome_by": "magic"}`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    amount: int = Field(ge=0, le=1000, strict=True)
    overcome_by: str | None = Field(
        None,
        max_length=200,
        description="What overcomes it, as the text after the slash reads: 'magic', 'cold iron', "
        "'lawful or magic' (either), 'lawful and magic' (both); absent or '—': only an attack "
        "with its own ability to overcome DR (DamageDealt.overcomes ['all']).",
    )

    @field_validator("overcome_by")
    @classmethod
    def _one_connective(cls, value: str | None) -> str | None:
        words = set(tag(value or "").split())
        if {"and", "or"} <= words:
            raise ValueError("use either 'and' or 'or' between what overcomes it, not both")
        return value

    def overcome(self, overcomes: list[str] | None) -> bool:
        """002 L1187-1189: a weapon with the listed property overcomes it; "A or B" needs
        either, "A and B" needs both; an attack tagged `all` overcomes any DR."""
        have = {tag(t) for t in overcomes or ()}
        if OVERCOMES_ANY in have:
            return True
        text = tag(self.overcome_by or "")
        if text in DASHES:
            return False
        if " and " in f" {text} ":
            return all(part in have for part in text.split(" and "))
        return any(part in have for part in text.split(" or "))


def from_stat_block(value: Any) -> Any:
    """DR as a stat block prints it, `"5/magic"`, `"DR 10/lawful and magic"`, `"5/—"`, read
    as {amount, overcome_by}; any other value is left for the model to check."""
    if not isinstance(value, str):
        return value
    amount, _, overcome_by = re.sub(r"^\s*dr\s*", "", value, flags=re.IGNORECASE).partition("/")
    if not amount.strip().isdigit():
        raise ValueError("DR reads 'amount/what overcomes it', e.g. '5/magic' or '5/—'")
    return {"amount": int(amount), "overcome_by": overcome_by.strip() or None}


StatBlockDR = Annotated[
    DamageReduction,
    BeforeValidator(from_stat_block, json_schema_input_type=str | DamageReduction),
]


Used = tuple[tuple[int, str, int], ...]  # (attack, kind, what its protection stopped so far)
NOTHING_USED: Used = ()
USED_KEPT = 8  # the parts of an attack are recorded together; a few recent attacks are enough


def damage_kind(damage_type: str | None) -> str | None:
    """`kinetic`, an energy type, or None (untyped or another type: neither DR nor resistance)."""
    return None if damage_type is None else DAMAGE_KINDS.get(tag(damage_type))


def protection(
    dr: DamageReduction | None, resist: Mapping[Any, int], kind: str | None, fact: DamageDealt
) -> int:
    """What the target ignores of this kind of damage from one attack (before any of it is used).

    002 L1185: DR only against bludgeoning, piercing or slashing, never untyped or energy damage;
    L1203-1205: resistance only against its own energy type, and only the energy part of a mixed
    attack (recorded as one DamageDealt per damage type, each citing the same attack)."""
    if kind == KINETIC:
        return 0 if dr is None or dr.overcome(fact.overcomes) else dr.amount
    return 0 if kind is None else resist.get(kind, 0)


def stopped(
    dr: DamageReduction | None, resist: Mapping[Any, int], used: Used, fact: DamageDealt
) -> tuple[int, Used]:
    """How much of this damage is stopped, and what is used of its attack's protection after it.

    DR and resistance apply "from each attack" (L1187, L1203): the parts of one attack (facts
    citing the same `attack`) share them; damage citing no attack meets them whole."""
    kind = damage_kind(fact.damage_type)
    limit = protection(dr, resist, kind, fact)
    if kind is None or limit == 0:
        return 0, used
    key = fact.attack
    if key is None:
        return min(fact.amount, limit), used
    spent = next((n for a, k, n in used if (a, k) == (key, kind)), 0)
    amount = min(fact.amount, max(0, limit - spent))
    kept = tuple(u for u in used if u[:2] != (key, kind))[: USED_KEPT - 1]
    return amount, ((key, kind, spent + amount), *kept)
