"""The creature library and party roster: saved stat blocks per ruleset, kept by the service."""

from api.library.creatures import Creature, CreatureError, creature_from
from api.library.store import CreatureLibrary

__all__ = ["Creature", "CreatureError", "CreatureLibrary", "creature_from"]
