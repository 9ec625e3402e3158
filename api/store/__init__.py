"""The event store: encounters kept as event-sourced logs through the eventsourcing library."""

from api.compute.collector import collector_paused
from api.store.aggregate import Encounter
from api.store.encounters import EncounterStore, EncounterSummary
from api.store.errors import KeyReused, LostRace, UnknownEncounter, VersionConflict

__all__ = [
    "Encounter",
    "EncounterStore",
    "EncounterSummary",
    "KeyReused",
    "LostRace",
    "UnknownEncounter",
    "VersionConflict",
    "collector_paused",
]
