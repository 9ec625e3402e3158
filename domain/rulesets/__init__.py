"""Rules systems registered by id; projections look a ruleset up here and never branch on names."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from domain.rulesets.systems import SYSTEMS, System

if TYPE_CHECKING:
    from domain.rulesets.base import Ruleset

__all__ = ["SYSTEMS", "System", "ruleset_for"]


def ruleset_for(name: str) -> Ruleset[Any]:
    """The RULESET of a registered system's `ruleset.py` (KeyError when not registered)."""
    if name not in SYSTEMS:
        raise KeyError(name)
    rules: Ruleset[Any] = import_module(f"domain.rulesets.{name}.ruleset").RULESET
    return rules
