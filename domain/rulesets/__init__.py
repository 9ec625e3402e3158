"""Rules systems registered by id; projections look a ruleset up here and never branch on names."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.rulesets.base import Ruleset

SYSTEMS = ("dnd35", "d20modern", "true20", "starfinder", "orcus")


def ruleset_for(name: str) -> Ruleset[Any]:
    """The ruleset module's RULESET object for a system id (KeyError when not implemented)."""
    if name not in SYSTEMS:
        raise KeyError(name)
    try:
        module = import_module(f"domain.rulesets.{name}")
    except ModuleNotFoundError:
        raise KeyError(name) from None
    rules: Ruleset[Any] = module.RULESET
    return rules
