"""The creature library and party roster: saved stat blocks per ruleset, kept by the service."""

from api.library.creatures import Creature, CreatureError, creature_from
from api.library.store import CreatureLibrary, KeptTable

__all__ = ["Creature", "CreatureError", "CreatureLibrary", "KeptTable", "creature_from"]
