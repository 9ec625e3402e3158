"""The creature library and party roster: saved stat blocks per ruleset, kept by the service;
and the campaign registry (each campaign's name, rules system and party)."""

from api.library.campaigns import CampaignRecord, CampaignRegistry
from api.library.creatures import Creature, CreatureError, creature_from
from api.library.store import CreatureLibrary

__all__ = [
    "CampaignRecord",
    "CampaignRegistry",
    "Creature",
    "CreatureError",
    "CreatureLibrary",
    "creature_from",
]
