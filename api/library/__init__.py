"""The creature library and party roster: saved stat blocks per table and ruleset, kept by the
service."""

from api.library.creatures import Creature, CreatureError, creature_from
from api.library.store import CreatureLibrary, TableLibrary

__all__ = ["Creature", "CreatureError", "CreatureLibrary", "TableLibrary", "creature_from"]
